package buildergrow

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/squashgo/squash/passes/internal/loops"
	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// Analyzer reports builders that could be grown before a loop.
var Analyzer = &analysis.Analyzer{
	Name:     "buildergrow",
	Doc:      passdoc.Doc(doc),
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/buildergrow",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		if fd.Body == nil {
			continue
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if block, ok := n.(*ast.BlockStmt); ok {
				for i, stmt := range block.List {
					if obj := builderDecl(pass, stmt); obj != nil && !grown(pass, fd.Body, obj) {
						checkLoops(pass, block.List, i, obj)
					}
				}
			}
			return true
		})
	}
	return nil, nil
}

// builderDecl recognises `var b strings.Builder` and `var b bytes.Buffer`.
func builderDecl(pass *analysis.Pass, stmt ast.Stmt) types.Object {
	ds, ok := stmt.(*ast.DeclStmt)
	if !ok {
		return nil
	}
	gd, ok := ds.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
		return nil
	}
	vs := gd.Specs[0].(*ast.ValueSpec)
	if len(vs.Names) != 1 || len(vs.Values) != 0 {
		return nil
	}
	obj := pass.TypesInfo.Defs[vs.Names[0]]
	if obj == nil || !isBuilder(obj.Type()) {
		return nil
	}
	return obj
}

func isBuilder(t types.Type) bool {
	named, ok := t.(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	switch named.Obj().Pkg().Path() + "." + named.Obj().Name() {
	case "strings.Builder", "bytes.Buffer":
		return true
	}
	return false
}

// grown reports whether the function calls obj.Grow anywhere.
func grown(pass *analysis.Pass, body *ast.BlockStmt, obj types.Object) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && sel.Sel.Name == "Grow" {
			if id, ok := sel.X.(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == obj {
				found = true
			}
		}
		return !found
	})
	return found
}

// checkLoops reports each loop after the declaration list[i] that
// qualifies: a Grow before each sizes the builder for that loop's bytes,
// one reallocation at most where the loop would make several.
func checkLoops(pass *analysis.Pass, list []ast.Stmt, i int, obj types.Object) {
	for j := i + 1; j < len(list); j++ {
		checkLoop(pass, list, i, j, obj)
	}
}

// checkLoop reports the statement list[j] if it is a loop that writes the
// builder obj, declared by list[i], a bounded amount per iteration.
func checkLoop(pass *analysis.Pass, list []ast.Stmt, i, j int, obj types.Object) {
	info := pass.TypesInfo
	stmt := list[j]
	var body *ast.BlockStmt
	switch l := stmt.(type) {
	case *ast.RangeStmt:
		body = l.Body
	case *ast.ForStmt:
		body = l.Body
	}
	if body == nil || !loops.Refers(info, body, obj) {
		return
	}
	count, ok := loops.TripCount(pass, list, j)
	if !ok || loops.MayExit(body) || !loops.Predeclared(pass, stmt.Pos(), "len", "int") {
		return
	}
	per := 0
	var related []analysis.RelatedInformation
	for _, s := range body.List {
		if !loops.Refers(info, s, obj) {
			continue
		}
		k, ok := boundedWrite(info, s, obj)
		if !ok {
			return
		}
		per += k
		related = append(related, analysis.RelatedInformation{Pos: s.Pos(), End: s.End(), Message: "grows here"})
	}
	size, noSize := count.Size(pass, stmt.Pos(), "Grow's argument")
	d := analysis.Diagnostic{
		Pos:     stmt.Pos(),
		End:     stmt.Pos() + token.Pos(len(loopKeyword(stmt))),
		Message: fmt.Sprintf("%s grows as this loop of %s iterations writes up to %s each: Grow it once before the loop", obj.Name(), count.Text, bytesText(per)),
		Related: related,
	}
	if noSize != "" {
		d.Message += noSize
		pass.Report(d)
		return
	}
	if !types.Identical(count.Type, types.Typ[types.Int]) {
		size = "int(" + size + ")" // Grow takes an int
	}
	if per != 1 {
		if isBinary(size) {
			size = "(" + size + ")"
		}
		size = fmt.Sprintf("%s * %d", size, per)
	}
	grow := fmt.Sprintf("%s.Grow(%s)", obj.Name(), size)
	d.SuggestedFixes = []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("Grow %s by %s before the loop", obj.Name(), size),
		TextEdits: []analysis.TextEdit{loops.InsertBefore(pass, list, i, j, count, grow)},
	}}
	pass.Report(d)
}

func loopKeyword(ast.Stmt) string { return "for" }

func bytesText(n int) string {
	if n == 1 {
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}

// isBinary reports whether the expression n is a binary operation, which
// needs parentheses before it is multiplied.
func isBinary(n string) bool {
	e, err := parser.ParseExpr(n)
	if err != nil {
		return true
	}
	_, ok := e.(*ast.BinaryExpr)
	return ok
}

// boundedWrite returns the most bytes a top-level statement writes to obj,
// when it is a write with a constant bound.
func boundedWrite(info *types.Info, s ast.Stmt, obj types.Object) (int, bool) {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return 0, false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return 0, false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return 0, false
	}
	if id, ok := sel.X.(*ast.Ident); !ok || info.ObjectOf(id) != obj || loops.Refers(info, call.Args[0], obj) {
		return 0, false
	}
	tv := info.Types[call.Args[0]]
	switch sel.Sel.Name {
	case "WriteByte":
		return 1, true
	case "WriteRune":
		if tv.Value != nil {
			if r, ok := constant.Int64Val(tv.Value); ok {
				if n := utf8.RuneLen(rune(r)); n > 0 {
					return n, true
				}
				return len(string(utf8.RuneError)), true // an invalid rune writes U+FFFD
			}
		}
		return utf8.UTFMax, true
	case "WriteString":
		if tv.Value != nil && tv.Value.Kind() == constant.String {
			return len(constant.StringVal(tv.Value)), true
		}
	}
	return 0, false
}
