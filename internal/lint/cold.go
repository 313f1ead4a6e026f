package lint

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/types/typeutil"
)

// sprintNames are the analyzers whose findings are about formatting a
// value with fmt's Sprint family, which is worth changing where the code
// runs hot, and not on a path that runs once, when something failed.
var sprintNames = []string{"perfsprint", "fmtappendf", "QF1012"}

// offFailurePaths returns a copy of a that reports nothing on a failure
// path (see onFailurePath): a formatted message there is built once, when
// the program is about to give up, and rewriting it saves nothing that a
// benchmark would show. An analyzer not among sprintNames is a as it is.
func offFailurePaths(a *analysis.Analyzer) *analysis.Analyzer {
	if !slices.Contains(sprintNames, a.Name) {
		return a
	}
	c := *a
	c.Run = func(pass *analysis.Pass) (any, error) {
		ds, res, err := runHeld(a, pass)
		// perfsprint fixes a file's imports for all of its fixes there
		// together: with one of its findings dropped, they would remove
		// an import that the finding's call still uses.
		dropped := map[*token.File]int{} // the first line dropped, by file
		ds = slices.DeleteFunc(ds, func(d analysis.Diagnostic) bool {
			if d.Category == importsCategory || !onFailurePath(pass, d.Pos) {
				return false
			}
			tf := pass.Fset.File(d.Pos)
			if line := tf.Line(d.Pos); dropped[tf] == 0 || line < dropped[tf] {
				dropped[tf] = line
			}
			return true
		})
		for _, d := range ds {
			line, ok := dropped[pass.Fset.File(d.Pos)]
			switch {
			case ok && d.Category == importsCategory:
				continue // not a finding: the imports of the fixes dropped
			case ok && len(d.SuggestedFixes) > 0 && slices.ContainsFunc(ds, func(d analysis.Diagnostic) bool { return d.Category == importsCategory }):
				d.SuggestedFixes = nil
				d.Message += fmt.Sprintf(" (no fix offered: %s fixes a file's imports for all of its fixes there together, and its finding on line %d, on a failure path, is not reported; make this one by hand)", a.Name, line)
			}
			pass.Report(d)
		}
		return res, err
	}
	return &c
}

// onFailurePath reports whether pos is in code that runs only when
// something failed: an argument of panic, an error that a function
// returns, or an error it builds, or a block that ends by returning a
// non-nil error or by panicking.
func onFailurePath(pass *analysis.Pass, pos token.Pos) bool {
	var file *ast.File
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos < f.FileEnd {
			file = f
		}
	}
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, pos, pos)
	for i, n := range path {
		switch n := n.(type) {
		case *ast.CallExpr:
			if isBuiltin(pass, n.Fun, "panic") || buildsError(pass, n) || reportsFailure(pass, n) {
				return true
			}
		case *ast.ReturnStmt:
			if returnsError(pass, n, path[i:]) {
				return true
			}
		case *ast.BlockStmt:
			if fails(pass, n, path[i:]) {
				return true
			}
		case *ast.FuncDecl:
			return isErrorMethod(pass, n)
		case *ast.FuncLit:
			return false // what runs around a function is not what runs in it
		}
	}
	return false
}

// buildsError reports whether call makes an error value: errors.New, or
// fmt.Errorf.
func buildsError(pass *analysis.Pass, call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	f, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if !ok || f.Pkg() == nil {
		return false
	}
	switch f.Pkg().Path() + "." + f.Name() {
	case "errors.New", "fmt.Errorf":
		return true
	}
	return false
}

// failureName matches the names of functions and methods that report or
// record a failure: iter.ReportError, t.Errorf, log.Fatalf, logger.Panic.
var failureName = regexp.MustCompile(`(?i)error|fatal|panic|fail`)

// reportsFailure reports whether call calls a function or method whose
// name says that it reports or records a failure: what it is given is
// formatted once, when something went wrong.
func reportsFailure(pass *analysis.Pass, call *ast.CallExpr) bool {
	f, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	return ok && failureName.MatchString(f.Name())
}

// isErrorMethod reports whether fn is the Error method of a type that
// implements error: it builds a message once, when the error is printed.
func isErrorMethod(pass *analysis.Pass, fn *ast.FuncDecl) bool {
	if fn.Recv == nil || fn.Name.Name != "Error" {
		return false
	}
	f, ok := pass.TypesInfo.Defs[fn.Name].(*types.Func)
	if !ok {
		return false
	}
	sig := f.Signature()
	return sig.Params().Len() == 0 && sig.Results().Len() == 1 && types.Identical(sig.Results().At(0).Type(), types.Typ[types.String])
}

// returnsError reports whether ret returns an error that is not nil:
// what it formats is said once, on the way out. path holds ret's
// enclosing nodes, innermost first.
func returnsError(pass *analysis.Pass, ret *ast.ReturnStmt, path []ast.Node) bool {
	for _, r := range ret.Results {
		if tv, ok := pass.TypesInfo.Types[r]; ok && tv.Type != nil && types.Identical(tv.Type, errorType) && nonNil(pass, r, path) {
			return true
		}
	}
	return false
}

// nonNil reports whether e, an error, is known not to be nil where it is
// returned: made there (a call, a composite literal or its address), or a
// variable that an enclosing if statement's condition compares != nil. A
// variable returned elsewhere may be nil: return v, err ends the happy
// path too.
func nonNil(pass *analysis.Pass, e ast.Expr, path []ast.Node) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.CallExpr, *ast.CompositeLit:
		return true
	case *ast.UnaryExpr:
		_, lit := ast.Unparen(e.X).(*ast.CompositeLit)
		return e.Op == token.AND && lit
	case *ast.Ident:
		v := pass.TypesInfo.Uses[e]
		for _, n := range path {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.FuncDecl:
				return false
			case *ast.IfStmt:
				if v != nil && comparesNonNil(pass, n.Cond, v) {
					return true
				}
			}
		}
	}
	return false
}

// comparesNonNil reports whether cond is, or has among the operands of its
// &&s, v != nil.
func comparesNonNil(pass *analysis.Pass, cond ast.Expr, v types.Object) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LAND:
		return comparesNonNil(pass, b.X, v) || comparesNonNil(pass, b.Y, v)
	case token.NEQ:
		for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			id, ok := ast.Unparen(pair[0]).(*ast.Ident)
			if ok && pass.TypesInfo.Uses[id] == v && pass.TypesInfo.Types[pair[1]].IsNil() {
				return true
			}
		}
	}
	return false
}

// fails reports whether block, with path its enclosing nodes innermost
// first, ends by returning an error that is not nil, or by panicking: the
// branch of a failure.
func fails(pass *analysis.Pass, block *ast.BlockStmt, path []ast.Node) bool {
	if len(block.List) == 0 {
		return false
	}
	switch last := block.List[len(block.List)-1].(type) {
	case *ast.ReturnStmt:
		return returnsError(pass, last, path)
	case *ast.ExprStmt:
		call, ok := ast.Unparen(last.X).(*ast.CallExpr)
		return ok && isBuiltin(pass, call.Fun, "panic")
	}
	return false
}

// isBuiltin reports whether fun names the built-in function name.
func isBuiltin(pass *analysis.Pass, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := pass.TypesInfo.Uses[id].(*types.Builtin)
	return ok && b.Name() == name
}

var errorType = types.Universe.Lookup("error").Type()
