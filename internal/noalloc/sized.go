package noalloc

import (
	"context"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/packages"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/gotool"
)

// unrecorded returns the allocations in the functions fs of package p that
// the compiler writes no record for: values that do not escape, and go to
// the heap all the same when they are larger than the stack buffer the
// compiler gives them, 32 bytes (or 32 runes). A make of a slice whose size
// is not a constant, a conversion to a string from bytes or runes, to runes
// from a string, and a concatenation of strings; s += t, which gets no
// buffer, at any size. (A []byte(s) that is only
// read shares the string's bytes; one that is written is copied, but telling
// the two apart is the compiler's, so it is not reported.) Expressions at
// positions the compiler has an escape record for are left to that record,
// in escaped. mechanism.TestUnrecordedSizes checks the sizes on the running
// toolchain, and TestConcatenationSize the concatenation's. fields are the
// places where the compiler would record a struct field's value escaping,
// as it prints a field the same as a method value (r.M).
func unrecorded(ctx context.Context, ld *gotool.Loader, p gotool.Package, fs []marked, escaped map[Position]bool) (diags []diagnostic, fields map[Position]bool, err error) {
	// With the tests: marked functions in _test.go files are checked too.
	pkgs, err := ld.Load(ctx, p.Dir, true, p.Dir)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", p.ImportPath, err)
	}
	var out []diagnostic
	fields = map[Position]bool{}
	read := map[string]bool{} // the package and its test variant share files
	for _, lp := range pkgs {
		if len(lp.Errors) > 0 || lp.TypesInfo == nil {
			continue // the build, which compiled it, said what was wrong
		}
		for _, f := range lp.Syntax {
			name := lp.Fset.File(f.Pos()).Name()
			if read[name] {
				continue
			}
			read[name] = true
			for _, d := range f.Decls {
				fd, ok := d.(*ast.FuncDecl)
				if !ok || fd.Body == nil || !markedAt(fs, position(lp.Fset, fd.Pos())) {
					continue
				}
				out = append(out, sizedIn(lp, fd.Body, escaped)...)
				fieldsIn(lp, fd.Body, fields)
			}
		}
	}
	return out, fields, nil
}

// fieldsIn adds to fields the places of body's struct field selections
// (h.size), where the compiler records one that escapes: at the dot.
func fieldsIn(p *packages.Package, body *ast.BlockStmt, fields map[Position]bool) {
	ast.Inspect(body, func(n ast.Node) bool {
		if e, ok := n.(*ast.SelectorExpr); ok {
			if sel, ok := p.TypesInfo.Selections[e]; ok && sel.Kind() == types.FieldVal {
				fields[position(p.Fset, e.X.End())] = true
			}
		}
		return true
	})
}

func markedAt(fs []marked, pos Position) bool {
	for _, f := range fs {
		if f.start == pos {
			return true
		}
	}
	return false
}

