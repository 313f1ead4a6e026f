package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// decoderLine returns the number of the line of examples/decoder/decoder.go
// that holds code, so that the tests that explain its lines follow edits
// of the example above them.
func decoderLine(t *testing.T, code string) int {
	t.Helper()
	src, err := os.ReadFile("../../examples/decoder/decoder.go")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(src), "\n") {
		if strings.TrimSpace(l) == code {
			return i + 1
		}
	}
	t.Fatalf("no line of examples/decoder/decoder.go is %q", code)
	return 0
}

func TestExplain(t *testing.T) {
	conv := decoderLine(t, "s := string(b)")
	read := decoderLine(t, "b, err := io.ReadAll(r)")
	n := func(format string, lines ...int) string {
		args := make([]any, len(lines))
		for i, l := range lines {
			args[i] = l
		}
		return fmt.Sprintf(format, args...)
	}
	for _, tc := range []struct {
		name, dir, arg string
		want           []string
	}{
		{"escape with its flow", "../..", n("examples/decoder/decoder.go:%d", conv), []string{
			n("examples/decoder/decoder.go:%d: s := string(b)", conv),
			n("%d:14: escape: string(b) escapes to heap", conv),
			n("    flow: s ← &{storage for string(b)}  (%d:14)", conv),
			n("      from strings.genSplit(strings.s, strings.sep, 0, -1) (call parameter)  (%d:25 ← ", conv+1),
		}},
		{"inlined copies", "../../internal/escape/testdata/inl", "inl.go:11", []string{
			"inl.go:11: return &T{a: a}",
			"11:9: escape: &T{...} escapes to heap",
			"11:9 inlined into 25:11: escape: &T{...} escapes to heap",
			"      from sink = ~r0 (assign)  (25:7)",
		}},
		{"a make without a record", "../../internal/escape/testdata/inl", "local.go:7", []string{
			"local.go:7: seen := make([]bool, n)\n  7: no escape record\n    make allocates its backing array (runtime.makeslice): with no escape record for it, a make that does not escape still goes to the heap when its size is not a constant and is over 32 bytes\n",
			"\n  inlined into inl_test.go:21: no escape record\n    make allocates its backing array (runtime.makeslice): with no escape record for it, a make",
		}},
		{"a make of a named type, read with the types", "../../internal/escape/testdata/inl", "local.go:27-28", []string{
			"local.go:27: seen := make(Flags, n)\n  27: no escape record\n    make allocates its backing array (runtime.makeslice): with no escape record for it, a make that does not escape still goes to the heap when its size is not a constant and is over 32 bytes\n",
			"local.go:28: set := make(Set, n)\n  28: no escape record\n    map allocated (runtime.makemap): with no escape record for it, a map that does not escape still gets its table from the heap when made for more than 8 entries\n",
		}},
		// keyOf's string escapes compiled alone and inlined into Remember,
		// and not in the copy inlined into KeyLength, which the benchmark
		// inlines: the report blames that copy's allocation on the size rule.
		{"a copy inlined with no record", "../../internal/report/testdata/why", "why.go:324", []string{
			"why.go:324: return string(b)\n  324:16: escape: string(b) escapes to heap\n",
			"  324:16 inlined into 336:20: escape: string(b) escapes to heap\n",
			"  inlined into why_test.go:222 ← 329: no escape record\n    string conversion copies the bytes (runtime.slicebytetostring): with no escape record for it, a result that does not escape still goes to the heap when it is longer than 32 bytes\n",
		}},
		{"a compiler's temporary converted to an interface", "../../internal/escape/testdata/inl", "local.go:54-55", []string{
			"local.go:54: g, err = parseSquare(side)\n  54:9: escape: .autotmp_4 escapes to heap\n    the compiler's temporary for a value this line converts to an interface (a call's result assigned to an interface variable or returned as one, or a comma-ok's value): the conversion copies it to the heap (runtime.convT*)\n    flow: ",
			"local.go:55: shapeSink = g\n  flows through here from 54:9: escape: .autotmp_4 escapes to heap\n    flow: ",
		}},
		// greeting's record reads as if the variable escaped: it is its
		// value's copy in the interface that fmt.Fprint takes.
		{"a package-level variable converted to an interface", "../../internal/report/testdata/why", "why.go:384", []string{
			"why.go:384: fmt.Fprint(w, greeting)\n  384:16: escape: greeting escapes to heap\n    greeting goes into an interface here: the conversion copies its value to the heap (runtime.convT*), and greeting itself stays where it is\n    as a const, greeting would go into the interface with no copy: nothing in its package assigns it\n",
		}},
		{"a range without decisions", "../..", n("examples/decoder/decoder.go:%d-%d", read+1, read+2), []string{
			n("examples/decoder/decoder.go:%d: if err != nil {\n  no compiler decision on this line\n\nexamples/decoder/decoder.go:%d: return nil, err\n  no compiler decision on this line\n", read+1, read+2),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := squash(t, tc.dir, "explain", tc.arg)
			if code != exitClean {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			for _, w := range tc.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("output lacks %q:\n%s", w, stdout)
				}
			}
		})
	}
}

