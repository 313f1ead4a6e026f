package sexpr_test

import (
	"fmt"

	"github.com/squashgo/squash/arena"
	"github.com/squashgo/squash/examples/sexpr"
)

func ExampleParse() {
	doc, err := sexpr.Parse(`(greet "world") ; say hello`)
	if err != nil {
		fmt.Println(err)
		return
	}
	call := doc.List[0]
	fmt.Println(call.List[0].Text, call.List[1].Text, call)
	// Output: greet world (greet "world")
}

func ExampleParse_error() {
	_, err := sexpr.Parse("(a (b)")
	fmt.Println(err)
	// Output: sexpr: offset 0: list is never closed: add ')' at its end
}

func ExampleParseArena() {
	var a arena.Arena
	defer a.Free()
	for _, msg := range []string{"(ping 1)", "(ping 2)", `(quit "bye")`} {
		doc, err := sexpr.ParseArena(&a, msg)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(doc.List[0].List[1].Text)
		a.Reset() // the tree is not used past this point
	}
	// Output:
	// 1
	// 2
	// bye
}

func ExampleNode_String() {
	doc, _ := sexpr.Parse("(say \"tab\there\")")
	fmt.Println(doc.List[0])
	// Output: (say "tab\there")
}

func ExampleNode_Equal() {
	x, _ := sexpr.Parse("(a  b) ; spacing and comments do not matter")
	y, _ := sexpr.Parse("(a b)")
	fmt.Println(x.Equal(y))
	// Output: true
}
