package splitcut

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// Analyzer reports loops over the result of strings.Split that
// strings.Cut can replace.
var Analyzer = &analysis.Analyzer{
	Name:     "splitcut",
	Doc:      passdoc.Doc(doc),
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/splitcut",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		if fd.Body == nil {
			continue
		}
		uses := map[types.Object]int{}
		names := map[string]bool{}
		ast.Inspect(fd, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				names[id.Name] = true
				if obj := pass.TypesInfo.Uses[id]; obj != nil {
					uses[obj]++
				}
			}
			return true
		})
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.RangeStmt:
				if call := split(pass, n.X); call != nil {
					report(pass, names, n, nil, call)
				}
			case *ast.BlockStmt:
				for i := 0; i+1 < len(n.List); i++ {
					decl, call := declared(pass, n.List[i])
					loop, ok := n.List[i+1].(*ast.RangeStmt)
					if call == nil || !ok {
						continue
					}
					if id, ok := loop.X.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == decl && uses[decl] == 1 {
						report(pass, names, loop, n.List[i], call)
					}
				}
			}
			return true
		})
	}
	return nil, nil
}

// split returns e as a call of strings.Split with a non-empty constant
// separator, or nil.
func split(pass *analysis.Pass, e ast.Expr) *ast.CallExpr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 {
		return nil
	}
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok || fn.FullName() != "strings.Split" {
		return nil
	}
	sep := pass.TypesInfo.Types[call.Args[1]].Value
	if sep == nil || sep.Kind() != constant.String || constant.StringVal(sep) == "" {
		return nil // Split with "" splits into runes, which Cut does not
	}
	return call
}

// declared returns the variable that s declares, alone, as a call of
// strings.Split (x := strings.Split(…)), and the call.
func declared(pass *analysis.Pass, s ast.Stmt) (types.Object, *ast.CallExpr) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, nil
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, nil
	}
	call := split(pass, as.Rhs[0])
	if call == nil {
		return nil, nil
	}
	return pass.TypesInfo.Defs[id], call
}

// report reports loop, which ranges over the parts of call, declared by
// decl if not nil, with the fix that rewrites it with strings.Cut. names
// are the identifiers of the function, which the loop's new variables must
// not shadow.
func report(pass *analysis.Pass, names map[string]bool, loop *ast.RangeStmt, decl ast.Stmt, call *ast.CallExpr) {
	if loop.Tok != token.DEFINE || loop.Value == nil || !blank(loop.Key) {
		return // the index is used, or the loop assigns outer variables
	}
	val, ok := loop.Value.(*ast.Ident)
	if !ok || val.Name == "_" {
		return
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return
	}
	pkg, ok := sel.X.(*ast.Ident) // the strings package, as the file names it
	if !ok {
		return
	}
	rest, more := fresh(names, "rest"), fresh(names, "more")
	s, sep := text(pass, call.Args[0]), text(pass, call.Args[1])
	head := fmt.Sprintf("for %s, %s := %s, true; %s; {\n\tvar %s string\n\t%s, %s, %s = %s.Cut(%s, %s)",
		rest, more, s, more, val.Name, val.Name, rest, more, pkg.Name, rest, sep)
	start := loop.For
	if decl != nil {
		start = decl.Pos()
	}
	pass.Report(analysis.Diagnostic{
		Pos:     call.Pos(),
		End:     call.End(),
		Message: "strings.Split allocates a slice of every part, which the loop only ranges over: strings.Cut hands them out one at a time without allocating",
		Related: []analysis.RelatedInformation{{Pos: loop.For, Message: "the loop"}},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "range over strings.Cut",
			TextEdits: []analysis.TextEdit{{Pos: start, End: loop.Body.Lbrace + 1, NewText: []byte(head)}},
		}},
	})
}

func blank(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return e == nil || ok && id.Name == "_"
}

// fresh returns name, or name with a number, that no identifier of the
// function has, and takes it.
func fresh(names map[string]bool, name string) string {
	n := name
	for i := 2; names[n]; i++ {
		n = name + strconv.Itoa(i)
	}
	names[n] = true
	return n
}

// text returns the source of e.
func text(pass *analysis.Pass, e ast.Expr) string {
	f := pass.Fset.File(e.Pos())
	src, err := pass.ReadFile(f.Name())
	if err != nil {
		return types.ExprString(e)
	}
	return string(src[f.Offset(e.Pos()):f.Offset(e.End())])
}
