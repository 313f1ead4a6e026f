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
