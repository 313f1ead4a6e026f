package loops

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// tripPrelude declares what the loops of TestTripCount range over and
// count to; each case's statements complete f's body.
const tripPrelude = `package p

var global int

type T struct{ n int }

func use(int) {}

func f(xs []int, m map[string]int, arr [3]int, none [0]int, pa *[4]int, pxs *[]int,
	s string, ch chan int, next func() []int, seq func(func() bool),
	n, k int, u uint, n64 int64, t T) {
`

// TestTripCount runs TripCount on the first loop of f (in the outermost
// block that holds one) and checks the count's text, what it is read from,
// its type, and whether it is sure not to be negative, or above zero. A
// loop it does not count has text "".
func TestTripCount(t *testing.T) {
	for _, c := range []struct {
		name, body string
		text, expr string
		typ        string
		nonNeg     bool
		positive   bool
	}{
		// Ranges.
		{"slice", "for range xs {}", "len(xs)", "xs", "int", true, false},
		{"resliced", "for range xs[1:] {}", "len(xs[1:])", "xs[1:]", "int", true, false},
		{"slice through a pointer", "for range *pxs {}", "len(*pxs)", "*pxs", "int", true, false},
		{"map", "for range m {}", "len(m)", "m", "int", true, false},
		{"array", "for range arr {}", "len(arr)", "arr", "int", true, true},
		{"empty array", "for range none {}", "len(none)", "none", "int", true, false},
		{"pointer to array", "for range pa {}", "len(pa)", "pa", "int", true, true},
		{"int", "for range n {}", "n", "n", "int", false, false},
		{"uint", "for range u {}", "u", "u", "uint", true, false},
		{"constant", "for range 10 {}", "10", "10", "int", true, true},
		{"zero", "for range 0 {}", "0", "0", "int", true, false},
		{"range over a local set to a length", "c := len(xs)\nfor range c {}", "c", "c", "int", true, false},
		{"negative constant: never runs", "for range -1 {}", "", "", "", false, false},
		{"string: runes, not bytes", "for range s {}", "", "", "", false, false},
		{"channel", "for range ch {}", "", "", "", false, false},
		{"function", "for range seq {}", "", "", "", false, false},
		{"call: evaluated again, it may differ", "for range next() {}", "", "", "", false, false},

		// Counted up from zero.
		{"i < n", "for i := 0; i < n; i++ { use(i) }", "n", "n", "int", false, false},
		{"i < constant", "for i := 0; i < 10; i++ { use(i) }", "10", "10", "int", true, true},
		{"i < len", "for i := 0; i < len(xs); i++ { use(i) }", "len(xs)", "len(xs)", "int", true, false},
		{"uint zero", "for i := uint(0); i < u; i++ {}", "u", "u", "uint", true, false},
		{"int64 zero", "for i := int64(0); i < n64; i++ {}", "n64", "n64", "int64", false, false},
		{"local set to a length", "c := len(xs)\nfor i := 0; i < c; i++ { use(i) }", "c", "c", "int", true, false},
		{"local set to a positive constant", "c := 5\nfor i := 0; i < c; i++ { use(i) }", "c", "c", "int", true, true},
		{"local assigned since", "c := 5\nc = n\nfor i := 0; i < c; i++ { use(i) }", "c", "c", "int", false, false},
		{"i <= n from 0: n + 1", "for i := 0; i <= n; i++ { use(i) }", "n + 1", "n", "int", false, false},
		{"i <= len from 0", "for i := 0; i <= len(xs); i++ { use(i) }", "len(xs) + 1", "len(xs)", "int", true, true},
		{"i <= constant from 0", "for i := 0; i <= 4; i++ { use(i) }", "5", "4", "int", true, true},

		// Counted up from another start.
		{"from 1 to len", "for i := 1; i < len(xs); i++ { use(i) }", "len(xs) - 1", "len(xs)", "int", false, false},
		{"from 1 to k+1", "for i := 1; i < k+1; i++ { use(i) }", "k", "k", "int", false, false},
		{"from 1 to n inclusive", "for i := 1; i <= n; i++ { use(i) }", "n", "n", "int", false, false},
		{"from 2 to len inclusive", "for i := 2; i <= len(xs); i++ { use(i) }", "len(xs) - 1", "len(xs)", "int", false, false},
		{"constant bounds", "for i := 2; i < 10; i++ { use(i) }", "8", "10", "int", true, true},
		{"constant bounds: never runs", "for i := 3; i < 3; i++ { use(i) }", "", "", "", false, false},
		{"from a negative start", "for i := -1; i < len(xs); i++ { use(i) }", "", "", "", false, false},
		{"from 1 to n: n - 1 may wrap", "for i := 1; i < n; i++ { use(i) }", "", "", "", false, false},
		{"from 1 to unsigned", "for i := uint(1); i < u+2; i++ {}", "", "", "", false, false},

		// Counted down to zero.
		{"down from len - 1", "for i := len(xs) - 1; i >= 0; i-- { use(i) }", "len(xs)", "len(xs)", "int", true, false},
		{"down from a constant", "for i := 9; i >= 0; i-- { use(i) }", "10", "9", "int", true, true},
		{"down from n, zero on the left", "for i := n; 0 <= i; i-- { use(i) }", "n + 1", "n", "int", false, false},
		{"down from a difference", "for i := n - k; i >= 0; i-- { use(i) }", "n - k + 1", "n - k", "int", false, false},
		{"down from below zero: never runs", "for i := -2; i >= 0; i-- { use(i) }", "", "", "", false, false},
		{"down over unsigned: never ends", "for i := u; i >= 0; i-- {}", "", "", "", false, false},

		// Loops whose count is not known before they start.
		{"step of 2", "for i := 0; i < n; i += 2 { use(i) }", "", "", "", false, false},
		{"i counts down", "for i := 0; i < n; i-- { use(i) }", "", "", "", false, false},
		{"bound on the left", "for i := 0; n > i; i++ { use(i) }", "", "", "", false, false},
		{"float start", "for i := 0.0; i < 3; i++ { _ = i }", "", "", "", false, false},

		// Bounds that may change while the loop runs, and those that cannot.
		{"body assigns the bound", "for i := 0; i < n; i++ { n-- }", "", "", "", false, false},
		{"body assigns i", "for i := 0; i < n; i++ { i++ }", "", "", "", false, false},
		{"body takes the bound's address", "for i := 0; i < n; i++ { _ = &n }", "", "", "", false, false},
		{"a closure assigns the bound", "c := n\ninc := func() { c++ }\nfor i := 0; i < c; i++ { inc() }", "", "", "", false, false},
		{"the bound's address is taken", "c := n\np := &c\nfor i := 0; i < c; i++ { *p = i }", "", "", "", false, false},
		{"global bound, body calls", "for i := 0; i < global; i++ { use(i) }", "", "", "", false, false},
		{"global bound, body writes nothing", "for i := 0; i < global; i++ { _ = i }", "global", "global", "int", false, false},
		{"field bound, body stores to an element", "for i := 0; i < t.n; i++ { xs[i] = 0 }", "", "", "", false, false},
		{"field bound, body appends to a local", "var ys []int\nfor i := 0; i < t.n; i++ { ys = append(ys, i) }", "t.n", "t.n", "int", false, false},
		{"element bound, body appends", "var ys []int\nfor i := 0; i < len(*pxs); i++ { ys = append(ys, i) }", "", "", "", false, false},
		{"field bound, body stores to a global", "for i := 0; i < t.n; i++ { global++ }", "", "", "", false, false},
		{"field bound, body ranges into a global", "for i := 0; i < t.n; i++ { for global = range 3 {} }", "", "", "", false, false},
		{"field bound, body ranges into a local", "j := 0\nfor i := 0; i < t.n; i++ { for j = range i {} }\n_ = j", "t.n", "t.n", "int", false, false},
		{"field bound, body converts", "for i := 0; i < t.n; i++ { _ = float64(i) }", "t.n", "t.n", "int", false, false},
		{"a local's field, its address taken", "c := t\np := &c.n\n_ = p\nfor i := 0; i < c.n; i++ { _ = i }", "", "", "", false, false},
		{"a local array's element, its address taken", "a := arr\np := &a[0]\n_ = p\nfor i := 0; i < a[1]; i++ { _ = i }", "", "", "", false, false},
		{"a field through a local pointer, the field's address taken", "pt := &t\np := &pt.n\n_ = p\nfor i := 0; i < pt.n; i++ { _ = i }", "pt.n", "pt.n", "int", false, false},
		{"a function literal's own local, assigned in it", "fn := func() {\nc := n\nc++\nfor i := 0; i < c; i++ { use(i) }\n}\nfn()", "c", "c", "int", false, false},
		{"a function literal's local, assigned in another", "fn := func() {\nc := n\nfunc() { c++ }()\nfor i := 0; i < c; i++ { use(i) }\n}\nfn()", "", "", "", false, false},
		{"map length, body calls", "for i := 0; i < len(m); i++ { use(i) }", "", "", "", false, false},
		{"channel length", "for i := 0; i < len(ch); i++ {}", "", "", "", false, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass := load(t, tripPrelude+c.body+"\n}\n")
			list := loopList(t, pass, "f")
			j, _ := loopAt(t, list)
			count, ok := TripCount(pass, list, j)
			if ok != (c.text != "") {
				t.Fatalf("TripCount = %+v, %v; want text %q", count, ok, c.text)
			}
			if !ok {
				return
			}
			if count.Text != c.text || Text(pass.Fset, count.Expr) != c.expr || types.TypeString(count.Type, nil) != c.typ {
				t.Errorf("TripCount = text %q, expr %q, type %s; want %q, %q, %s",
					count.Text, Text(pass.Fset, count.Expr), count.Type, c.text, c.expr, c.typ)
			}
			if count.NonNegative != c.nonNeg || count.Positive != c.positive {
				t.Errorf("TripCount = non-negative %v, positive %v; want %v, %v", count.NonNegative, count.Positive, c.nonNeg, c.positive)
			}
		})
	}
}

