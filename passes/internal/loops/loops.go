// Package loops answers the questions the allocation passes ask of a loop:
// how many times will it run, known before it starts, and does every
// iteration reach a given statement.
package loops

import (
	"go/ast"
	"go/token"
	"go/types"
)

// TripCount returns an expression, as source text, for the number of
// iterations of loop, when that number is known before the loop starts and
// the expression can be evaluated again without side effects: len(x) for a
// range over a slice, array or map x, n for a range over an integer n, and n
// for `for i := 0; i < n; i++` where the body assigns neither i nor n. A
// range over a string (runes, not bytes), a channel or a function is not
// counted.
func TripCount(info *types.Info, fset *token.FileSet, loop ast.Stmt) (string, bool) {
	switch l := loop.(type) {
	case *ast.RangeStmt:
		if !Pure(l.X) {
			return "", false
		}
		t := info.TypeOf(l.X)
		if t == nil {
			return "", false
		}
		switch u := t.Underlying().(type) {
		case *types.Slice, *types.Map:
			return "len(" + Text(fset, l.X) + ")", true
		case *types.Array:
			return "len(" + Text(fset, l.X) + ")", true
		case *types.Pointer:
			if _, ok := u.Elem().Underlying().(*types.Array); ok {
				return "len(" + Text(fset, l.X) + ")", true
			}
		case *types.Basic:
			if u.Info()&types.IsInteger != 0 {
				return Text(fset, l.X), true
			}
		}
	case *ast.ForStmt:
		return countedFor(info, fset, l)
	}
	return "", false
}

// countedFor recognises for i := 0; i < n; i++ { ... }.
func countedFor(info *types.Info, fset *token.FileSet, l *ast.ForStmt) (string, bool) {
	init, ok := l.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return "", false
	}
	i, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return "", false
	}
	if lit, ok := init.Rhs[0].(*ast.BasicLit); !ok || lit.Value != "0" {
		return "", false
	}
	cond, ok := l.Cond.(*ast.BinaryExpr)
	if !ok || cond.Op != token.LSS {
		return "", false
	}
	if ci, ok := cond.X.(*ast.Ident); !ok || info.ObjectOf(ci) != info.ObjectOf(i) {
		return "", false
	}
	post, ok := l.Post.(*ast.IncDecStmt)
	if !ok || post.Tok != token.INC {
		return "", false
	}
	if pi, ok := post.X.(*ast.Ident); !ok || info.ObjectOf(pi) != info.ObjectOf(i) {
		return "", false
	}
	if !Pure(cond.Y) || Assigns(info, l.Body, info.ObjectOf(i)) {
		return "", false
	}
	for _, obj := range Idents(info, cond.Y) {
		if Assigns(info, l.Body, obj) {
			return "", false
		}
	}
	return Text(fset, cond.Y), true
}

// Pure reports whether e can be evaluated twice with the same result and no
// side effect: identifiers, constants, selectors, len and cap of those,
// index expressions and arithmetic over them. Calls other than len and cap
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

// Refers reports whether obj is used anywhere in n.
func Refers(info *types.Info, n ast.Node, obj types.Object) bool {
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
