package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/squashgo/squash/internal/sarif/sariftest"
)

// guardModule copies internal/guard's testdata/guard to a temporary
// directory, so that budgets written there stay out of the repository, and
// returns it.
func guardModule(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyTree(t, filepath.Join(packageDir, "..", "..", "internal", "guard", "testdata", "guard"), dir)
	return dir
}

// copyTree copies the files under from to to, which must hold none of them.
func copyTree(t *testing.T, from, to string) {
	t.Helper()
	if err := os.CopyFS(to, os.DirFS(from)); err != nil {
		t.Fatal(err)
	}
}

// edit replaces old by new in file, which must contain it.
func edit(t *testing.T, file, old, new string) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("%s does not contain %q", file, old)
	}
	if err := os.WriteFile(file, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

func mustGuard(t *testing.T, dir string, want int, args ...string) string {
	t.Helper()
	code, stdout, stderr := squash(t, dir, append([]string{"guard"}, args...)...)
	if code != want {
		t.Fatalf("squash guard %s: exit %d, want %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, want, stdout, stderr)
	}
	return stdout
}

// TestGuardRoundTrip writes a budget, passes, adds an allocation at the top
// of a function (so that every line below it moves), fails naming only the
// new site, and passes again once it is removed.
func TestGuardRoundTrip(t *testing.T) {
	dir := guardModule(t)
	out := mustGuard(t, dir, exitClean, "-write", "-noalloc=false", "./...")
	if !strings.Contains(out, "wrote 2 budgets to ") {
		t.Errorf("-write said %q", out)
	}
	written, err := os.ReadFile(filepath.Join(dir, "squash.budget"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\nsquash budget v1\nbenchtime 100x\n",
		"\nexample.com/guard/dec BenchmarkCount 0 allocs/op 0 B/op\n",
		"\nexample.com/guard/dec BenchmarkDecode 4 allocs/op ",
		" allocs/op dec/dec.go:14 dec.Decode: parts := strings.Split(s, \",\")\n",
	} {
		if !strings.Contains(string(written), want) {
			t.Errorf("budget lacks %q:\n%s", want, written)
		}
	}
	out = mustGuard(t, dir, exitClean, "-noalloc=false", "./...")
	if !strings.Contains(out, "budgets: 0 over, 2 within") {
		t.Errorf("clean check said:\n%s", out)
	}

	src := filepath.Join(dir, "dec", "dec.go")
	orig, _ := os.ReadFile(src)
	edit(t, src, "func Decode(s string) []Record {\n", "func Decode(s string) []Record {\n\tkeep = []byte(s)\n")
	edit(t, src, `import "strings"`, "import \"strings\"\n\nvar keep []byte")
	out = mustGuard(t, dir, exitFindings, "-noalloc=false", "./...")
	for _, want := range []string{
		"FAIL example.com/guard/dec BenchmarkDecode: 5 allocs/op or more in all 5 runs, budget 4\n",
		"new site at least 1 allocs/op at dec/dec.go:16 dec.Decode\n",
		"keep = []byte(s)",
		"budgets: 1 over, 1 within",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("failing check lacks %q:\n%s", want, out)
		}
	}
	// The sites that only moved are not new.
	if strings.Contains(out, "strings.Split") || strings.Contains(out, "append(out") {
		t.Errorf("a site that only moved is reported:\n%s", out)
	}
	if strings.Contains(out, "::error") {
		t.Errorf("annotations outside GitHub Actions:\n%s", out)
	}

	if err := os.WriteFile(src, orig, 0o644); err != nil {
		t.Fatal(err)
	}
	mustGuard(t, dir, exitClean, "-noalloc=false", "./...")
}

// TestGuardRoundTripDecoder is the round trip on a copy of examples/decoder
// with the module around it: an allocation added to a benchmark's loop is
// named by its file:line.
func TestGuardRoundTripDecoder(t *testing.T) {
	roundTripExample(t, "decoder")
}

// The first benchmark loop of a package's tests, its benchmark, and the
// package clause of a file.
var (
	benchLoop   = regexp.MustCompile(`(?m)^(\s*)for (b\.Loop\(\)|range b\.N|i := 0; i < b\.N; i\+\+) \{\n`)
	benchFunc   = regexp.MustCompile(`(?m)^func (Benchmark\w*)\(b \*testing\.B\)`)
	packageLine = regexp.MustCompile(`(?m)^package \w+\n`)
)

// roundTripExample copies examples/NAME and the packages of the module it
// imports, with go.mod and go.sum, into a temporary module, and runs the
// round trip on its first benchmark that loops over b.Loop() or b.N.
func roundTripExample(t *testing.T, name string) {
	repo := filepath.Join(packageDir, "..", "..")
	rel := "examples/" + name
	if _, err := os.Stat(filepath.Join(repo, rel)); err != nil {
		t.Skipf("%s is not there yet", rel)
	}
	dir := t.TempDir()
	for _, f := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(repo, f))
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(dir, f), data, 0o644)
	}
	list := exec.Command("go", "list", "-deps", "-test", "-f", "{{if .Module}}{{if .Module.Main}}{{.Dir}}{{end}}{{end}}", "./"+rel)
	list.Dir = repo
	dirs, err := list.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	for d := range strings.FieldsSeq(string(dirs)) {
		r, err := filepath.Rel(repo, d)
		if err != nil || strings.HasPrefix(r, "..") {
			continue
		}
		entries, _ := os.ReadDir(d)
		os.MkdirAll(filepath.Join(dir, r), 0o755)
		for _, e := range entries {
			if e.Type().IsRegular() && strings.HasSuffix(e.Name(), ".go") {
				data, _ := os.ReadFile(filepath.Join(d, e.Name()))
				os.WriteFile(filepath.Join(dir, r, e.Name()), data, 0o644)
			}
		}
	}

	// The first benchmark loop of the package's tests, and its benchmark.
	tests, _ := filepath.Glob(filepath.Join(dir, rel, "*_test.go"))
	var file, benchmark string
	var orig, changed []byte
	line := 0
	for _, f := range tests {
		data, _ := os.ReadFile(f)
		m := benchLoop.FindSubmatchIndex(data)
		if m == nil {
			continue
		}
		funcs := benchFunc.FindAllSubmatchIndex(data[:m[0]], -1)
		if len(funcs) == 0 {
			continue
		}
		last := funcs[len(funcs)-1]
		file, orig, benchmark = f, data, string(data[last[2]:last[3]])
		line = strings.Count(string(data[:m[1]]), "\n") + 1
		added := string(data[m[2]:m[3]]) + "\tguardSink = append(guardSink, new([64]byte))\n"
		changed = []byte(string(data[:m[1]]) + added + string(data[m[1]:]))
		break
	}
	if file == "" {
		t.Fatalf("no benchmark loop (for b.Loop() or over b.N) in %s's tests", rel)
	}
	args := []string{"-noalloc=false", "-bench", "^" + benchmark + "$", "./" + rel}
	out := mustGuard(t, dir, exitClean, append([]string{"-write"}, args...)...)
	if !strings.Contains(out, "wrote ") {
		t.Fatalf("-write said %q", out)
	}
	mustGuard(t, dir, exitClean, args...)

	os.WriteFile(file, changed, 0o644)
	pkgLine := packageLine.Find(orig)
	sinkFile := filepath.Join(filepath.Dir(file), "guardsink_test.go")
	os.WriteFile(sinkFile, append(pkgLine, "\nvar guardSink []*[64]byte\n"...), 0o644)
	out = mustGuard(t, dir, exitFindings, args...)
	where := rel + "/" + filepath.Base(file) + ":" + strconv.Itoa(line)
	if !strings.Contains(out, "new site") || !strings.Contains(out, where) || !strings.Contains(out, "guardSink = append(guardSink, new([64]byte))") {
		t.Errorf("failing check does not name the new site %s:\n%s", where, out)
	}

	os.WriteFile(file, orig, 0o644)
	os.Remove(sinkFile)
	mustGuard(t, dir, exitClean, args...)
}