// TestTripCountTypeParam: a range over a value of a type parameter whose
// types are all slices counts as one over a slice; one over an array type
// parameter is not counted.
func TestTripCountTypeParam(t *testing.T) {
	pass := load(t, `package p

func slices[S ~[]int](s S) {
	for range s {}
}

func arrays[A ~[3]int](a A) {
	for range a {}
}
`)
	for _, c := range []struct {
		fn, text string
	}{
		{"slices", "len(s)"},
		{"arrays", ""},
	} {
		list := body(t, pass, c.fn)
		count, ok := TripCount(pass, list, 0)
		if ok != (c.text != "") || count.Text != c.text {
			t.Errorf("%s: TripCount = %q, %v; want %q", c.fn, count.Text, ok, c.text)
		}
	}
}

// TestIsSlice: slice types, named or aliased, and type parameters whose
// every type is a slice of one element type.
func TestIsSlice(t *testing.T) {
	pass := load(t, `package p

type (
	S     []int
	A     = []int
	Ints  interface{ ~[]int }
	Array [3]int
)

func g[
	Tilde ~[]int,
	Exact interface{ []int },
	Both S | []int,
	Named Ints,
	WithMethod interface {
		~[]int
		Len() int
	},
	Elems ~[]int | ~[]string,
	Any any,
	Text ~[]byte | ~string,
	Arrays ~[]int | ~[3]int,
]() {
}
`)
	scope := pass.Pkg.Scope()
	typeOf := func(name string) types.Type {
		if obj := scope.Lookup(name); obj != nil {
			return obj.Type()
		}
		tps := scope.Lookup("g").Type().(*types.Signature).TypeParams()
		for tp := range tps.TypeParams() {
			if tp.Obj().Name() == name {
				return tp
			}
		}
		t.Fatalf("no type %s", name)
		return nil
	}
	for _, c := range []struct {
		name string
		want bool
	}{
		{"S", true},
		{"A", true},
		{"Array", false},
		{"Tilde", true},
		{"Exact", true},
		{"Both", true},
		{"Named", true},
		{"WithMethod", true},
		{"Elems", false},
		{"Any", false},
		{"Text", false},
		{"Arrays", false},
	} {
		if got := IsSlice(typeOf(c.name)); got != c.want {
			t.Errorf("IsSlice(%s) = %v, want %v", c.name, got, c.want)
		}
	}
	for _, typ := range []types.Type{
		types.NewSlice(types.Typ[types.Int]),
		types.NewPointer(types.NewSlice(types.Typ[types.Int])),
		types.NewMap(types.Typ[types.Int], types.Typ[types.Int]),
		types.Typ[types.String],
	} {
		_, want := typ.(*types.Slice)
		if got := IsSlice(typ); got != want {
			t.Errorf("IsSlice(%s) = %v, want %v", typ, got, want)
		}
	}
}

