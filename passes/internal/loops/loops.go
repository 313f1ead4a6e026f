// Package loops answers the questions the allocation passes ask of a loop:
// how many times will it run, known before it starts, and does every
// iteration reach a given statement.
package loops

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/squashgo/squash/internal/iface"
)

// Count is the number of iterations of a loop, known before it starts.
type Count struct {
	// Text is the count as source text: len(x), n, len(data) - 3.
	Text string
	// NonNegative reports whether the count is sure not to be negative
	// just before the loop. A negative count only means that the loop does
	// not run, but as make's capacity or as Grow's argument it panics.
	NonNegative bool
	// Positive reports whether the count is sure to be above zero: the
	// loop runs at least once.
	Positive bool
	// Type is the count's type: int for a length, the type of n otherwise
	// (an untyped constant's default type for a constant).
	Type types.Type
	// Expr is what the count is read from: the operand of the range
	// statement, or n.
	Expr ast.Expr
}

// TripCount returns the number of iterations of the loop list[j], when that
// number is known before the loop starts and its expression can be
// evaluated again without side effects: len(x) for a range over a slice
// (or a type parameter whose types are slices of one element type, see
// IsSlice), array or map x, n for a range over an integer n, and n for
// `for i := 0; i < n; i++` (or a start of uint(0), int64(0): a zero of
// the type of i and n) where the body assigns neither i nor n and
// nothing else can change n while the loop runs (see stable); n - c for
// a start c, and n - c + 1 for i <= n (n + 1 from 0, n from 1). A range
// over a string (runes, not bytes), a channel or a function is not counted,
// nor a count that is a negative constant (the loop never runs). A loop
// that counts down, `for i := m; i >= 0; i--`, runs m+1 times (see
// countedDown): len(xs) for `i := len(xs) - 1`. The
// statements before the loop in list tell whether a local count is known
// not to be negative, or to be above zero.
func TripCount(pass *analysis.Pass, list []ast.Stmt, j int) (Count, bool) {
	info, fset := pass.TypesInfo, pass.Fset
	var n ast.Expr
	switch l := list[j].(type) {
	case *ast.RangeStmt:
		if !Pure(l.X) {
			return Count{}, false
		}
		t := info.TypeOf(l.X)
		if t == nil {
			return Count{}, false
		}
		if IsSlice(t) { // a type parameter's too
			return Count{Text: "len(" + Text(fset, l.X) + ")", NonNegative: true, Type: types.Typ[types.Int], Expr: l.X}, true
		}
		switch u := t.Underlying().(type) {
		case *types.Map:
			return Count{Text: "len(" + Text(fset, l.X) + ")", NonNegative: true, Type: types.Typ[types.Int], Expr: l.X}, true
		case *types.Array:
			return Count{Text: "len(" + Text(fset, l.X) + ")", NonNegative: true, Positive: u.Len() > 0, Type: types.Typ[types.Int], Expr: l.X}, true
		case *types.Pointer:
			if a, ok := u.Elem().Underlying().(*types.Array); ok {
				return Count{Text: "len(" + Text(fset, l.X) + ")", NonNegative: true, Positive: a.Len() > 0, Type: types.Typ[types.Int], Expr: l.X}, true
			}
		case *types.Basic:
			if u.Info()&types.IsInteger != 0 {
				n = l.X
			}
		}
	case *ast.ForStmt:
		if m := countedDown(info, l); m != nil {
			return downCount(pass, m, list, j)
		}
		var start constant.Value
		var inclusive bool
		if n, start, inclusive = countedFor(info, l); n != nil && !stable(info, FileOf(pass, l.Pos()), n, l.Body) {
			n = nil
		}
		if n != nil && inclusive {
			// i <= n from c runs as i < n from c - 1: n - c + 1 times,
			// n + 1 from 0, as a loop down from n to 0.
			if constant.Sign(start) == 0 {
				return downCount(pass, n, list, j)
			}
			start = constant.BinaryOp(start, token.SUB, constant.MakeInt64(1))
		}
		if n != nil && constant.Sign(start) != 0 {
			return fromStart(pass, n, start, list, j)
		}
	}
	if n == nil {
		return Count{}, false
	}
	if tv := info.Types[n]; tv.Value != nil && constant.Sign(tv.Value) < 0 {
		return Count{}, false
	}
	return Count{Text: Text(fset, n), NonNegative: NonNegative(info, n, list, j), Positive: Positive(info, n, list, j), Type: types.Default(info.TypeOf(n)), Expr: n}, true
}

