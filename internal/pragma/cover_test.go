package pragma

import (
	"go/parser"
	"go/token"
	"slices"
	"testing"
)

// TestCovered: a directive after code covers its own line; one alone on
// its line covers the next line that is not all comment, past other
// directives and a doc comment's lines, but not past a blank line.
func TestCovered(t *testing.T) {
	src := []byte(`package p

var a = 1 //squash:ignore x why

//squash:ignore x why
//go:noinline
func f() {}

//squash:ignore x why

var b = 2
`)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	tf := fset.File(f.Pos())
	var got []int
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if k, _ := Read(c.Text, "//squash:ignore"); k == Exact {
				got = append(got, Covered(tf, src, c, func() map[int]bool { return CommentLines(tf, f, src) }))
			}
		}
	}
	if want := []int{3, 7, 10}; !slices.Equal(got, want) {
		t.Errorf("covered lines %v, want %v", got, want)
	}
	// Without the source, a directive is taken to follow code.
	c := f.Comments[1].List[0]
	if got := Covered(tf, nil, c, func() map[int]bool { t.Error("comment lines read without the source"); return nil }); got != 5 {
		t.Errorf("without the source: covers %d, want its own line 5", got)
	}
}