// boundPrelude declares the values that TestNonNegative and TestPositive
// read; each case's statements complete f's body, and its last statement
// is `_ = e`, the expression asked about.
const boundPrelude = `package p

var global int

func two() (int, error) { return 0, nil }

func pair() (int, int) { return 0, 1 }

func f(xs []int, n, k int, u uint, u32 uint32, n8 int8, f64 float64) {
`

// boundExpr loads f with stmts and returns them and e, the expression of
// the last one, `_ = e`.
func boundExpr(t *testing.T, stmts string) (*types.Info, []ast.Stmt, ast.Expr) {
	t.Helper()
	pass := load(t, boundPrelude+stmts+"\n}\n")
	list := body(t, pass, "f")
	last := list[len(list)-1].(*ast.AssignStmt)
	return pass.TypesInfo, list, last.Rhs[0]
}

// TestNonNegative: which values are sure not to be negative just before a
// statement, overflow aside.
func TestNonNegative(t *testing.T) {
	for _, c := range []struct {
		body string
		want bool
	}{
		{"_ = 0", true},
		{"_ = 3", true},
		{"_ = -3", false},
		{"_ = 1.5", false},
		{"_ = u", true},
		{"_ = n", false},
		{"_ = global", false},
		{"_ = len(xs)", true},
		{"_ = cap(xs)", true},
		{"_ = (len(xs))", true},
		{"_ = max(n, 0)", true},
		{"_ = max(n, k)", false},
		{"_ = min(len(xs), 3)", true},
		{"_ = min(len(xs), n)", false},
		{"_ = len(xs) + 1", true},
		{"_ = len(xs) - 1", false},
		{"_ = len(xs) * k", false},
		{"_ = len(xs) / 2", true},
		{"_ = len(xs) % 2", true},
		{"_ = len(xs) >> 1", true},
		{"_ = len(xs) << 1", false},
		{"_ = len(xs) & n", false},
		{"_ = len(xs) | 1", true},
		{"_ = int(u32)", true},
		{"_ = int64(len(xs))", true},
		{"_ = int8(len(xs))", false},
		{"_ = int(n8)", false},
		{"_ = uint(n)", true},
		{"_ = int(f64)", false},
		{"c := len(xs)\n_ = c", true},
		{"var c = len(xs)\n_ = c", true},
		{"c := len(xs)\nd := c + 1\n_ = d", true},
		{"c, d := len(xs), n\n_ = d\n_ = c", true},
		{"c, d := len(xs), n\n_ = c\n_ = d", false},
		{"c := len(xs)\nc = n\n_ = c", false},
		{"c := len(xs)\nc--\n_ = c", false},
		{"c := len(xs)\np := &c\n_ = p\n_ = c", false},
		{"var c int\n_ = c", false},
		{"c, err := two()\n_ = err\n_ = c", false},
		{"c, d := pair()\n_ = c\n_ = d", false},
		{"var c, d = pair()\n_ = c\n_ = d", false},
	} {
		info, list, e := boundExpr(t, c.body)
		if got := NonNegative(info, e, list, len(list)-1); got != c.want {
			t.Errorf("%q: NonNegative = %v, want %v", c.body, got, c.want)
		}
	}
}

