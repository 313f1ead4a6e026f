package iface

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"iter"
	"strings"
)

// ConstVars returns, of the package-level variables that files declare,
// those that could be constants, each with the constant its initializer
// gives. Converting such a variable to an interface copies its value to
// the heap (runtime.convT*) where the interface escapes; a constant goes
// into an interface from read-only data, with no copy. A variable could be
// a constant when it is unexported, since another package may assign an
// exported one; when it is of a string, boolean or integer type, whose
// arithmetic as a constant gives what it gives at run time, or fails to
// compile (a float's is exact, and may round otherwise); when its
// initializer is a constant; and when nothing in files assigns it,
// increments it, takes its address (&v, or a call of a method with a
// pointer receiver on it), or names it in a //go:linkname directive.
// others are files of the package without types: those that the build
// leaves out, and its tests where files do not hold them. In them, an
// assignment to any identifier of the variable's name counts.
func ConstVars(info *types.Info, files, others []*ast.File) map[*types.Var]constant.Value {
	vars := map[*types.Var]constant.Value{}
	for _, vs := range VarSpecs(files) {
		if len(vs.Values) != len(vs.Names) {
			continue // none, or the results of one call
		}
		for i, id := range vs.Names {
			v, ok := info.Defs[id].(*types.Var)
			tv := info.Types[vs.Values[i]]
			if ok && !v.Exported() && id.Name != "_" && tv.Value != nil && constantKind(v.Type()) {
				vars[v] = tv.Value
			}
		}
	}
	if len(vars) == 0 {
		return vars
	}
	byName := make(map[string]*types.Var, len(vars))
	for v := range vars {
		byName[v.Name()] = v
	}
	// changed drops the variable that e names, if it is one of vars.
	changed := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				delete(vars, v)
			}
		}
	}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for _, lhs := range n.Lhs {
					changed(lhs)
				}
			case *ast.IncDecStmt:
				changed(n.X)
			case *ast.RangeStmt:
				if n.Tok == token.ASSIGN {
					changed(n.Key)
					changed(n.Value)
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					changed(n.X)
				}
			case *ast.SelectorExpr:
				// A method with a pointer receiver called on v takes &v.
				if sel, ok := info.Selections[n]; ok && sel.Kind() == types.MethodVal {
					if _, ptr := sel.Obj().Type().(*types.Signature).Recv().Type().(*types.Pointer); ptr {
						changed(n.X)
					}
				}
			}
			return true
		})
		linknamed(f, byName, vars)
	}
	for _, f := range others {
		ast.Inspect(f, func(n ast.Node) bool {
			var targets []ast.Expr
			switch n := n.(type) {
			case *ast.AssignStmt:
				targets = n.Lhs
			case *ast.IncDecStmt:
				targets = []ast.Expr{n.X}
			case *ast.RangeStmt:
				if n.Tok == token.ASSIGN {
					targets = []ast.Expr{n.Key, n.Value}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					targets = []ast.Expr{n.X}
				}
			}
			for _, e := range targets {
				if id, ok := ast.Unparen(e).(*ast.Ident); ok {
					delete(vars, byName[id.Name])
				}
			}
			return true
		})
		linknamed(f, byName, vars)
	}
	return vars
}

// VarSpecs yields the specs of the package-level var declarations of
// files, each with its declaration, in the order of the files.
func VarSpecs(files []*ast.File) iter.Seq2[*ast.GenDecl, *ast.ValueSpec] {
	return func(yield func(*ast.GenDecl, *ast.ValueSpec) bool) {
		for _, f := range files {
			for _, d := range f.Decls {
				gd, ok := d.(*ast.GenDecl)
				if !ok || gd.Tok != token.VAR {
					continue
				}
				for _, spec := range gd.Specs {
					if !yield(gd, spec.(*ast.ValueSpec)) {
						return
					}
				}
			}
		}
	}
}

// linknamed drops from vars those that a //go:linkname directive of f
// names: another package may assign them.
func linknamed(f *ast.File, byName map[string]*types.Var, vars map[*types.Var]constant.Value) {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if rest, ok := strings.CutPrefix(c.Text, "//go:linkname "); ok {
				if fields := strings.Fields(rest); len(fields) > 0 {
					delete(vars, byName[fields[0]])
				}
			}
		}
	}
}

// constantKind reports whether t is a string, boolean or integer type.
func constantKind(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsString|types.IsBoolean|types.IsInteger) != 0
}

// BoxedFree reports whether converting a variable of type t that holds v
// to an interface allocates nothing all the same: the runtime points the
// interface at static memory for a value of one byte, an integer whose
// bits are under 256 (runtime.staticuint64s, for 2, 4 and 8 bytes), and
// the empty string.
func BoxedFree(sizes types.Sizes, t types.Type, v constant.Value) bool {
	if sizes.Sizeof(t) == 1 {
		return true
	}
	switch v.Kind() {
	case constant.String:
		return constant.StringVal(v) == ""
	case constant.Int:
		// A negative value's bits, in two's complement, are over 256.
		u, exact := constant.Uint64Val(v)
		return exact && u < 256
	}
	return false
}
