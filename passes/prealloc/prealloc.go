package prealloc

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/squashgo/squash/passes/internal/imports"
	"github.com/squashgo/squash/passes/internal/loops"
	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// Analyzer reports slices that could be preallocated.
var Analyzer = &analysis.Analyzer{
	Name:     "prealloc",
	Doc:      passdoc.Doc(doc),
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/prealloc",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      func(pass *analysis.Pass) (any, error) { return run(pass, false) },
}

// GuidedAnalyzer reports, in the profile-guided tier that squash lint does
// not print, the slices that Analyzer leaves alone because the loop that
// fills them may end early: made with the loop's bound as their capacity,
// they may hold much less. squash fix tries them where a profile shows the
// slice growing, and keeps them where the benchmarks prove them.
var GuidedAnalyzer = &analysis.Analyzer{
	Name:     "preallocexit",
	Doc:      "preallocate slices filled by loops that may end early, where a profile shows them growing (squash fix only)",
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/prealloc",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      func(pass *analysis.Pass) (any, error) { return run(pass, true) },
}

// run reports the slices to preallocate; with exits set, only those filled
// by a loop that may end early.
func run(pass *analysis.Pass, exits bool) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	ins.Preorder([]ast.Node{(*ast.BlockStmt)(nil)}, func(n ast.Node) {
		block := n.(*ast.BlockStmt)
		for i, stmt := range block.List {
			obj, typ := emptySlice(pass, stmt)
			if obj == nil {
				continue
			}
			checkFrom(pass, block.List, i, obj, typ, exits)
		}
	})
	return nil, nil
}

// emptySlice recognises `var s []T`, `s := []T{}` and `s := make([]T, 0)`,
// returning the slice variable and the source of its type.
func emptySlice(pass *analysis.Pass, stmt ast.Stmt) (types.Object, ast.Expr) {
	switch s := stmt.(type) {
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
			return nil, nil
		}
		vs := gd.Specs[0].(*ast.ValueSpec)
		if len(vs.Names) != 1 || len(vs.Values) != 0 || vs.Type == nil {
			return nil, nil
		}
		obj := pass.TypesInfo.Defs[vs.Names[0]]
		if obj == nil || !loops.IsSlice(obj.Type()) {
			return nil, nil
		}
		return obj, vs.Type
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil, nil
		}
		id, ok := s.Lhs[0].(*ast.Ident)
		if !ok {
			return nil, nil
		}
		obj := pass.TypesInfo.Defs[id]
		if obj == nil || !loops.IsSlice(obj.Type()) {
			return nil, nil
		}
		switch r := s.Rhs[0].(type) {
		case *ast.CompositeLit:
			if len(r.Elts) == 0 && r.Type != nil {
				return obj, r.Type
			}
		case *ast.CallExpr:
			if id, ok := r.Fun.(*ast.Ident); ok && id.Name == "make" && len(r.Args) == 2 {
				if lit, ok := r.Args[1].(*ast.BasicLit); ok && lit.Value == "0" {
					return obj, r.Args[0]
				}
			}
		}
	}
	return nil, nil
}

// checkFrom reports the declaration list[i] when the first statement after
// it that uses the slice is a loop that appends to it once per iteration.
func checkFrom(pass *analysis.Pass, list []ast.Stmt, i int, obj types.Object, typ ast.Expr, exits bool) {
	info := pass.TypesInfo
	j, body := loops.FirstUse(info, list, i, obj)
	if body == nil || exits != loops.MayExit(body) || !loops.AppendsOnceUnlessExit(info, body, obj) {
		return
	}
	stmt := list[j]
	count, ok := loops.TripCount(pass, list, j)
	redeclare := func(decl string) []analysis.TextEdit { return loops.Redeclare(pass, list, i, j, count, decl) }
	held, wait := "", ""
	if !ok {
		// A range over a call's result: its length is known once the
		// call returns, which the fix holds in a variable.
		h, hoisted := loops.RangeCall(pass, list, j)
		if !hoisted {
			return
		}
		count, held = h.Count, h.Name
		redeclare = func(decl string) []analysis.TextEdit { return loops.RedeclareHoisted(pass, list, i, j, h, decl) }
		if first := loops.FirstFilled(pass, list, i, j); first != nil {
			// Its fix holds the result; this one's, made then on
			// the next round of -fix, would hold it again.
			redeclare = nil
			wait = fmt.Sprintf(" (no fix offered yet: %s's, which the loop fills too, holds the result first; squash lint -fix makes this one after it)", first.Name())
		}
	}
	if !loops.Predeclared(pass, stmt.Pos(), "len", "make") || !loops.SameAt(pass, typ, stmt.Pos()) || loops.JumpedOver(list, i, j) {
		return
	}
	capacity, noSize := count.Size(pass, stmt.Pos(), "the capacity")
	if held != "" {
		capacity = "len(" + held + ")"
	}
	_, isVar := list[i].(*ast.DeclStmt)
	decl := list[i]
	d := analysis.Diagnostic{
		Pos:     decl.Pos(),
		End:     decl.End(),
		Message: fmt.Sprintf("%s grows once per iteration of a loop of %s iterations: make it with that capacity", obj.Name(), count.Text),
		Related: loops.Uses(info, body, obj, "grows here"),
	}
	if exits {
		d.Message = fmt.Sprintf("%s grows once per iteration of a loop of up to %s iterations, which may end early: make it with that capacity", obj.Name(), count.Text)
	}
	if held != "" {
		d.Message += ", the call's result held in a variable"
	}
	typeText := loops.Text(pass.Fset, typ)
	if noSize != "" {
		d.Message += noSize
	} else if wait != "" {
		d.Message += wait
	} else if loops.Ignored(pass, decl, "prealloc") {
		// squash lint drops the finding, and its fix with it: the
		// others that the loop fills make theirs (FirstFilled).
	} else if exits && isVar && nilObservable(info, list[j+1:], obj) {
		// The loop may end before it appends, leaving nil where the fix
		// would leave an empty slice: no fix, and in this tier, which
		// only fix reads, no finding.
		return
	} else if !isVar || count.Positive || !nilObservable(info, list[j+1:], obj) {
		// A loop that runs at least once leaves the slice non-nil.
		make := fmt.Sprintf("%s := make(%s, 0, %s)", obj.Name(), typeText, capacity)
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Preallocate %s with capacity %s", obj.Name(), capacity),
			TextEdits: redeclare(make),
		}}
	} else if fix, why := keepNil(pass, list, j, obj, typeText, count, capacity, redeclare); why == "" {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	} else {
		d.Message += why
	}
	pass.Report(d)
}

