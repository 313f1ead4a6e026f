package regexpcompile

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/squashgo/squash/passes/internal/loops"
	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// Analyzer reports regular expressions compiled from constants in functions.
var Analyzer = &analysis.Analyzer{
	Name:     "regexpcompile",
	Doc:      passdoc.Doc(doc),
	URL:      "https://pkg.go.dev/github.com/squashgo/squash/passes/regexpcompile",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run:      run,
}

var compilers = map[string]bool{
	"regexp.MustCompile": true, "regexp.MustCompilePOSIX": true,
	"regexp.Compile": false, "regexp.CompilePOSIX": false,
}

func run(pass *analysis.Pass) (any, error) {
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.FuncDecl)(nil)) {
		fd := cur.Node().(*ast.FuncDecl)
		if fd.Body == nil || fd.Recv == nil && (fd.Name.Name == "init" || fd.Name.Name == "main" && pass.Pkg.Name() == "main") {
			continue
		}
		names := map[string]bool{}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return true
			}
			fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
			if !ok {
				return true
			}
			must, known := compilers[fn.FullName()]
			if !known {
				return true
			}
			tv, ok := pass.TypesInfo.Types[call.Args[0]]
			if !ok || tv.Value == nil {
				return true // not a constant pattern
			}
			d := analysis.Diagnostic{
				Pos:     call.Pos(),
				End:     call.End(),
				Message: fmt.Sprintf("%s of a constant pattern runs on every call of %s: compile it once in a package-level variable", fn.FullName(), fd.Name.Name),
			}
			if must {
				name := varName(pass, fd, names)
				names[name] = true
				decl := fmt.Sprintf("var %s = %s\n\n", name, loops.Text(pass.Fset, call))
				start := fd.Pos()
				if fd.Doc != nil {
					start = fd.Doc.Pos()
				}
				d.SuggestedFixes = []analysis.SuggestedFix{{
					Message: "Compile once in var " + name,
					TextEdits: []analysis.TextEdit{
						{Pos: start, End: start, NewText: []byte(decl)},
						{Pos: call.Pos(), End: call.End(), NewText: []byte(name)},
					},
				}}
			}
			pass.Report(d)
			return true
		})
	}
	return nil, nil
}

// varName picks a package-level name not yet in use: the function's name
// followed by Re, then Re2, Re3...
func varName(pass *analysis.Pass, fd *ast.FuncDecl, taken map[string]bool) string {
	base := fd.Name.Name
	if fd.Recv != nil && len(fd.Recv.List) == 1 {
		base = recvName(fd.Recv.List[0].Type) + upperFirst(base)
	}
	base = lowerFirst(base) + "Re"
	for i := 1; ; i++ {
		name := base
		if i > 1 {
			name = fmt.Sprint(base, i)
		}
		if taken[name] || pass.Pkg.Scope().Lookup(name) != nil || shadowed(pass, fd, name) {
			continue
		}
		return name
	}
}

// shadowed reports whether name is declared inside fd, where the new
// package-level variable would be hidden.
func shadowed(pass *analysis.Pass, fd *ast.FuncDecl, name string) bool {
	found := false
	ast.Inspect(fd, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id.Name == name && pass.TypesInfo.Defs[id] != nil {
			found = true
		}
		return !found
	})
	return found
}

func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	}
	return "method"
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func lowerFirst(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	r[0] = unicode.ToLower(r[0])
	return string(r)
}
