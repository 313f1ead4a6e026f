package noalloc_test

import (
	"context"
	"fmt"

	"github.com/squashgo/squash/internal/noalloc"
)

func ExampleCheck() {
	violations, err := noalloc.Check(context.Background(), "testdata/mod", []string{"./a"})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, v := range violations[:3] {
		fmt.Printf("line %d: %s: %s\n", v.Pos.Line, v.Function, v.Reason)
	}
	// Output:
	// line 20: EscapeToHeap: &T{...} escapes to heap
	// line 30: MovedToHeap: x escapes to heap
	// line 43: InlinedCallee: &T{...} escapes to heap
}
