package escape

import (
	"go/parser"
	"testing"
)

// TestWritten: the source is given where the compiler's message names an
// inlined call's result within the expression, and only there.
func TestWritten(t *testing.T) {
	e, err := parser.ParseExpr(`"overflow: " + strconv.FormatUint(uint64(val), 10)`)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		msg, resultOf, want string
	}{
		{`"overflow: " + ~r0 escapes to heap`, "", `"overflow: " + strconv.FormatUint(uint64(val), 10)`},
		{`~r0 escapes to heap`, "the result of pad(n)", ""}, // ResultOf says it
		{`"overflow: " + s escapes to heap`, "", ""},
		{`a~r0 escapes to heap`, "", ""},
		{`moved to heap: x`, "", ""},
	} {
		if got := written(tc.msg, e, tc.resultOf); got != tc.want {
			t.Errorf("written(%q) = %q, want %q", tc.msg, got, tc.want)
		}
	}
	if got := written(`"a" + ~r1 escapes to heap`, nil, ""); got != "" {
		t.Errorf("no expression: %q", got)
	}
}

// TestWrittenString: a record whose message names an inlined call's result
// within an expression reads, in the report's why and explain's notes, with
// the source of the expression, and names the ~rN.
func TestWrittenString(t *testing.T) {
	r := Record{Message: `"overflow: " + ~r0 escapes to heap`, Written: `"overflow: " + strconv.FormatUint(uint64(val), 10)`}
	if got, want := r.String(), `"overflow: " + ~r0 (in the source, "overflow: " + strconv.FormatUint(uint64(val), 10)) escapes to heap`; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	if got := r.ResultName(); got != "~r0" {
		t.Errorf("ResultName() = %q, want ~r0", got)
	}
	r = Record{Message: `a + ~R12 escapes to heap`, Written: "a + f()"}
	if got := r.ResultName(); got != "~R12" {
		t.Errorf("ResultName() = %q, want ~R12", got)
	}
	if r := (Record{Message: `"x" + ~r0 escapes to heap`}); r.ResultName() != "" || r.String() != r.Message {
		t.Errorf("without Written: ResultName %q, String %q", r.ResultName(), r.String())
	}
}