// budgetWith writes squash.budget into dir: the version line and lines.
func budgetWith(t *testing.T, dir string, lines ...string) {
	t.Helper()
	text := "squash budget v1\n" + strings.Join(lines, "\n") + "\n"
	if err := os.WriteFile(filepath.Join(dir, "squash.budget"), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const (
	countLine  = "example.com/guard/dec BenchmarkCount 0 allocs/op 0 B/op"
	decodeLine = "example.com/guard/dec BenchmarkDecode 4 allocs/op 232 B/op"
	splitSite  = "\t1 allocs/op dec/dec.go:14 dec.Decode: parts := strings.Split(s, \",\")"
	appendSite = "\t3 allocs/op dec/dec.go:17 dec.Decode: out = append(out, Record{Name: p, N: len(p)})"
)

// TestGuardSetupBytes: bytes a benchmark allocates once per run, spread
// over its iterations, fail no budget of a benchmark that allocates nothing
// per op; where ops allocate, more bytes per op still fail, with the same
// set-up around them.
func TestGuardSetupBytes(t *testing.T) {
	dir := guardModule(t)
	// 2 KiB once per call of the benchmark function: 20 B/op over 100
	// iterations, and no allocs/op.
	src := filepath.Join(dir, "dec", "setup_test.go")
	os.WriteFile(src, []byte(`package dec

import "testing"

var setup, perOp []byte

func BenchmarkSetup(b *testing.B) {
	setup = make([]byte, 2048)
	for range b.N {
	}
}

func BenchmarkSetupAndOps(b *testing.B) {
	setup = make([]byte, 2048)
	for range b.N {
		perOp = make([]byte, 64)
	}
}
`), 0o644)
	args := []string{"-noalloc=false", "-bench", "Setup", "./dec"}
	mustGuard(t, dir, exitClean, append([]string{"-write"}, args...)...)
	budgetFile := filepath.Join(dir, "squash.budget")
	// 20 B/op, or more when something else allocated during one of the
	// runs: the budget records the highest. The runtime starting a thread
	// (runtime.newm) in the first runs of a process adds about 5 KB, 53 B/op.
	data, err := os.ReadFile(budgetFile)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`BenchmarkSetup 0 allocs/op (\d+) B/op`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("the budget does not record BenchmarkSetup at 0 allocs/op:\n%s", data)
	}
	if n, _ := strconv.Atoi(string(m[1])); n < 20 || n >= 200 {
		t.Fatalf("the budget does not record BenchmarkSetup at 0 allocs/op and 20-199 B/op:\n%s", data)
	}
	edit(t, budgetFile, string(m[0]), "BenchmarkSetup 0 allocs/op 5 B/op")
	out := mustGuard(t, dir, exitClean, args...)
	if !strings.Contains(out, "budgets: 0 over, 2 within") {
		t.Errorf("set-up bytes failed a benchmark that allocates nothing per op:\n%s", out)
	}

	// 1024 more bytes per op: more than a stray thread's 53 B/op in the
	// highest run of -write could hide, and than the tolerance.
	edit(t, src, "perOp = make([]byte, 64)", "perOp = make([]byte, 1088)")
	out = mustGuard(t, dir, exitFindings, args...)
	// 1108 B/op against 84, give or take what else allocated.
	f := regexp.MustCompile(`FAIL example.com/guard/dec BenchmarkSetupAndOps: (\d+) B/op or more in all 5 runs, budget (\d+) \+ 10%`).FindStringSubmatch(out)
	if f == nil {
		t.Fatalf("more bytes per op passed:\n%s", out)
	}
	now, _ := strconv.Atoi(f[1])
	was, _ := strconv.Atoi(f[2])
	// Stray allocations can add to the budget, from -write's highest run.
	if now < 1108 || was < 84 || now-was < 1024-200 {
		t.Errorf("BenchmarkSetupAndOps: %d B/op against %d, want 1108 against 84 (1024 more per op):\n%s", now, was, out)
	}
}

// TestGuardWarmUpBytes: bytes that a benchmark's first ops allocate, and
// later ops do not (a cache filling), are in go test's B/op at 100
// iterations, and their growth fails the check. (A B/op taken from the
// difference of two profiles of N and N/4 iterations missed it.)
func TestGuardWarmUpBytes(t *testing.T) {
	dir := guardModule(t)
	os.Mkdir(filepath.Join(dir, "warm"), 0o755)
	src := filepath.Join(dir, "warm", "warm.go")
	os.WriteFile(src, []byte(`package warm

// Cache makes an entry the first time a key is asked for.
type Cache struct{ m map[int][]byte }

var entrySize = 64

// Get returns k's entry.
func (c *Cache) Get(k int) []byte {
	e, ok := c.m[k]
	if !ok {
		e = make([]byte, entrySize)
		c.m[k] = e
	}
	return e
}
`), 0o644)
	os.WriteFile(filepath.Join(dir, "warm", "warm_test.go"), []byte(`package warm

import "testing"

var (
	sink []byte
	key  *[4]int
)

func BenchmarkGet(b *testing.B) {
	c := &Cache{m: make(map[int][]byte, 1000)}
	for i := range b.N {
		key = &[4]int{i} // one allocation on every op
		sink = c.Get(i % 1000)
	}
}
`), 0o644)
	args := []string{"-noalloc=false", "./warm"}
	mustGuard(t, dir, exitClean, append([]string{"-write"}, args...)...)
	edit(t, src, "var entrySize = 64", "var entrySize = 1024")
	out := mustGuard(t, dir, exitFindings, args...)
	if !strings.Contains(out, "FAIL example.com/guard/warm BenchmarkGet: ") {
		t.Errorf("the grown entries passed:\n%s", out)
	}
}

func TestGuardCorruptBudget(t *testing.T) {
	dir := guardModule(t)
	for _, tc := range []struct {
		name   string
		budget []string
		want   string
	}{
		{"hand-edited", []string{countLine, "", "# a note", "example.com/guard/dec BenchmarkDecode four allocs/op 232 B/op"},
			"squash.budget:5: allocs/op must be a number that is not negative, not \"four\""},
		{"site before benchmark", []string{splitSite, countLine},
			"squash.budget:2: an indented site line comes before any benchmark line"},
		{"wrong file", []string{"module example.com/guard"}, "squash.budget:1: want \"squash budget v1\""},
		{"binary", []string{"\x00\x01binary"}, "squash.budget:1: want \"squash budget v1\" before anything else, found \"\\x00\\x01binary\": check that this is a squash budget, or delete it and record budgets with 'squash guard -write'\n"},
		{"bad benchtime", []string{"benchtime 0x", countLine},
			"squash.budget:2: benchtime \"0x\" is out of range, as a count of iterations must be at least 1x: fix the line, which squash guard -write must read to keep it\n"},
		{"benchtime neither", []string{"benchtime 1q", countLine},
			"squash.budget:2: benchtime \"1q\" is neither a duration (1s, 500ms) nor a count of iterations (100x): fix the line"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			budgetWith(t, dir, tc.budget...)
			if tc.name == "wrong file" || tc.name == "binary" {
				os.WriteFile(filepath.Join(dir, "squash.budget"), []byte(tc.budget[0]+"\n"), 0o644)
			}
			code, stdout, stderr := squash(t, dir, "guard", "./...")
			if code != exitError {
				t.Fatalf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, exitError, stdout, stderr)
			}
			if !strings.HasPrefix(stderr, "squash: ") || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
				t.Errorf("stderr = %q, want one line with %q", stderr, tc.want)
			}
			if stdout != "" {
				t.Errorf("stdout = %q on error", stdout)
			}
		})
	}
}

