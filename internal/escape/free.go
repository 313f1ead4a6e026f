package escape

import (
	"context"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"
)

// Why a value the compiler says escapes is not allocated after all. Escape
// analysis decides where a value lives; the phases after it (order and walk,
// in cmd/compile) then convert a value to an interface without allocating
// when they can point the interface at data that is already somewhere, and
// the runtime gives every zero-size allocation the same address.
// TestFreeRecords checks each reason on the toolchain that runs the tests,
// with testing.AllocsPerRun.
const (
	FreeConstant = "allocates nothing: a constant, which the interface points at in read-only data"
	FreeStatic   = "allocates nothing: a composite literal of constants, which the compiler makes a read-only static for the interface to point at"
	FreeZeroSize = "allocates nothing: it has size zero, and every zero-size allocation is the runtime's one address (runtime.zerobase)"
	FreeOneByte  = "allocates nothing: a one-byte value, which the interface points at in the runtime's table of byte values (runtime.staticuint64s)"
)

// ReadTypes adds to ix what the types of the code say, which the compiler's
// records do not: it sets Free on the records that say a value escapes when
// the compiler does not allocate it, which it tells from the types of the
// expressions at the records' positions, and notes what each line that
// stores to an index expression stores to (see Index.Store). It
// type-checks, from dir, the packages whose files hold records of values
// said to escape. A package that does not type-check is skipped: its
// records keep saying that they allocate, and its lines have no Store.
// Build calls it; a caller of Load whose records are of code as it is on
// disk calls it too.
func ReadTypes(ctx context.Context, dir string, ix *Index) error {
	var cands []int
	dirs := map[string]bool{}
	tests := false
	for i := range ix.records {
		r := &ix.records[i]
		if !r.Allocates() {
			continue
		}
		if _, ok := escapedExpr(r.Message); !ok {
			continue
		}
		cands = append(cands, i)
		dirs[filepath.Dir(r.Source().File)] = true
		tests = tests || strings.HasSuffix(r.Source().File, "_test.go")
	}
	if len(cands) == 0 {
		return nil
	}
	var patterns []string
	for d := range dirs {
		patterns = append(patterns, d)
	}
	slices.Sort(patterns)
	cfg := &packages.Config{
		Context: ctx,
		Dir:     dir,
		Mode:    packages.NeedName | packages.NeedCompiledGoFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedTypesSizes,
		Tests:   tests, // type-checking the test variants takes twice as long
	}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return nil // the build succeeded: leave the records as they are
	}
	type source struct {
		file *ast.File
		pkg  *packages.Package
	}
	files := map[string]source{}
	for _, p := range pkgs {
		if len(p.Errors) > 0 || p.TypesInfo == nil || p.TypesSizes == nil {
			continue
		}
		for _, f := range p.Syntax {
			name := p.Fset.File(f.Pos()).Name()
			if _, ok := files[name]; !ok {
				files[name] = source{f, p}
			}
		}
	}
	for _, src := range files {
		ix.noteStores(src.file, src.pkg.Fset.File(src.file.Pos()), src.pkg.TypesInfo)
	}
	for _, i := range cands {
		r := &ix.records[i]
		pos := r.Source()
		src, ok := files[pos.File]
		if !ok {
			continue
		}
		tf := src.pkg.Fset.File(src.file.Pos())
		if pos.Line < 1 || pos.Line > tf.LineCount() {
			continue
		}
		off := tf.Offset(tf.LineStart(pos.Line)) + pos.Col - 1
		if pos.Col < 1 || off >= tf.Size() {
			continue
		}
		r.Free = whyFree(r.Message, exprAt(src.file, tf.Pos(off)), src.pkg.TypesInfo, src.pkg.TypesSizes)
	}
	return nil
}

// escapedExpr returns EXPR of "EXPR escapes to heap".
func escapedExpr(msg string) (string, bool) {
	return strings.CutSuffix(msg, " escapes to heap")
}

// exprAt returns the expression the compiler reports at pos, or nil. The
// compiler places an expression at its operator or bracket, not at its
// start: a call and a conversion at "(", a composite literal at "{", a
// selector at ".", an index at "[", a binary expression at its operator.
func exprAt(f *ast.File, pos token.Pos) ast.Expr {
	var found ast.Expr
	ast.Inspect(f, func(n ast.Node) bool {
		if found != nil || n == nil || n.End() <= pos || n.Pos() > pos {
			return false
		}
		if e, ok := n.(ast.Expr); ok && compilerPos(e) == pos {
			found = e
			return false
		}
		return true
	})
	return found
}

// compilerPos returns where the compiler places e, or token.NoPos for
// parentheses, which it does not keep.
func compilerPos(e ast.Expr) token.Pos {
	switch e := e.(type) {
	case *ast.ParenExpr:
		return token.NoPos
	case *ast.CallExpr:
		return e.Lparen
	case *ast.CompositeLit:
		return e.Lbrace
	case *ast.SelectorExpr:
		return e.Sel.Pos() - 1
	case *ast.TypeAssertExpr:
		return e.Lparen - 1
	case *ast.IndexExpr:
		return e.Lbrack
	case *ast.IndexListExpr:
		return e.Lbrack
	case *ast.SliceExpr:
		return e.Lbrack
	case *ast.BinaryExpr:
		return e.OpPos
	}
	return e.Pos()
}

