package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/gotool"
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
			"local.go:7: seen := make([]bool, n)\n  no compiler decision on this line\n  with no escape record for it, a make that does not escape still goes to the heap when its size is not a constant and is over 32 bytes\n",
		}},
		{"a make of a named type, read with the types", "../../internal/escape/testdata/inl", "local.go:27-28", []string{
			"local.go:27: seen := make(Flags, n)\n  no compiler decision on this line\n  with no escape record for it, a make that does not escape still goes to the heap when its size is not a constant and is over 32 bytes\n",
			"local.go:28: set := make(Set, n)\n  no compiler decision on this line\n  with no escape record for it, a map that does not escape still gets its table from the heap when made for more than 8 entries\n",
		}},
		{"a compiler's temporary converted to an interface", "../../internal/escape/testdata/inl", "local.go:54-55", []string{
			"local.go:54: g, err = parseSquare(side)\n  54:9: escape: .autotmp_4 escapes to heap\n    the compiler's temporary for a value this line converts to an interface (a call's result assigned to an interface variable or returned as one, or a comma-ok's value): the conversion copies it to the heap (runtime.convT*)\n    flow: ",
			"local.go:55: shapeSink = g\n  flows through here from 54:9: escape: .autotmp_4 escapes to heap\n    flow: ",
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

func TestParseLocation(t *testing.T) {
	for _, tc := range []struct {
		arg      string
		file     string
		from, to int
		ok       bool
	}{
		{"a.go:3", "a.go", 3, 3, true},
		{"dir/a.go:3-9", "dir/a.go", 3, 9, true},
		{"C:/x/a.go:12", "C:/x/a.go", 12, 12, true},
		{"a.go", "", 0, 0, false},
		{":3", "", 0, 0, false},
		{"a.go:", "", 0, 0, false},
		{"a.go:3-", "", 0, 0, false},
		{"a.go:x-3", "", 0, 0, false},
	} {
		file, from, to, err := parseLocation(tc.arg)
		if (err == nil) != tc.ok || tc.ok && (file != tc.file || from != tc.from || to != tc.to) {
			t.Errorf("parseLocation(%q) = %q, %d, %d, %v", tc.arg, file, from, to, err)
		}
	}
}

func FuzzParseLocation(f *testing.F) {
	for _, s := range []string{"a.go:3", "a.go:3-9", "::", "a.go:-1", "a.go:99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		file, from, to, err := parseLocation(arg)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans lines: %q", err)
			}
			return
		}
		if file == "" || !strings.HasPrefix(arg, file+":") {
			t.Fatalf("parseLocation(%q) gave file %q", arg, file)
		}
		_ = from + to
	})
}

// TestPrintExplanationNoPlace: a flow step the compiler gives no place is
// printed without an empty one ("(:0:0)"), or the one its JSON writes,
// file://__unnamed__ at line 0 (zerolog's var buf bytes.Buffer read
// "flow: {heap} ← *{temp}  (__unnamed__:0)").
func TestPrintExplanationNoPlace(t *testing.T) {
	at := escape.Position{File: "/m/a.go", Line: 3, Col: 9}
	e := &escape.Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []escape.Line{{
		Line: 3, Code: "return string(b)",
		Here: []escape.Record{{Code: "escape", Message: "string(b) escapes to heap", Pos: at, Flow: []escape.Step{
			{Text: "flow: {temp} ← {temp}"},
			{Text: "from string(b) (spill)", Pos: at},
			{Text: "flow: {heap} ← *{temp}", Pos: escape.Position{File: "__unnamed__"}},
		}}},
	}}}
	var out strings.Builder
	printExplanation(&out, e)
	want := "a.go:3: return string(b)\n  3:9: escape: string(b) escapes to heap\n    flow: {temp} ← {temp}\n      from string(b) (spill)  (3:9)\n    flow: {heap} ← *{temp}\n"
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
}

// TestPrintExplanationFree: a record of a value that is not allocated says
// so under its message.
func TestPrintExplanationFree(t *testing.T) {
	at := escape.Position{File: "/m/a.go", Line: 3, Col: 14}
	e := &escape.Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []escape.Line{{
		Line: 3, Code: "sink = struct{}{}",
		Here: []escape.Record{{Code: "escapes", Message: "struct {}{} escapes to heap", Pos: at, Free: escape.FreeZeroSize}},
	}}}
	var out strings.Builder
	printExplanation(&out, e)
	want := "a.go:3: sink = struct{}{}\n  3:14: escapes: struct {}{} escapes to heap\n    " + escape.FreeZeroSize + "\n"
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
}

