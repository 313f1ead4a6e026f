package noalloc

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPanicArgs: a place in a panic's argument is made only when the
// function panics; one in a func literal there, whose body may run later,
// or outside the argument, is not; a panic that the file declares is not
// the builtin.
func TestPanicArgs(t *testing.T) {
	dir := t.TempDir()
	src := `package p

func f(n int) {
	e := &T{n}
	if n < 0 {
		panic(&T{n})
	}
	panic(keep(func() *T { return &T{n} }))
	_ = e
}
`
	other := `package p

func panic(v any) {}

func g() { panic(&T{}) }
`
	for name, text := range map[string]string{"p.go": src, "q.go": other} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, q := filepath.Join(dir, "p.go"), filepath.Join(dir, "q.go")
	pa := newPanicArgs()
	for _, tc := range []struct {
		at   Position
		want bool
	}{
		{Position{p, 4, 7}, false},  // e := &T{n}
		{Position{p, 6, 9}, true},   // panic(&T{n})
		{Position{p, 8, 8}, true},   // keep(…), the call in the argument
		{Position{p, 8, 33}, false}, // &T{n} in the func literal
		{Position{q, 5, 18}, false}, // the file's own panic
		{Position{p, 99, 1}, false}, // past the end
		{Position{"/nonexistent.go", 1, 1}, false},
	} {
		if got := pa.inArg(tc.at); got != tc.want {
			t.Errorf("%s: in a panic's argument %v, want %v", tc.at, got, tc.want)
		}
	}
	v := Violation{Pos: Position{p, 9, 2}, Function: "f", Inlined: []Position{{p, 6, 9}}}
	if !pa.only(v) {
		t.Errorf("a violation whose inlined frame is in a panic's argument counts")
	}
	if v.Function = ""; pa.only(v) {
		t.Errorf("a misplaced directive is taken for a panic's value")
	}
}