// IsSlice reports whether t is a slice type, or a type parameter whose
// every type is a slice of one element type (S ~[]T), which make and
// slices.Grow take as they take a slice type.
func IsSlice(t types.Type) bool {
	tp, ok := types.Unalias(t).(*types.TypeParam)
	if !ok {
		_, ok := t.Underlying().(*types.Slice)
		return ok
	}
	var elem types.Type // of the first term
	for _, term := range iface.Terms(tp.Constraint()) {
		s, ok := term.Underlying().(*types.Slice)
		if !ok || elem != nil && !types.Identical(s.Elem(), elem) {
			return false
		}
		elem = s.Elem()
	}
	return elem != nil
}

// NonNegative reports whether e, evaluated just before the statement
// list[j], cannot be negative: a constant that is not, a value of unsigned
// type, len or cap of anything, max with such an argument, min of such
// arguments, sums, products, quotients, remainders, right shifts and bitwise
// and/or of such values (overflow aside), the conversion of such a value
// to an integer type no narrower (int(m) of a uint32 or uint m, see
// wider), and a local variable defined by one of the statements before
// list[j] as such a value and not assigned since, nor its address taken.
func NonNegative(info *types.Info, e ast.Expr, list []ast.Stmt, j int) bool {
	tv := info.Types[e]
	if tv.Value != nil {
		return tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) >= 0
	}
	if tv.Type != nil {
		if b, ok := tv.Type.Underlying().(*types.Basic); ok && b.Info()&types.IsUnsigned != 0 {
			return true
		}
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return NonNegative(info, e.X, list, j)
	case *ast.CallExpr:
		if info.Types[e.Fun].IsType() && len(e.Args) == 1 {
			return wider(info.TypeOf(e.Fun), info.TypeOf(e.Args[0])) && NonNegative(info, e.Args[0], list, j)
		}
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		if !ok {
			return false
		}
		b, ok := info.Uses[id].(*types.Builtin)
		if !ok {
			return false
		}
		switch b.Name() {
		case "len", "cap":
			return true
		case "max":
			for _, a := range e.Args {
				if NonNegative(info, a, list, j) {
					return true
				}
			}
		case "min":
			for _, a := range e.Args {
				if !NonNegative(info, a, list, j) {
					return false
				}
			}
			return len(e.Args) > 0
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.MUL, token.QUO, token.REM, token.SHR, token.AND, token.OR:
			return NonNegative(info, e.X, list, j) && NonNegative(info, e.Y, list, j)
		}
	case *ast.Ident:
		init, k := local(info, e, list, j)
		return init != nil && NonNegative(info, init, list, k)
	}
	return false
}

// wider reports whether to and from are integer types and to has at least
// as many bits as from, int, uint and uintptr counted as 64: converted, a
// value of from that is not negative stays so (an unsigned value above
// to's maximum aside, as overflow is in NonNegative).
func wider(to, from types.Type) bool {
	bits := func(t types.Type) int {
		b, ok := t.Underlying().(*types.Basic)
		if !ok || b.Info()&types.IsInteger == 0 {
			return 0
		}
		switch b.Kind() {
		case types.Int8, types.Uint8:
			return 8
		case types.Int16, types.Uint16:
			return 16
		case types.Int32, types.Uint32:
			return 32
		}
		return 64
	}
	return bits(from) > 0 && bits(to) >= bits(from)
}