func TestGuardNoalloc(t *testing.T) {
	dir := guardModule(t)
	// No budget: the marked function alone is checked.
	code, stdout, stderr := squash(t, dir, "guard", "./...")
	if code != exitClean || !strings.Contains(stdout, "//squash:noalloc: 0 of 1 functions allocate") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "no squash.budget at ") || !strings.Contains(stderr, "checked //squash:noalloc only") {
		t.Errorf("stderr does not say the budget is missing: %q", stderr)
	}

	src := filepath.Join(dir, "dec", "dec.go")
	edit(t, src, "\treturn strings.Count(s, \",\") + 1", "\tkeep = []byte(s)\n\treturn strings.Count(s, \",\") + 1")
	edit(t, src, `import "strings"`, "import \"strings\"\n\nvar keep []byte")
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_WORKSPACE", filepath.Dir(dir))
	code, stdout, _ = squash(t, dir, "guard", "./...")
	if code != exitFindings {
		t.Fatalf("exit %d, want %d:\n%s", code, exitFindings, stdout)
	}
	ws := filepath.Base(dir)
	for _, want := range []string{
		"dec/dec.go:28:16: Count is //squash:noalloc but the compiler reports: ([]byte)(s) escapes to heap\n",
		"\tfrom keep = ([]byte)(s) (assign) at dec/dec.go:28\n",
		"//squash:noalloc: 1 of 1 functions allocate",
		"::error file=" + ws + "/dec/dec.go,line=28,col=16::Count is //squash:noalloc but the compiler reports: ([]byte)(s) escapes to heap\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
}

func TestGuardBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		dir  string // "": a copy of the guard module with a package that does not compile; "budgeted": a copy with budgets; "budgeted, plain": and a package with no test
		args []string
		want string

		benchmarked bool // the package that does not compile has a benchmark
	}{
		{name: "negative tolerance", dir: testMod, args: []string{"-tolerance", "-1", "./ok"}, want: "-tolerance must not be negative"},
		{name: "NaN tolerance", dir: testMod, args: []string{"-tolerance", "NaN", "./ok"}, want: "-tolerance must not be negative, NaN or infinite"},
		{name: "infinite tolerance", dir: testMod, args: []string{"-tolerance", "+Inf", "./ok"}, want: "-tolerance must not be negative, NaN or infinite"},
		{name: "nothing to guard", dir: testMod, args: []string{"./ok"}, want: "nothing to guard: no squash.budget at "},
		{name: "not a package", dir: testMod, args: []string{"./nopkg"}, want: "no Go files"},
		{name: ".go files", dir: testMod, args: []string{"ok/ok.go"}, want: "squash takes packages, not .go files: name the package's directory, ./ok"},
		// A check against a budget file that is not there checks nothing:
		// in CI, a misspelt -budget would turn the check off.
		{name: "budget named is missing", dir: "budgeted", args: []string{"-budget", "ci/typo.budget", "./..."},
			want: "-budget ci/typo.budget: no such file: check the path, or record budgets there with 'squash guard -write -budget ci/typo.budget ./...'"},
		{name: "no benchmark matches", dir: "budgeted", args: []string{"-bench", "NoSuch", "./..."}, want: `no benchmarks in example.com/guard/dec match -bench "NoSuch"`},
		// A package with no benchmark, budget or marked function would
		// read "budgets: 0 over, 0 within", as if it passed a check.
		{name: "nothing to guard in a package", dir: "budgeted, plain", args: []string{"./plain"}, want: "nothing to guard in ./plain: no benchmark, no budget and no function marked //squash:noalloc"},
		{name: "does not compile", args: []string{"./..."}, want: "example.com/guard/broken does not compile", benchmarked: true},
		{name: "does not compile, no test files", args: []string{"./..."}, want: "example.com/guard/broken does not compile"},
		{name: "bad count", dir: testMod, args: []string{"-count", "0", "./ok"}, want: "-count must be at least 1"},
		{name: "bad benchtime", dir: testMod, args: []string{"-benchtime", "0x", "./ok"}, want: `-benchtime "0x": a count of iterations must be at least 1x`},
		{name: "bad bench regexp", dir: testMod, args: []string{"-bench", "(", "./ok"}, want: `-bench "(": element 1, "(", is not a regexp`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if plain := tc.dir == "budgeted, plain"; plain || tc.dir == "budgeted" {
				tc.dir = guardModule(t)
				budgetWith(t, tc.dir, countLine, decodeLine)
				if plain {
					os.Mkdir(filepath.Join(tc.dir, "plain"), 0o755)
					os.WriteFile(filepath.Join(tc.dir, "plain", "plain.go"), []byte("package plain\n\n// N is a number.\nfunc N() int { return 1 }\n"), 0o644)
				}
			}
			if tc.dir == "" {
				tc.dir = guardModule(t)
				os.Mkdir(filepath.Join(tc.dir, "broken"), 0o755)
				os.WriteFile(filepath.Join(tc.dir, "broken", "broken.go"), []byte("package broken\n\nvar X int = \"not an int\"\n"), 0o644)
				if tc.benchmarked {
					os.WriteFile(filepath.Join(tc.dir, "broken", "broken_test.go"), []byte("package broken\n\nimport \"testing\"\n\nfunc BenchmarkX(b *testing.B) {}\n"), 0o644)
				}
				budgetWith(t, tc.dir, countLine, decodeLine)
			}
			code, stdout, stderr := squash(t, tc.dir, append([]string{"guard"}, tc.args...)...)
			if code != exitError {
				t.Errorf("exit %d, want %d", code, exitError)
			}
			first, _, _ := strings.Cut(stderr, "\n")
			if !strings.HasPrefix(first, "squash: ") || !strings.Contains(first, tc.want) {
				t.Errorf("stderr = %q, want squash: …%s…", stderr, tc.want)
			}
			if stdout != "" {
				t.Errorf("stdout = %q", stdout)
			}
		})
	}
}

// TestGuardFailingBenchmark: benchmarks that fail are an error, also when
// others pass: their budgets are neither judged nor written.
func TestGuardFailingBenchmark(t *testing.T) {
	dir := guardModule(t)
	os.Mkdir(filepath.Join(dir, "fails"), 0o755)
	os.WriteFile(filepath.Join(dir, "fails", "fails_test.go"), []byte("package fails\n\nimport \"testing\"\n\n"+
		"func BenchmarkOK(b *testing.B) {\n\tfor b.Loop() {\n\t}\n}\n\n"+
		"func BenchmarkFails(b *testing.B) {\n\tb.Fatal(\"the input file is missing\")\n}\n\n"+
		"func BenchmarkFailsToo(b *testing.B) {\n\tb.Fatal(\"no fixture\")\n}\n"), 0o644)
	for i, args := range [][]string{{"guard", "-write", "./..."}, {"guard", "./..."}} {
		if i == 1 {
			budgetWith(t, dir, countLine, decodeLine)
		}
		code, stdout, stderr := squash(t, dir, args...)
		if code != exitError {
			t.Errorf("%s: exit %d, want %d", args, code, exitError)
		}
		// Each failure on a line of squash's own that names the next
		// step, with go test's lines below it.
		first := "squash: benchmark BenchmarkFails failed in example.com/guard/fails: see its output below, or all of it with " +
			"'go test -run '^$' -bench '^BenchmarkFails$' -benchtime 100x example.com/guard/fails'\n"
		second := "\nsquash: benchmark BenchmarkFailsToo failed in example.com/guard/fails: see its output below, or all of it with " +
			"'go test -run '^$' -bench '^BenchmarkFailsToo$' -benchtime 100x example.com/guard/fails'\n"
		if !strings.HasPrefix(stderr, first) || !strings.Contains(stderr, "fails_test.go:11: the input file is missing") || !strings.Contains(stderr, second) {
			t.Errorf("%s: stderr = %q", args, stderr)
		}
		if stdout != "" {
			t.Errorf("%s: stdout = %q", args, stdout)
		}
		data, err := os.ReadFile(filepath.Join(dir, "squash.budget"))
		if i == 0 && err == nil {
			t.Errorf("%s: a budget was written:\n%s", args, data)
		} else if i == 1 && string(data) != "squash budget v1\n"+countLine+"\n"+decodeLine+"\n" {
			t.Errorf("%s: the budget changed:\n%s", args, data)
		}
	}
	// The command the error names shows the failure.
	cmd := exec.Command("go", "test", "-run", "^$", "-bench", "^BenchmarkFails$", "-benchtime", "100x", "example.com/guard/fails")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "the input file is missing") || strings.Contains(string(out), "BenchmarkFailsToo") {
		t.Errorf("%s: %v\n%s", cmd, err, out)
	}
}

