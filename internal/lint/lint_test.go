package lint

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/squashgo/squash/internal/gotool"
)

// vettool is cmd/squashvet, built once for the tests.
var vettool string

func TestMain(m *testing.M) {
	switch os.Getenv(toyToolEnv) {
	case "1":
		mainWith(toySuite()) // this binary is go vet's tool (see TestFixRounds)
	case "edit":
		mainWith(append(toySuite(), appender)) // see TestFixRefusesChangedFiles
	case "edit-fail":
		mainWith(append(toySuite(), breaker)) // see TestFixRefusesChangedFiles
	}
	dir, err := os.MkdirTemp("", "squash-lint-test-")
	if err != nil {
		panic(err)
	}
	vettool = filepath.Join(dir, "squashvet")
	if out, err := exec.Command("go", "build", "-o", vettool, "github.com/squashgo/squash/cmd/squashvet").CombinedOutput(); err != nil {
		os.RemoveAll(dir)
		panic("building squashvet: " + err.Error() + "\n" + string(out))
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestDecoderSimple pins which finding the Simple stage gets: its output
// slice is appended in a loop that returns on bad input, so prealloc stays
// quiet, and its tokens are only ranged over, so stringsseq reports the
// Split.
func TestDecoderSimple(t *testing.T) {
	findings, err := Run(context.Background(), Config{Dir: "../..", Patterns: []string{"./examples/decoder"}, Tool: vettool})
	if err != nil {
		t.Fatal(err)
	}
	var split *Finding
	for i, f := range findings {
		if f.Pass == "prealloc" && strings.HasSuffix(f.File, "decoder.go") {
			t.Errorf("prealloc reports %v, but Simple's loop may return early", f)
		}
		if f.Pass == "stringsseq" && strings.HasSuffix(f.File, "decoder.go") {
			split = &findings[i]
		}
	}
	if split == nil {
		t.Fatalf("no stringsseq finding on decoder.go among %v", findings)
	}
	src, _ := os.ReadFile(split.File)
	line := strings.Split(string(src), "\n")[split.Line-1]
	if !strings.Contains(line, "tokens := strings.Split(s, \" \")") || !strings.Contains(split.Fix, "SplitSeq") {
		t.Errorf("stringsseq finding on line %d (%q), fix %q", split.Line, line, split.Fix)
	}
}

func TestRunFixture(t *testing.T) {
	findings, err := Run(context.Background(), Config{Dir: "../../cmd/squash/testdata/mod", Patterns: []string{"./ok"}, Tool: vettool})
	if err != nil {
		t.Fatal(err)
	}
	if len(findings) != 1 {
		t.Fatalf("findings = %v, want one", findings)
	}
	f := findings[0]
	if f.Pass != "prealloc" || f.Line != 9 || f.Col != 2 || f.EndLine != 9 || !filepath.IsAbs(f.File) ||
		f.Fix != "Preallocate out with capacity len(parts): out := make([]string, 0, len(parts))" {
		t.Errorf("finding = %+v", f)
	}
}

func TestRunErrors(t *testing.T) {
	for pattern, want := range map[string]string{
		"./broken":    "cannot lint ./broken",
		"./nosuchdir": "./nosuchdir: no such directory",
	} {
		_, err := Run(context.Background(), Config{Dir: "../../cmd/squash/testdata/mod", Patterns: []string{pattern}, Tool: vettool})
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("Run(%s) error = %v, want %q…", pattern, err, want)
		}
	}
}

func TestParseJSON(t *testing.T) {
	out := []byte(`# example.com/a
{
	"example.com/a": {
		"mapsize": [{"posn": "/m/a.go:3:2", "end": "/m/a.go:5:1", "message": "m gets one entry", "suggested_fixes": [{"message": "Make m with size n", "edits": [{"filename": "/m/a.go", "start": 1, "end": 2, "new": "m := make(map[int]int, n)"}]}]}],
		"poolput": [{"posn": "/m/a.go:1:1", "end": "/m/a.go:1:9", "message": "boxes"}]
	}
}
{"example.com/b": {"prealloc": {"error": "analysis skipped"}}}
`)
	got, err := parseJSON(out, noFile)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].Pass != "poolput" || got[1].Pass != "mapsize" || got[1].EndLine != 5 || got[1].Fix != "Make m with size n: m := make(map[int]int, n)" || got[0].Fix != "" {
		t.Errorf("parseJSON = %+v", got)
	}
	if _, err := parseJSON([]byte("{not json"), noFile); err == nil {
		t.Error("no error for broken JSON")
	}
}