// sizedIn returns the unrecorded allocations in body.
func sizedIn(p *packages.Package, body *ast.BlockStmt, escaped map[Position]bool) []diagnostic {
	info := p.TypesInfo
	var out []diagnostic
	report := func(at token.Pos, e ast.Expr, why string) *Violation {
		pos := position(p.Fset, at)
		if escaped[pos] {
			return &Violation{} // the record's to report
		}
		out = append(out, diagnostic{pos: pos, Violation: Violation{Pos: pos, Reason: types.ExprString(e) + why, Unrecorded: true}})
		return &out[len(out)-1].Violation
	}
	constant := func(e ast.Expr) bool { tv, ok := info.Types[e]; return ok && tv.Value != nil }
	builtin := func(call *ast.CallExpr, name string) bool {
		id, ok := ast.Unparen(call.Fun).(*ast.Ident)
		if !ok {
			return false
		}
		b, ok := info.Uses[id].(*types.Builtin)
		return ok && b.Name() == name
	}
	extended := map[*ast.CallExpr]bool{}
	ranged := map[ast.Expr]bool{} // the operands of range statements
	// A string(b) that is only a map key, a comparison's operand, a
	// concatenation's (which is reported itself), a switch's tag or len's
	// argument shares b's bytes (the compiler's slicebytetostringtmp).
	shared := map[ast.Expr]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.IndexExpr:
			if _, ok := info.TypeOf(e.X).Underlying().(*types.Map); ok {
				shared[ast.Unparen(e.Index)] = true
			}
		case *ast.BinaryExpr:
			switch e.Op {
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ, token.ADD:
				shared[ast.Unparen(e.X)], shared[ast.Unparen(e.Y)] = true, true
			}
		case *ast.RangeStmt:
			ranged[ast.Unparen(e.X)] = true
		case *ast.SwitchStmt:
			if e.Tag != nil {
				shared[ast.Unparen(e.Tag)] = true
			}
		case *ast.CallExpr:
			if builtin(e, "len") && len(e.Args) == 1 {
				shared[ast.Unparen(e.Args[0])] = true
			}
		}
		return true
	})
	ast.Inspect(body, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			if builtin(e, "append") && e.Ellipsis.IsValid() {
				// append(s, make([]T, n)...) extends s in place: the
				// make, without a capacity, allocates nothing of its own.
				if last, ok := ast.Unparen(e.Args[len(e.Args)-1]).(*ast.CallExpr); ok && builtin(last, "make") && len(last.Args) == 2 {
					extended[last] = true
				}
			}
			if builtin(e, "make") && len(e.Args) >= 2 && !extended[e] {
				s, ok := info.TypeOf(e.Args[0]).Underlying().(*types.Slice)
				if !ok || p.TypesSizes.Sizeof(s.Elem()) == 0 {
					return true
				}
				for _, size := range e.Args[1:] {
					if !constant(size) {
						report(e.Lparen, e, ", which does not escape, goes to the heap above 32 bytes, as its size is not a constant")
						break
					}
				}
				return true
			}
			if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 && !constant(e) {
				to, from := tv.Type.Underlying(), info.TypeOf(e.Args[0])
				if from == nil {
					return true
				}
				// Where the compiler puts its record, if the
				// conversion escapes.
				at := escape.ConversionPos(e)
				switch {
				case isString(to) && isSliceOf(from.Underlying(), types.Byte) && !shared[e]:
					report(at, e, ", which does not escape, goes to the heap above 32 bytes")
				case isString(to) && isSliceOf(from.Underlying(), types.Rune):
					report(at, e, ", which does not escape, goes to the heap above 32 bytes")
				case isSliceOf(to, types.Rune) && isString(from.Underlying()) && !shared[e]:
					// len([]rune(s)) counts the runes in place
					// (runtime.countrunes).
					v := report(at, e, ", which does not escape, goes to the heap above 32 runes")
					if ranged[e] {
						v.step = nextRangeRunes
					}
				}
			}
		case *ast.AssignStmt:
			if e.Tok == token.ADD_ASSIGN && len(e.Lhs) == 1 && isString(info.TypeOf(e.Lhs[0]).Underlying()) {
				// No stack buffer: each += makes a new string, unless a
				// side is empty.
				report(e.TokPos, e.Lhs[0], " += …, which does not escape, builds a new string on the heap at any size (unless a side is empty)")
			}
		case *ast.BinaryExpr:
			if e.Op == token.ADD && isString(info.TypeOf(e).Underlying()) && !constant(e) {
				// One concatenation, however many operands: the
				// compiler reports it at its last +.
				report(e.OpPos, e, ", which does not escape, goes to the heap above 32 bytes")
				return false
			}
		}
		return true
	})
	return out
}

func isString(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// isSliceOf reports whether t is a slice of elements of the basic kind k
// (byte or rune, which alias uint8 and int32), named or not.
func isSliceOf(t types.Type, k types.BasicKind) bool {
	s, ok := t.(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == types.Typ[k].Kind()
}
