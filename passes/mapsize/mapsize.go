package mapsize

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/squashgo/squash/passes/internal/loops"
	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// Analyzer reports maps that could be made with a size.
var Analyzer = &analysis.Analyzer{
	Name:     "mapsize",
	Doc:      passdoc.Doc(doc),
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/mapsize",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	ins.Preorder([]ast.Node{(*ast.BlockStmt)(nil)}, func(n ast.Node) {
		block := n.(*ast.BlockStmt)
		for i, stmt := range block.List {
			if obj, typ := emptyMap(pass, stmt); obj != nil {
				checkFrom(pass, block.List, i, obj, typ)
			}
		}
	})
	return nil, nil
}

// emptyMap recognises `m := map[K]V{}` and `m := make(map[K]V)`.
func emptyMap(pass *analysis.Pass, stmt ast.Stmt) (types.Object, ast.Expr) {
	s, ok := stmt.(*ast.AssignStmt)
	if !ok || s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
		return nil, nil
	}
	id, ok := s.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, nil
	}
	obj := pass.TypesInfo.Defs[id]
	if obj == nil {
		return nil, nil
	}
	if _, ok := obj.Type().Underlying().(*types.Map); !ok {
		return nil, nil
	}
	switch r := s.Rhs[0].(type) {
	case *ast.CompositeLit:
		if len(r.Elts) == 0 && r.Type != nil {
			return obj, r.Type
		}
	case *ast.CallExpr:
		if len(r.Args) == 1 && loops.IsBuiltin(pass.TypesInfo, r.Fun, "make") {
			return obj, r.Args[0]
		}
	}
	return nil, nil
}

// checkFrom reports the declaration list[i] when the first statement after
// it that uses the map is a loop that fills it.
func checkFrom(pass *analysis.Pass, list []ast.Stmt, i int, obj types.Object, typ ast.Expr) {
	info := pass.TypesInfo
	j, body := loops.FirstUse(info, list, i, obj)
	if body == nil || loops.MayExit(body) || loops.Stores(info, body, obj) != 1 {
		return
	}
	stmt := list[j]
	// Unlike a slice's capacity, a map's size may be negative at run
	// time (make takes it as no hint); TripCount rejects a negative
	// constant, which would not compile.
	count, ok := loops.TripCount(pass, list, j)
	size, held := count.Text, ""
	var hoist loops.Hoist
	if !ok {
		// A range over a call's result, which the fix holds in a
		// variable (see prealloc).
		if hoist, ok = loops.RangeCall(pass, list, j); !ok {
			return
		}
		count, held, size = hoist.Count, hoist.Name, "len("+hoist.Name+")"
	}
	if !loops.Predeclared(pass, stmt.Pos(), "len", "make") || !loops.SameAt(pass, typ, stmt.Pos()) || loops.JumpedOver(list, i, j) {
		return
	}
	made := fmt.Sprintf("%s := make(%s, %s)", obj.Name(), loops.Text(pass.Fset, typ), size)
	decl := list[i]
	d := analysis.Diagnostic{
		Pos:     decl.Pos(),
		End:     decl.End(),
		Message: fmt.Sprintf("%s gets one entry per iteration of a loop of %s iterations: make it with that size", obj.Name(), count.Text),
		Related: loops.Uses(info, body, obj, "grows here"),
	}
	edits := func() []analysis.TextEdit { return loops.Redeclare(pass, list, i, j, count, made) }
	if held != "" {
		d.Message += ", the call's result held in a variable"
		edits = func() []analysis.TextEdit { return loops.RedeclareHoisted(pass, list, i, j, hoist, made) }
		if first := loops.FirstFilled(pass, list, i, j); first != nil {
			d.Message += fmt.Sprintf(" (no fix offered yet: %s's, which the loop fills too, holds the result first; squash lint -fix makes this one after it)", first.Name())
			pass.Report(d)
			return
		}
	}
	if loops.Ignored(pass, decl, "mapsize") {
		// squash lint drops the finding, and its fix with it: the
		// others that the loop fills make theirs (FirstFilled).
		pass.Report(d)
		return
	}
	d.SuggestedFixes = []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("Make %s with size %s", obj.Name(), size),
		TextEdits: edits(),
	}}
	pass.Report(d)
}
