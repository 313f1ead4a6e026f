package loops

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Redeclare returns the edits that replace the declaration list[i] with
// decl, text such as "s := make([]T, 0, n)", for the loop list[j] of the
// given count. When other statements stand between them, the declaration
// moves down to where the loop's length is sure to be known: just before
// the loop, or before the declarations right above the loop that are
// settled (see settled: keys2 := [][]byte{}, filled by the same loop),
// and it stays where it is when only those stand in between. The caller
// has checked that nothing in between uses the variable. The declaration
// takes its comments along: those on the lines just above it and those
// that follow it on its line. It goes above the comments of the statement
// it moves before, if any, and leaves no doubled blank line behind, nor
// one under a brace where the loop's fixes move all that was between (see
// runStart). The
// statements in between stay where they are. Declarations moved before
// one statement keep their order (see insertion).
func Redeclare(pass *analysis.Pass, list []ast.Stmt, i, j int, count Count, decl string) []analysis.TextEdit {
	return redeclare(pass, list, i, j, count, "", decl)
}

// RedeclareHoisted is Redeclare for a loop that ranges over the result of
// a call, which h holds in a variable (see RangeCall): h's declaration goes
// on the line above decl, and the loop ranges over the variable.
func RedeclareHoisted(pass *analysis.Pass, list []ast.Stmt, i, j int, h Hoist, decl string) []analysis.TextEdit {
	return append(redeclare(pass, list, i, j, h.Count, h.Decl, decl), h.Range)
}

// redeclare is Redeclare, with hold, when not "", a statement that goes on
// the line above decl.
func redeclare(pass *analysis.Pass, list []ast.Stmt, i, j int, count Count, hold, decl string) []analysis.TextEdit {
	k := j // the statement the declaration goes before
	for k-1 > i && settled(pass.TypesInfo, list[k-1], list[j], count) {
		k--
	}
	old := list[i]
	src := source(pass, old.Pos())
	if k == i+1 {
		text := decl
		if hold != "" {
			text = hold + "\n" + indentOf(pass, src, old) + decl
		}
		return []analysis.TextEdit{{Pos: old.Pos(), End: old.End(), NewText: []byte(text)}}
	}
	if hold != "" {
		decl = hold + "\n" + decl // the indentation is added below
	}
	// Declarations in between that the loop's other fixes may move
	// before the anchor too, and the anchor when it is one, which its fix
	// may replace where it stands.
	rank := countSettled(pass.TypesInfo, list[i+1:k+1], list[j], count)
	anchor := list[k]
	del := analysis.TextEdit{Pos: old.Pos(), End: old.End()}
	lines := strings.Split(decl, "\n")
	if src == nil {
		return []analysis.TextEdit{del, {Pos: anchor.Pos(), End: anchor.Pos(), NewText: []byte(decl + "\n")}}
	}
	tf := pass.Fset.File(old.Pos())
	file := FileOf(pass, old.Pos())
	if pos, end, comments, ok := ownLines(tf, src, file, old); ok {
		above := leading(tf, src, file, old)
		if len(above) > 0 {
			pos = tf.LineStart(tf.Line(above[0].Pos()))
		}
		del.Pos, del.End = pos, skipBlankLine(tf, src, runStart(pass.TypesInfo, tf, list, i, j, pos), end)
		stmts := lines
		lines = append([]string(nil), stmts[:len(stmts)-1]...) // hold, if any, above the comments
		for _, c := range above {
			lines = append(lines, c.Text)
		}
		lines = append(lines, stmts[len(stmts)-1])
		for _, c := range comments {
			lines[len(lines)-1] += " " + c.Text
		}
	}
	at := anchor.Pos()
	if cs := leading(tf, src, file, anchor); len(cs) > 0 {
		at = cs[0].Pos()
	}
	return []analysis.TextEdit{del, insertion(tf, src, at, rank, lines, !quiet(pass.TypesInfo, list[k-1]))}
}