// TestGuardWriteKeepsACorruptBudget: -write refuses a budget with a line
// it cannot read, naming the line, and changes nothing: it keeps every
// budget it does not measure, and would have dropped the line. Once the
// line is fixed, it writes; the check then reuses the budget's benchtime.
func TestGuardWriteKeepsACorruptBudget(t *testing.T) {
	dir := guardModule(t)
	os.Mkdir(filepath.Join(dir, "other"), 0o755)
	os.WriteFile(filepath.Join(dir, "other", "other_test.go"), []byte("package other\n\nimport \"testing\"\n\nfunc BenchmarkKept(b *testing.B) {}\n"), 0o644)
	file := filepath.Join(dir, "ci", "allocs.budget")
	os.Mkdir(filepath.Dir(file), 0o755)
	const kept = "example.com/guard/other BenchmarkKept 1 allocs/op 8 B/op"
	corrupt := "squash budget v1\nthis is not a budget line\n" + kept + "\n"
	os.WriteFile(file, []byte(corrupt), 0o644)
	code, stdout, stderr := squash(t, dir, "guard", "-budget", file, "-write", "-benchtime", "50x", "./dec")
	if code != exitError || stdout != "" {
		t.Fatalf("exit %d, want %d; stdout %q", code, exitError, stdout)
	}
	if want := file + ":2: want \"PACKAGE BENCHMARK N allocs/op N B/op\", found \"this is not a budget line\": fix the line"; !strings.Contains(stderr, want) {
		t.Errorf("stderr does not name the line: %q", stderr)
	}
	if data, _ := os.ReadFile(file); string(data) != corrupt {
		t.Errorf("-write changed the budget it refused:\n%s", data)
	}
	os.WriteFile(file, []byte("squash budget v1\n"+kept+"\n"), 0o644)
	code, stdout, stderr = squash(t, dir, "guard", "-budget", file, "-write", "-benchtime", "50x", "./dec")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "wrote 3 budgets to "+file) {
		t.Errorf("stdout = %q", stdout)
	}
	if _, err := os.Stat(filepath.Join(dir, "squash.budget")); err == nil {
		t.Error("-budget FILE also wrote squash.budget")
	}
	data, _ := os.ReadFile(file)
	if !strings.Contains(string(data), "\nbenchtime 50x\n") {
		t.Errorf("the budget does not record -benchtime 50x:\n%s", data)
	}
	if !strings.Contains(string(data), kept+"\n") {
		t.Errorf("the budget of a package not measured is gone:\n%s", data)
	}
	// The check reuses the budget's benchtime, and says so when told another.
	code, stdout, stderr = squash(t, dir, "guard", "-budget", file, "./dec")
	if code != exitClean || !strings.Contains(stdout, "budgets: 0 over, 2 within") || strings.Contains(stderr, "benchtime") {
		t.Errorf("check with -budget: exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	_, _, stderr = squash(t, dir, "guard", "-budget", file, "-benchtime", "100x", "./dec")
	if !strings.Contains(stderr, "was measured with -benchtime 50x, checking with 100x") {
		t.Errorf("no word on the other benchtime: %q", stderr)
	}
}

// TestGuardWriteConcurrently: two runs of -write on other packages of one
// module, at once, both land: each reads, merges and writes the budget
// under a lock, after measuring.
func TestGuardWriteConcurrently(t *testing.T) {
	dir := guardModule(t)
	os.Mkdir(filepath.Join(dir, "other"), 0o755)
	os.WriteFile(filepath.Join(dir, "other", "other_test.go"), []byte("package other\n\nimport \"testing\"\n\nvar sink []byte\n\nfunc BenchmarkMake(b *testing.B) {\n\tfor b.Loop() {\n\t\tsink = make([]byte, 64)\n\t}\n}\n"), 0o644)
	var wg sync.WaitGroup
	codes := make([]int, 2)
	for i, pkg := range []string{"./dec", "./other"} {
		wg.Go(func() {
			// Two processes, as two users would run them: squash's
			// in-process runs change the directory, which is the
			// process's.
			codes[i], _, _ = runSquash(t, dir, "guard", "-write", "-count", "1", "-benchtime", "20x", pkg)
		})
	}
	wg.Wait()
	data, _ := os.ReadFile(filepath.Join(dir, "squash.budget"))
	if codes[0] != exitClean || codes[1] != exitClean || !strings.Contains(string(data), "example.com/guard/dec BenchmarkDecode ") || !strings.Contains(string(data), "example.com/guard/other BenchmarkMake ") {
		t.Errorf("exits %v; the budget holds:\n%s", codes, data)
	}
}

// TestGuardNoallocUnbuilt: a marked function in a file that build
// constraints leave out (cespare/xxhash's pure Go Sum64 in xxhash_other.go,
// on amd64) is named as not checked, with the file's //go:build line, and
// checked when GOFLAGS' tags build it; it was passed over without a word.
func TestGuardNoallocUnbuilt(t *testing.T) {
	dir := guardModule(t)
	os.WriteFile(filepath.Join(dir, "dec", "slow.go"), []byte(`//go:build purego

package dec

var slowSink *int

// Slow allocates.
//
//squash:noalloc
func Slow(x int) int {
	y := x
	slowSink = &y
	return y
}
`), 0o644)
	t.Setenv("GITHUB_ACTIONS", "true")
	t.Setenv("GITHUB_WORKSPACE", filepath.Dir(dir))
	code, stdout, stderr := squash(t, dir, "guard", "-strict", "./...")
	if code != exitClean {
		t.Fatalf("exit %d, want %d: a function not in this build cannot be checked here, even with -strict\nstdout:\n%s\nstderr:\n%s", code, exitClean, stdout, stderr)
	}
	for _, want := range []string{
		"not checked: example.com/guard/dec.Slow, in dec/slow.go, which //go:build purego leaves out of this build: check it in a build that has the file, with GOOS, GOARCH or GOFLAGS=-tags=… set\n",
		"::warning file=" + filepath.Base(dir) + "/dec/slow.go:://squash:noalloc example.com/guard/dec.Slow not checked: its file is not in this build\n",
		"//squash:noalloc: 0 of 1 functions allocate, 1 not checked\n",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	t.Setenv("GOFLAGS", "-tags=purego")
	code, stdout, stderr = squash(t, dir, "guard", "./...")
	if code != exitFindings || !strings.Contains(stdout, "dec/slow.go:11:2: Slow is //squash:noalloc but the compiler reports: y escapes to heap") || strings.Contains(stdout, "not checked") {
		t.Errorf("with -tags=purego: exit %d, want %d, Slow's y reported and nothing unchecked:\n%s\n%s", code, exitFindings, stdout, stderr)
	}
}

// TestGuardRenamedUnderBench: a check with -bench reports a budget that
// its pattern selects and that did not run as gone, and -write with the same
// -bench drops it, as it drops a package that is gone. valyala/fastjson's
// BenchmarkMarshalTo, renamed BenchmarkMarshal, was checked with -bench
// 'Marshal/(small|medium)$': the new name was listed as not budgeted, with
// 'squash guard -write', and the old budget was passed over in silence.
func TestGuardRenamedUnderBench(t *testing.T) {
	dir := guardModule(t)
	mustGuard(t, dir, exitClean, "-write", "./...")
	file := filepath.Join(dir, "squash.budget")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, append(data, "example.com/guard/old BenchmarkOld 1 allocs/op 8 B/op\n"...), 0o644); err != nil {
		t.Fatal(err)
	}
	edit(t, filepath.Join(dir, "dec", "dec_test.go"), "func BenchmarkDecode(", "func BenchmarkDecodeAll(")

	out := mustGuard(t, dir, exitClean, "-bench", "Decode", "./...")
	for _, want := range []string{
		"new  example.com/guard/dec BenchmarkDecodeAll: 4 allocs/op 232 B/op, not in squash.budget: run 'squash guard -write -bench Decode ./...' to record it\n",
		"gone example.com/guard/dec BenchmarkDecode is in squash.budget but no longer exists: run 'squash guard -write -bench Decode ./...' to drop it\n",
		"gone example.com/guard/old BenchmarkOld is in squash.budget but no longer exists: run 'squash guard -write -bench Decode ./...' to drop it\n",
		"budgets: 0 over, 0 within, 1 not budgeted, 2 gone\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %q:\n%s", want, out)
		}
	}
	if out := mustGuard(t, dir, exitClean, "-bench", "Count", "./..."); strings.Contains(out, "gone example.com/guard/dec") {
		t.Errorf("-bench Count judges BenchmarkDecode, which it does not select:\n%s", out)
	}

	mustGuard(t, dir, exitClean, "-write", "-bench", "Decode", "./...")
	data, _ = os.ReadFile(file)
	for _, line := range []string{"dec BenchmarkCount ", "dec BenchmarkDecodeAll "} {
		if !strings.Contains(string(data), line) {
			t.Errorf("the budget lacks %q:\n%s", line, data)
		}
	}
	for _, line := range []string{"dec BenchmarkDecode ", "old BenchmarkOld"} {
		if strings.Contains(string(data), line) {
			t.Errorf("the budget keeps %q:\n%s", line, data)
		}
	}
	if out := mustGuard(t, dir, exitClean, "-bench", "Decode", "./..."); !strings.Contains(out, "budgets: 0 over, 1 within\n") {
		t.Errorf("after -write:\n%s", out)
	}
}

