package loops

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"
)

// A Hoist holds the result of a call that a loop ranges over in a variable
// of its own, so that its length can size what the loop fills: `for _,
// line := range WrapWords(words)` becomes `lines := WrapWords(words)` and
// `for _, line := range lines`. The range statement evaluates its operand
// once, before the loop, which the variable, declared just before it,
// keeps: the call runs as often, and at the same point, as before.
type Hoist struct {
	// Count is len of the variable, as TripCount gives it; its Text names
	// the call, len(WrapWords(…)), for messages, and Expr is the call.
	Count Count
	// Name is the variable's; Decl declares it, lines := WrapWords(words).
	Name, Decl string
	// Range is the edit that ranges over the variable instead of the call.
	Range analysis.TextEdit
}

// RangeCall returns the Hoist of the loop list[j] when it ranges over the
// result of a function call (not a conversion, nor a builtin) of slice or
// map type. The name is the plural of the loop's value variable (line:
// lines), else the function's name (split), when nothing is declared of
// that name where the loop is, nor in its block: the variable hides no
// name that the code after it uses.
func RangeCall(pass *analysis.Pass, list []ast.Stmt, j int) (Hoist, bool) {
	info := pass.TypesInfo
	l, ok := list[j].(*ast.RangeStmt)
	if !ok {
		return Hoist{}, false
	}
	call, ok := ast.Unparen(l.X).(*ast.CallExpr)
	if !ok || info.Types[call.Fun].IsType() {
		return Hoist{}, false
	}
	if _, builtin := info.Uses[identOf(call.Fun)].(*types.Builtin); builtin || seqable(pass, l, call) {
		return Hoist{}, false
	}
	t := info.TypeOf(call)
	if t == nil {
		return Hoist{}, false
	}
	if _, isMap := t.Underlying().(*types.Map); !isMap && !IsSlice(t) {
		return Hoist{}, false
	}
	name := ""
	for _, n := range names(l, call) {
		if free(info, n, l) {
			name = n
			break
		}
	}
	if name == "" || !Predeclared(pass, l.Pos(), "len") {
		return Hoist{}, false
	}
	short := Text(pass.Fset, call.Fun) + "()"
	if len(call.Args) > 0 {
		short = Text(pass.Fset, call.Fun) + "(…)"
	}
	return Hoist{
		Count: Count{Text: "len(" + short + ")", NonNegative: true, Type: types.Typ[types.Int], Expr: call},
		Name:  name,
		Decl:  name + " := " + Text(pass.Fset, l.X),
		Range: analysis.TextEdit{Pos: l.X.Pos(), End: l.X.End(), NewText: []byte(name)},
	}, true
}

// seqable reports whether modernize's stringsseq, which squash lint runs
// too, turns the loop l over call into one over an iterator, which
// allocates no slice at all: a loop over strings.Split, SplitAfter, Fields
// or FieldsFunc (or bytes') that uses no index, in Go 1.24 or later.
func seqable(pass *analysis.Pass, l *ast.RangeStmt, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "strings" && fn.Pkg().Path() != "bytes" {
		return false
	}
	switch fn.Name() {
	case "Split", "SplitAfter", "Fields", "FieldsFunc":
	default:
		return false
	}
	if k, ok := l.Key.(*ast.Ident); l.Key != nil && !(ok && k.Name == "_") {
		return false
	}
	return AtLeast(pass, l.Pos(), "go1.24")
}

// names returns the names that RangeCall tries, in order.
func names(l *ast.RangeStmt, call *ast.CallExpr) []string {
	var out []string
	if v, ok := l.Value.(*ast.Ident); ok && v.Name != "_" && !strings.HasSuffix(v.Name, "s") {
		out = append(out, v.Name+"s")
	}
	var fn string
	switch f := ast.Unparen(call.Fun).(type) {
	case *ast.Ident:
		fn = f.Name
	case *ast.SelectorExpr:
		fn = f.Sel.Name
	}
	if r, size := utf8.DecodeRuneInString(fn); size > 0 {
		out = append(out, string(unicode.ToLower(r))+fn[size:])
	}
	return out
}

// free reports whether name may be declared just before the range
// statement l: nothing of that name is visible there, nor declared in the
// block that holds l, which a declaration there would clash with.
func free(info *types.Info, name string, l *ast.RangeStmt) bool {
	if !token.IsIdentifier(name) || info.Scopes[l] == nil {
		return false
	}
	scope := info.Scopes[l].Parent() // the block's
	if scope == nil || scope.Lookup(name) != nil {
		return false
	}
	_, obj := scope.LookupParent(name, l.Pos())
	return obj == nil
}