func FuzzParseJSON(f *testing.F) {
	f.Add([]byte(`{"p": {"a": [{"posn": "f.go:1:2", "end": "f.go:3:4", "message": "m"}]}}`))
	f.Add([]byte("# p\n{}\n{}"))
	f.Add([]byte(`{"p": {"a": [{"posn": "::", "suggested_fixes": [{"edits": [{}]}]}]}}`))
	f.Add([]byte(`{"p": {"a": [{"posn": "f.go:4:9", "message": "m", "suggested_fixes": [{"edits": [{"filename": "f.go", "start": 45, "end": 63, "new": "strconv.Itoa("}]}]}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		findings, err := parseJSON(data, oneFile)
		if err != nil && findings != nil {
			t.Fatal("findings and an error")
		}
		for _, f := range findings {
			if f.EndLine < f.Line {
				t.Fatalf("EndLine %d before Line %d", f.EndLine, f.Line)
			}
		}
	})
}

// noFile reads no file, as where a finding's file is gone.
func noFile(name string) ([]byte, error) { return nil, os.ErrNotExist }

// fixSource is the file that oneFile reads, whatever its name.
const fixSource = "package p\n\nfunc f(n int) string {\n\treturn fmt.Sprintf(\"%d\", n)\n}\n\nfunc g(xs []int) {\n\tvar out []int\n\tlog()\n\tfor _, x := range xs {\n\t}\n}\n"

func oneFile(string) ([]byte, error) { return []byte(fixSource), nil }

// TestNewLines: a fix in words shows the lines its edits make, whole, not
// the fragments the edits hold: perfsprint's "strconv.Itoa(" is the line
// return strconv.Itoa(n).
func TestNewLines(t *testing.T) {
	at := func(s string) int { return strings.Index(fixSource, s) }
	sprintf, decl, loop := at("fmt.Sprintf("), at("\tvar out"), at("\tfor _, x")
	for _, tc := range []struct {
		name  string
		edits []jsonEdit
		read  func(string) ([]byte, error)
		want  []string
	}{
		{"part of a line", []jsonEdit{{"f.go", sprintf, sprintf + len(`fmt.Sprintf("%d", `), "strconv.Itoa("}}, oneFile, []string{"return strconv.Itoa(n)"}},
		{"moved down", []jsonEdit{
			{"f.go", decl, loop - len("\tlog()\n"), ""},
			{"f.go", loop, loop, "\tout := make([]int, 0, len(xs))\n"},
		}, oneFile, []string{"out := make([]int, 0, len(xs))"}},
		{"two edits of one line, shown once", []jsonEdit{
			{"f.go", sprintf, sprintf + len("fmt.Sprintf"), "fmt.Sprint"},
			{"f.go", sprintf + len(`fmt.Sprintf(`), sprintf + len(`fmt.Sprintf("%d", `), ""},
		}, oneFile, []string{"return fmt.Sprint(n)"}},
		{"no file", []jsonEdit{{"f.go", sprintf, sprintf + 3, "strconv.Itoa("}}, noFile, []string{"strconv.Itoa("}},
		{"offsets past the end", []jsonEdit{{"f.go", 1000, 1001, "x := 1\n"}}, oneFile, []string{"x := 1"}},
	} {
		if got := newLines(tc.edits, tc.read); !slices.Equal(got, tc.want) {
			t.Errorf("%s: newLines = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestFindingsOnly: perfsprint's fix of a file's imports, a diagnostic of
// its own, is not reported where findings are (go vet without -fix), but
// its finding is; FixSuite still makes both fixes (see
// TestLintFixBareImport in cmd/squash).
func TestFindingsOnly(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), findingsOnly([]*analysis.Analyzer{perfsprint})[0], "fiximports")
}

// TestBareImport: where perfsprint's fix of a file's imports would not
// parse, none of its fixes in the package is offered, and each finding,
// in that file or another, names the file to mend.
func TestBareImport(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), perfsprint, "bare")
	for _, tc := range []struct {
		files []string
		want  string
	}{
		{[]string{"a.go"}, " (no fix offered: the fix would edit the import declaration of a.go, which has no parentheses and would not parse; put that import in parentheses)"},
		{[]string{"a.go", "c.go"}, " (no fix offered: the fix would edit the import declarations of a.go and c.go, which have no parentheses and would not parse; put those imports in parentheses)"},
		{[]string{"a.go", "c.go", "d.go"}, " (no fix offered: the fix would edit the import declarations of a.go, c.go and d.go, which have no parentheses and would not parse; put those imports in parentheses)"},
	} {
		if got := unparenthesized(tc.files); got != tc.want {
			t.Errorf("unparenthesized(%q) = %q, want %q", tc.files, got, tc.want)
		}
	}
}

// TestStaticcheck: staticcheck's analyzers in the suite report and fix
// their patterns (QF1012, SA6005; SA6006 has no fix), a //squash:ignore
// naming one silences it, and on a line that QF1012, fmtappendf and
// perfsprint all see, QF1012's fix alone is made; poolput alone reports a
// Put that boxes.
func TestStaticcheck(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), FixSuite(Suite()...)[0], "staticcheck")
}

// TestVetToolFindingsOnly: squashvet, run by go vet itself and by Run,
// prints perfsprint's finding and not its fix of the file's imports
// ("fiximports: Fix imports").
func TestVetToolFindingsOnly(t *testing.T) {
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "src", "fiximports", "fiximports.go"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/fiximports\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "fiximports.go"), src, 0o644)
	cmd := exec.Command("go", "vet", "-vettool="+vettool, ".")
	cmd.Dir = dir
	out, _ := cmd.CombinedOutput()
	if !strings.Contains(string(out), "fiximports.go:10:9: integer-format: fmt.Sprintf can be replaced with faster strconv.Itoa") || strings.Contains(string(out), "Fix imports") {
		t.Errorf("go vet -vettool=squashvet:\n%s", out)
	}
	findings, err := Run(context.Background(), Config{Dir: dir, Tool: vettool})
	if err != nil {
		t.Fatal(err)
	}
	if len(findings) != 1 || findings[0].Pass != "perfsprint" || findings[0].Line != 10 {
		t.Errorf("Run = %v, want perfsprint's finding alone", findings)
	}
}

// TestModuleRelative: a finding's file is named relative to its package's
// module root, as squash report's JSON names it, and kept absolute where
// no package given holds it.
func TestModuleRelative(t *testing.T) {
	root := filepath.FromSlash("/src/m")
	pkgs := []gotool.Package{
		{Dir: filepath.Join(root, "p"), Root: root},
		{Dir: filepath.FromSlash("/go/src/strings"), Root: filepath.FromSlash("/go/src")},
		{Dir: filepath.FromSlash("/src/other"), Root: root}, // a root that does not hold it
	}
	for _, tc := range []struct{ file, want string }{
		{filepath.Join(root, "p", "p.go"), "p/p.go"},
		{filepath.FromSlash("/go/src/strings/builder.go"), "strings/builder.go"},
		{filepath.Join(root, "q", "q.go"), filepath.Join(root, "q", "q.go")},
		{filepath.FromSlash("/src/other/o.go"), filepath.FromSlash("/src/other/o.go")},
	} {
		in := []Finding{{Pass: "prealloc", File: tc.file}}
		if got := ModuleRelative(in, pkgs); got[0].File != tc.want {
			t.Errorf("ModuleRelative(%s) = %s, want %s", tc.file, got[0].File, tc.want)
		}
		if in[0].File != tc.file {
			t.Errorf("ModuleRelative changed its argument: %s", in[0].File)
		}
	}
}