// TestGuardFlippingBytes: a benchmark whose B/op differs from run to run
// (a pooled object that survives a collection in some runs and not in
// others) passes on an unchanged tree. Each run is a process of its own,
// -write records the second highest of the runs, and the check fails only
// when every run is over: here the runs of -write are mostly small and
// those of the check mostly big, which compared median with median failed.
// One big run in -write's five is a stray, not recorded; big in every run
// of the check then fails.
func TestGuardFlippingBytes(t *testing.T) {
	dir := guardModule(t)
	os.Mkdir(filepath.Join(dir, "flip"), 0o755)
	os.WriteFile(filepath.Join(dir, "flip", "flip_test.go"), []byte(`package flip

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

var (
	sink []byte
	runs int
)

// BenchmarkFlip allocates 16 or 4096 bytes an op: in the k-th process that
// runs it, 4096 when the k-th byte of the file "sizes" is B. The file "runs"
// has the process of each timed run (not the one-iteration run that
// precedes each).
func BenchmarkFlip(b *testing.B) {
	big := false
	if b.N > 1 {
		data, _ := os.ReadFile("runs")
		data = fmt.Appendf(data, "%d\n", os.Getpid())
		os.WriteFile("runs", data, 0o644)
		runs = len(slices.Compact(strings.Fields(string(data))))
		sizes, _ := os.ReadFile("sizes")
		big = runs <= len(sizes) && sizes[runs-1] == 'B'
	}
	n := 16
	if big {
		n = 4096
	}
	for range b.N {
		sink = make([]byte, n)
	}
}
`), 0o644)
	sizes := filepath.Join(dir, "flip", "sizes")
	runs := filepath.Join(dir, "flip", "runs")
	args := []string{"-noalloc=false", "-count", "5", "./flip"}
	// The timing runs count; the recording runs, which come after, are
	// past the end of sizes: small.
	setSizes := func(s string) {
		os.WriteFile(sizes, []byte(s), 0o644)
		os.Remove(runs)
	}
	budgetFile := filepath.Join(dir, "squash.budget")
	// 4096 B/op or 16, and the file reads spread over 100 ops.
	recorded := func(big bool) {
		t.Helper()
		want := `example.com/guard/flip BenchmarkFlip 1 allocs/op \d\d B/op`
		if big {
			want = `example.com/guard/flip BenchmarkFlip 1 allocs/op 4[01]\d\d B/op`
		}
		if b, _ := os.ReadFile(budgetFile); !regexp.MustCompile(want).Match(b) {
			t.Errorf("the budget does not match %s:\n%s", want, b)
		}
	}
	setSizes("SSSBB")
	mustGuard(t, dir, exitClean, append([]string{"-write"}, args...)...)
	recorded(true)
	// Each timing run in a process of its own: runs in one process carry
	// the collector's state.
	if pids := strings.Fields(readFile(t, runs)); len(pids) < 5 || len(slices.Compact(slices.Clone(pids[:5]))) != 5 {
		t.Errorf("the timing runs ran in these processes: %v", pids)
	}
	setSizes("BBBBS")
	mustGuard(t, dir, exitClean, args...)

	setSizes("SSSSB")
	mustGuard(t, dir, exitClean, append([]string{"-write"}, args...)...)
	recorded(false)
	setSizes("BBBBB")
	if out := mustGuard(t, dir, exitFindings, args...); !regexp.MustCompile(`FAIL example.com/guard/flip BenchmarkFlip: 4[01]\d\d B/op or more in all 5 runs, budget \d\d \+ 10%`).MatchString(out) {
		t.Errorf("big in every run:\n%s", out)
	}
}

