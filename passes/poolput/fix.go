package poolput

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/analysis"
)

// A pooled value can be rewritten to a pooled pointer only when the whole
// life of the pool is in view: an unexported package-level sync.Pool
// variable whose New returns one expression of the boxed type, and whose
// every other use in the package is a Get asserted to that type and assigned
// to a new variable, or a Put (as a statement, not deferred) of such a
// variable or a slice of it. The fix then changes New to return a pointer,
// each Get to keep the pointer next to the value, and each Put to store the
// value through the pointer and put the pointer back. (run does not ask for
// the fix of an exported pool.)

// getSite is a rewritable Get: v := pool.Get().(T).
type getSite struct {
	stmt *ast.AssignStmt
	v    *types.Var
	ptr  string // name of the pointer variable the fix declares
}

// putSite is a rewritable Put: pool.Put(arg) as a statement, with arg rooted
// at a Get's variable.
type putSite struct {
	stmt *ast.ExprStmt
	call *ast.CallExpr
	get  *getSite
}

// poolFix returns the fix that makes pool hold *T instead of T or, if any
// use of pool is out of the fix's reach, nil and the first such use, in
// words. uses are the package's identifiers that refer to pool, with their
// stacks of enclosing nodes.
func poolFix(pass *analysis.Pass, pool *types.Var, t types.Type, uses []use) (*analysis.SuggestedFix, string) {
	tname := types.TypeString(t, types.RelativeTo(pass.Pkg))
	at := placer(pass, uses)
	newRet, why := poolNew(pass, pool, t)
	if newRet == nil {
		return nil, why
	}
	gets := map[*types.Var]*getSite{}
	var puts []*putSite
	var pending []use
	for _, u := range uses {
		sel, ok := u.parent(0).(*ast.SelectorExpr)
		if !ok || sel.X != u.id || sel.Sel.Name != "Get" && sel.Sel.Name != "Put" {
			return nil, fmt.Sprintf("%s is used other than by Get and Put at %s", pool.Name(), at(u.id.Pos()))
		}
		if sel.Sel.Name == "Put" {
			pending = append(pending, u)
			continue
		}
		g, why := asGet(pass, pool, u, t, at)
		if g == nil {
			return nil, why
		}
		gets[g.v] = g
	}
	for _, u := range pending {
		p, ok := asPut(pass, u, gets)
		if !ok {
			return nil, fmt.Sprintf("the Put at %s is not a statement that puts back v, or a slice of it, in the block of a v := %s.Get().(%s)", at(u.id.Pos()), pool.Name(), tname)
		}
		puts = append(puts, p)
	}
	if len(puts) == 0 {
		return nil, pool.Name() + " has no Put the fix can rewrite"
	}

	var edits []analysis.TextEdit
	// New: return EXPR  ->  v := EXPR; return &v
	expr := src(pass, newRet.Results[0])
	sep := "; "
	if !oneLine(pass, newRet) {
		sep = "\n" + indent(pass, newRet.Pos())
	}
	edits = append(edits, analysis.TextEdit{
		Pos:     newRet.Pos(),
		End:     newRet.End(),
		NewText: fmt.Appendf(nil, "v := %s%sreturn &v", expr, sep),
	})
	for _, g := range gets {
		ta := g.stmt.Rhs[0].(*ast.TypeAssertExpr)
		edits = append(edits, analysis.TextEdit{
			Pos: g.stmt.Pos(),
			End: g.stmt.End(),
			NewText: fmt.Appendf(nil, "%s := %s.(*%s)\n%s%s := *%s",
				g.ptr, src(pass, ta.X), src(pass, ta.Type), indent(pass, g.stmt.Pos()), g.v.Name(), g.ptr),
		})
	}
	for _, p := range puts {
		fun := p.call.Fun.(*ast.SelectorExpr)
		edits = append(edits, analysis.TextEdit{
			Pos: p.stmt.Pos(),
			End: p.stmt.End(),
			NewText: fmt.Appendf(nil, "*%s = %s\n%s%s.Put(%s)",
				p.get.ptr, src(pass, p.call.Args[0]), indent(pass, p.stmt.Pos()), src(pass, fun.X), p.get.ptr),
		})
	}
	return &analysis.SuggestedFix{
		Message:   fmt.Sprintf("pool *%s in %s, not %s", tname, pool.Name(), tname),
		TextEdits: edits,
	}, ""
}