// InsertBefore returns the edit that puts text, a statement about the
// variable that list[i] declares (b.Grow(n)), on a line of its own just
// before the loop list[j] of the given count, below the loop's comments.
// Such statements, and the declarations that Redeclare moves before the
// same loop, come in the order of the declarations they are about (a
// b.Grow for a builder declared above a moved slice comes above the
// slice), within the limit that insertion says.
func InsertBefore(pass *analysis.Pass, list []ast.Stmt, i, j int, count Count, text string) analysis.TextEdit {
	loop := list[j]
	src := source(pass, loop.Pos())
	if src == nil {
		return analysis.TextEdit{Pos: loop.Pos(), End: loop.Pos(), NewText: []byte(text + "\n")}
	}
	rank := countSettled(pass.TypesInfo, list[i+1:j], loop, count)
	return insertion(pass.Fset.File(loop.Pos()), src, loop.Pos(), rank, []string{text}, !quiet(pass.TypesInfo, list[j-1]))
}

// indentOf returns the blanks before the statement s on its line, or ""
// when other code stands there or the source is not at hand.
func indentOf(pass *analysis.Pass, src []byte, s ast.Stmt) string {
	if src == nil {
		return ""
	}
	tf := pass.Fset.File(s.Pos())
	indent := string(src[tf.Offset(tf.LineStart(tf.Line(s.Pos()))):tf.Offset(s.Pos())])
	if !blank(indent) {
		return ""
	}
	return indent
}

// insertion returns the edit that puts lines, statements and comments, on
// lines of their own before at, the start of a statement or of its
// comments. go vet merges two insertions at one offset in the order of
// their fixes, and analysistest in the order of their messages: to keep
// several declarations in their order either way, each goes at an offset of
// its own, by rank. Rank 0 is at itself; higher ranks are each one offset
// earlier, first in at's indentation, then, with above set, at the line
// ends among the blank space above it. Past the last of those, ranks share
// it, and the order of what shares it is the merge order: so at most the
// indentation's width plus one, plus the blank lines above, are sure to
// keep their order under analysistest (go vet keeps the order of the
// diagnostics, which is the source's, whatever the offsets). above is false where a fix may delete the lines above: those of a
// declaration that Redeclare moves down to another loop.
func insertion(tf *token.File, src []byte, at token.Pos, rank int, lines []string, above bool) analysis.TextEdit {
	lineStart := tf.LineStart(tf.Line(at))
	indent := string(src[tf.Offset(lineStart):tf.Offset(at)])
	if !blank(indent) {
		indent = ""
		lineStart = at // no room before at on its line, nor above
	}
	text := strings.Join(lines, "\n"+indent)
	offsets := []int{}
	for o := tf.Offset(at); o >= tf.Offset(lineStart); o-- {
		offsets = append(offsets, o)
	}
	for o := tf.Offset(lineStart) - 1; above && lineStart != at && o >= 0 && blank(string(src[o])); o-- {
		if src[o] == '\n' {
			offsets = append(offsets, o)
		}
	}
	o := offsets[min(rank, len(offsets)-1)]
	pos := tf.Pos(o)
	if o >= tf.Offset(lineStart) {
		// Within at's line: the declaration's line gets the whole
		// indentation, and so does at's.
		before, after := indent[:o-tf.Offset(lineStart)], indent[o-tf.Offset(lineStart):]
		return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(after + text + "\n" + before)}
	}
	// At the end of a line above.
	return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte("\n" + indent + text)}
}

// settled reports whether the statement s declares variables that the loop
// uses, and none that the loop's count reads, with values that evaluate
// nothing: `var b strings.Builder`, `keys2 := [][]byte{}`, `m :=
// make(map[K]V)`, a constant. A declaration moved down to the loop may go
// above such statements as well as below them: they change nothing that
// the count reads.
func settled(info *types.Info, s ast.Stmt, loop ast.Stmt, count Count) bool {
	names := declared(info, s)
	read := Idents(info, count.Expr)
	for _, id := range names {
		obj := info.Defs[id]
		if obj == nil || !Refers(info, loop, obj) || slices.Contains(read, obj) {
			return false
		}
	}
	return len(names) > 0
}

// quiet reports whether s declares variables with values that evaluate
// nothing.
func quiet(info *types.Info, s ast.Stmt) bool { return len(declared(info, s)) > 0 }

