package iface

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"
)

// check type-checks src, a file of package p, and returns it with its
// types.
func check(t *testing.T, src string) (*ast.File, *types.Info, *token.FileSet) {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	if _, err := (&types.Config{}).Check("p", fset, []*ast.File{f}, info); err != nil {
		t.Fatal(err)
	}
	return f, info, fset
}

// TestConversions: every value that goes where an interface is expected
// is found, each marked "// boxed" on its line; nothing else is, marked
// or not: interfaces, nil, pointers' and type parameters' values and the
// results a call spreads are not values that a conversion copies here.
func TestConversions(t *testing.T) {
	const src = `package p

type S struct{ V any; N int }

type Stringer interface{ String() string }

type T int

func (T) String() string { return "" }

func take(v any)              {}
func many(format string, v ...any) {}
func two() (int, error)     { return 0, nil }

var limit = 1000

var held any = limit // boxed

func f(n int, x any, m map[any]int, c chan any, s []any) (any, error) {
	take(limit) // boxed
	take(x)
	take(nil)
	many("%d", n, limit) // boxed
	many("%v", s...)
	panic(n) // boxed
	s = append(s, n) // boxed
	x = n // boxed
	y := n
	_ = y
	var z any = n // boxed
	_ = z
	_ = m[n] // boxed
	c <- n // boxed
	_ = S{V: n, N: n} // boxed
	_ = []any{n} // boxed
	_ = map[any]any{n: x} // boxed
	_ = any(n) // boxed
	var st Stringer = T(1) // boxed
	_ = st
	if n > 0 {
		return n, nil // boxed
	}
	var err error
	x, err = two()
	return x, err
}

func g[E any](e E) any {
	take(e)
	return e
}
`
	f, info, fset := check(t, src)
	var got []int
	Conversions(info, f, func(e ast.Expr, to types.Type) {
		got = append(got, fset.Position(e.Pos()).Line)
	})
	var want []int
	for i, l := range strings.Split(src, "\n") {
		if strings.HasSuffix(l, "// boxed") {
			want = append(want, i+1)
		}
	}
	slices.Sort(got)
	if got = slices.Compact(got); !slices.Equal(got, want) {
		t.Errorf("conversions on lines %v, want %v", got, want)
	}
}