// whyFree returns why the value that msg says escapes, e, is not allocated,
// or "" when it is or when e is not what msg is about.
func whyFree(msg string, e ast.Expr, info *types.Info, sizes types.Sizes) string {
	if e == nil {
		return ""
	}
	zero := func(t types.Type) bool { return t != nil && !generic(t) && sizes.Sizeof(t) == 0 }
	if id, ok := e.(*ast.Ident); ok && info.Defs[id] != nil {
		// A variable whose address escapes is moved to the heap; the
		// compiler's JSON says "x escapes to heap" at its declaration
		// (only its -m text says "moved to heap: x").
		if obj := info.Defs[id]; zero(obj.Type()) && msg == id.Name+" escapes to heap" {
			return FreeZeroSize
		}
		return ""
	}
	text, _ := escapedExpr(msg)
	tv, ok := info.Types[e]
	if !ok {
		return ""
	}
	if tv.Value != nil {
		// Every expression that starts where a constant does is part of
		// it: whatever the record is about, it is a constant (the message
		// may give its value rather than its name).
		return FreeConstant
	}
	if !sameExpr(text, types.ExprString(e)) {
		return "" // the record is about another expression
	}
	switch x := ast.Unparen(e).(type) {
	case *ast.UnaryExpr: // &T{...}: the allocation is the T
		if p, ok := tv.Type.Underlying().(*types.Pointer); ok && x.Op == token.AND && zero(p.Elem()) {
			return FreeZeroSize
		}
		return ""
	case *ast.CallExpr:
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok {
				if p, ok := tv.Type.Underlying().(*types.Pointer); ok && b.Name() == "new" && zero(p.Elem()) {
					return FreeZeroSize
				}
				return "" // make's backing array and the slice header share a message
			}
		}
	}
	// What is left escapes as a copy in an interface: an expression that
	// allocates something of its own (a closure, a string's bytes, a
	// slice's backing array) has a type of pointer size or more.
	switch {
	case zero(tv.Type):
		return FreeZeroSize
	case oneByte(tv.Type):
		return FreeOneByte
	case static(e, info):
		return FreeStatic
	}
	return ""
}

// sameExpr reports whether the compiler's rendering of an expression,
// msg, and go/types', src, are of the same expression. The compiler writes "V{...}" and
// "struct {}{}" where go/types writes "V{…}" and "struct{}{}", and it
// qualifies names of code inlined from another package.
func sameExpr(msg, src string) bool {
	norm := func(s string) string {
		s = strings.ReplaceAll(s, "...", "…")
		s = strings.ReplaceAll(s, " ", "")
		return qualifier.ReplaceAllString(s, "")
	}
	return norm(msg) == norm(src)
}

var qualifier = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]*\.`)

// oneByte reports whether t is a boolean or an integer of one byte.
func oneByte(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Info()&types.IsBoolean != 0 || b.Kind() == types.Int8 || b.Kind() == types.Uint8)
}

// static reports whether e is a struct or array literal whose elements are
// all constants of non-interface types, nil, or such literals: the
// compiler's isStaticCompositeLiteral, narrowed to what squash can check.
func static(e ast.Expr, info *types.Info) bool {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return false
	}
	t := info.TypeOf(lit)
	if t == nil || generic(t) {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				el = kv.Value
			}
			if !staticElem(el, u.Elem(), info) {
				return false
			}
		}
		return true
	case *types.Struct:
		for i, el := range lit.Elts {
			var f *types.Var
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				id, ok := kv.Key.(*ast.Ident)
				if !ok {
					return false
				}
				if f, ok = info.ObjectOf(id).(*types.Var); !ok {
					return false
				}
				el = kv.Value
			} else if i < u.NumFields() {
				f = u.Field(i)
			} else {
				return false
			}
			if !staticElem(el, f.Type(), info) {
				return false
			}
		}
		return true
	}
	return false
}

// staticElem reports whether el, stored in an element of type t, keeps its
// literal static.
func staticElem(el ast.Expr, t types.Type, info *types.Info) bool {
	tv, ok := info.Types[el]
	switch {
	case !ok:
		return false
	case tv.IsNil():
		return true
	case types.IsInterface(t):
		return false
	case tv.Value != nil:
		return true
	}
	return static(el, info)
}

// generic reports whether t involves a type parameter, whose size differs
// from one instance to another.
func generic(t types.Type) bool {
	switch t := types.Unalias(t).(type) {
	case *types.TypeParam:
		return true
	case *types.Pointer:
		return generic(t.Elem())
	case *types.Array:
		return generic(t.Elem())
	case *types.Struct:
		for f := range t.Fields() {
			if generic(f.Type()) {
				return true
			}
		}
	case *types.Named:
		for a := range t.TypeArgs().Types() {
			if generic(a) {
				return true
			}
		}
	}
	return false
}