// declared returns the names that s declares when it declares variables,
// and only them, with values that evaluate nothing; else nil.
func declared(info *types.Info, s ast.Stmt) []*ast.Ident {
	var names []*ast.Ident
	var values []ast.Expr
	switch s := s.(type) {
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR {
			return nil
		}
		for _, spec := range gd.Specs {
			vs := spec.(*ast.ValueSpec)
			names, values = append(names, vs.Names...), append(values, vs.Values...)
		}
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != len(s.Rhs) {
			return nil
		}
		for _, l := range s.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok {
				return nil
			}
			names = append(names, id)
		}
		values = s.Rhs
	default:
		return nil
	}
	for _, v := range values {
		if !evaluatesNothing(info, v) {
			return nil
		}
	}
	return names
}

// countSettled returns how many of stmts are settled for the loop: the rank
// among the insertions before one place (see insertion) of a declaration
// that stmts follow. Each declaration that a fix moves down to the loop,
// or that buildergrow grows, is settled itself: one declared above another
// has the higher rank.
func countSettled(info *types.Info, stmts []ast.Stmt, loop ast.Stmt, count Count) int {
	n := 0
	for _, s := range stmts {
		if settled(info, s, loop, count) {
			n++
		}
	}
	return n
}

// evaluatesNothing reports whether e is a constant, nil, an empty composite
// literal, or the builtin make of constant sizes.
func evaluatesNothing(info *types.Info, e ast.Expr) bool {
	if tv := info.Types[e]; tv.Value != nil || tv.IsNil() {
		return true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		return len(e.Elts) == 0
	case *ast.CallExpr:
		if !IsBuiltin(info, e.Fun, "make") || len(e.Args) == 0 {
			return false
		}
		for _, a := range e.Args[1:] {
			if info.Types[a].Value == nil {
				return false
			}
		}
		return true
	}
	return false
}

// leading returns the comments on the lines just above the statement s,
// each starting its own line and ending where the next starts, or nil. A
// /* */ comment may span lines; one that ends a line other code is on
// makes the group not the statement's.
func leading(tf *token.File, src []byte, file *ast.File, s ast.Stmt) []*ast.Comment {
	if file == nil {
		return nil
	}
	line := tf.Line(s.Pos())
	for _, cg := range file.Comments {
		if cg.End() > s.Pos() {
			break
		}
		if tf.Line(cg.End()) != line-1 {
			continue
		}
		next := tf.Line(cg.List[0].Pos())
		for _, c := range cg.List {
			start := tf.LineStart(tf.Line(c.Pos()))
			if !blank(string(src[tf.Offset(start):tf.Offset(c.Pos())])) || tf.Line(c.Pos()) != next {
				return nil
			}
			next = tf.Line(c.End()) + 1
		}
		return cg.List
	}
	return nil
}

// runStart returns pos, the start of the lines of list[i] that Redeclare
// deletes, or the start of the declarations right above them, one a line,
// that the loop list[j]'s other fixes may move down too: slices and maps
// that the loop uses, with values that evaluate nothing (names := []string{}
// above ids := []int{}). Where those fixes delete them all, the lines
// before the first are what the last deletion leaves above it.
func runStart(info *types.Info, tf *token.File, list []ast.Stmt, i, j int, pos token.Pos) token.Pos {
	for t := i - 1; t >= 0 && tf.Line(list[t].End())+1 == tf.Line(pos) && tf.Line(list[t].Pos()) == tf.Line(list[t].End()); t-- {
		names := declared(info, list[t])
		for _, id := range names {
			obj := info.Defs[id]
			if obj == nil || !Refers(info, list[j], obj) {
				return pos
			}
			switch obj.Type().Underlying().(type) {
			case *types.Slice, *types.Map:
			default:
				return pos
			}
		}
		if len(names) == 0 {
			return pos
		}
		pos = tf.LineStart(tf.Line(list[t].Pos()))
	}
	return pos
}

