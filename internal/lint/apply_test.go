package lint

import (
	"bytes"
	"context"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/txtar"
)

// TestFixFormatsItsOwnLines: -diff and -fix make the analyzers' edits, each
// line they write formatted as gofmt would, and leave the rest of a file
// that gofmt would change elsewhere as it is, byte for byte. go vet -fix
// formatted the whole file: a one-line fix made a diff of dozens of lines.
func TestFixFormatsItsOwnLines(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "unformatted.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	files := make(map[string]string, len(ar.Files))
	for _, f := range ar.Files {
		files[f.Name] = string(f.Data)
		if f.Name != "want.diff" {
			os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644)
		}
	}
	src := files["unformatted.go"]
	if f, err := format.Source([]byte(src)); err != nil || string(f) == src {
		t.Fatalf("the file is already gofmt-clean, or does not parse: %v", err)
	}
	ctx := context.Background()
	cfg := Config{Dir: dir, Tool: vettool}
	res, err := Fix(ctx, cfg, true)
	if err != nil || res.Output != files["want.diff"] {
		t.Errorf("-diff: %v\n%s\nwant\n%s", err, res.Output, files["want.diff"])
	}
	want, err := patch(src, files["want.diff"])
	if err != nil {
		t.Fatal(err)
	}
	if res, err := Fix(ctx, cfg, false); err != nil || len(res.Fixed) != 1 {
		t.Fatalf("-fix: %v, fixed %q", err, res.Fixed)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "unformatted.go")); string(got) != want {
		t.Errorf("-fix made:\n%s\nwant:\n%s", got, want)
	}
}

// TestFormatWritten: gofmt's changes are kept on the lines the fixes wrote
// and left out elsewhere; an import declaration they touch is formatted
// whole, as its lines are sorted.
func TestFormatWritten(t *testing.T) {
	span := func(src, written string) [][2]int {
		i := strings.Index(src, written)
		if i < 0 {
			t.Fatalf("%q not in %q", written, src)
		}
		return [][2]int{{i, i + len(written)}}
	}
	for _, tc := range []struct {
		name, fixed, written, want string
	}{
		{"a line split", "package p\n\nimport \"strings\"\n\nfunc f(s string) string {\n\tx:=1\n\tvar b strings.Builder; b.WriteString(s)\n\t_ = x\n\treturn b.String()\n}\n",
			"var b strings.Builder; b.WriteString(",
			"package p\n\nimport \"strings\"\n\nfunc f(s string) string {\n\tx:=1\n\tvar b strings.Builder\n\tb.WriteString(s)\n\t_ = x\n\treturn b.String()\n}\n"},
		{"imports sorted", "package p\n\nimport (\n\t\"strconv\"\n\t\"os\"\n)\n\nvar a, b = os.Args, strconv.Itoa\nvar x=1\n",
			"\t\"strconv\"\n",
			"package p\n\nimport (\n\t\"os\"\n\t\"strconv\"\n)\n\nvar a, b = os.Args, strconv.Itoa\nvar x=1\n"},
		{"imports untouched", "package p\n\nimport (\n\t\"strconv\"\n\t\"os\"\n)\n\nvar a, b = os.Args, strconv.Itoa\nvar x=1\n",
			"var x=1\n",
			"package p\n\nimport (\n\t\"strconv\"\n\t\"os\"\n)\n\nvar a, b = os.Args, strconv.Itoa\nvar x = 1\n"},
		{"formatted already", "package p\n\nvar x = 1\n", "x = 1", "package p\n\nvar x = 1\n"},
		{"does not parse", "package p\n\nvar x=\n", "x=", "package p\n\nvar x=\n"},
	} {
		if got := string(formatWritten([]byte(tc.fixed), span(tc.fixed, tc.written))); got != tc.want {
			t.Errorf("%s:\n%s\nwant:\n%s", tc.name, got, tc.want)
		}
	}
}

func TestApplyEdits(t *testing.T) {
	src := []byte("abcdef")
	for _, tc := range []struct {
		name  string
		edits []jsonEdit
		want  string
		err   string
	}{
		{"in order", []jsonEdit{{"f", 4, 5, "E"}, {"f", 1, 2, "B"}}, "aBcdEf", ""},
		{"made once", []jsonEdit{{"f", 0, 0, "<"}, {"f", 6, 6, ">"}, {"f", 0, 0, "<"}}, "<abcdef>", ""},
		{"insertions keep their order", []jsonEdit{{"f", 3, 3, "1"}, {"f", 3, 3, "2"}, {"f", 3, 4, "D"}}, "abc12Def", ""},
		{"overlap", []jsonEdit{{"f", 1, 3, "x"}, {"f", 2, 4, "y"}}, "", "two edits overlap at byte 2"},
		{"outside", []jsonEdit{{"f", 5, 9, "x"}}, "", "outside the file"},
	} {
		got, _, err := applyEdits(src, tc.edits)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: error %v, want %q", tc.name, err, tc.err)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}

// added is what appender adds to a file.
const added = "\n// Added came while squash lint -fix ran.\nfunc Added() {}\n"

// appender adds a function to the end of each file it analyses that has
// none yet, once go vet has read it: as someone who edits the file while
// squash lint -fix runs.
var appender = &analysis.Analyzer{
	Name: "appender",
	Doc:  "adds a function to each file, after go vet read it",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			name := pass.Fset.File(f.FileStart).Name()
			if src, err := os.ReadFile(name); err == nil && !bytes.Contains(src, []byte(added)) {
				os.WriteFile(name, append(src, added...), 0o644)
			}
		}
		return nil, nil
	},
}

