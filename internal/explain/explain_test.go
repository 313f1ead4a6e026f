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