// skipBlankLine returns end, the start of the line after lines that are to
// be deleted from pos, or the start of the next line if the line at end is
// blank and the lines before pos end in a blank line or a block's opening
// brace: the deletion then leaves no doubled or leading blank line.
func skipBlankLine(tf *token.File, src []byte, pos, end token.Pos) token.Pos {
	line := tf.Line(end)
	if tf.Offset(end) >= len(src) || line >= tf.LineCount() || tf.Line(pos) <= 1 {
		return end
	}
	next := tf.LineStart(line + 1)
	if !blank(string(src[tf.Offset(end):tf.Offset(next)])) {
		return end
	}
	before := strings.TrimRight(string(src[tf.Offset(tf.LineStart(tf.Line(pos)-1)):tf.Offset(pos)]), " \t\n")
	if blank(before) || strings.HasSuffix(before, "{") {
		return next
	}
	return end
}

// ownLines reports whether the statement s is alone on its lines, but for
// comments after it, and returns the range of those whole lines, newline
// included, and the comments.
func ownLines(tf *token.File, src []byte, file *ast.File, s ast.Stmt) (pos, end token.Pos, comments []*ast.Comment, ok bool) {
	first, last := tf.Line(s.Pos()), tf.Line(s.End())
	if last >= tf.LineCount() || !blank(string(src[tf.Offset(tf.LineStart(first)):tf.Offset(s.Pos())])) {
		return token.NoPos, token.NoPos, nil, false
	}
	after := s.End()
	if file != nil {
		for _, cg := range file.Comments {
			for _, c := range cg.List {
				if c.Pos() >= s.End() && tf.Line(c.Pos()) == last {
					if tf.Line(c.End()) != last || !blank(string(src[tf.Offset(after):tf.Offset(c.Pos())])) {
						return token.NoPos, token.NoPos, nil, false
					}
					comments = append(comments, c)
					after = c.End()
				}
			}
		}
	}
	next := tf.LineStart(last + 1)
	if !blank(string(src[tf.Offset(after):tf.Offset(next)])) {
		return token.NoPos, token.NoPos, nil, false
	}
	return tf.LineStart(first), next, comments, true
}

func blank(s string) bool { return strings.TrimSpace(s) == "" }

// source returns the contents of the file holding pos, or nil when it
// cannot be read.
func source(pass *analysis.Pass, pos token.Pos) []byte {
	tf := pass.Fset.File(pos)
	if tf == nil || pass.ReadFile == nil {
		return nil
	}
	src, err := pass.ReadFile(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return nil
	}
	return src
}

// IsBuiltin reports whether fun is the builtin function name, not a
// declaration that hides it.
func IsBuiltin(info *types.Info, fun ast.Expr, name string) bool {
	id, ok := ast.Unparen(fun).(*ast.Ident)
	return ok && id.Name == name && info.Uses[id] == types.Universe.Lookup(name)
}

// FileOf returns the file of the package that holds pos, or nil.
func FileOf(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// Size returns the count as the argument of make's capacity or of Grow,
// both of which panic when it is negative: the count itself when it cannot
// be negative, else max(0, count) when the builtin max can be used at pos
// (Go 1.21 or later, not shadowed). When neither will do, it returns ""
// and why, to be added to the diagnostic's message, which stays true
// without a fix; what names the argument ("the capacity").
func (c Count) Size(pass *analysis.Pass, pos token.Pos, what string) (size, why string) {
	if c.NonNegative {
		return c.Text, ""
	}
	reason := ""
	switch {
	case !AtLeast(pass, pos, "go1.21"):
		reason = "needs Go 1.21, and this file is " + GoVersion(pass, pos)
	case !Predeclared(pass, pos, "max"):
		reason = "is hidden here by a declaration of max"
	default:
		return "max(0, " + c.Text + ")", ""
	}
	return "", fmt.Sprintf(" (no fix offered: %s may be negative, and the builtin max that would keep %s from going negative %s)", c.Text, what, reason)
}

// GoVersion returns the Go version that the file holding pos is compiled
// at: the file's own (a //go:build line), else its module's, else "".
func GoVersion(pass *analysis.Pass, pos token.Pos) string {
	v := ""
	if f := FileOf(pass, pos); f != nil {
		v = pass.TypesInfo.FileVersions[f]
	}
	if v == "" && pass.Module != nil && pass.Module.GoVersion != "" {
		v = "go" + pass.Module.GoVersion
	}
	return v
}

// AtLeast reports whether the file holding pos is compiled at Go version
// v or later; a file of unknown version is taken to be.
func AtLeast(pass *analysis.Pass, pos token.Pos, v string) bool {
	have := GoVersion(pass, pos)
	return have == "" || version.Compare(have, v) >= 0
}

// SameAt reports whether every identifier of e (a type, in a declaration
// that a fix moves) names, at pos, what it names where e is written: a
// declaration in between can hide it (item := 0 after var out []item).
func SameAt(pass *analysis.Pass, e ast.Expr, pos token.Pos) bool {
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	same := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, func(m ast.Node) bool { // pkg.T: the package name
				if id, ok := m.(*ast.Ident); ok {
					same = same && sameObject(pass, scope, id, pos)
				}
				return true
			})
			return false // the selected name is not looked up in a scope
		case *ast.Ident:
			same = same && sameObject(pass, scope, n, pos)
		}
		return same
	})
	return same
}