// poolNew finds pool's declaration, var pool = sync.Pool{New: func() any {
// return EXPR }}, with EXPR of type t, and returns its return statement, or
// nil and what the declaration lacks, in words.
func poolNew(pass *analysis.Pass, pool *types.Var, t types.Type) (*ast.ReturnStmt, string) {
	if pool.Parent() != pass.Pkg.Scope() {
		return nil, pool.Name() + " is not a package-level variable"
	}
	lacks := fmt.Sprintf("%s's New is not func() any { return v } with v %s", pool.Name(), indefinite(types.TypeString(t, types.RelativeTo(pass.Pkg))))
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					if pass.TypesInfo.Defs[name] != pool {
						continue
					}
					if len(vs.Values) != len(vs.Names) {
						return nil, lacks
					}
					if ret := newReturn(pass, vs.Values[i], t); ret != nil {
						return ret, ""
					}
					return nil, lacks
				}
			}
		}
	}
	return nil, lacks
}

// newReturn returns the one return statement of the New func literal in a
// sync.Pool composite literal, if it returns a single value of type t, or
// nil.
func newReturn(pass *analysis.Pass, e ast.Expr, t types.Type) *ast.ReturnStmt {
	cl, ok := e.(*ast.CompositeLit)
	if !ok {
		return nil
	}
	for _, elt := range cl.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		if key, ok := kv.Key.(*ast.Ident); !ok || key.Name != "New" {
			continue
		}
		fl, ok := kv.Value.(*ast.FuncLit)
		if !ok || len(fl.Body.List) != 1 {
			return nil
		}
		ret, ok := fl.Body.List[0].(*ast.ReturnStmt)
		if !ok || len(ret.Results) != 1 {
			return nil
		}
		tv, ok := pass.TypesInfo.Types[ret.Results[0]]
		if !ok || !types.Identical(tv.Type, t) {
			return nil
		}
		return ret
	}
	return nil
}

// asGet recognizes v := pool.Get().(T) at a use of pool, or says why not,
// placing the use with at.
func asGet(pass *analysis.Pass, pool *types.Var, u use, t types.Type, at func(token.Pos) string) (*getSite, string) {
	form := fmt.Sprintf("the Get at %s is not v := %s.Get().(%s)", at(u.id.Pos()), pool.Name(), types.TypeString(t, types.RelativeTo(pass.Pkg)))
	call, ok := u.parent(1).(*ast.CallExpr)
	if !ok || len(call.Args) != 0 {
		return nil, form
	}
	ta, ok := u.parent(2).(*ast.TypeAssertExpr)
	if !ok || ta.X != call || ta.Type == nil || !types.Identical(pass.TypesInfo.TypeOf(ta.Type), t) {
		return nil, form
	}
	as, ok := u.parent(3).(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || as.Rhs[0] != ta {
		return nil, form
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, form
	}
	v, ok := pass.TypesInfo.Defs[id].(*types.Var)
	if !ok {
		return nil, form
	}
	ptr := freeName(pass, u, v.Name()+"p", v.Name()+"Ptr")
	if ptr == "" {
		return nil, fmt.Sprintf("neither %sp nor %sPtr is free for the pointer to %s at %s", v.Name(), v.Name(), v.Name(), at(u.id.Pos()))
	}
	return &getSite{stmt: as, v: v, ptr: ptr}, ""
}

// asPut recognizes pool.Put(arg) as a statement, arg being a Get's variable
// or a slice or parenthesis of it.
func asPut(pass *analysis.Pass, u use, gets map[*types.Var]*getSite) (*putSite, bool) {
	call, ok := u.parent(1).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, false
	}
	st, ok := u.parent(2).(*ast.ExprStmt)
	if !ok || st.X != call {
		return nil, false
	}
	root := call.Args[0]
	for {
		switch e := root.(type) {
		case *ast.ParenExpr:
			root = e.X
			continue
		case *ast.SliceExpr:
			root = e.X
			continue
		}
		break
	}
	id, ok := root.(*ast.Ident)
	if !ok {
		return nil, false
	}
	v, _ := pass.TypesInfo.Uses[id].(*types.Var)
	g := gets[v]
	if g == nil || !within(g.stmt, u.stack) {
		return nil, false
	}
	return &putSite{stmt: st, call: call, get: g}, true
}

