package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	pprof "github.com/google/pprof/profile"

	"github.com/squashgo/squash/internal/sarif/sariftest"
)

var (
	buildOnce sync.Once
	squashExe string
	buildErr  error
)

// squashBinary builds the squash command once for the tests that need it
// as a process (as go vet's tool, or to interrupt it).
func squashBinary(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "squash-cmd-test-")
		if err != nil {
			buildErr = err
			return
		}
		squashExe = filepath.Join(dir, "squash")
		if out, err := exec.Command("go", "build", "-o", squashExe, ".").CombinedOutput(); err != nil {
			buildErr = err
			squashExe = string(out)
		}
	})
	if buildErr != nil {
		t.Fatalf("go build: %v\n%s", buildErr, squashExe)
	}
	return squashExe
}

func TestMain(m *testing.M) {
	// In-process tests of report run this test binary as go vet's tool.
	runAsVettool()
	code := m.Run()
	if squashExe != "" {
		os.RemoveAll(filepath.Dir(squashExe))
	}
	if shared.dir != "" {
		os.RemoveAll(shared.dir)
	}
	if warmCache != "" {
		os.RemoveAll(warmCache)
	}
	os.Exit(code)
}

// runSquash runs the squash binary in dir, relative to the package's
// directory unless it is absolute.
func runSquash(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	if !filepath.IsAbs(dir) {
		dir = filepath.Join(packageDir, dir)
	}
	cmd := exec.Command(squashBinary(t), args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

func TestLint(t *testing.T) {
	code, stdout, stderr := runSquash(t, testMod, "lint", "./ok")
	if code != exitFindings || stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 1 and nothing", code, stderr)
	}
	if want := "ok/ok.go:9:2: out grows once per iteration of a loop of len(parts) iterations: make it with that capacity [prealloc]\n"; stdout != want {
		t.Errorf("stdout = %q, want %q", stdout, want)
	}

	code, stdout, _ = runSquash(t, testMod, "lint", "-json", "./ok")
	var out struct{ Findings []map[string]any }
	if err := json.Unmarshal([]byte(stdout), &out); err != nil || code != exitFindings || len(out.Findings) != 1 {
		t.Fatalf("-json: exit %d, %v, %s", code, err, stdout)
	}
	for _, k := range []string{"pass", "file", "line", "col", "end_line", "message", "fix"} {
		if _, ok := out.Findings[0][k]; !ok {
			t.Errorf("-json finding lacks %q", k)
		}
	}
	if f := out.Findings[0]["file"]; f != "ok/ok.go" {
		t.Errorf("-json file = %v, want ok/ok.go, relative to the module root as in squash -json", f)
	}
	// From a directory below the root too, and of files given by name.
	for _, args := range [][]string{{"lint", "-json", "."}, {"lint", "-json", "ok.go"}} {
		_, stdout, _ = runSquash(t, filepath.Join(testMod, "ok"), args...)
		if !strings.Contains(stdout, `"file": "ok/ok.go"`) {
			t.Errorf("%s in ok/: want file ok/ok.go:\n%s", strings.Join(args, " "), stdout)
		}
	}

	code, stdout, _ = runSquash(t, testMod, "lint", "-diff", "./ok")
	if code != exitFindings || !strings.Contains(stdout, "+\tout := make([]string, 0, len(parts))") ||
		!strings.HasPrefix(stdout, "--- a/ok/ok.go\n+++ b/ok/ok.go\n@@ ") {
		t.Errorf("-diff: exit %d, output:\n%s", code, stdout)
	}
	if git, err := exec.LookPath("git"); err == nil {
		// It applies as it is, where squash ran, outside a repository too.
		dir := t.TempDir()
		copyTree(t, filepath.Join(packageDir, testMod), dir)
		cmd := exec.Command(git, "apply", "--check", "-")
		cmd.Dir, cmd.Stdin = dir, strings.NewReader(stdout)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("git apply --check: %v\n%s", err, out)
		}
	}

	code, stdout, stderr = runSquash(t, testMod, "lint", "./onlytests")
	if code != exitClean || stdout != "" || stderr != "" {
		t.Errorf("a clean package: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestLintAnnotations: in GitHub Actions, each finding is also a workflow
// command that places it on its line, the file relative to the checkout,
// as guard's are.
func TestLintAnnotations(t *testing.T) {
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_WORKSPACE", packageDir)
	code, stdout, _ := squash(t, testMod, "lint", "./ok")
	want := "::error file=testdata/mod/ok/ok.go,line=9,col=2::out grows once per iteration of a loop of len(parts) iterations: make it with that capacity [prealloc]\n" +
		"ok/ok.go:9:2: out grows once per iteration of a loop of len(parts) iterations: make it with that capacity [prealloc]\n"
	if code != exitFindings || stdout != want {
		t.Errorf("exit %d, stdout:\n%s\nwant:\n%s", code, stdout, want)
	}
}

// TestLintSARIF: -format sarif prints a log that the SARIF 2.1.0 schema
// accepts, for GitHub code scanning: a rule for each analyzer that ran, with
// help text and a URI, and each finding at its region, with its fix, in a
// file named relative to the module root.
func TestLintSARIF(t *testing.T) {
	code, stdout, stderr := squash(t, testMod, "lint", "-format", "sarif", "-disable", "perfsprint", "./ok")
	if code != exitFindings || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	sariftest.Validate(t, []byte(stdout))
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct {
						ID      string
						Help    struct{ Text string }
						HelpURI string `json:"helpUri"`
					}
				}
			}
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						}
						Region struct{ StartLine, StartColumn int }
					}
				}
				Fixes []struct {
					ArtifactChanges []struct {
						Replacements []struct {
							InsertedContent struct{ Text string }
						}
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil {
		t.Fatal(err)
	}
	run := log.Runs[0]
	ids := slices.Grow[[]string](nil, len(run.Tool.Driver.Rules))
	for _, r := range run.Tool.Driver.Rules {
		ids = append(ids, r.ID)
		if r.Help.Text == "" || !strings.HasPrefix(r.HelpURI, "https://") {
			t.Errorf("rule %s: help %q, URI %q", r.ID, r.Help.Text, r.HelpURI)
		}
	}
	if run.Tool.Driver.Name != "squash" || !slices.Contains(ids, "prealloc") || !slices.Contains(ids, "noalloc") || slices.Contains(ids, "perfsprint") {
		t.Errorf("tool %s, rules %v: want squash's, without perfsprint", run.Tool.Driver.Name, ids)
	}
	if len(run.Results) != 1 {
		t.Fatalf("results: %+v", run.Results)
	}
	r := run.Results[0]
	loc := r.Locations[0].PhysicalLocation
	if r.RuleID != "prealloc" || loc.ArtifactLocation.URI != "ok/ok.go" || loc.ArtifactLocation.URIBaseID != "SRCROOT" || loc.Region.StartLine != 9 || loc.Region.StartColumn != 2 {
		t.Errorf("result: %+v", r)
	}
	if len(r.Fixes) != 1 || r.Fixes[0].ArtifactChanges[0].Replacements[0].InsertedContent.Text != "out := make([]string, 0, len(parts))" {
		t.Errorf("fixes: %+v", r.Fixes)
	}
	for _, tc := range []struct{ args, want string }{
		{"-format xml", "squash: -format xml: the formats are text, json and sarif\n"},
		{"-json -format sarif", "squash: -json and -format sarif exclude each other: give one\n"},
		{"-format sarif -fix", "squash: -format sarif lists findings, and -fix and -diff print files and diffs: use -format sarif alone (each finding names its fix)\n"},
	} {
		code, _, stderr := squash(t, testMod, append(append([]string{"lint"}, strings.Fields(tc.args)...), "./ok")...)
		if code != exitError || stderr != tc.want {
			t.Errorf("lint %s: exit %d, stderr %q; want %q", tc.args, code, stderr, tc.want)
		}
	}
}

// TestLintSelection: -NAME=false, -disable and -enable choose the analyzers
// as go vet's flags do, in findings, -fix and the noalloc check alike; a
// name that no analyzer has gets one line and exit 2.
func TestLintSelection(t *testing.T) {
	const finding = "ok/ok.go:9:2: out grows once per iteration"
	for _, tc := range []struct {
		args  []string
		found bool
	}{
		{[]string{"-prealloc=false"}, false},
		{[]string{"-disable", "mapsize,prealloc"}, false},
		{[]string{"-prealloc"}, true},
		{[]string{"-enable", "prealloc"}, true},
		{[]string{"-enable", "mapsize"}, false},
		{[]string{"-noalloc"}, false},
		{[]string{"-noalloc", "-prealloc=true"}, true},
	} {
		code, stdout, stderr := runSquash(t, testMod, append(append([]string{"lint"}, tc.args...), "./ok")...)
		if found := strings.Contains(stdout, finding); found != tc.found || stderr != "" || code != map[bool]int{true: exitFindings, false: exitClean}[tc.found] {
			t.Errorf("squash lint %s: exit %d, stdout %q, stderr %q; want the finding: %v", strings.Join(tc.args, " "), code, stdout, stderr, tc.found)
		}
	}
	dir := t.TempDir()
	copyTree(t, filepath.Join(packageDir, testMod), dir)
	if code, stdout, stderr := runSquash(t, dir, "lint", "-fix", "-prealloc=false", "./ok"); code != exitClean || stdout != "" {
		t.Errorf("-fix -prealloc=false: exit %d, stdout %q, stderr %q; want no fix", code, stdout, stderr)
	}
	code, _, stderr := runSquash(t, testMod, "lint", "-enable", "prealoc", "./ok")
	if code != exitError || !strings.HasPrefix(stderr, "squash: -enable: no analyzer is named prealoc (did you mean prealloc?): name one of prealloc, mapsize,") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("-enable prealoc: exit %d, stderr %q", code, stderr)
	}
	// noalloc's violations are chosen like the analyzers' findings.
	noallocMod := "../../internal/noalloc/testdata/mod"
	if code, stdout, _ := runSquash(t, noallocMod, "lint", "-noalloc=false", "./a"); strings.Contains(stdout, "[noalloc]") {
		t.Errorf("-noalloc=false: exit %d, a violation reported:\n%s", code, stdout)
	}
	if code, stdout, _ := runSquash(t, noallocMod, "lint", "-enable", "noalloc", "./a"); code != exitFindings || !strings.Contains(stdout, "[noalloc]") {
		t.Errorf("-enable noalloc: exit %d, no violation reported:\n%s", code, stdout)
	}
}