// TestPositive: a constant above zero, or a local variable defined as one
// and not changed since.
func TestPositive(t *testing.T) {
	for _, c := range []struct {
		body string
		want bool
	}{
		{"_ = 3", true},
		{"_ = 0", false},
		{"_ = -1", false},
		{"_ = len(xs)", false},
		{"_ = u", false},
		{"c := 5\n_ = c", true},
		{"c := 5\n_ = (c)", true},
		{"c := 5\nd := c\n_ = d", true},
		{"c := len(xs)\n_ = c", false},
		{"c := 5\nc++\n_ = c", false},
		{"c := 5\nc = n\n_ = c", false},
	} {
		info, list, e := boundExpr(t, c.body)
		if got := Positive(info, e, list, len(list)-1); got != c.want {
			t.Errorf("%q: Positive = %v, want %v", c.body, got, c.want)
		}
	}
}

// TestPure: what can be evaluated twice with the same result and no side
// effect. Pure reads the syntax alone.
func TestPure(t *testing.T) {
	for _, c := range []struct {
		expr string
		want bool
	}{
		{"x", true},
		{`"s"`, true},
		{"a.b.c", true},
		{"(x)", true},
		{"*p", true},
		{"&x", true},
		{"-x", true},
		{"xs[i]", true},
		{"xs[1:]", true},
		{"xs[i:j:k]", true},
		{"a + b*c", true},
		{"len(xs)", true},
		{"cap(xs[1:])", true},
		{"len(xs) - 1", true},
		{"<-ch", false},
		{"f()", false},
		{"x.f()", false},
		{"len(f())", false},
		{"len(a, b)", false},
		{"xs[f()]", false},
		{"xs[f():]", false},
		{"xs[:n:f()]", false},
		{"T{}", false},
		{"func() {}", false},
		{"x.(T)", false},
	} {
		e, err := parser.ParseExpr(c.expr)
		if err != nil {
			t.Fatal(err)
		}
		if got := Pure(e); got != c.want {
			t.Errorf("Pure(%s) = %v, want %v", c.expr, got, c.want)
		}
	}
}