// Positive reports whether e, evaluated just before the statement list[j],
// is sure to be above zero: a constant that is, or a local variable
// defined by one of the statements before list[j] as such a value and not
// assigned since, nor its address taken.
func Positive(info *types.Info, e ast.Expr, list []ast.Stmt, j int) bool {
	if tv := info.Types[e]; tv.Value != nil {
		return tv.Value.Kind() == constant.Int && constant.Sign(tv.Value) > 0
	}
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	init, k := local(info, id, list, j)
	return init != nil && Positive(info, init, list, k)
}

// local returns the value that the local variable id holds just before
// the statement list[j], and the index of the statement that defines it
// with that value: nil unless one of the statements before list[j] defines
// it with a value of its own and none since assigns it or takes its
// address.
func local(info *types.Info, id *ast.Ident, list []ast.Stmt, j int) (ast.Expr, int) {
	v, ok := info.Uses[id].(*types.Var)
	if !ok {
		return nil, 0
	}
	for k := j - 1; k >= 0; k-- {
		if init, ok := definition(info, list[k], v); ok {
			for _, s := range list[k+1 : j] {
				if Assigns(info, s, v) {
					return nil, 0
				}
			}
			return init, k
		}
	}
	return nil, 0
}

// definition returns the expression that the statement s, when it declares
// v, gives it: nil when it declares v otherwise (by a call with several
// results, or with no value).
func definition(info *types.Info, s ast.Stmt, v *types.Var) (ast.Expr, bool) {
	var names []*ast.Ident
	var values []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE {
			return nil, false
		}
		for _, l := range s.Lhs {
			if id, ok := l.(*ast.Ident); ok {
				names = append(names, id)
			} else {
				names = append(names, nil)
			}
		}
		values = s.Rhs
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return nil, false
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			for k, id := range vs.Names {
				if info.Defs[id] == v {
					if len(vs.Values) == len(vs.Names) {
						return vs.Values[k], true
					}
					return nil, true
				}
			}
		}
		return nil, false
	default:
		return nil, false
	}
	for k, id := range names {
		if id != nil && info.Defs[id] == v {
			if len(values) == len(names) {
				return values[k], true
			}
			return nil, true
		}
	}
	return nil, false
}

// countedFor recognises for i := c; i < n; i++ { ... }, with c an integer
// constant, and returns n and c; and i <= n, with inclusive set. A zero
// start may be of any integer type, uint(0) or int64(0), with n of that
// type: the count is n all the same.
func countedFor(info *types.Info, l *ast.ForStmt) (n ast.Expr, c constant.Value, inclusive bool) {
	init, ok := l.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return nil, nil, false
	}
	i, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	start := integer(info, init.Rhs[0])
	if start == nil {
		return nil, nil, false
	}
	cond, ok := l.Cond.(*ast.BinaryExpr)
	if !ok || cond.Op != token.LSS && cond.Op != token.LEQ {
		return nil, nil, false
	}
	if ci, ok := cond.X.(*ast.Ident); !ok || info.ObjectOf(ci) != info.ObjectOf(i) {
		return nil, nil, false
	}
	post, ok := l.Post.(*ast.IncDecStmt)
	if !ok || post.Tok != token.INC {
		return nil, nil, false
	}
	if pi, ok := post.X.(*ast.Ident); !ok || info.ObjectOf(pi) != info.ObjectOf(i) {
		return nil, nil, false
	}
	if !Pure(cond.Y) || Assigns(info, l.Body, info.ObjectOf(i)) {
		return nil, nil, false
	}
	for _, obj := range Idents(info, cond.Y) {
		if Assigns(info, l.Body, obj) {
			return nil, nil, false
		}
	}
	return cond.Y, start, cond.Op == token.LEQ
}

