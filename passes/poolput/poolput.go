package poolput

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/squashgo/squash/internal/iface"
	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// CoveredCategory is the category of a diagnostic with no fix of its own
// because another diagnostic's fix, that of the pool's first Put, rewrites
// its Put too. Its first related information is at that Put.
const CoveredCategory = "covered"

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
	noFix := map[*types.Var]string{}      // why a pool has no fix, "" if its first Put carries it
	fixedAt := map[*types.Var]token.Pos{} // that first Put
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil)) {
		call := cur.Node().(*ast.CallExpr)
		fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok || fn.FullName() != "(*sync.Pool).Put" || len(call.Args) != 1 {
			continue
		}
		arg := call.Args[0]
		tv, ok := pass.TypesInfo.Types[arg]
		if !ok || tv.Value != nil || tv.IsNil() || !boxes(pass.TypesSizes, tv.Type) {
			continue
		}
		t := types.TypeString(tv.Type, types.RelativeTo(pass.Pkg))
		d := analysis.Diagnostic{
			Pos: call.Pos(),
			End: call.End(),
			Message: fmt.Sprintf("sync.Pool.Put of %s allocates to box it in an interface on every call (SA6002): pool a *%s instead, put back the pointer, and assign through it",
				indefinite(t), t),
		}
		// The fix rewrites every use of the pool, so it goes with the
		// pool's first reported Put; where there is none, each Put says
		// why. Other packages can use an exported pool, and their
		// Get().(T) would still compile after the fix and panic at run
		// time: that pool gets the message only.
		pool := poolVar(pass, call)
		switch {
		case pool == nil:
			d.Message += "; no fix offered: " + notAPoolVar(pass, call)
		case exported(pass, pool):
			d.Message += fmt.Sprintf("; no fix offered: %s is exported, and another package's %s.Get().(%s) would still compile after it and panic", pool.Name(), pool.Name(), t)
		default:
			why, seen := noFix[pool]
			if !seen {
				var fix *analysis.SuggestedFix
				fix, why = poolFix(pass, pool, tv.Type, uses[pool])
				noFix[pool] = why
				if fix != nil {
					d.SuggestedFixes = []analysis.SuggestedFix{*fix}
					fixedAt[pool] = call.Pos()
				}
			}
			switch at, ok := fixedAt[pool]; {
			case why != "":
				d.Message += "; no fix offered: " + why
			case ok && at != call.Pos():
				where, here := pass.Fset.Position(at), pass.Fset.Position(call.Pos())
				line := fmt.Sprintf("line %d", where.Line)
				if where.Filename != here.Filename {
					line = fmt.Sprintf("%s:%d", filepath.Base(where.Filename), where.Line)
				}
				d.Message += fmt.Sprintf("; the fix offered with the Put at %s rewrites this one too", line)
				d.Category = CoveredCategory
				d.Related = append(d.Related, analysis.RelatedInformation{Pos: at, Message: "the Put whose fix rewrites this one"})
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
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
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

// notAPoolVar says why the Put call, on no sync.Pool variable, gets no fix.
func notAPoolVar(pass *analysis.Pass, call *ast.CallExpr) string {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "the Put is not called on a sync.Pool variable"
	}
	x := types.ExprString(sel.X)
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok {
		if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && v.Parent() == pass.Pkg.Scope() {
			if ptr, ok := v.Type().(*types.Pointer); ok && isPool(ptr.Elem()) {
				return x + " is a *sync.Pool: the fix rewrites a sync.Pool variable"
			}
		}
	}
	return x + " is not a package-level sync.Pool variable"
}

// exported reports whether other packages can refer to the package-level
// variable v.
func exported(pass *analysis.Pass, v *types.Var) bool {
	return v.Exported() && v.Parent() == pass.Pkg.Scope()
}

// isPool reports whether t is sync.Pool (not a pointer to one).
func isPool(t types.Type) bool {
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "Pool"
}

// boxes reports whether converting a value of type t to an interface
// allocates, following what the gc compiler does in Go 1.26
// (cmd/compile/internal/walk.dataWord): it does not for
//
//   - interfaces, which are not converted;
//   - pointer-shaped types, stored in the interface's data word itself: a
//     pointer, map, channel, func or unsafe.Pointer, or a struct or array
//     whose only non-zero-size part is one, and that is one word long
//     (types.IsDirectIface: struct{ p *T } is, struct{ p *T; _ struct{} }
//     with its trailing padding is not);
//   - zero-size types, which point at runtime.zerobase;
//   - booleans and single-byte integers, or a struct or array of exactly one
//     of them, which point into runtime.staticuint64s.
//
// Integers and floats of two to eight bytes avoid the allocation too when
// their bits are below 256, and strings and slices when empty or nil, but
// that is a property of the value, not of the type, so they are reported.
func boxes(sizes types.Sizes, t types.Type) bool {
	if types.IsInterface(t) {
		return false
	}
	if sizes == nil {
		sizes = types.SizesFor("gc", "amd64")
	}
	size := sizes.Sizeof(t)
	if size == 0 {
		return false
	}
	if iface.PointerShaped(sizes, t) {
		return false
	}
	if b, ok := soleComponent(t).Underlying().(*types.Basic); ok {
		if b.Info()&types.IsBoolean != 0 || size == 1 && b.Info()&types.IsInteger != 0 {
			return false
		}
	}
	return true
}

// soleComponent returns the type of the one field or element of t,
// recursively, or t itself if it is not a struct or array; the invalid type
// for a struct of other than one field or an array of other than one element
// (cmd/compile/internal/types.Type.SoleComponent).
func soleComponent(t types.Type) types.Type {
	switch u := t.Underlying().(type) {
	case *types.Struct:
		if u.NumFields() != 1 {
			return types.Typ[types.Invalid]
		}
		return soleComponent(u.Field(0).Type())
	case *types.Array:
		if u.Len() != 1 {
			return types.Typ[types.Invalid]
		}
		return soleComponent(u.Elem())
	}
	return t
}

// indefinite returns the type t, as written, after "a" or "an", as it is
// read: an int, an interface{}, an Item, an ID (an initialism, read letter
// by letter), but a uint and a uintptr (read "you-int", as Go's own docs
// write them), a []byte, a *T and a URL.
func indefinite(t string) string {
	r := []rune(t)
	an := false
	switch {
	case len(r) == 0:
	case len(r) > 1 && unicode.IsUpper(r[0]) && unicode.IsUpper(r[1]):
		an = strings.ContainsRune("AEFHILMNORSX", r[0]) // its letter's name
	case unicode.ToLower(r[0]) == 'u':
		an = !strings.HasPrefix(strings.ToLower(t), "uint") && !strings.HasPrefix(strings.ToLower(t), "uni")
	default:
		an = strings.ContainsRune("aeiou", unicode.ToLower(r[0]))
	}
	if an {
		return "an " + t
	}
	return "a " + t
}