// readFile returns the contents of file, or "" if it cannot be read.
func readFile(t *testing.T, file string) string {
	t.Helper()
	data, _ := os.ReadFile(file)
	return string(data)
}

// TestGuardOnlyUnchecked: a module without a budget whose marked functions
// are all out of this build, or whose only directive is a near miss, has
// something to guard. The first said 'nothing to guard: … no function
// marked //squash:noalloc' and exited 2 (a CI job on amd64 of a module
// that marks only its pure Go fallback), and the second hid the near miss
// that the check exists to report behind that line.
func TestGuardOnlyUnchecked(t *testing.T) {
	for _, tc := range []struct {
		name, file, text string
		code             int
		want             string
	}{
		{"unbuilt", "slow.go", "//go:build purego\n\npackage m\n\n//squash:noalloc\nfunc Slow() {}\n", exitClean,
			"not checked: example.com/m.Slow, in slow.go, which //go:build purego leaves out of this build"},
		{"near miss", "m.go", "package m\n\n// squash:noalloc\nfunc F() {}\n", exitFindings,
			"m.go:3:1: // squash:noalloc, with a blank after //, is a comment, not a directive: write //squash:noalloc"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.22\n"), 0o644)
			os.WriteFile(filepath.Join(dir, "doc.go"), []byte("package m\n"), 0o644)
			os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.text), 0o644)
			t.Setenv("GOFLAGS", "")
			code, stdout, stderr := squash(t, dir, "guard", ".")
			if code != tc.code || !strings.Contains(stdout, tc.want) {
				t.Errorf("exit %d, want %d, and stdout with %q:\nstdout:\n%s\nstderr:\n%s", code, tc.code, tc.want, stdout, stderr)
			}
		})
	}
}