// within reports whether the Get statement's block encloses the Put, whose
// stack of enclosing nodes is given: the pointer the fix declares there is
// then in scope.
func within(get *ast.AssignStmt, stack []ast.Node) bool {
	for _, n := range stack {
		if b, ok := n.(*ast.BlockStmt); ok {
			for _, s := range b.List {
				if s == get {
					return true
				}
			}
		}
	}
	return false
}

// freeName returns the first candidate name not declared anywhere in the
// file's function around u nor visible from it, or "".
func freeName(pass *analysis.Pass, u use, candidates ...string) string {
	var fn ast.Node
	for _, n := range u.stack {
		if fd, ok := n.(*ast.FuncDecl); ok {
			fn = fd
		}
	}
	if fn == nil {
		return ""
	}
	scope := pass.TypesInfo.Scopes[fn.(*ast.FuncDecl).Type]
	for _, name := range candidates {
		taken := false
		if scope != nil {
			if _, obj := scope.LookupParent(name, token.NoPos); obj != nil {
				taken = true
			}
		}
		ast.Inspect(fn, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Name == name {
				taken = true
			}
			return !taken
		})
		if !taken {
			return name
		}
	}
	return ""
}

// src returns the source text of n, as gofmt prints it.
func src(pass *analysis.Pass, n ast.Node) string {
	var b bytes.Buffer
	format.Node(&b, pass.Fset, n)
	return b.String()
}

func line(pass *analysis.Pass, p token.Pos) int { return pass.Fset.Position(p).Line }

// placer returns how a message about a pool's uses places one of them: the
// message is reported at one of the uses (its first Put), so "line N" does
// where they are all in one file, and "file.go:N" is needed where they are
// not.
func placer(pass *analysis.Pass, uses []use) func(token.Pos) string {
	oneFile := true
	for _, u := range uses {
		oneFile = oneFile && pass.Fset.File(u.id.Pos()) == pass.Fset.File(uses[0].id.Pos())
	}
	return func(p token.Pos) string {
		if oneFile {
			return fmt.Sprintf("line %d", line(pass, p))
		}
		pos := pass.Fset.Position(p)
		return fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
	}
}

// oneLine reports whether the return statement shares its line with the
// code before it, as in func() any { return x }.
func oneLine(pass *analysis.Pass, ret *ast.ReturnStmt) bool {
	f := pass.Fset.File(ret.Pos())
	start := f.LineStart(line(pass, ret.Pos()))
	text := fileText(pass, f)
	if text == nil {
		return false
	}
	i := f.Offset(start)
	for i < f.Offset(ret.Pos()) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i != f.Offset(ret.Pos())
}

// indent returns the leading white space of the line that holds p.
func indent(pass *analysis.Pass, p token.Pos) string {
	f := pass.Fset.File(p)
	text := fileText(pass, f)
	if text == nil {
		return "\t"
	}
	i := f.Offset(f.LineStart(line(pass, p)))
	j := i
	for j < len(text) && (text[j] == ' ' || text[j] == '\t') {
		j++
	}
	return string(text[i:j])
}

// fileText returns the contents of the file f, or nil if it cannot be read.
func fileText(pass *analysis.Pass, f *token.File) []byte {
	b, err := pass.ReadFile(f.Name())
	if err != nil {
		return nil
	}
	return b
}
