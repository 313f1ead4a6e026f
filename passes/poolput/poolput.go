package poolput

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// Analyzer reports sync.Pool.Put of values that box.
var Analyzer = &analysis.Analyzer{
	Name:     "poolput",
	Doc:      passdoc.Doc(doc),
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/poolput",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	uses := poolUses(pass, ins)
	fixed := map[*types.Var]bool{} // pools whose fix is already offered
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok || fn.FullName() != "(*sync.Pool).Put" || len(call.Args) != 1 {
			continue
		}
		arg := call.Args[0]
		tv, ok := pass.TypesInfo.Types[arg]
		if !ok || tv.Value != nil || tv.IsNil() || !boxes(tv.Type) {
			continue
		}
		t := types.TypeString(tv.Type, types.RelativeTo(pass.Pkg))
		d := analysis.Diagnostic{
			Pos: call.Pos(),
			End: call.End(),
			Message: fmt.Sprintf("sync.Pool.Put of a %s allocates to box it in an interface on every call (SA6002): pool a *%s instead, put back the pointer, and assign through it",
				t, t),
		}
		// The fix rewrites every use of the pool, so it goes with the
		// pool's first reported Put.
		if pool := poolVar(pass, call); pool != nil && !fixed[pool] {
			fixed[pool] = true
			if fix := poolFix(pass, pool, tv.Type, uses[pool]); fix != nil {
				d.SuggestedFixes = []analysis.SuggestedFix{*fix}
			}
		}
		pass.Report(d)
	}
	return nil, nil
}

// use is an identifier that refers to a pool variable, with the nodes that
// enclose it, outermost first.
type use struct {
	id    *ast.Ident
	stack []ast.Node
}

// parent returns the i-th node above the identifier (0: its parent), or nil.
func (u use) parent(i int) ast.Node {
	if j := len(u.stack) - 1 - i; j >= 0 {
		return u.stack[j]
	}
	return nil
}

// poolUses returns the uses of the package's sync.Pool variables, by
// variable.
func poolUses(pass *analysis.Pass, ins *inspector.Inspector) map[*types.Var][]use {
	uses := map[*types.Var][]use{}
	ins.WithStack([]ast.Node{(*ast.Ident)(nil)}, func(n ast.Node, push bool, stack []ast.Node) bool {
		if !push {
			return true
		}
		id := n.(*ast.Ident)
		v, ok := pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || v.Pkg() != pass.Pkg || !isPool(v.Type()) {
			return true
		}
		uses[v] = append(uses[v], use{id: id, stack: slices.Clone(stack[:len(stack)-1])})
		return true
	})
	return uses
}

// poolVar returns the variable of type sync.Pool that a Put is called on
// directly (pool.Put), or nil.
func poolVar(pass *analysis.Pass, call *ast.CallExpr) *types.Var {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !isPool(v.Type()) {
		return nil
	}
	return v
}

// isPool reports whether t is sync.Pool (not a pointer to one).
func isPool(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Pool"
}

// boxes reports whether converting a value of type t to an interface
// allocates: everything but pointer-shaped and zero-size types.
func boxes(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return false
	case *types.Basic:
		if u.Kind() == types.UnsafePointer {
			return false
		}
	case *types.Struct:
		if u.NumFields() == 0 {
			return false
		}
	case *types.Array:
		if u.Len() == 0 {
			return false
		}
	}
	return true
}