// TestGuardSkipped: a budgeted benchmark that skips itself (golang/snappy's
// without their testdata) is named as skipped, with what it logged, and
// its budget is kept by -write. It was said to be gone, 'run squash guard
// -write to drop it', which dropped it.
func TestGuardSkipped(t *testing.T) {
	dir := guardModule(t)
	os.WriteFile(filepath.Join(dir, "dec", "skip_test.go"), []byte(skipping("dec", `Decode("a,b")`)), 0o644)
	budgetFile := filepath.Join(dir, "squash.budget")
	mustGuard(t, dir, exitClean, "-write", "-noalloc=false", "-count", "1", "-bench", "Data|Count", "./...")
	t.Setenv("GUARD_TEST_NODATA", "1")
	for _, args := range [][]string{{"-bench", "Data|Count"}, nil} {
		write := "./..."
		if args != nil {
			write = "-bench 'Data|Count' ./..."
		}
		out := mustGuard(t, dir, exitClean, append([]string{"-noalloc=false", "-count", "1"}, append(args, "./...")...)...)
		for _, want := range []string{
			"skip example.com/guard/dec BenchmarkData skipped itself (skip_test.go:10: no data): its budget is not checked, and 'squash guard -write " + write + "' keeps it\n",
			", 1 skipped\n",
		} {
			if !strings.Contains(out, want) || strings.Contains(out, "gone") {
				t.Errorf("%q: stdout lacks %q, or says gone:\n%s", args, want, out)
			}
		}
	}
	_, _, stderr := squash(t, dir, "guard", "-write", "-noalloc=false", "-count", "1", "./...")
	data, err := os.ReadFile(budgetFile)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "example.com/guard/dec BenchmarkData ") || !strings.Contains(stderr, "kept the budget of example.com/guard/dec BenchmarkData, which skipped itself (skip_test.go:10: no data)") {
		t.Errorf("-write dropped the skipped benchmark's budget, or said nothing:\n%s\nstderr:\n%s", data, stderr)
	}

	// A package whose every benchmark skipped itself is an error, as
	// under -bench: without -bench its budgets were all 'gone', and
	// -write dropped them.
	os.Mkdir(filepath.Join(dir, "only"), 0o755)
	os.WriteFile(filepath.Join(dir, "only", "only.go"), []byte("package only\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "only", "only_test.go"), []byte(skipping("only", "")), 0o644)
	t.Setenv("GUARD_TEST_NODATA", "")
	mustGuard(t, dir, exitClean, "-write", "-noalloc=false", "-count", "1", "./only")
	t.Setenv("GUARD_TEST_NODATA", "1")
	before, _ := os.ReadFile(budgetFile)
	for _, args := range [][]string{{"./only"}, {"-write", "./only"}} {
		code, stdout, stderr := squash(t, dir, append([]string{"guard", "-noalloc=false", "-count", "1"}, args...)...)
		if code != exitError || !strings.Contains(stderr, "no benchmarks ran in example.com/guard/only: BenchmarkData skipped itself (only_test.go:10: no data)") {
			t.Errorf("%q: exit %d, want %d and the skip named:\nstdout:\n%s\nstderr:\n%s", args, code, exitError, stdout, stderr)
		}
	}
	if after, _ := os.ReadFile(budgetFile); !bytes.Equal(before, after) || !strings.Contains(string(after), "example.com/guard/only BenchmarkData ") {
		t.Errorf("the budget changed, or lacks only's:\n%s\nnow\n%s", before, after)
	}
}

// skipping returns a test file of package pkg whose BenchmarkData skips
// itself at line 10 when GUARD_TEST_NODATA is set, and runs op otherwise.
func skipping(pkg, op string) string {
	return "package " + pkg + `

import (
	"os"
	"testing"
)

func BenchmarkData(b *testing.B) {
	if os.Getenv("GUARD_TEST_NODATA") != "" {
		b.Skip("no data")
	}
	for b.Loop() {
		` + op + `
	}
}
`
}

// TestGuardNoTestFiles: a -bench in a package without test files says that
// no benchmark matches, in guard's words: report's said 'or pass -profile
// FILE', which guard has not (klauspost/compress's internal/le).
func TestGuardNoTestFiles(t *testing.T) {
	dir := guardModule(t)
	budgetWith(t, dir, countLine)
	os.Mkdir(filepath.Join(dir, "notest"), 0o755)
	os.WriteFile(filepath.Join(dir, "notest", "n.go"), []byte("package notest\n"), 0o644)
	code, _, stderr := squash(t, dir, "guard", "-noalloc=false", "-bench", "X", "./notest")
	want := `squash: no benchmarks in example.com/guard/notest match -bench "X": run 'go test -list . example.com/guard/notest' to see them` + "\n"
	if code != exitError || stderr != want {
		t.Errorf("exit %d, stderr %q; want %d, %q", code, stderr, exitError, want)
	}
}

// TestGuardFormats: -json and -format sarif print the whole check: a
// noalloc violation, a benchmark over budget, one without a budget and one
// gone. The SARIF log is valid, and places a result with no site of its
// own at the benchmark's line of the budget. -write -json says what it
// wrote.
func TestGuardFormats(t *testing.T) {
	dir := guardModule(t)
	src := filepath.Join(dir, "dec", "dec.go")
	edit(t, src, "\treturn strings.Count(s, \",\") + 1", "\tkeep = []byte(s)\n\treturn strings.Count(s, \",\") + 1")
	edit(t, src, `import "strings"`, "import \"strings\"\n\nvar keep []byte")
	budgetWith(t, dir, "example.com/guard/dec BenchmarkDecode 3 allocs/op 232 B/op", splitSite, appendSite,
		"example.com/guard/dec BenchmarkGone 0 allocs/op 0 B/op")

	code, stdout, stderr := squash(t, dir, "guard", "-count", "1", "-json", "./...")
	var check struct {
		Budget  string
		Failed  bool
		Noalloc struct {
			Functions  int
			Violations []struct {
				File     string
				Line     int
				Function string
			}
		}
		Over []struct {
			Name              string
			AllocsPerOp       float64 `json:"allocs_per_op"`
			BudgetAllocsPerOp float64 `json:"budget_allocs_per_op"`
			AllocsOver        bool    `json:"allocs_over"`
		}
		Unbudgeted, Gone []struct{ Name string }
		Write            string
	}
	if err := json.Unmarshal([]byte(stdout), &check); err != nil || code != exitFindings {
		t.Fatalf("-json: exit %d, %v\nstdout:\n%s\nstderr:\n%s", code, err, stdout, stderr)
	}
	if !check.Failed || check.Budget != "squash.budget" || check.Noalloc.Functions != 1 || len(check.Noalloc.Violations) != 1 ||
		check.Noalloc.Violations[0].File != "dec/dec.go" || check.Noalloc.Violations[0].Function != "Count" {
		t.Errorf("-json: %+v", check)
	}
	if len(check.Over) != 1 || check.Over[0].Name != "BenchmarkDecode" || check.Over[0].AllocsPerOp != 4 || check.Over[0].BudgetAllocsPerOp != 3 || !check.Over[0].AllocsOver {
		t.Errorf("-json over: %+v", check.Over)
	}
	if len(check.Unbudgeted) != 1 || check.Unbudgeted[0].Name != "BenchmarkCount" || len(check.Gone) != 1 || check.Gone[0].Name != "BenchmarkGone" || check.Write != "squash guard -write ./..." {
		t.Errorf("-json: unbudgeted %+v, gone %+v, write %q", check.Unbudgeted, check.Gone, check.Write)
	}

	code, stdout, _ = squash(t, dir, "guard", "-count", "1", "-format", "sarif", "./...")
	if code != exitFindings {
		t.Fatalf("-format sarif: exit %d\n%s", code, stdout)
	}
	sariftest.Validate(t, []byte(stdout))
	var log struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil {
		t.Fatal(err)
	}
	got := slices.Grow[[]string](nil, len(log.Runs[0].Results))
	for _, r := range log.Runs[0].Results {
		loc := r.Locations[0].PhysicalLocation
		got = append(got, fmt.Sprintf("%s %s:%d", r.RuleID, loc.ArtifactLocation.URI, loc.Region.StartLine))
	}
	want := []string{"noalloc dec/dec.go:28", "budget squash.budget:2", "unbudgeted squash.budget:0", "gone squash.budget:5"}
	if !slices.Equal(got, want) {
		t.Errorf("SARIF results %q, want %q", got, want)
	}

	code, stdout, _ = squash(t, dir, "guard", "-write", "-count", "1", "-json", "./...")
	var wrote struct {
		Budget            string
		Budgets, Measured int
	}
	if err := json.Unmarshal([]byte(stdout), &wrote); err != nil || code != exitClean || wrote.Budgets != 2 || wrote.Measured != 2 || !strings.HasSuffix(wrote.Budget, "squash.budget") {
		t.Errorf("-write -json: exit %d, %v, %+v\n%s", code, err, wrote, stdout)
	}
	if code, _, stderr := squash(t, dir, "guard", "-write", "-format", "sarif", "./..."); code != exitError || stderr != "squash: -format sarif reports a check, and -write records budgets: drop one\n" {
		t.Errorf("-write -format sarif: exit %d, stderr %q", code, stderr)
	}
}