// countedDown recognises for i := m; i >= 0; i-- { ... } (or 0 <= i),
// with i of a signed integer type that the body does not assign, and m
// without side effects, and returns m. The loop runs m+1 times: m is
// evaluated once, before it starts, so what the body does to what m reads
// does not change the count.
func countedDown(info *types.Info, l *ast.ForStmt) ast.Expr {
	init, ok := l.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 || !Pure(init.Rhs[0]) {
		return nil
	}
	i, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Defs[i].(*types.Var)
	if !ok {
		return nil
	}
	if b, ok := v.Type().Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 || b.Info()&types.IsUnsigned != 0 {
		return nil
	}
	is := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == v
	}
	cond, ok := l.Cond.(*ast.BinaryExpr)
	if !ok || !(cond.Op == token.GEQ && is(cond.X) && zero(info, cond.Y) || cond.Op == token.LEQ && zero(info, cond.X) && is(cond.Y)) {
		return nil
	}
	post, ok := l.Post.(*ast.IncDecStmt)
	if !ok || post.Tok != token.DEC || !is(post.X) || Assigns(info, l.Body, v) {
		return nil
	}
	return init.Rhs[0]
}

// downCount returns the count m+1 of a loop that countedDown recognised,
// list[j]: len(xs) for m = len(xs) - 1, a constant's value, else m + 1.
func downCount(pass *analysis.Pass, m ast.Expr, list []ast.Stmt, j int) (Count, bool) {
	info := pass.TypesInfo
	typ := types.Default(info.TypeOf(m))
	if tv := info.Types[m]; tv.Value != nil {
		n := constant.BinaryOp(tv.Value, token.ADD, constant.MakeInt64(1))
		if constant.Sign(n) < 0 {
			return Count{}, false // the loop never runs
		}
		return Count{Text: n.ExactString(), NonNegative: true, Positive: constant.Sign(n) > 0, Type: typ, Expr: m}, true
	}
	if b, ok := ast.Unparen(m).(*ast.BinaryExpr); ok && b.Op == token.SUB {
		if tv := info.Types[b.Y]; tv.Value != nil && constant.Compare(tv.Value, token.EQL, constant.MakeInt64(1)) {
			return Count{Text: Text(pass.Fset, b.X), NonNegative: NonNegative(info, b.X, list, j), Positive: Positive(info, b.X, list, j), Type: typ, Expr: b.X}, true
		}
	}
	text := Text(pass.Fset, m)
	if b, ok := m.(*ast.BinaryExpr); ok && b.Op.Precedence() < token.ADD.Precedence() {
		text = "(" + text + ")"
	}
	nonNeg := NonNegative(info, m, list, j) // then m + 1 is above zero
	return Count{Text: text + " + 1", NonNegative: nonNeg, Positive: nonNeg, Type: typ, Expr: m}, true
}

// zero reports whether e is the constant 0 of an integer type: 0, uint(0),
// int64(0). A float's zero is not: the loop then counts up to a float n,
// ceil(n) times, which its conversion to int is not.
func zero(info *types.Info, e ast.Expr) bool {
	c := integer(info, e)
	return c != nil && constant.Sign(c) == 0
}

// integer returns the value of e when it is a constant of an integer type,
// else nil.
func integer(info *types.Info, e ast.Expr) constant.Value {
	tv := info.Types[e]
	if tv.Value == nil || tv.Value.Kind() != constant.Int {
		return nil
	}
	if b, ok := types.Default(tv.Type).Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
		return nil
	}
	return tv.Value
}

// fromStart returns the count n - c of a loop that countedFor recognised,
// list[j], counting from c up to n: X for n = X + c (n+1 from 1: n), a
// constant's value, else n - c, which may be negative, where n is signed
// and not negative (len(xs) - 1), so that n - c cannot wrap around: uint n
// - 1 is huge when n is 0. A constant count that is not above zero is not
// returned: the loop never runs.
func fromStart(pass *analysis.Pass, n ast.Expr, c constant.Value, list []ast.Stmt, j int) (Count, bool) {
	info := pass.TypesInfo
	typ := types.Default(info.TypeOf(n))
	if tv := info.Types[n]; tv.Value != nil {
		k := constant.BinaryOp(tv.Value, token.SUB, c)
		if constant.Sign(k) <= 0 {
			return Count{}, false
		}
		return Count{Text: k.ExactString(), NonNegative: true, Positive: true, Type: typ, Expr: n}, true
	}
	if b, ok := ast.Unparen(n).(*ast.BinaryExpr); ok && b.Op == token.ADD {
		if tv := info.Types[b.Y]; tv.Value != nil && constant.Compare(tv.Value, token.EQL, c) {
			return Count{Text: Text(pass.Fset, b.X), NonNegative: NonNegative(info, b.X, list, j), Positive: Positive(info, b.X, list, j), Type: typ, Expr: b.X}, true
		}
	}
	// n - c must not wrap around: n is signed and not negative, as len(xs).
	if b, ok := typ.Underlying().(*types.Basic); !ok || b.Info()&types.IsUnsigned != 0 || constant.Sign(c) < 0 || !NonNegative(info, n, list, j) {
		return Count{}, false
	}
	return Count{Text: Text(pass.Fset, n) + " - " + c.ExactString(), Type: typ, Expr: n}, true
}