// TestExplainStandardLibrary explains a line of strconv, whose GOROOT is
// read-only for the build: only the build cache is written.
func TestExplainStandardLibrary(t *testing.T) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(strings.TrimSpace(string(out)), "src", "strconv", "quote.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	line := 0
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "return string(appendQuotedWith(make([]byte, 0, 3*len(s)/2)") {
			line = i + 1
			break
		}
	}
	if line == 0 {
		t.Skip("this Go's strconv has no quoteWith line to explain")
	}
	code, stdout, stderr := squash(t, ".", "explain", file+":"+itoa(line))
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, w := range []string{"strconv/quote.go:" + itoa(line) + ": return string(", "escape: string(appendQuotedWith(", "escapes to heap", "inlined into"} {
		if !strings.Contains(stdout, w) {
			t.Errorf("output lacks %q:\n%.2000s", w, stdout)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestExplainVetRejects: explain builds a package whose tests go vet
// rejects, as go test -c would not: what vet says does not change what the
// compiler decided.
func TestExplainVetRejects(t *testing.T) {
	code, stdout, stderr := squash(t, testMod, "explain", "vetfails/vetfails.go:5")
	if code != exitClean || !strings.Contains(stdout, "escape: make([]byte, 64) escapes to heap") {
		t.Errorf("exit %d, stdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

func TestExplainBadInput(t *testing.T) {
	for _, tc := range []struct{ arg, want string }{
		{"", "explain needs FILE:LINE or FILE:LINE-LINE"},
		{"ok/ok.go:3 extra", "explain takes one FILE:LINE[-LINE], not 2 arguments: ok/ok.go:3 extra"},
		{"nosuch.go:1", "cannot read nosuch.go: no such file or directory"},
		{"go.mod:1", "go.mod is not a Go file"},
		{"ok/ok.go:999", "ok/ok.go has lines 1 to 14; line 999 is out of range"},
		{"ok/ok.go:10-20", "ok/ok.go has lines 1 to 14; lines 10-20 are out of range"},
		{"ok/ok.go:3-1", "ok/ok.go:3-1 runs backwards: give ok/ok.go:1-3"},
		{"ok/ok.go:x", `is not FILE:LINE or FILE:LINE-LINE: "x" is not a line number`},
		{"ok/ok.go", "is not FILE:LINE"},
		{"broken/broken.go:5", "example.com/sq/broken does not compile:"},
		{"ok/ok_plan9.go:6", "ok/ok_plan9.go is left out of the build by its build constraints (//go:build plan9, for GOOS="},
		{"ok/ok_tagged.go:6", "ok/ok_tagged.go is left out of the build by its build constraints (//go:build squashtagged, for GOOS="},
		{"ok/ok_tagged.go:6", "or the build tags (GOFLAGS=-tags=…), that select it"},
	} {
		code, stdout, stderr := squash(t, testMod, append([]string{"explain"}, strings.Fields(tc.arg)...)...)
		first, _, _ := strings.Cut(stderr, "\n")
		if code != exitError || stdout != "" || !strings.HasPrefix(first, "squash: ") || !strings.Contains(first, tc.want) {
			t.Errorf("explain %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.arg, code, stdout, stderr, tc.want)
		}
	}
}

// TestExplainGeneric: a generic function's body is decided on where it is
// instantiated. explain of the function's own package says so, and -in
// with a package that instantiates it shows the decisions.
func TestExplainGeneric(t *testing.T) {
	dir := newModule(t, "example.com/gen")
	os.Mkdir(filepath.Join(dir, "g"), 0o755)
	os.WriteFile(filepath.Join(dir, "g", "g.go"), []byte("package g\n\n// Box holds a value.\ntype Box[T any] struct{ V T }\n\n// Sink keeps what escapes.\nvar Sink any\n\n// Keep boxes v.\nfunc Keep[T any](v T) {\n\tSink = &Box[T]{V: v}\n}\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "u.go"), []byte("package gen\n\nimport \"example.com/gen/g\"\n\n// Use keeps a string.\nfunc Use(s string) { g.Keep(s) }\n"), 0o644)
	code, out, errs := runSquash(t, dir, "explain", "g/g.go:11")
	if code != exitClean || !strings.Contains(out, "in a generic function: the compiler decides on its body in the packages that instantiate it (name one with -in)") {
		t.Errorf("explain g/g.go:11: exit %d, stderr %q:\n%s", code, errs, out)
	}
	code, out, errs = runSquash(t, dir, "explain", "-in", ".", "g/g.go:11")
	if code != exitClean || !strings.Contains(out, "&g.Box[go.shape.string]{...} escapes to heap") {
		t.Errorf("explain -in . g/g.go:11: exit %d, stderr %q:\n%s", code, errs, out)
	}
	// Instantiated in the package built: its closing brace has no decision,
	// and no note sends the user to -in; its declaration's inlining
	// records, of a shape and of a wrapper, say that they may differ.
	code, out, errs = runSquash(t, dir, "explain", "-in", ".", "g/g.go:10-12")
	if code != exitClean || strings.Contains(out, "name one with -in") || strings.Count(out, "decides once for each shape and for each instantiation's wrapper") != 1 {
		t.Errorf("explain -in . g/g.go:10-12: exit %d, stderr %q:\n%s", code, errs, out)
	}
	os.Mkdir(filepath.Join(dir, "other"), 0o755)
	os.WriteFile(filepath.Join(dir, "other", "o.go"), []byte("package other\n\n// Two is 2.\nfunc Two() int { return 2 }\n"), 0o644)
	code, _, errs = runSquash(t, dir, "explain", "-in", "./...", "g/g.go:11")
	if code != exitError || errs != "squash: -in ./... names 3 packages: name one, which uses g.go\n" {
		t.Errorf("explain -in ./...: exit %d, stderr %q", code, errs)
	}
	// A package that does not import g compiles nothing of g.go: not "no
	// compiler decision on this line".
	code, out, errs = runSquash(t, dir, "explain", "-in", "./other", "g/g.go:11")
	if code != exitError || out != "" || errs != "squash: -in ./other does not import example.com/gen/g, which holds g.go, even in its tests: building it compiles nothing of that file; name a package that uses it\n" {
		t.Errorf("explain -in ./other: exit %d, stdout %q, stderr %q", code, out, errs)
	}
}

// TestExplainNoTestFiles: a package without test files has no binary to
// read its inlined copies from; explain says so under a line whose code
// may allocate without a record, rather than list none.
func TestExplainNoTestFiles(t *testing.T) {
	dir := newModule(t, "example.com/nt")
	os.WriteFile(filepath.Join(dir, "nt.go"), []byte("package nt\n\n// Count makes a slice of a size known at run time.\nfunc Count(n int) int {\n\ts := make([]int, n)\n\treturn len(s)\n}\n"), 0o644)
	code, out, errs := squash(t, dir, "explain", "nt.go:5")
	if code != exitClean || !strings.Contains(out, "  5: no escape record\n    make allocates its backing array (runtime.makeslice): with no escape record for it") ||
		!strings.HasSuffix(out, "  copies of this line inlined elsewhere with no escape record are not listed: the package has no test files, and so no binary to read them from\n") {
		t.Errorf("explain nt.go:5: exit %d, stderr %q:\n%s", code, errs, out)
	}
}

// TestExplainJSON: -json gives each line's decisions with their places
// relative to the module root, and the notes and flow that the text
// prints, from any directory of the module.
func TestExplainJSON(t *testing.T) {
	conv := decoderLine(t, "s := string(b)")
	code, stdout, stderr := squash(t, "../../examples", "explain", "-json", fmt.Sprintf("decoder/decoder.go:%d", conv))
	var e struct {
		Package, File string
		Lines         []struct {
			Line int
			Code string
			Here []struct {
				Code, Message, Pos string
				Flow               []string
			}
			Unrecorded string
		}
	}
	if err := json.Unmarshal([]byte(stdout), &e); code != exitClean || err != nil {
		t.Fatalf("exit %d, %v\nstdout:\n%s\nstderr:\n%s", code, err, stdout, stderr)
	}
	if e.Package != "github.com/squashgo/squash/examples/decoder" || e.File != "examples/decoder/decoder.go" || len(e.Lines) != 1 {
		t.Fatalf("%+v", e)
	}
	l := e.Lines[0]
	if l.Line != conv || l.Code != "s := string(b)" || len(l.Here) != 1 || l.Here[0].Message != "string(b) escapes to heap" ||
		l.Here[0].Pos != fmt.Sprintf("examples/decoder/decoder.go:%d:14", conv) || len(l.Here[0].Flow) == 0 || !strings.Contains(l.Unrecorded, "runtime.slicebytetostring") {
		t.Errorf("line: %+v", l)
	}
}