// TestPrintExplanationAtCall: a slice literal that an inlined function
// returns as it is says where a heap profile shows it, at the line of the
// call, both on the literal's line and on the call's.
func TestPrintExplanationAtCall(t *testing.T) {
	call := escape.Position{File: "/m/a.go", Line: 9, Col: 14}
	lit := escape.Position{File: "/m/a.go", Line: 3, Col: 34}
	r := escape.Record{Code: "escape", Message: "[]string{...} escapes to heap", Pos: call, Inlined: []escape.Position{lit}, AtCall: true}
	e := &escape.Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []escape.Line{
		{Line: 3, Code: `func parts() []string { return []string{"a", "b"} }`, Copies: []escape.Record{r}},
		{Line: 9, Code: "sink = parts()", Here: []escape.Record{r}},
	}}
	var out strings.Builder
	printExplanation(&out, e)
	note := "    built at the call, 9:14, where the result is assigned, with no frame of the function inlined: a heap profile shows it there\n"
	want := "a.go:3: func parts() []string { return []string{\"a\", \"b\"} }\n  3:34 inlined into 9:14: escape: []string{...} escapes to heap\n" + note +
		"\na.go:9: sink = parts()\n  9:14, code inlined from 3:34: escape: []string{...} escapes to heap\n" + note
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
	r.AtCall = false
	e.Lines[1].Here[0] = r
	out.Reset()
	printExplanation(&out, e)
	if strings.Count(out.String(), "built at the call") != 1 {
		t.Errorf("a record that is not AtCall says it is built at the call:\n%s", out.String())
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

// TestPrintExplanationCompilerNames: the compiler's names for what the
// source does not name say what they are: ~r0, an inlined call's result
// (BurntSushi/toml's encode.go:730, enc.indentStr(key)), or one within an
// expression, given as written (json-iterator/go's ReadInt64), and the func
// literal of a deferred call in a loop (google/go-cmp's compare.go:244,
// defer r.PopStep()).
func TestPrintExplanationCompilerNames(t *testing.T) {
	e := &escape.Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []escape.Line{
		{Line: 3, Code: "fmt.Fprint(w, pad(n))", Here: []escape.Record{{Code: "escape", Message: "~r0 escapes to heap", Pos: escape.Position{File: "/m/a.go", Line: 3, Col: 19}, ResultOf: "the result of pad(n)"}}},
		{Line: 5, Code: "defer c.Close()", Here: []escape.Record{{Code: "escape", Message: "func literal escapes to heap", Pos: escape.Position{File: "/m/a.go", Line: 5, Col: 3}}}},
		{Line: 7, Code: `return "overflow: " + strconv.FormatUint(v, 10)`, Here: []escape.Record{{Code: "escape", Message: `"overflow: " + ~r0 escapes to heap`, Pos: escape.Position{File: "/m/a.go", Line: 7, Col: 22}, Written: `"overflow: " + strconv.FormatUint(v, 10)`}}},
	}}
	var out strings.Builder
	printExplanation(&out, e)
	for _, want := range []string{
		"  3:19: escape: ~r0 escapes to heap\n    ~r0 is the compiler's name for the result of pad(n), a function inlined here\n",
		"  5:3: escape: func literal escapes to heap\n    the func literal is the closure the compiler wraps the deferred call in: a defer in a loop allocates it on every pass (runtime.deferproc)\n",
		// json-iterator/go's ReadInt64: ~r0 within an expression.
		"  7:22: escape: \"overflow: \" + ~r0 escapes to heap\n    ~r0 is the compiler's name for the result of a call inlined here: in the source, \"overflow: \" + strconv.FormatUint(v, 10)\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("printed\n%s\nwant it to hold\n%s", out.String(), want)
		}
	}
}

// TestPrintExplanationShapes: a generic body's records, one per shape and
// alike but for it, are printed once with the shapes named; spf13/cast's
// number.go:298 printed seventeen, 172 lines.
func TestPrintExplanationShapes(t *testing.T) {
	at := escape.Position{File: "/m/a.go", Line: 3, Col: 9}
	boxed := func(shape string) escape.Record {
		return escape.Record{Code: "escape", Message: "v escapes to heap", Pos: at, Flow: []escape.Step{
			{Text: "from return go.shape." + shape + "(0), v (return)", Pos: at},
		}}
	}
	e := &escape.Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []escape.Line{{
		Line: 3, Code: "return 0, v",
		Here: []escape.Record{boxed("int"), boxed("uint8"), {Code: "escape", Message: "w escapes to heap", Pos: at}, boxed("float64")},
	}}}
	var out strings.Builder
	printExplanation(&out, e)
	want := "a.go:3: return 0, v\n" +
		"  3:9: escape: v escapes to heap\n      from return go.shape.int(0), v (return)  (3:9)\n" +
		"    the same for each of 3 shapes, one record each: int, uint8, float64\n" +
		"  3:9: escape: w escapes to heap\n"
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
}
