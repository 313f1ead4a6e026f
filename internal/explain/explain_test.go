package explain

import (
	"fmt"
	"testing"

	"github.com/squashgo/squash/internal/escape"
)

// TestByShape: records alike but for the shapes they name are grouped, in
// order; a struct shape's fields are kept, so two such shapes stay apart.
func TestByShape(t *testing.T) {
	rec := func(msg string) escape.Record { return escape.Record{Code: "escape", Message: msg} }
	recs := []escape.Record{
		rec("make([]go.shape.int, n) escapes to heap"),
		rec("make([]go.shape.struct { a int }, n) escapes to heap"),
		rec("make([]go.shape.*uint8, n) escapes to heap"),
		rec("make([]go.shape.struct { b int }, n) escapes to heap"),
	}
	groups, shapes := ByShape(recs)
	if len(groups) != 3 || len(groups[0]) != 2 || groups[0][1].Message != recs[2].Message {
		t.Fatalf("groups %v, want the int and *uint8 records together, then each struct apart", groups)
	}
	if got := fmt.Sprint(shapes); got != "[[int *uint8] [struct] [struct]]" {
		t.Errorf("shapes %s", got)
	}
}

// TestUnescaped: an instance of a line's code that no record names as
// allocating is listed where the line allocates in another instance, or
// may without a record; a record of a callee inlined into the line is
// not one of the line's own.
func TestUnescaped(t *testing.T) {
	const file = "/m/a.go"
	at := func(line, col int) escape.Position { return escape.Position{File: file, Line: line, Col: col} }
	conv := escape.Record{Code: "escape", Message: "string(b) escapes to heap", Pos: at(5, 16)}
	inKeep := escape.Record{Code: "escape", Message: conv.Message, Pos: at(17, 12), Inlined: []escape.Position{at(5, 16)}}
	callee := escape.Record{Code: "escape", Message: "make([]byte, n) escapes to heap", Pos: at(5, 9), Inlined: []escape.Position{{File: "/go/src/bytes/buffer.go", Line: 80, Col: 10}}}
	keep, length := escape.Copy{at(17, 0)}, escape.Copy{{File: "/m/a_test.go", Line: 9}, at(10, 0)}
	const why = "string conversion copies the bytes (runtime.slicebytetostring): with no escape record for it, …"
	for _, tc := range []struct {
		name      string
		line      Line
		here      bool
		unescaped []escape.Copy
	}{
		{"escapes alone and in one copy", Line{Line: 5, Here: []escape.Record{conv}, Copies: []escape.Record{inKeep}, Unrecorded: why}, false, []escape.Copy{length}},
		{"escapes nowhere", Line{Line: 5, Unrecorded: why}, true, []escape.Copy{keep, length}},
		{"a callee's record", Line{Line: 5, Here: []escape.Record{callee}, Unrecorded: why}, true, []escape.Copy{keep, length}},
		{"nothing that allocates", Line{Line: 5, Here: []escape.Record{callee}}, false, nil},
		{"escapes, with nothing to say of the rest", Line{Line: 5, Here: []escape.Record{conv}}, false, []escape.Copy{keep, length}},
	} {
		l := tc.line
		unescaped(&l, []escape.Copy{keep, length}, file)
		if l.UnrecordedHere != tc.here || fmt.Sprint(l.Unescaped) != fmt.Sprint(tc.unescaped) {
			t.Errorf("%s: UnrecordedHere %v, Unescaped %v; want %v, %v", tc.name, l.UnrecordedHere, l.Unescaped, tc.here, tc.unescaped)
		}
	}
}
