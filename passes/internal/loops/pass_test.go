package loops

import (
	"cmp"
	"fmt"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// std imports the standard library from export data; one importer for all
// tests, so that each package is read once.
var std = importer.Default()

// load type-checks src as p.go, the only file of package p, and returns
// the pass that the package's functions take. The file's version is the
// toolchain's; ReadFile serves the source.
func load(t *testing.T, src string) *analysis.Pass {
	t.Helper()
	return loadFiles(t, "", src)
}

// loadFiles type-checks srcs as the files a.go, b.go, … of package p at
// the Go version goVersion ("go1.20"; "" leaves it unknown). A type error
// fails the test: the functions under test expect code that compiles.
func loadFiles(t *testing.T, goVersion string, srcs ...string) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	byName := make(map[string][]byte, len(srcs))
	files := slices.Grow[[]*ast.File](nil, len(srcs))
	for k, src := range srcs {
		name := "p.go"
		if len(srcs) > 1 {
			name = fmt.Sprintf("%c.go", 'a'+k)
		}
		f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		byName[name] = []byte(src)
	}
	info := &types.Info{
		Types:        map[ast.Expr]types.TypeAndValue{},
		Defs:         map[*ast.Ident]types.Object{},
		Uses:         map[*ast.Ident]types.Object{},
		Implicits:    map[ast.Node]types.Object{},
		Scopes:       map[ast.Node]*types.Scope{},
		FileVersions: map[*ast.File]string{},
	}
	conf := types.Config{GoVersion: goVersion, Importer: std}
	pkg, err := conf.Check("p", fset, files, info)
	if err != nil {
		t.Fatalf("type-checking:\n%s\n%v", srcs[0], err)
	}
	return &analysis.Pass{
		Fset:      fset,
		Files:     files,
		Pkg:       pkg,
		TypesInfo: info,
		ReadFile: func(name string) ([]byte, error) {
			if src, ok := byName[name]; ok {
				return src, nil
			}
			return nil, os.ErrNotExist
		},
	}
}

// funcDecl returns the declaration of the function name.
func funcDecl(t *testing.T, pass *analysis.Pass, name string) *ast.FuncDecl {
	t.Helper()
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
				return fd
			}
		}
	}
	t.Fatalf("no function %s", name)
	return nil
}

// body returns the statements of the function name.
func body(t *testing.T, pass *analysis.Pass, name string) []ast.Stmt {
	t.Helper()
	return funcDecl(t, pass, name).Body.List
}

// loopList returns the statements of the outermost block of the function
// name that holds a loop.
func loopList(t *testing.T, pass *analysis.Pass, name string) []ast.Stmt {
	t.Helper()
	var list []ast.Stmt
	ast.Inspect(funcDecl(t, pass, name).Body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BlockStmt); ok && list == nil && slices.ContainsFunc(b.List, isLoop) {
			list = b.List
		}
		return list == nil
	})
	if list == nil {
		t.Fatal("no loop")
	}
	return list
}

// isLoop reports whether s is a for or range statement, labelled or not.
func isLoop(s ast.Stmt) bool {
	for l, ok := s.(*ast.LabeledStmt); ok; l, ok = s.(*ast.LabeledStmt) {
		s = l.Stmt
	}
	switch s.(type) {
	case *ast.ForStmt, *ast.RangeStmt:
		return true
	}
	return false
}

// loopAt returns the index of the first loop of list, and the loop,
// unlabelled.
func loopAt(t *testing.T, list []ast.Stmt) (int, ast.Stmt) {
	t.Helper()
	j := slices.IndexFunc(list, isLoop)
	if j < 0 {
		t.Fatal("no loop")
	}
	s := list[j]
	for l, ok := s.(*ast.LabeledStmt); ok; l, ok = s.(*ast.LabeledStmt) {
		s = l.Stmt
	}
	return j, s
}

// loopBodyAt returns the body of the first loop of list.
func loopBodyAt(t *testing.T, list []ast.Stmt) *ast.BlockStmt {
	t.Helper()
	_, l := loopAt(t, list)
	return loopBody(l)
}

// object returns the object that the first declaration of name, in source
// order, defines.
func object(t *testing.T, pass *analysis.Pass, name string) types.Object {
	t.Helper()
	var found *ast.Ident
	for id, obj := range pass.TypesInfo.Defs {
		if id.Name == name && obj != nil && (found == nil || id.Pos() < found.Pos()) {
			found = id
		}
	}
	if found == nil {
		t.Fatalf("nothing declares %s", name)
	}
	return pass.TypesInfo.Defs[found]
}

// declaring returns the index of the statement of list that declares name.
func declaring(t *testing.T, pass *analysis.Pass, list []ast.Stmt, name string) int {
	t.Helper()
	obj := object(t, pass, name)
	for k, s := range list {
		if obj.Pos() >= s.Pos() && obj.Pos() < s.End() {
			return k
		}
	}
	t.Fatalf("no statement declares %s", name)
	return -1
}

// apply returns the source of the file that edits change, after them.
// Edits at one offset apply in their order; overlapping edits fail the
// test, as they would fail go vet -fix.
func apply(t *testing.T, pass *analysis.Pass, edits []analysis.TextEdit) string {
	t.Helper()
	if len(edits) == 0 {
		t.Fatal("no edits")
	}
	tf := pass.Fset.File(edits[0].Pos)
	src, err := pass.ReadFile(tf.Name())
	if err != nil {
		t.Fatal(err)
	}
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b analysis.TextEdit) int { return cmp.Compare(a.Pos, b.Pos) })
	var out []byte
	last := 0
	for _, e := range sorted {
		start, end := tf.Offset(e.Pos), tf.Offset(e.End)
		if start < last || end < start {
			t.Fatalf("overlapping edits: %v", edits)
		}
		out = append(out, src[last:start]...)
		out = append(out, e.NewText...)
		last = end
	}
	return string(append(out, src[last:]...))
}
