package constvar

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/squashgo/squash/internal/iface"
	"github.com/squashgo/squash/passes/internal/passdoc"
)

//go:embed doc.go
var doc string

// Analyzer reports package-level variables that could be constants, where
// converting them to an interface copies them.
var Analyzer = &analysis.Analyzer{
	Name: "constvar",
	Doc:  passdoc.Doc(doc),
	URL:  "https://pkg.go.dev/github.com/squashgo/squash/passes/constvar",
	Run:  run,
}

func run(pass *analysis.Pass) (any, error) {
	info := pass.TypesInfo
	vars := iface.ConstVars(info, pass.Files, ignored(pass))
	for v, val := range vars {
		if iface.BoxedFree(pass.TypesSizes, v.Type(), val) {
			delete(vars, v)
		}
	}
	if len(vars) == 0 {
		return nil, nil
	}
	// Where the package converts each variable to an interface.
	boxed := map[*types.Var][]ast.Expr{}
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.Pos()).Name(), "_test.go") {
			continue // what a test allocates is no cost of the package
		}
		iface.Conversions(info, f, func(e ast.Expr, _ types.Type) {
			if id, ok := ast.Unparen(e).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*types.Var); ok && vars[v] != nil {
					boxed[v] = append(boxed[v], e)
				}
			}
		})
	}
	for _, f := range pass.Files {
		for gd, vs := range iface.VarSpecs([]*ast.File{f}) {
			for _, id := range vs.Names {
				if v, _ := info.Defs[id].(*types.Var); len(boxed[v]) > 0 {
					report(pass, f, gd, vs, id, boxed[v], vars)
				}
			}
		}
	}
	return nil, nil
}

// report reports id, a variable of the spec vs of gd, in the file f, that
// could be a constant, and that the package converts to an interface at
// uses.
func report(pass *analysis.Pass, f *ast.File, gd *ast.GenDecl, vs *ast.ValueSpec, id *ast.Ident, uses []ast.Expr, vars map[*types.Var]constant.Value) {
	msg := id.Name + " is never assigned, and converting it to an interface copies its value to the heap (runtime.convT*): make it a const, which goes into an interface with no copy"
	d := analysis.Diagnostic{Pos: id.Pos(), End: id.End(), Message: msg}
	for _, e := range uses {
		d.Related = append(d.Related, analysis.RelatedInformation{Pos: e.Pos(), End: e.End(), Message: id.Name + " converted to an interface here"})
	}
	edits, why := fix(pass, f, gd, vs, vars)
	if why != "" {
		d.Message += " (no fix offered: " + why + ")"
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: "Make " + id.Name + " a const", TextEdits: edits}}
	}
	pass.Report(d)
}

// fix returns the edits that make vs a constant declaration, or why there
// are none. A declaration whose every variable could be a constant becomes
// one; a spec of one name in a group with others is moved after the group,
// into a declaration of its own.
func fix(pass *analysis.Pass, f *ast.File, gd *ast.GenDecl, vs *ast.ValueSpec, vars map[*types.Var]constant.Value) ([]analysis.TextEdit, string) {
	all := true
	for _, spec := range gd.Specs {
		for _, id := range spec.(*ast.ValueSpec).Names {
			if v, _ := pass.TypesInfo.Defs[id].(*types.Var); vars[v] == nil {
				all = false
			}
		}
	}
	if all {
		edits := []analysis.TextEdit{{Pos: gd.TokPos, End: gd.TokPos + token.Pos(len("var")), NewText: []byte("const")}}
		for _, spec := range gd.Specs {
			s := spec.(*ast.ValueSpec)
			t, ok := typeNeeded(pass, s)
			if !ok {
				return nil, "its untyped numbers would need different types in one spec: give it a type"
			}
			if t != "" {
				edits = append(edits, analysis.TextEdit{Pos: s.Names[len(s.Names)-1].End(), NewText: []byte(" " + t)})
			}
		}
		return edits, ""
	}
	if !gd.Lparen.IsValid() || len(vs.Names) > 1 {
		return nil, "it is declared with variables that must stay variables: move it to a const declaration of its own"
	}
	t, _ := typeNeeded(pass, vs)
	src := source(pass, f)
	tf := pass.Fset.File(gd.Pos())
	if src == nil {
		return nil, "its file cannot be read"
	}
	// The spec's lines, its doc comment's and its comment's with them.
	first, last := vs.Pos(), vs.End()
	if vs.Doc != nil {
		first = vs.Doc.Pos()
	}
	if vs.Comment != nil {
		last = vs.Comment.End()
	}
	start := tf.LineStart(tf.Line(first))
	end := token.Pos(tf.Base() + tf.Size())
	if l := tf.Line(last); l < tf.LineCount() {
		end = tf.LineStart(l + 1)
	}
	if strings.TrimSpace(string(src[tf.Offset(start):tf.Offset(first)])+string(src[tf.Offset(last):tf.Offset(end)])) != "" {
		return nil, "its group has it on a line with other code: move it to a const declaration of its own"
	}
	var b strings.Builder
	b.WriteString("\n\n")
	if vs.Doc != nil {
		for _, c := range vs.Doc.List {
			b.WriteString(c.Text + "\n")
		}
	}
	name := vs.Names[0]
	b.WriteString("const ")
	b.Write(src[tf.Offset(vs.Pos()):tf.Offset(name.End())])
	if t != "" {
		b.WriteString(" " + t)
	}
	b.Write(src[tf.Offset(name.End()):tf.Offset(last)])
	return []analysis.TextEdit{
		{Pos: start, End: end},
		{Pos: gd.End(), NewText: []byte(b.String())},
	}, ""
}

// typeNeeded returns the type to write after the names of vs, whose values
// are constants, so that as constants they keep the variables' type: a
// predeclared integer type, the default type of an untyped number, which
// n / 2.0 would not divide as integers without. It returns "" where vs
// has a type, or its variables are of other types: an initializer of a
// named type is typed, and an untyped string or boolean constant behaves
// as its default type does. It reports false where vs's variables need a
// type and are not all of one.
func typeNeeded(pass *analysis.Pass, vs *ast.ValueSpec) (string, bool) {
	if vs.Type != nil {
		return "", true
	}
	need, kinds := false, map[types.Type]bool{}
	for _, id := range vs.Names {
		v, _ := pass.TypesInfo.Defs[id].(*types.Var)
		if v == nil {
			return "", false
		}
		kinds[v.Type()] = true
		if b, ok := v.Type().(*types.Basic); ok && b.Info()&types.IsInteger != 0 {
			need = true
		}
	}
	if !need {
		return "", true
	}
	if len(kinds) != 1 {
		return "", false
	}
	for t := range kinds {
		return t.String(), true
	}
	return "", false
}

// source returns the contents of f, or nil if they cannot be read.
func source(pass *analysis.Pass, f *ast.File) []byte {
	tf := pass.Fset.File(f.Pos())
	if tf == nil {
		return nil
	}
	b, err := pass.ReadFile(tf.Name())
	if err != nil || len(b) != tf.Size() {
		return nil
	}
	return b
}

// ignored parses the package's Go files that the build leaves out,
// without types: an assignment there counts too.
func ignored(pass *analysis.Pass) []*ast.File {
	var out []*ast.File
	fset := token.NewFileSet()
	for _, name := range pass.IgnoredFiles {
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		src, err := pass.ReadFile(name)
		if err != nil {
			continue
		}
		if f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution); err == nil {
			out = append(out, f)
		}
	}
	return out
}