// stable reports whether the bound n of a counted for loop with the given
// body, which Assigns found assigned in neither, keeps its value while the
// loop runs, as far as the code of file shows: each local variable it reads
// has its address taken nowhere and is assigned in no function literal (a
// closure called from the body could change it), it reads no channel's
// length (which a receive, or another goroutine, changes), and if it reads
// memory that others may write (a package-level variable, a field, an
// element, a pointer's target, a map's length), the body calls no function
// but builtins that write nothing it could read (len, cap, min, max, make,
// new, complex, real, imag, and append unless the bound reads an element or
// a pointer's target), and stores only to local variables. A range
// statement needs none of this: it evaluates its operand once.
func stable(info *types.Info, file *ast.File, n ast.Expr, body *ast.BlockStmt) bool {
	if file == nil {
		return false
	}
	memory, elements, channel := false, false, false
	ast.Inspect(n, func(e ast.Node) bool {
		switch e := e.(type) {
		case *ast.StarExpr, *ast.IndexExpr:
			memory, elements = true, true
		case *ast.SelectorExpr:
			if _, pkg := info.Uses[identOf(e.X)].(*types.PkgName); !pkg {
				memory = true
			}
		case *ast.CallExpr:
			if len(e.Args) == 1 {
				switch argType(info, e.Args[0]).(type) {
				case *types.Map:
					memory = true // its length changes under other names
				case *types.Chan:
					channel = true // and a channel's, by a receive, or another goroutine
				}
			}
		case *ast.Ident:
			if v, ok := info.Uses[e].(*types.Var); ok && global(v) {
				memory = true
			}
		}
		return true
	})
	if channel {
		return false
	}
	for _, obj := range Idents(info, n) {
		if v, ok := obj.(*types.Var); ok && !v.IsField() && !global(v) && changedElsewhere(info, file, v) {
			return false
		}
	}
	return !memory || !writesMemory(info, body, elements)
}

// global reports whether v is a package-level variable.
func global(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() == v.Pkg().Scope()
}

// argType returns the underlying type of e, or nil.
func argType(info *types.Info, e ast.Expr) types.Type {
	if t := info.TypeOf(e); t != nil {
		return t.Underlying()
	}
	return nil
}

// identOf returns e's identifier, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// changedElsewhere reports whether the local variable v has its address
// taken anywhere in file, or is assigned inside a function literal other
// than those that declare it: a literal's own locals (n := … in a t.Run
// callback) are written by its own statements, not by a closure.
func changedElsewhere(info *types.Info, file *ast.File, v *types.Var) bool {
	found := false
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND && rootIs(info, n.X, v) {
				found = true
			}
		case *ast.FuncLit:
			if (v.Pos() < n.Pos() || v.Pos() >= n.End()) && Assigns(info, n.Body, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

// rootIs reports whether e is v, or a field or element of v's value held
// in v itself (v.f, v[i] of an array), whose address lets others write v.
func rootIs(info *types.Info, e ast.Expr, v *types.Var) bool {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x) == v
		case *ast.SelectorExpr:
			if _, ptr := info.TypeOf(x.X).Underlying().(*types.Pointer); ptr {
				return false
			}
			e = x.X
		case *ast.IndexExpr:
			if _, arr := info.TypeOf(x.X).Underlying().(*types.Array); !arr {
				return false
			}
			e = x.X
		default:
			return false
		}
	}
}