// TestIdents: the variables an expression uses, fields among them, in
// order and repeated; not constants, functions, types or packages.
func TestIdents(t *testing.T) {
	pass := load(t, `package p

type T struct{ n int }

const c = 1

var global int

func use(int) int { return 0 }

func f(xs []int, k int, t T) {
	_ = xs[k] + len(xs) + t.n + c + use(global) + T{}.n
}
`)
	e := body(t, pass, "f")[0].(*ast.AssignStmt).Rhs[0]
	objs := Idents(pass.TypesInfo, e)
	got := slices.Grow[[]string](nil, len(objs))
	for _, obj := range objs {
		got = append(got, obj.Name())
	}
	if want := []string{"xs", "k", "xs", "t", "n", "global", "n"}; !slices.Equal(got, want) {
		t.Errorf("Idents = %v, want %v", got, want)
	}
}

// TestAssigns: assigning a variable, or any part of its value, or taking
// the address of either, counts; reading it, or a variable of the same
// name, does not.
func TestAssigns(t *testing.T) {
	for _, c := range []struct {
		stmt, obj string
		want      bool
	}{
		{"v = S{}", "v", true},
		{"v.f = 1", "v", true},
		{"v.a[0] = 1", "v", true},
		{"v.f++", "v", true},
		{"v.f += 2", "v", true},
		{"_ = &v.f", "v", true},
		{"for v.f = range 3 {}", "v", true},
		{"for _, v.f = range xs {}", "v", true},
		{"func() { v.f = 2 }()", "v", true},
		{"*p = 1", "p", true},
		{"p = nil", "p", true},
		{"_ = v.f", "v", false},
		{"xs[0] = v.f", "v", false},
		{"xs[v.f] = 1", "v", false},
		{"w := v\n_ = w", "v", false},
		{"{ v := 1; _ = v }", "v", false},
		{"for v := range 3 { _ = v }", "v", false},
	} {
		pass := load(t, `package p

type S struct {
	f int
	a [2]int
}

func f(v S, p *int, xs []int) {
`+c.stmt+"\n}\n")
		fd := pass.Files[0].Decls[1].(*ast.FuncDecl)
		if got := Assigns(pass.TypesInfo, fd.Body, object(t, pass, c.obj)); got != c.want {
			t.Errorf("%q: Assigns(%s) = %v, want %v", c.stmt, c.obj, got, c.want)
		}
	}
}

