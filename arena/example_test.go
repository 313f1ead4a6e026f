package arena_test

import (
	"fmt"

	"github.com/squashgo/squash/arena"
)

type tree struct {
	left, right *tree
	label       string
}

func ExampleNew() {
	var a arena.Arena
	defer a.Free()
	root := arena.New[tree](&a)
	root.label = "root"
	root.left = arena.New[tree](&a)
	root.left.label = "left"
	fmt.Println(root.label, root.left.label, root.right == nil)
	// Output: root left true
}

func ExampleMakeSlice() {
	var a arena.Arena
	defer a.Free()
	squares := arena.MakeSlice[int](&a, 4, 8)
	for i := range squares {
		squares[i] = i * i
	}
	fmt.Println(squares, len(squares), cap(squares))
	// Output: [0 1 4 9] 4 8
}

func ExampleAppend() {
	var a arena.Arena
	defer a.Free()
	var words []string
	for _, w := range []string{"one", "two", "three"} {
		words = arena.Append(&a, words, w) // grows inside the arena
	}
	fmt.Println(words)
	// Output: [one two three]
}

func ExampleClone() {
	var a arena.Arena
	t := arena.New[tree](&a)
	t.label = "keep me"
	kept := arena.Clone(t) // a heap copy that outlives the arena
	a.Free()
	fmt.Println(kept.label)
	// Output: keep me
}

func ExampleCloneSlice() {
	var a arena.Arena
	s := arena.Append(&a, nil, 1, 2, 3)
	kept := arena.CloneSlice(s)
	a.Free()
	fmt.Println(kept)
	// Output: [1 2 3]
}

func ExampleString() {
	var a arena.Arena
	defer a.Free()
	buf := []byte("from a reused buffer")
	s := arena.String(&a, buf)
	buf[0] = 'X'
	fmt.Println(s)
	// Output: from a reused buffer
}

func ExampleArena_Reset() {
	// One arena serves request after request; Reset recycles its memory.
	var a arena.Arena
	defer a.Free()
	for req := range 3 {
		t := arena.New[tree](&a)
		t.label = fmt.Sprint("request ", req)
		fmt.Println(t.label)
		a.Reset() // promise: nothing from this request is used after this line
	}
	// Output:
	// request 0
	// request 1
	// request 2
}

func ExampleArena_Free() {
	var a arena.Arena
	n := arena.New[int](&a)
	*n = 42
	fmt.Println(*n)
	a.Free() // n must not be used from here on
	// Output: 42
}