func sameObject(pass *analysis.Pass, scope *types.Scope, id *ast.Ident, pos token.Pos) bool {
	obj := pass.TypesInfo.Uses[id]
	if obj == nil {
		return true // not a use: a field name in a struct type, say
	}
	_, at := scope.LookupParent(id.Name, pos)
	return at == obj
}

// Predeclared reports whether each of names, at pos, is Go's predeclared
// identifier, such as the builtin len or the type int, and not a
// declaration of the code's own that hides it: a fix that writes len(x) or
// make(…) at pos is wrong, or does not compile, where one does.
func Predeclared(pass *analysis.Pass, pos token.Pos, names ...string) bool {
	scope := pass.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return false
	}
	for _, name := range names {
		if _, obj := scope.LookupParent(name, pos); obj != types.Universe.Lookup(name) {
			return false
		}
	}
	return true
}

// Uses returns related information pointing at each top-level statement of
// body that uses obj: where a measured allocation of the variable happens.
func Uses(info *types.Info, body *ast.BlockStmt, obj types.Object, msg string) []analysis.RelatedInformation {
	var related []analysis.RelatedInformation
	for _, s := range body.List {
		if Refers(info, s, obj) {
			related = append(related, analysis.RelatedInformation{Pos: s.Pos(), End: s.End(), Message: msg})
		}
	}
	return related
}

// JumpedOver reports whether moving the declaration list[i] down to the
// loop list[j] would put it in the way of a goto: between a goto in the
// statements in between and a label of list[j:], which Go forbids ("goto L
// jumps over declaration"), or between a label of the statements in between
// and a goto of list[j:] back to it, which compiles but runs the
// declaration again on each jump, emptying the variable that the code
// declared once. Gotos are found at any depth, labels only at the top
// level of list: a goto cannot jump into a block.
func JumpedOver(list []ast.Stmt, i, j int) bool {
	if j == i+1 {
		return false // the declaration stays where it is
	}
	return jumpsTo(list[i+1:j], labels(list[j:])) || jumpsTo(list[j:], labels(list[i+1:j]))
}

// labels returns the names of the labels of the statements of list.
func labels(list []ast.Stmt) map[string]bool {
	names := map[string]bool{}
	for _, s := range list {
		for l, ok := s.(*ast.LabeledStmt); ok; l, ok = l.Stmt.(*ast.LabeledStmt) {
			names[l.Label.Name] = true
		}
	}
	return names
}

// jumpsTo reports whether a statement of list, at any depth, is a goto to
// one of names.
func jumpsTo(list []ast.Stmt, names map[string]bool) bool {
	if len(names) == 0 {
		return false
	}
	jumps := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if b, ok := n.(*ast.BranchStmt); ok && b.Tok == token.GOTO && b.Label != nil && names[b.Label.Name] {
				jumps = true
			}
			_, lit := n.(*ast.FuncLit) // a goto cannot leave a function literal
			return !jumps && !lit
		})
	}
	return jumps
}
