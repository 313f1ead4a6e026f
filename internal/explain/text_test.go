package explain

import (
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/gotool"
)

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
		file, from, to, err := ParseLocation(tc.arg)
		if (err == nil) != tc.ok || tc.ok && (file != tc.file || from != tc.from || to != tc.to) {
			t.Errorf("ParseLocation(%q) = %q, %d, %d, %v", tc.arg, file, from, to, err)
		}
	}
}

func FuzzParseLocation(f *testing.F) {
	for _, s := range []string{"a.go:3", "a.go:3-9", "::", "a.go:-1", "a.go:99999999999999999999"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		file, from, to, err := ParseLocation(arg)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans lines: %q", err)
			}
			return
		}
		if file == "" || !strings.HasPrefix(arg, file+":") {
			t.Fatalf("ParseLocation(%q) gave file %q", arg, file)
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
	e := &Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []Line{{
		Line: 3, Code: "return string(b)",
		Here: []escape.Record{{Code: "escape", Message: "string(b) escapes to heap", Pos: at, Flow: []escape.Step{
			{Text: "flow: {temp} ← {temp}"},
			{Text: "from string(b) (spill)", Pos: at},
			{Text: "flow: {heap} ← *{temp}", Pos: escape.Position{File: "__unnamed__"}},
		}}},
	}}}
	var out strings.Builder
	WriteText(&out, e)
	want := "a.go:3: return string(b)\n  3:9: escape: string(b) escapes to heap\n    flow: {temp} ← {temp}\n      from string(b) (spill)  (3:9)\n    flow: {heap} ← *{temp}\n"
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
}

// TestPrintExplanationFree: a record of a value that is not allocated says
// so under its message.
func TestPrintExplanationFree(t *testing.T) {
	at := escape.Position{File: "/m/a.go", Line: 3, Col: 14}
	e := &Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []Line{{
		Line: 3, Code: "sink = struct{}{}",
		Here: []escape.Record{{Code: "escapes", Message: "struct {}{} escapes to heap", Pos: at, Free: escape.FreeZeroSize}},
	}}}
	var out strings.Builder
	WriteText(&out, e)
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
	e := &Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []Line{
		{Line: 3, Code: `func parts() []string { return []string{"a", "b"} }`, Copies: []escape.Record{r}},
		{Line: 9, Code: "sink = parts()", Here: []escape.Record{r}},
	}}
	var out strings.Builder
	WriteText(&out, e)
	note := "    built at the call, 9:14, where the result is assigned, with no frame of the function inlined: a heap profile shows it there\n"
	want := "a.go:3: func parts() []string { return []string{\"a\", \"b\"} }\n  3:34 inlined into 9:14: escape: []string{...} escapes to heap\n" + note +
		"\na.go:9: sink = parts()\n  9:14, code inlined from 3:34: escape: []string{...} escapes to heap\n" + note
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
	r.AtCall = false
	e.Lines[1].Here[0] = r
	out.Reset()
	WriteText(&out, e)
	if strings.Count(out.String(), "built at the call") != 1 {
		t.Errorf("a record that is not AtCall says it is built at the call:\n%s", out.String())
	}
}

// TestPrintExplanationCompilerNames: the compiler's names for what the
// source does not name say what they are: ~r0, an inlined call's result
// (BurntSushi/toml's encode.go:730, enc.indentStr(key)), or one within an
// expression, given as written (json-iterator/go's ReadInt64), and the func
// literal of a deferred call in a loop (google/go-cmp's compare.go:244,
// defer r.PopStep()).
func TestPrintExplanationCompilerNames(t *testing.T) {
	e := &Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []Line{
		{Line: 3, Code: "fmt.Fprint(w, pad(n))", Here: []escape.Record{{Code: "escape", Message: "~r0 escapes to heap", Pos: escape.Position{File: "/m/a.go", Line: 3, Col: 19}, ResultOf: "the result of pad(n)"}}},
		{Line: 5, Code: "defer c.Close()", Here: []escape.Record{{Code: "escape", Message: "func literal escapes to heap", Pos: escape.Position{File: "/m/a.go", Line: 5, Col: 3}}}},
		{Line: 7, Code: `return "overflow: " + strconv.FormatUint(v, 10)`, Here: []escape.Record{{Code: "escape", Message: `"overflow: " + ~r0 escapes to heap`, Pos: escape.Position{File: "/m/a.go", Line: 7, Col: 22}, Written: `"overflow: " + strconv.FormatUint(v, 10)`}}},
	}}
	var out strings.Builder
	WriteText(&out, e)
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
	e := &Explanation{Package: gotool.Package{Root: "/m"}, File: "/m/a.go", Lines: []Line{{
		Line: 3, Code: "return 0, v",
		Here: []escape.Record{boxed("int"), boxed("uint8"), {Code: "escape", Message: "w escapes to heap", Pos: at}, boxed("float64")},
	}}}
	var out strings.Builder
	WriteText(&out, e)
	want := "a.go:3: return 0, v\n" +
		"  3:9: escape: v escapes to heap\n      from return go.shape.int(0), v (return)  (3:9)\n" +
		"    the same for each of 3 shapes, one record each: int, uint8, float64\n" +
		"  3:9: escape: w escapes to heap\n"
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
}