// TestLintNoalloc: squash lint fails on a //squash:noalloc function that
// the compiler says allocates, with the compiler's reason.
func TestLintNoalloc(t *testing.T) {
	code, stdout, stderr := runSquash(t, "../../internal/noalloc/testdata/mod", "lint", "./a", "./clean")
	if code != exitFindings {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	for _, want := range []string{
		"a/a.go:20:9: EscapeToHeap is //squash:noalloc but the compiler reports: &T{...} escapes to heap [noalloc]",
		"MovedToHeap is //squash:noalloc but the compiler reports: x escapes to heap; its address is returned: return it by value, or fill storage the caller passes in [noalloc]",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "clean/") {
		t.Errorf("a clean package reported:\n%s", stdout)
	}

	// .go files as arguments, which go vet lints as a package of their own:
	// the check builds their directory's package and keeps their findings.
	code, files, stderr := runSquash(t, "../../internal/noalloc/testdata/mod", "lint", "a/a.go")
	if code != exitFindings || !strings.Contains(files, "a/a.go:20:9: EscapeToHeap is //squash:noalloc") {
		t.Errorf("lint a/a.go: exit %d, stdout %q, stderr %q; want 1 and a/a.go's noalloc findings", code, files, stderr)
	}
}

// TestLintNoallocNotChecked: squash lint says on stderr which marked
// functions it could not check, as squash guard lists them: a generic one
// that no package named instantiates, and one in a file the build leaves
// out. They are not findings (guard fails them only with -strict): a
// package with nothing else to report exits 0. Lint said nothing of them.
func TestLintNoallocNotChecked(t *testing.T) {
	const mod = "../../internal/noalloc/testdata/mod"
	unused := "squash: //squash:noalloc function not checked: example.com/noalloc/gen.Unused is generic, and no package named (./gen ./genuser ./tags) instantiates it: the compiler decides on its body where it is instantiated; name such a package too\n"
	slow := "squash: //squash:noalloc function not checked: example.com/noalloc/tags.Slow, in tags/purego.go, which //go:build purego leaves out of this build: check it in a build that has the file, with GOOS, GOARCH or GOFLAGS=-tags=… set\n"
	code, stdout, stderr := runSquash(t, mod, "lint", "./gen", "./genuser", "./tags")
	if code != exitFindings || stderr != unused+slow || strings.Contains(stdout, "not checked") {
		t.Errorf("lint ./gen ./genuser ./tags: exit %d, want %d\nstdout:\n%s\nstderr:\n%s\nwant stderr:\n%s", code, exitFindings, stdout, stderr, unused+slow)
	}
	code, stdout, stderr = runSquash(t, mod, "lint", "-json", "./tags")
	if code != exitClean || stderr != slow || !json.Valid([]byte(stdout)) {
		t.Errorf("lint -json ./tags: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exitClean, stdout, stderr)
	}
	// .go files: only the functions in them.
	code, stdout, stderr = runSquash(t, mod, "lint", "tags/fast.go", "tags/tags.go")
	if code != exitClean || stdout != "" || stderr != "" {
		t.Errorf("lint tags/fast.go tags/tags.go: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// TestLintFixOverlap: two analyzers fix one expression (modernize's
// fmtappendf and perfsprint both rewrite []byte(fmt.Sprint(n))). go vet -fix
// alone fails on such a package and changes none of its files; squash lint
// -fix applies the first fix, in the suite's order.
func TestLintFixOverlap(t *testing.T) {
	dir := newModule(t, "example.com/over")
	src := "package over\n\nimport (\n\t\"fmt\"\n)\n\n// Digits formats n.\nfunc Digits(n int) []byte { return []byte(fmt.Sprint(n)) }\n"
	os.WriteFile(filepath.Join(dir, "over.go"), []byte(src), 0o644)
	for _, mode := range []string{"-diff", "-fix"} {
		code, stdout, stderr := runSquash(t, dir, "lint", mode, ".")
		switch mode {
		case "-diff":
			if code != exitFindings || !strings.Contains(stdout, "+func Digits(n int) []byte { return fmt.Append(nil, n) }") {
				t.Errorf("lint -diff: exit %d, want %d, and the diff of one fix:\n%s\n%s", code, exitFindings, stdout, stderr)
			}
			if stderr != "squash: the diff leaves out 1 fix, which may apply after those it shows (squash lint -fix makes them in turns): 1 fix of perfsprint overlaps a fix of fmtappendf\n" {
				t.Errorf("lint -diff does not say it left a fix out: %q", stderr)
			}
		case "-fix":
			if code != exitClean || stdout != "fixed over.go\n" || stderr != "" {
				t.Errorf("lint -fix: exit %d\n%s\n%s", code, stdout, stderr)
			}
		}
	}
	got, _ := os.ReadFile(filepath.Join(dir, "over.go"))
	if !strings.Contains(string(got), "return fmt.Append(nil, n)") {
		t.Errorf("the first fix was not applied:\n%s", got)
	}
}

// TestLintDiffLeftOut: where fixes of two analyzers overlap (testdata/overlap:
// perfsprint's and fmtappendf's of one call), -diff shows the first
// analyzer's and says which it left out, and why: perfsprint's fix of the
// call overlaps fmtappendf's, and its fix of Label in the same file
// overlaps none but goes with it (perfsprint fixes the file's imports once
// for both). Its fix in another file is shown. -fix makes them all, in
// turns.
func TestLintDiffLeftOut(t *testing.T) {
	code, stdout, stderr := runSquash(t, "testdata/overlap", "lint", "-diff", ".")
	for _, want := range []string{
		"+func Digits(n int) []byte { return fmt.Appendf(nil, \"%d\", n) }\n",
		"+func Count(n int) string { return strconv.Itoa(n) }\n",
		"+\t\"strconv\"\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("lint -diff lacks %q:\n%s", want, stdout)
		}
	}
	if code != exitFindings || strings.Contains(stdout, "+func Label") {
		t.Errorf("lint -diff: exit %d, want %d, and Label's fix left out:\n%s", code, exitFindings, stdout)
	}
	const why = "squash: the diff leaves out 2 fixes, which may apply after those it shows (squash lint -fix makes them in turns): " +
		"1 fix of perfsprint overlaps a fix of fmtappendf; " +
		"1 fix of perfsprint overlaps none, but is left with the others of perfsprint in its file, which share one fix of the file's imports\n"
	if stderr != why {
		t.Errorf("lint -diff says\n%q\nwant\n%q", stderr, why)
	}

	dir := t.TempDir()
	copyTree(t, filepath.Join(packageDir, "testdata", "overlap"), dir)
	code, stdout, stderr = runSquash(t, dir, "lint", "-fix", ".")
	if code != exitClean || stdout != "fixed other.go\nfixed over.go\n" || stderr != "" {
		t.Errorf("lint -fix: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "over.go"))
	for _, want := range []string{"return fmt.Appendf(nil, \"%d\", n) }", "func Label(n int) string { return strconv.Itoa(n) }"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("after lint -fix, over.go lacks %q:\n%s", want, got)
		}
	}
}

// TestLintFixBareImport: perfsprint's fixes are not offered in a package
// where its import fix would edit an import without parentheses, which it
// gets wrong (import \t"strconv"\n"fmt"); -fix says what it left.
func TestLintFixBareImport(t *testing.T) {
	dir := newModule(t, "example.com/bare")
	src := "package bare\n\nimport \"fmt\"\n\n// F formats x.\nfunc F(x int) string { return fmt.Sprintf(\"%d\", x) }\n\n// H prints x.\nfunc H(x int) { fmt.Println(x) }\n"
	os.WriteFile(filepath.Join(dir, "bare.go"), []byte(src), 0o644)
	run := func(args ...string) (int, string, string) { return runSquash(t, dir, args...) }
	if code, out, _ := run("lint", "-json", "."); code != exitFindings || !strings.Contains(out, "no fix offered: the fix would edit the import declaration of bare.go, which has no parentheses and would not parse") || strings.Contains(out, `"fix"`) {
		t.Errorf("lint -json: exit %d:\n%s", code, out)
	}
	code, out, errs := run("lint", "-diff", ".")
	if code != exitFindings || out != "" || errs != "squash: findings with no fix, not in the diff: 1 (squash lint lists them)\n" {
		t.Errorf("lint -diff: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	code, out, errs = run("lint", "-fix", ".")
	if code != exitFindings || out != "" || errs != "squash: findings with no fix, left as they are: 1 (squash lint lists them)\n" {
		t.Errorf("lint -fix: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "bare.go")); string(got) != src {
		t.Errorf("lint -fix changed the file:\n%s", got)
	}

	// Fixes that are made: the package's one file comes out holding want.
	for _, tc := range []struct{ name, src, want string }{
		// Where no use of fmt is left, perfsprint's fix of the bare import
		// parses, and is made.
		{"only", "package only\n\nimport \"fmt\"\n\n// F formats x.\nfunc F(x int) string { return fmt.Sprintf(\"%d\", x) }\n",
			"import \"strconv\"\n\n// F formats x.\nfunc F(x int) string { return strconv.Itoa(x) }\n"},
		// In parentheses, "strconv" takes the place of "fmt" in its group,
		// and leaves no blank line that would start another.
		{"paren", "package paren\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\n// F formats x.\nfunc F(x int) string { _ = os.Args; return fmt.Sprintf(\"%d\", x) }\n",
			"import (\n\t\"os\"\n\t\"strconv\"\n)\n"},
		// Where "strconv" is imported already, "fmt" goes with its line.
		// (Not in an error that F builds: squash does not report a
		// formatted value on such a failure path.)
		{"gone", "package gone\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"strconv\"\n)\n\n// F formats x.\nfunc F(x int) string { _ = os.Args; return fmt.Sprintf(\"%d\", x) + strconv.Quote(\"a\") }\n",
			"import (\n\t\"os\"\n\t\"strconv\"\n)\n"},
	} {
		os.Mkdir(filepath.Join(dir, tc.name), 0o755)
		file := filepath.Join(dir, tc.name, tc.name+".go")
		os.WriteFile(file, []byte(tc.src), 0o644)
		if code, out, errs := run("lint", "-fix", "./"+tc.name); code != exitClean || out != "fixed "+tc.name+"/"+tc.name+".go\n" || errs != "" {
			t.Errorf("lint -fix ./%s: exit %d, stdout %q, stderr %q", tc.name, code, out, errs)
		}
		if got, _ := os.ReadFile(file); !strings.Contains(string(got), tc.want) {
			t.Errorf("lint -fix ./%s:\n%s", tc.name, got)
		}
	}

	// A package that does not compile fails the run, but go vet fixed the
	// others, and squash says which files.
	os.Mkdir(filepath.Join(dir, "broken"), 0o755)
	os.WriteFile(filepath.Join(dir, "broken", "broken.go"), []byte("package broken\n\nfunc X() int { return \"s\" }\n"), 0o644)
	os.Mkdir(filepath.Join(dir, "fixable"), 0o755)
	os.WriteFile(filepath.Join(dir, "fixable", "fixable.go"), []byte("package fixable\n\n// IDs copies xs.\nfunc IDs(xs []int) []int {\n\tvar out []int\n\tfor _, x := range xs {\n\t\tout = append(out, x)\n\t}\n\treturn out\n}\n"), 0o644)
	code, out, errs = run("lint", "-fix", "./...")
	if code != exitError || out != "fixed fixable/fixable.go\n" || !strings.Contains(errs, "cannot lint") {
		t.Errorf("lint -fix ./... with a broken package: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

func TestLintFix(t *testing.T) {
	dir := t.TempDir()
	copyTree(t, filepath.Join(packageDir, testMod), dir)
	cmd := exec.Command(squashBinary(t), "lint", "-fix", "./ok")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("lint -fix: %v\n%s", err, out)
	}
	if string(out) != "fixed ok/ok.go\n" {
		t.Errorf("lint -fix said %q, want the file it changed", out)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "ok", "ok.go"))
	if !strings.Contains(string(src), "out := make([]string, 0, len(parts))") {
		t.Errorf("the fix was not applied:\n%s", src)
	}

	// Files as arguments: fixed, and named.
	orig, _ := os.ReadFile(filepath.Join(packageDir, testMod, "ok", "ok.go"))
	os.WriteFile(filepath.Join(dir, "ok", "ok.go"), orig, 0o644)
	files, _ := filepath.Glob(filepath.Join(dir, "ok", "*.go"))
	for i, f := range files {
		files[i], _ = filepath.Rel(dir, f)
	}
	cmd = exec.Command(squashBinary(t), append([]string{"lint", "-fix"}, files...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil || string(out) != "fixed ok/ok.go\n" {
		t.Fatalf("lint -fix %s: %v\n%s", strings.Join(files, " "), err, out)
	}
	src, _ = os.ReadFile(filepath.Join(dir, "ok", "ok.go"))
	if !strings.Contains(string(src), "out := make([]string, 0, len(parts))") {
		t.Errorf("the fix was not applied with files as arguments:\n%s", src)
	}
	cmd = exec.Command(squashBinary(t), "lint", "./ok")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("lint after -fix: %v\n%s", err, out)
	}
}

func TestLintBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"lint", "./broken"}, "squash: cannot lint ./broken:"},
		{[]string{"lint", "./nosuchdir"}, "squash: ./nosuchdir: no such directory: name a package's directory, or a pattern such as ./..."},
		{[]string{"lint", "go.mod"}, "squash: go.mod is a file, not a package: name a package's directory, or a pattern such as ./..."},
		{[]string{"lint", "./nosuchdir/..."}, "squash: ./nosuchdir/...: no such directory: name a package's directory, or a pattern such as ./..."},
		{[]string{"lint", "-fix", "-diff", "./ok"}, "squash: -fix and -diff exclude each other"},
		{[]string{"lint", "-json", "-fix", "./ok"}, "squash: -json lists findings, and -fix and -diff print files and diffs: use -json alone"},
		{[]string{"lint", "-json", "-diff", "./ok"}, "squash: -json lists findings"},
	} {
		code, stdout, stderr := runSquash(t, testMod, tc.args...)
		if code != exitError || stdout != "" || !strings.HasPrefix(stderr, tc.want) || strings.Contains(stderr, "goroutine ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, stdout, stderr, tc.want)
		}
		// Compile errors take a line each; what is wrong with a pattern, one.
		if lines := strings.Count(stderr, "\n"); lines != 1 && tc.args[1] != "./broken" {
			t.Errorf("%v: %d lines on stderr, want 1:\n%s", tc.args, lines, stderr)
		}
	}
}

// TestLintFixPoolPuts: poolput's one fix rewrites every Put of its pool, so
// the other Puts' findings, which carry no fix of their own, are not counted
// as left without one.
func TestLintFixPoolPuts(t *testing.T) {
	dir := newModule(t, "example.com/puts")
	src := `package puts

import "sync"

var bufs = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

// One uses a buffer once.
func One() {
	b := bufs.Get().([]byte)
	bufs.Put(b[:0])
}

// Two uses a buffer and puts it back on either path.
func Two(n int) {
	b := bufs.Get().([]byte)
	if n > 0 {
		bufs.Put(b[:0])
		return
	}
	bufs.Put(b)
}
`
	os.WriteFile(filepath.Join(dir, "puts.go"), []byte(src), 0o644)
	code, out, errs := runSquash(t, dir, "lint", "-fix", ".")
	if code != exitClean || out != "fixed puts.go\n" || errs != "" {
		t.Errorf("lint -fix: exit %d, stdout %q, stderr %q; want the file fixed and nothing said of findings without a fix", code, out, errs)
	}
	if code, out, errs := runSquash(t, dir, "lint", "."); code != exitClean {
		t.Errorf("lint after -fix: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestLintGenerated: go vet -fix does not edit generated files, so their
// findings come without a fix, say so, and -fix counts them as left.
func TestLintGenerated(t *testing.T) {
	dir := newModule(t, "example.com/gen")
	src := "// Code generated by hand. DO NOT EDIT.\n\npackage gen\n\nimport (\n\t\"fmt\"\n\t\"sync\"\n)\n\n// IDs copies xs.\nfunc IDs(xs []int) []int {\n\tvar out []int\n\tfor _, x := range xs {\n\t\tout = append(out, x)\n\t}\n\treturn out\n}\n\n// N formats n.\nfunc N(n int) string { return fmt.Sprintf(\"%d\", n) }\n" +
		"\nvar bufs = sync.Pool{New: func() any { return make([]byte, 0, 64) }}\n\n// Use uses a buffer.\nfunc Use(n int) {\n\tb := bufs.Get().([]byte)\n\tif n > 0 {\n\t\tbufs.Put(b)\n\t\treturn\n\t}\n\tbufs.Put(b[:0])\n}\n"
	os.WriteFile(filepath.Join(dir, "gen.go"), []byte(src), 0o644)
	code, out, errs := runSquash(t, dir, "lint", "-json", ".")
	// poolput's second Put, which the first's fix covered, says so too.
	if code != exitFindings || strings.Count(out, "(no fix offered: the file is generated, and go vet -fix does not edit it; change its generator)") != 4 || strings.Contains(out, `"fix"`) || strings.Contains(out, "rewrites this one too") {
		t.Errorf("lint -json: exit %d, stderr %q:\n%s", code, errs, out)
	}
	code, out, errs = runSquash(t, dir, "lint", "-fix", ".")
	if code != exitFindings || out != "" || errs != "squash: findings with no fix, left as they are: 4 (squash lint lists them)\n" {
		t.Errorf("lint -fix: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "gen.go")); string(got) != src {
		t.Errorf("lint -fix changed a generated file:\n%s", got)
	}
}

// newModule returns a new directory holding the go.mod of a module with
// that path, for Go 1.26.
func newModule(t *testing.T, path string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module "+path+"\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestLintIgnore: //squash:ignore silences a finding in squash lint, its
// -json, -diff and -fix, which leave the line as it is; a directive that
// silences nothing, or is malformed, is a finding.
func TestLintIgnore(t *testing.T) {
	dir := newModule(t, "example.com/ign")
	src := `package ign

// Kept copies xs: the caller appends to the result, so it starts empty.
func Kept(xs []int) []int {
	out := []int{} //squash:ignore prealloc the caller appends to it
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

// Above is Kept with the directive on the line above.
func Above(xs []int) []int {
	//squash:ignore prealloc the caller appends to it
	out := []int{}
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

// Fixed copies xs; its directive names another analyzer.
func Fixed(xs []int) []int {
	out := []int{} //squash:ignore mapsize not a map
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}

// Bad has a directive without a reason.
func Bad() {
	//squash:ignore prealloc
}
`
	os.WriteFile(filepath.Join(dir, "ign.go"), []byte(src), 0o644)
	code, out, errs := runSquash(t, dir, "lint", ".")
	want := "ign.go:24:2: out grows once per iteration of a loop of len(xs) iterations: make it with that capacity [prealloc]\n" +
		"ign.go:24:17: //squash:ignore names mapsize, but mapsize reports nothing on line 24: remove the directive, or put it at the end of the finding's line or alone on the line above it [mapsize]\n" +
		"ign.go:33:2: //squash:ignore prealloc has no reason: say after the names why the finding is deliberate [ignore]\n"
	if code != exitFindings || out != want || errs != "" {
		t.Errorf("lint: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}

	code, out, _ = runSquash(t, dir, "lint", "-json", ".")
	var res struct{ Findings []struct{ Pass, Fix string } }
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != exitFindings || len(res.Findings) != 3 ||
		res.Findings[0].Fix == "" || res.Findings[1].Pass != "mapsize" || res.Findings[2].Pass != "ignore" {
		t.Errorf("lint -json: exit %d, %v:\n%s", code, err, out)
	}

	code, out, _ = runSquash(t, dir, "lint", "-diff", ".")
	if code != exitFindings || strings.Count(out, "\n+\t") != 1 || !strings.Contains(out, "+\tout := make([]int, 0, len(xs)) //squash:ignore mapsize not a map\n") {
		t.Errorf("lint -diff: exit %d, want Fixed's fix alone:\n%s", code, out)
	}

	code, out, errs = runSquash(t, dir, "lint", "-fix", ".")
	if code != exitFindings || out != "fixed ign.go\n" || errs != "squash: findings with no fix, left as they are: 2 (squash lint lists them)\n" {
		t.Errorf("lint -fix: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "ign.go"))
	if fixed := strings.Replace(src, "out := []int{} //squash:ignore mapsize", "out := make([]int, 0, len(xs)) //squash:ignore mapsize", 1); string(got) != fixed {
		t.Errorf("lint -fix made:\n%s\nwant Fixed's fix alone", got)
	}
}

// TestLintStaticcheck: staticcheck's analyzers run in squash lint under
// their own names. modernize's stringsbuilder turns s += fmt.Sprintf(…)
// into s.WriteString(fmt.Sprintf(…)), which still makes a string per
// iteration; QF1012 turns that into fmt.Fprintf(&s, …) in -fix's next
// round, and another -fix finds nothing to do. SA6005's finding that a
// //squash:ignore names is kept as it is; the other is fixed.
func TestLintStaticcheck(t *testing.T) {
	dir := newModule(t, "example.com/sc")
	src := `package sc

import (
	"fmt"
	"strings"
)

// Pairs lists the pairs.
func Pairs(keys []string, vals []int) string {
	var s string
	for i, k := range keys {
		s += fmt.Sprintf("%s=%d;", k, vals[i])
	}
	return s
}

// Same compares a and b, ignoring case.
func Same(a, b string) bool { return strings.ToLower(a) == strings.ToLower(b) }

// Kept is Same as the article wrote it.
func Kept(a, b string) bool {
	return strings.ToLower(a) == strings.ToLower(b) //squash:ignore SA6005 the article's "before" variant
}
`
	os.WriteFile(filepath.Join(dir, "sc.go"), []byte(src), 0o644)
	code, out, errs := runSquash(t, dir, "lint", ".")
	want := "sc.go:12:3: using string += string in a loop is inefficient [stringsbuilder]\n" +
		"sc.go:18:38: should use strings.EqualFold instead [SA6005]\n"
	if code != exitFindings || out != want || errs != "" {
		t.Errorf("lint: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
	code, out, _ = runSquash(t, dir, "lint", "-json", ".")
	var res struct{ Findings []struct{ Pass, Fix string } }
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != exitFindings || len(res.Findings) != 2 ||
		res.Findings[1].Pass != "SA6005" || res.Findings[1].Fix != "replace with strings.EqualFold: func Same(a, b string) bool { return strings.EqualFold(a, b) }" {
		t.Errorf("lint -json: exit %d, %v:\n%s", code, err, out)
	}

	// -diff shows the first round: the builder, still fed by Sprintf.
	code, out, _ = runSquash(t, dir, "lint", "-diff", ".")
	if code != exitFindings || !strings.Contains(out, "+\t\ts.WriteString(fmt.Sprintf(\"%s=%d;\", k, vals[i]))\n") ||
		!strings.Contains(out, "+func Same(a, b string) bool { return strings.EqualFold(a, b) }\n") || strings.Contains(out, "Fprintf") {
		t.Errorf("lint -diff: exit %d:\n%s", code, out)
	}

	code, out, errs = runSquash(t, dir, "lint", "-fix", ".")
	if code != exitClean || out != "fixed sc.go\n" || errs != "" {
		t.Errorf("lint -fix: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "sc.go"))
	fixed := strings.NewReplacer(
		"\tvar s string\n", "\tvar s strings.Builder\n",
		"\t\ts += fmt.Sprintf(", "\t\tfmt.Fprintf(&s, ",
		"\treturn s\n", "\treturn s.String()\n",
		"bool { return strings.ToLower(a) == strings.ToLower(b) }", "bool { return strings.EqualFold(a, b) }",
	).Replace(src)
	if string(got) != fixed {
		t.Errorf("lint -fix made:\n%s\nwant:\n%s", got, fixed)
	}
	code, out, errs = runSquash(t, dir, "lint", "-fix", ".")
	if again, _ := os.ReadFile(filepath.Join(dir, "sc.go")); code != exitClean || out != "" || errs != "" || string(again) != fixed {
		t.Errorf("lint -fix again: exit %d, stdout %q, stderr %q, file:\n%s", code, out, errs, again)
	}
}

// TestLintProfile: with -profile, lint keeps the findings on the lines an
// allocation profile, a CPU profile or a report's JSON shows allocating,
// most first, each with its share; a profile of other code is an error.
func TestLintProfile(t *testing.T) {
	dir := newModule(t, "example.com/hot")
	src := "package hot\n\nimport \"fmt\"\n\n// IDs copies xs.\nfunc IDs(xs []int) []int {\n\tvar out []int\n\tfor _, x := range xs {\n\t\tout = append(out, x)\n\t}\n\treturn out\n}\n\n// Label formats n.\nfunc Label(n int) string { return fmt.Sprintf(\"%d\", n) }\n"
	file := filepath.Join(dir, "hot.go")
	os.WriteFile(file, []byte(src), 0o644)
	const appendLine, labelLine = 9, 15

	// writeProfile writes a profile of one sample type: one sample a line,
	// of the values given, with the function of the line's file.
	writeProfile := func(name, typ, unit string, fn string, values map[int]int64) string {
		p := &pprof.Profile{SampleType: []*pprof.ValueType{{Type: typ, Unit: unit}}}
		if typ == "alloc_objects" {
			p.SampleType = append(p.SampleType, &pprof.ValueType{Type: "alloc_space", Unit: "bytes"})
		}
		f := &pprof.Function{ID: 1, Name: "example.com/hot." + fn, Filename: file}
		malloc := &pprof.Function{ID: 2, Name: "runtime.mallocgc", Filename: "/go/malloc.go"}
		p.Function = []*pprof.Function{f, malloc}
		for line, v := range values {
			loc := &pprof.Location{ID: uint64(len(p.Location) + 1), Line: []pprof.Line{{Function: f, Line: int64(line)}}}
			p.Location = append(p.Location, loc)
			s := &pprof.Sample{Location: []*pprof.Location{loc}, Value: []int64{v}}
			if typ == "alloc_objects" {
				s.Value = append(s.Value, 64*v)
			} else {
				top := &pprof.Location{ID: uint64(len(p.Location) + 1), Line: []pprof.Line{{Function: malloc, Line: 1}}}
				p.Location = append(p.Location, top)
				s.Location = append([]*pprof.Location{top}, s.Location...)
			}
			p.Sample = append(p.Sample, s)
		}
		path := filepath.Join(t.TempDir(), name)
		out, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Write(out); err != nil {
			t.Fatal(err)
		}
		out.Close()
		return path
	}
	allocs := writeProfile("mem.pprof", "alloc_objects", "count", "IDs", map[int]int64{appendLine: 30})
	cpu := writeProfile("cpu.pprof", "cpu", "nanoseconds", "Label", map[int]int64{labelLine: 100})
	report := filepath.Join(t.TempDir(), "report.json")
	os.WriteFile(report, []byte(`{"packages": [{"path": "example.com/hot", "benchmarks": [{"name": "BenchmarkX", "sites": [
		{"file": "hot.go", "line": 15, "share": 0.25}, {"file": "hot.go", "line": 9, "share": 0.75}]}]}]}`), 0o644)
	other := filepath.Join(t.TempDir(), "other.json")
	os.WriteFile(other, []byte(`{"packages": []}`), 0o644)

	for _, tc := range []struct {
		name, profile string
		code          int
		want          []string // lines of stdout, in order
	}{
		{"allocs", allocs, exitFindings, []string{"hot.go:7:2: ", "[prealloc] (100% of the profile's allocations)"}},
		{"cpu", cpu, exitFindings, []string{"hot.go:15:35: ", "[perfsprint] (100% of the profile's allocations)"}},
		{"report", report, exitFindings, []string{"hot.go:7:2: ", "(75% of the profile's allocations)", "hot.go:15:35: ", "(25% of the profile's allocations)"}},
	} {
		code, out, errs := runSquash(t, dir, "lint", "-profile", tc.profile, ".")
		last := 0
		for _, w := range tc.want {
			i := strings.Index(out[last:], w)
			if i < 0 {
				t.Errorf("%s: stdout lacks %q after byte %d:\n%s", tc.name, w, last, out)
				break
			}
			last += i + len(w)
		}
		if code != tc.code || strings.Count(out, "\n") != len(tc.want)/2 {
			t.Errorf("%s: exit %d, want %d; stderr %q; stdout:\n%s", tc.name, code, tc.code, errs, out)
		}
	}
	if code, _, errs := runSquash(t, dir, "lint", "-profile", other, "."); code != exitError || !strings.Contains(errs, "has no allocation sites") {
		t.Errorf("a report with no site: exit %d, stderr %q", code, errs)
	}
	if code, _, errs := runSquash(t, dir, "lint", "-profile", allocs, "-fix", "."); code != exitError || !strings.Contains(errs, "-profile selects the findings to print") {
		t.Errorf("-profile with -fix: exit %d, stderr %q", code, errs)
	}
}

// TestLintCacheHistory: what squash lint finds in a package does not depend
// on what it linted before. go vet analyses a dependency for facts alone,
// and caches that empty output under the key of the package linted itself,
// where the package has no _test.go file of its own.
func TestLintCacheHistory(t *testing.T) {
	dir := newModule(t, "vc")
	os.MkdirAll(filepath.Join(dir, "q"), 0o755)
	os.WriteFile(filepath.Join(dir, "vc.go"), []byte("package vc\n\nimport \"vc/q\"\n\n// F formats n.\nfunc F(n int) string { return q.S(n) }\n"), 0o644)
	const qSrc = `package q

import (
	"fmt"
)

// S formats n.
func S(n int) string { return fmt.Sprintf("%d", n) }

// IDs copies xs.
func IDs(xs []int) []int {
	var out []int
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`
	os.WriteFile(filepath.Join(dir, "q", "q.go"), []byte(qSrc), 0o644)
	const want = "q/q.go:8:31: integer-format: fmt.Sprintf can be replaced with faster strconv.Itoa [perfsprint]\n" +
		"q/q.go:12:2: out grows once per iteration of a loop of len(xs) iterations: make it with that capacity [prealloc]\n"
	if code, out, errs := runSquash(t, dir, "lint", "."); code != exitClean || out != "" || errs != "" {
		t.Errorf("lint .: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, out, errs := runSquash(t, dir, "lint", "./q"); code != exitFindings || out != want || errs != "" {
		t.Errorf("lint ./q after lint .: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}

	// So do -diff and -fix.
	if code, out, errs := runSquash(t, dir, "lint", "-fix", "."); code != exitClean || out != "" || errs != "" {
		t.Errorf("lint -fix .: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	if code, out, _ := runSquash(t, dir, "lint", "-diff", "./q"); code != exitFindings || !strings.Contains(out, "+func S(n int) string { return strconv.Itoa(n) }\n") {
		t.Errorf("lint -diff ./q after lint -fix .: exit %d:\n%s", code, out)
	}
	if code, out, errs := runSquash(t, dir, "lint", "-fix", "./q"); code != exitClean || out != "fixed q/q.go\n" || errs != "" {
		t.Errorf("lint -fix ./q after lint -fix .: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	os.WriteFile(filepath.Join(dir, "q", "q.go"), []byte(qSrc), 0o644)

	// With a _test.go file, go vet lints q with it, and analyses q alone
	// for vc: each finding comes once, from the first.
	os.WriteFile(filepath.Join(dir, "q", "q_test.go"), []byte("package q\n\nimport \"testing\"\n\nfunc TestS(t *testing.T) { _ = S(1) }\n"), 0o644)
	if code, out, errs := runSquash(t, dir, "lint", "./..."); code != exitFindings || out != want || errs != "" {
		t.Errorf("lint ./...: exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
}
