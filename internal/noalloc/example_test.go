package noalloc_test

import (
	"context"
	"fmt"

	"github.com/squashgo/squash/internal/noalloc"
)

func ExampleCheck() {
	res, err := noalloc.Check(context.Background(), nil, "testdata/mod", []string{"./a"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(res.Functions), "functions checked")
	for _, v := range res.Violations[:3] {
		fmt.Printf("line %d: %s: %s\n", v.Pos.Line, v.Function, v.Reason)
	}
	// Output:
	// 51 functions checked
	// line 20: EscapeToHeap: &T{...} escapes to heap
	// line 30: MovedToHeap: x escapes to heap
	// line 43: InlinedCallee: &T{...} escapes to heap
}