// keepNil returns the fix that makes obj, a slice declared nil that the
// code after the loop may tell from an empty one, with slices.Grow: nil
// when the count is 0, else one allocation of at least that capacity.
// Where it cannot be offered (before Go 1.21, which added package slices,
// or where the name it is imported under is taken), it returns why, to be
// added to the diagnostic's message.
func keepNil(pass *analysis.Pass, list []ast.Stmt, j int, obj types.Object, typ string, count loops.Count, capacity string, redeclare func(string) []analysis.TextEdit) (analysis.SuggestedFix, string) {
	pos := list[j].Pos()
	n := capacity
	if !types.Identical(count.Type, types.Typ[types.Int]) {
		n = "int(" + n + ")" // Grow takes an int
	}
	grow := func(pkg string) string { return fmt.Sprintf("%s.Grow[%s](nil, %s)", pkg, typ, n) }
	why := func(reason string) string {
		return fmt.Sprintf(" (no fix offered: %s keeps %s nil when the loop does not run, but %s)", grow("slices"), obj.Name(), reason)
	}
	if !loops.AtLeast(pass, pos, "go1.21") {
		return analysis.SuggestedFix{}, why("package slices needs Go 1.21 and this file is " + loops.GoVersion(pass, pos))
	}
	if n != capacity && !loops.Predeclared(pass, pos, "int") {
		return analysis.SuggestedFix{}, why("int is not the predeclared type here")
	}
	name, edits, ok := imports.Add(pass, loops.FileOf(pass, pos), pos, "slices")
	if !ok {
		return analysis.SuggestedFix{}, why("the name " + name + " is taken here")
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Preallocate %s with capacity %s, keeping it nil when the loop does not run", obj.Name(), capacity),
		TextEdits: append(redeclare(fmt.Sprintf("%s := %s", obj.Name(), grow(name))), edits...),
	}, ""
}

// nilObservable reports whether the statements after the loop may tell obj
// nil from obj empty: whether they use it other than as the operand of len
// or cap, of a conversion to a string type (string(runes)), of a range
// statement, the slice of an index expression, the left side of a plain
// assignment, the first argument of an append that adds elements, the
// spread argument of an append (append(ys, out...)) or an argument of copy,
// all of which see the same in both. A use in a function literal counts,
// whatever it is.
func nilObservable(info *types.Info, after []ast.Stmt, obj types.Object) bool {
	blind := map[*ast.Ident]bool{} // uses that cannot tell
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			blind[id] = true
		}
	}
	seen := false
	for _, s := range after {
		ast.Inspect(s, func(n ast.Node) bool {
			if seen {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				seen = loops.Refers(info, n, obj)
				return false
			case *ast.CallExpr:
				if len(n.Args) == 1 && (loops.IsBuiltin(info, n.Fun, "len") || loops.IsBuiltin(info, n.Fun, "cap") || toString(info, n.Fun)) ||
					len(n.Args) >= 2 && !n.Ellipsis.IsValid() && loops.IsBuiltin(info, n.Fun, "append") {
					mark(n.Args[0])
				}
				if len(n.Args) == 2 && (n.Ellipsis.IsValid() && loops.IsBuiltin(info, n.Fun, "append") || loops.IsBuiltin(info, n.Fun, "copy")) {
					mark(n.Args[1]) // adds, or copies, no element either way
					if loops.IsBuiltin(info, n.Fun, "copy") {
						mark(n.Args[0])
					}
				}
			case *ast.RangeStmt:
				mark(n.X)
			case *ast.IndexExpr:
				mark(n.X)
			case *ast.AssignStmt:
				if n.Tok == token.ASSIGN {
					for _, l := range n.Lhs {
						mark(l)
					}
				}
			case *ast.Ident:
				seen = info.Uses[n] == obj && !blind[n]
			}
			return !seen
		})
	}
	return seen
}

// toString reports whether fun, the function of a call, is a conversion
// to a string type.
func toString(info *types.Info, fun ast.Expr) bool {
	tv, ok := info.Types[fun]
	if !ok || !tv.IsType() {
		return false
	}
	b, ok := tv.Type.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}