// writesMemory reports whether body may write memory other than its own
// local variables: a call of anything but a builtin that writes nothing
// (or a conversion), or a store through a selector, an index or a pointer,
// or to a package-level variable. With elements set (the bound reads an
// element or a pointer's target), append counts as a write too: it writes
// past its slice's length, into an array other slices may share.
func writesMemory(info *types.Info, body *ast.BlockStmt, elements bool) bool {
	found := false
	store := func(e ast.Expr) {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			if v, ok := info.ObjectOf(x).(*types.Var); ok && global(v) {
				found = true
			}
		default:
			found = true
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv, ok := info.Types[n.Fun]; ok && tv.IsType() {
				break // a conversion
			}
			if b, ok := info.Uses[identOf(n.Fun)].(*types.Builtin); ok {
				switch b.Name() {
				case "append":
					if !elements {
						return true
					}
				case "len", "cap", "min", "max", "make", "new", "complex", "real", "imag":
					return true
				}
			}
			found = true
		case *ast.AssignStmt:
			if n.Tok != token.DEFINE {
				for _, l := range n.Lhs {
					store(l)
				}
			}
		case *ast.IncDecStmt:
			store(n.X)
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN {
				for _, e := range []ast.Expr{n.Key, n.Value} {
					if e != nil {
						store(e)
					}
				}
			}
		}
		return !found
	})
	return found
}

// Pure reports whether e can be evaluated twice with the same result and no
// side effect: identifiers, constants, selectors, len and cap of those,
// index and slice expressions (args[1:]) and arithmetic over them. Calls other than len and cap
// are not pure.
func Pure(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.SelectorExpr:
		return Pure(e.X)
	case *ast.ParenExpr:
		return Pure(e.X)
	case *ast.StarExpr:
		return Pure(e.X)
	case *ast.IndexExpr:
		return Pure(e.X) && Pure(e.Index)
	case *ast.SliceExpr:
		for _, b := range []ast.Expr{e.Low, e.High, e.Max} {
			if b != nil && !Pure(b) {
				return false
			}
		}
		return Pure(e.X)
	case *ast.BinaryExpr:
		return Pure(e.X) && Pure(e.Y)
	case *ast.UnaryExpr:
		return e.Op != token.ARROW && Pure(e.X)
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && (id.Name == "len" || id.Name == "cap") && len(e.Args) == 1 {
			return Pure(e.Args[0])
		}
	}
	return false
}

// Idents returns the objects of the identifiers used in e.
func Idents(info *types.Info, e ast.Node) []types.Object {
	var objs []types.Object
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if obj := info.Uses[id]; obj != nil {
				if _, isVar := obj.(*types.Var); isVar {
					objs = append(objs, obj)
				}
			}
		}
		return true
	})
	return objs
}

// Assigns reports whether n assigns obj or takes its address.
func Assigns(info *types.Info, n ast.Node, obj types.Object) bool {
	found := false
	is := func(e ast.Expr) bool {
		for {
			switch x := e.(type) {
			case *ast.Ident:
				return info.ObjectOf(x) == obj
			case *ast.SelectorExpr:
				e = x.X
			case *ast.IndexExpr:
				e = x.X
			case *ast.StarExpr:
				e = x.X
			case *ast.ParenExpr:
				e = x.X
			default:
				return false
			}
		}
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				found = found || is(l)
			}
		case *ast.IncDecStmt:
			found = found || is(s.X)
		case *ast.UnaryExpr:
			found = found || s.Op == token.AND && is(s.X)
		case *ast.RangeStmt:
			found = found || s.Key != nil && is(s.Key) || s.Value != nil && is(s.Value)
		}
		return !found
	})
	return found
}

