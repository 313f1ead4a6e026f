package iface

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Conversions calls visit for each expression under root that the code
// converts to an interface type, with that type: an argument of a call,
// panic's and append's included, to a parameter of interface type; a
// value assigned, returned, sent, or put in a composite literal where an
// interface is expected; a map key of interface type; and the operand of
// a conversion to an interface, any(x). A value that is an interface
// already, or untyped nil, is not converted. Neither is one that goes to a
// type parameter's type, nor the results of a call that an assignment or
// a return spreads (v, err = f()), which the compiler converts by way of
// temporaries. info must hold the types of root's expressions.
func Conversions(info *types.Info, root ast.Node, visit func(e ast.Expr, to types.Type)) {
	to := func(e ast.Expr, t types.Type) {
		tv, ok := info.Types[e]
		if !ok || tv.IsNil() || tv.Type == nil || t == nil || !isInterface(t) || types.IsInterface(tv.Type) {
			return
		}
		visit(e, t)
	}
	var path []ast.Node // the nodes whose children are being visited
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			path = path[:len(path)-1]
			return true
		}
		path = append(path, n)
		switch n := n.(type) {
		case *ast.CallExpr:
			call(info, n, to)
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
				break
			}
			for i, lhs := range n.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && n.Tok == token.DEFINE && info.Defs[id] != nil {
					continue // declared here, of the value's type
				}
				to(n.Rhs[i], info.TypeOf(lhs))
			}
		case *ast.ValueSpec:
			if n.Type != nil && len(n.Values) == len(n.Names) {
				for _, v := range n.Values {
					to(v, info.TypeOf(n.Type))
				}
			}
		case *ast.ReturnStmt:
			if sig := enclosing(info, path); sig != nil && sig.Results().Len() == len(n.Results) {
				for i, r := range n.Results {
					to(r, sig.Results().At(i).Type())
				}
			}
		case *ast.SendStmt:
			if ch, ok := coreType(info.TypeOf(n.Chan)).(*types.Chan); ok {
				to(n.Value, ch.Elem())
			}
		case *ast.IndexExpr:
			if m, ok := coreType(info.TypeOf(n.X)).(*types.Map); ok {
				to(n.Index, m.Key())
			}
		case *ast.CompositeLit:
			literal(info, n, to)
		}
		return true
	})
}

// call visits the arguments of call that it converts to an interface.
func call(info *types.Info, call *ast.CallExpr, to func(ast.Expr, types.Type)) {
	fun, ok := info.Types[call.Fun]
	if !ok {
		return
	}
	if fun.IsType() {
		if len(call.Args) == 1 {
			to(call.Args[0], fun.Type)
		}
		return
	}
	sig, ok := coreType(fun.Type).(*types.Signature)
	if !ok {
		return
	}
	params := sig.Params()
	for i, arg := range call.Args {
		switch {
		case sig.Variadic() && i >= params.Len()-1:
			if call.Ellipsis.IsValid() {
				return // the slice is passed as it is
			}
			if s, ok := params.At(params.Len() - 1).Type().Underlying().(*types.Slice); ok {
				to(arg, s.Elem())
			}
		case i < params.Len():
			to(arg, params.At(i).Type())
		}
	}
}

// literal visits the elements and keys of lit that it converts to an
// interface.
func literal(info *types.Info, lit *ast.CompositeLit, to func(ast.Expr, types.Type)) {
	switch t := coreType(info.TypeOf(lit)).(type) {
	case *types.Struct:
		for i, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok {
					if f, ok := info.Uses[id].(*types.Var); ok {
						to(kv.Value, f.Type())
					}
				}
			} else if i < t.NumFields() {
				to(elt, t.Field(i).Type())
			}
		}
	case *types.Slice, *types.Array:
		elem := t.(interface{ Elem() types.Type }).Elem()
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				elt = kv.Value
			}
			to(elt, elem)
		}
	case *types.Map:
		for _, elt := range lit.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				to(kv.Key, t.Key())
				to(kv.Value, t.Elem())
			}
		}
	}
}

// enclosing returns the signature of the innermost function of path, or
// nil.
func enclosing(info *types.Info, path []ast.Node) *types.Signature {
	for i := len(path) - 1; i >= 0; i-- {
		switch n := path[i].(type) {
		case *ast.FuncLit:
			sig, _ := info.TypeOf(n).(*types.Signature)
			return sig
		case *ast.FuncDecl:
			if fn, ok := info.Defs[n.Name].(*types.Func); ok {
				return fn.Signature()
			}
			return nil
		}
	}
	return nil
}

// coreType returns t's underlying type, or, for a type parameter, the
// underlying type of the single type its constraint embeds, if it embeds
// one.
func coreType(t types.Type) types.Type {
	if t == nil {
		return nil
	}
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		if terms := Terms(tp.Constraint()); len(terms) == 1 {
			return terms[0].Underlying()
		}
		return nil
	}
	return t.Underlying()
}

// isInterface reports whether t is an interface type, and not a type
// parameter, whose instances may not be.
func isInterface(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok {
		return false
	}
	return types.IsInterface(t)
}