// TestRefers: any use of the object counts, in any part of the node; a
// variable of the same name does not, nor an absent node.
func TestRefers(t *testing.T) {
	pass := load(t, `package p

func f(v int) {
	_ = v + 1
	{
		v := 2
		_ = v
	}
	for i := 0; i < v; i++ {
	}
}
`)
	list := body(t, pass, "f")
	v := object(t, pass, "v")
	for _, c := range []struct {
		name string
		n    ast.Node
		want bool
	}{
		{"an expression", list[0], true},
		{"a shadowing block", list[1], false},
		{"a loop's condition", list[2], true},
		{"a loop's body", list[2].(*ast.ForStmt).Body, false},
		{"nil", nil, false},
	} {
		if got := Refers(pass.TypesInfo, c.n, v); got != c.want {
			t.Errorf("%s: Refers = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestFirstUse: the loop that a declaration may be sized for is the first
// statement after it that uses the variable, when that is a loop that uses
// it in its body only.
func TestFirstUse(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       int // the loop's index; out is declared at 0
	}{
		{"next", "for _, x := range xs { out = append(out, x) }", 1},
		{"counted", "for i := 0; i < n; i++ { out = append(out, i) }", 1},
		{"after other statements", "n++\nfor range xs {}\nfor _, x := range xs { out = append(out, x) }", 3},
		{"assigned in between", "out = nil\nfor _, x := range xs { out = append(out, x) }", -1},
		{"read in between", "_ = len(out)\nfor _, x := range xs { out = append(out, x) }", -1},
		{"in an if", "if n > 0 { out = append(out, n) }\nfor _, x := range xs { out = append(out, x) }", -1},
		{"in the range operand", "for range out { n++ }", -1},
		{"in the condition", "for i := 0; i < len(out); i++ { out = append(out, i) }", -1},
		{"in a labelled loop", "L:\nfor _, x := range xs { out = append(out, x); continue L }", -1},
		{"not used before return", "n++", -1},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass := load(t, "package p\n\nfunc f(xs []int, n int) []int {\n\tvar out []int\n"+c.body+"\n\treturn out\n}\n")
			list := body(t, pass, "f")
			j, b := FirstUse(pass.TypesInfo, list, 0, object(t, pass, "out"))
			if j != c.want {
				t.Fatalf("FirstUse = %d, want %d", j, c.want)
			}
			if j < 0 {
				if b != nil {
					t.Errorf("FirstUse = -1 with a body")
				}
				return
			}
			if b != loopBody(list[j]) {
				t.Errorf("FirstUse's body is not the loop's")
			}
		})
	}
}

// TestMayExit: what ends an iteration early or leaves the loop, at any
// depth but in function literals; an unlabelled break or continue of a
// nested loop, and a break in a switch or select, do not.
func TestMayExit(t *testing.T) {
	for _, c := range []struct {
		body string // of f, whose first loop is asked about
		want bool
	}{
		{"for range xs { _ = 1 }", false},
		{"for range xs { return }", true},
		{"for range xs { if x > 0 { return } }", true},
		{"for range xs { break }", true},
		{"for range xs { continue }", true},
		{"for range xs { panic(1) }", true},
		{"L:\nfor range xs { break L }", true},
		{"for range xs { goto M }\nM:", true},
		{"for range xs { for range xs { break } }", false},
		{"for range xs { for range xs { continue } }", false},
		{"for range xs { for range xs { return } }", true},
		{"L:\nfor range xs { for range xs { continue L } }", true},
		{"for range xs { switch { case x > 0: break } }", false},
		{"for range xs { switch { case x > 0: continue } }", true},
		{"for range xs { switch any(x).(type) { case int: continue } }", true},
		{"for range xs { select { case <-c: break } }", false},
		{"for range xs { select { case <-c: continue } }", true},
		{"for range xs { switch { default: for range xs { break } } }", false},
		{"for range xs { switch { default: for range xs { return } } }", true},
		{"for range xs { switch { default: panic(1) } }", true},
		{"for range xs { for range xs { switch { default: continue } } }", false},
		{"for range xs { func() { return }() }", false},
		{"for range xs { defer func() { panic(1) }() }", false},
	} {
		pass := load(t, "package p\n\nfunc f(xs []int, c chan int, x int) {\n"+c.body+"\n}\n")
		if got := MayExit(loopBodyAt(t, body(t, pass, "f"))); got != c.want {
			t.Errorf("%q: MayExit = %v, want %v", c.body, got, c.want)
		}
	}
}

// TestMayExitNested: a loop nested in another leaves the outer one only by
// return, goto, panic or a labelled branch.
func TestMayExitNested(t *testing.T) {
	for _, c := range []struct {
		body string
		want bool
	}{
		{"for range xs { break }", false},
		{"for range xs { continue }", false},
		{"for range xs { _ = 1 }", false},
		{"for range xs { return }", true},
		{"for range xs { panic(1) }", true},
		{"L:\nfor range xs { break L }", true},
		{"for range xs { goto M }\nM:", true},
		{"for range xs { func() { return }() }", false},
	} {
		pass := load(t, "package p\n\nfunc f(xs []int) {\n"+c.body+"\n}\n")
		if got := MayExitNested(loopBodyAt(t, body(t, pass, "f"))); got != c.want {
			t.Errorf("%q: MayExitNested = %v, want %v", c.body, got, c.want)
		}
	}
}

// TestText: a node's source text, as gofmt prints it.
func TestText(t *testing.T) {
	fset := token.NewFileSet()
	for _, c := range []struct{ in, want string }{
		{"len( xs )+1", "len(xs) + 1"},
		{"a[ i : j ]", "a[i:j]"},
		{"f(x,\ny)", "f(x,\n\ty)"},
	} {
		e, err := parser.ParseExprFrom(fset, "e.go", c.in, 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := Text(fset, e); got != c.want {
			t.Errorf("Text(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