// FirstUse finds the loop that a pass may size obj, declared by list[i],
// for: the first statement after list[i] that uses obj, when it is a for or
// range statement that uses obj in its body only. It returns the loop's
// index and body, or -1 and nil. The statements in between, whatever they
// are (loops included), do not mention obj: the fix moves the declaration
// down to the loop (see Redeclare and JumpedOver), where the size is read
// just as the loop reads its length, so what they do to it does not matter.
func FirstUse(info *types.Info, list []ast.Stmt, i int, obj types.Object) (int, *ast.BlockStmt) {
	for j := i + 1; j < len(list); j++ {
		var header []ast.Node
		var body *ast.BlockStmt
		switch l := list[j].(type) {
		case *ast.RangeStmt:
			header, body = []ast.Node{l.Key, l.Value, l.X}, l.Body
		case *ast.ForStmt:
			header, body = []ast.Node{l.Init, l.Cond, l.Post}, l.Body
		}
		if body == nil || !Refers(info, body, obj) {
			if Refers(info, list[j], obj) {
				return -1, nil
			}
			continue
		}
		for _, h := range header {
			if Refers(info, h, obj) {
				return -1, nil
			}
		}
		return j, body
	}
	return -1, nil
}

// Refers reports whether obj is used anywhere in n, which may be nil.
func Refers(info *types.Info, n ast.Node, obj types.Object) bool {
	if n == nil {
		return false // an absent part of a statement
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.ObjectOf(id) == obj {
			found = true
		}
		return !found
	})
	return found
}

// MayExit reports whether an iteration of the loop with the given body can
// end early or leave the loop: a return, a goto, a call to panic, a break
// or continue of this loop (unlabelled outside nested loops, switches and
// selects, or labelled), or any labelled branch. Function literals are not
// entered.
func MayExit(body *ast.BlockStmt) bool {
	exit := false
	var walk func(n ast.Node, nested bool)
	walk = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if exit || n == nil {
				return false
			}
			switch s := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				exit = true
			case *ast.BranchStmt:
				switch {
				case s.Tok == token.GOTO || s.Label != nil:
					exit = true
				case s.Tok == token.BREAK || s.Tok == token.CONTINUE:
					exit = exit || !nested
				}
			case *ast.CallExpr:
				if id, ok := s.Fun.(*ast.Ident); ok && id.Name == "panic" {
					exit = true
				}
			case *ast.ForStmt, *ast.RangeStmt:
				if n != body {
					walk(loopBody(s), true)
					return false
				}
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				// An unlabelled break inside leaves the switch, but a
				// continue still ends this loop's iteration.
				walkSwitch(s, nested, &exit)
				return false
			}
			return true
		})
	}
	walk(body, false)
	return exit
}

func loopBody(s ast.Node) *ast.BlockStmt {
	switch l := s.(type) {
	case *ast.ForStmt:
		return l.Body
	case *ast.RangeStmt:
		return l.Body
	}
	return nil
}

// walkSwitch looks for exits in a switch or select: a break inside leaves
// only the switch.
func walkSwitch(s ast.Node, nested bool, exit *bool) {
	ast.Inspect(s, func(n ast.Node) bool {
		if *exit || n == nil {
			return false
		}
		switch b := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			*exit = true
		case *ast.BranchStmt:
			switch {
			case b.Tok == token.GOTO || b.Label != nil:
				*exit = true
			case b.Tok == token.CONTINUE:
				*exit = *exit || !nested
			}
		case *ast.CallExpr:
			if id, ok := b.Fun.(*ast.Ident); ok && id.Name == "panic" {
				*exit = true
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if MayExitNested(loopBody(b)) {
				*exit = true
			}
			return false
		}
		return true
	})
}

// MayExitNested reports whether a loop nested in another can leave the
// outer one: by return, goto, panic or a labelled branch.
func MayExitNested(body *ast.BlockStmt) bool {
	exit := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			exit = true
		case *ast.BranchStmt:
			exit = exit || s.Tok == token.GOTO || s.Label != nil
		case *ast.CallExpr:
			if id, ok := s.Fun.(*ast.Ident); ok && id.Name == "panic" {
				exit = true
			}
		}
		return !exit
	})
	return exit
}

// Text returns the source text of n.
func Text(fset *token.FileSet, n ast.Node) string {
	var b []byte
	b = appendNode(b, fset, n)
	return string(b)
}