// TestFixRefusesChangedFiles: a file edited while -fix runs, after go vet
// read it, keeps the edit. Fix makes none of its fixes, and names it. go
// vet -fix wrote its fixes over the edit. The test binary is the vet tool,
// with appender, which makes the edit. With breaker, the edit makes go vet
// fail, as two overlapping squash lint -fix runs make it: Fix says that the
// file changed, not go vet's error, which blamed an import.
func TestFixRefusesChangedFiles(t *testing.T) {
	for _, mode := range []string{"edit", "edit-fail"} {
		dir := t.TempDir()
		// The directory makes the file new to go vet's cache, which would
		// replay its output and run no appender.
		src := "package p\n\n// F is in " + dir + ".\nfunc F(x int) int {\n\ta := x + 1\n\treturn a\n}\n"
		os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/p\n\ngo 1.26\n"), 0o644)
		os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644)
		cfg := Config{Dir: dir, Tool: os.Args[0], Env: []string{toyToolEnv + "=" + mode}}
		res, err := Fix(context.Background(), cfg, false)
		const want = "p.go changed since squash lint read it: its fixes are not made; run squash lint -fix again"
		if err == nil || err.Error() != want || len(res.Fixed) > 0 {
			t.Errorf("%s: Fix: %v, fixed %q; want %q", mode, err, res.Fixed, want)
		}
		if got, _ := os.ReadFile(filepath.Join(dir, "p.go")); string(got) != src+added {
			t.Errorf("%s: Fix left:\n%s\nwant the file with the edit, and no fix:\n%s", mode, got, src+added)
		}
	}
}

// breaker edits each file it analyses, as appender does, and then ends the
// vet tool with a type error, as the tool fails when another squash lint
// -fix wrote a file while it read the package: the file imports a package
// that go list did not see.
var breaker = &analysis.Analyzer{
	Name: "breaker",
	Doc:  "adds a function to each file, after go vet read it, and fails",
	Run: func(pass *analysis.Pass) (any, error) {
		if _, err := appender.Run(pass); err != nil {
			return nil, err
		}
		fmt.Fprintln(os.Stderr, `p.go:3:8: could not import strconv (can't resolve import "strconv")`)
		os.Exit(1)
		return nil, nil
	},
}

func TestChangedError(t *testing.T) {
	for _, tc := range []struct {
		err  changedError
		want string
	}{
		{changedError{[]string{"a.go", "b/c.go", "d.go"}, false}, "a.go, b/c.go and d.go changed since squash lint read them: their fixes are not made; run squash lint -fix again"},
		{changedError{[]string{"a.go"}, true}, "a.go changed since squash lint read it: its fixes are left out of the diff; run squash lint -diff again"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("%q, want %q", got, tc.want)
		}
	}
}

// FuzzFixEdits: any JSON a unit may hold gives edits or an error, without
// a panic, and edits made on any source give a file or an error.
func FuzzFixEdits(f *testing.F) {
	f.Add([]byte(`{"p": {"squash": [{"posn": "f.go:1:1", "suggested_fixes": [{"edits": [{"filename": "f.go", "start": 1, "end": 3, "new": "x"}]}]}]}}`), "abcdef")
	f.Add([]byte(`{"p": {"squash": {"error": "failed"}}} {`), "")
	f.Add([]byte(`{"p": {"squash": [{"suggested_fixes": [{"edits": [{"filename": "f.go", "start": 4, "end": 2}]}]}]}}`), "abcdef")
	f.Fuzz(func(t *testing.T, data []byte, src string) {
		edits, err := fixEdits([]unitOutput{{json: data}})
		if err != nil {
			return
		}
		for _, es := range edits {
			out, spans, err := applyEdits([]byte(src), es)
			if err != nil {
				continue
			}
			for _, s := range spans {
				if s[0] < 0 || s[1] < s[0] || s[1] > len(out) {
					t.Fatalf("span %v outside %d bytes", s, len(out))
				}
			}
		}
	})
}
