package poolput

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

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
		pass.Report(analysis.Diagnostic{
			Pos: call.Pos(),
			End: call.End(),
			Message: fmt.Sprintf("sync.Pool.Put of a %s allocates to box it in an interface on every call (SA6002): pool a *%s instead, put back the pointer, and assign through it",
				t, t),
		})
	}
	return nil, nil
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
