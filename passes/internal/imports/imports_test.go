package imports

import (
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestAdd runs Add on a file at the marker /*@*/ and checks the name it
// returns and the file after its edits, which must be gofmt-clean.
func TestAdd(t *testing.T) {
	for _, c := range []struct {
		name, path, src string
		want            string // the name, or "" where Add reports false
		after           string // the file after the edits; src where none
	}{
		{
			name: "imported",
			path: "slices",
			src:  "package a\n\nimport \"slices\"\n\nvar _ = /*@*/ slices.Grow[[]int]\n",
			want: "slices",
		},
		{
			name: "renamed",
			path: "slices",
			src:  "package a\n\nimport sl \"slices\"\n\nvar _ = /*@*/ sl.Grow[[]int]\n",
			want: "sl",
		},
		{
			name: "renamed and hidden",
			path: "slices",
			src:  "package a\n\nimport sl \"slices\"\n\nfunc f() {\n\tsl := 1\n\t_ = sl /*@*/\n}\n",
		},
		{
			name: "renamed, hidden after pos",
			path: "slices",
			src:  "package a\n\nimport sl \"slices\"\n\nfunc f() {\n\t_ = 0 /*@*/\n\tsl := 1\n\t_ = sl\n}\n",
			want: "sl",
		},
		{
			name:  "no imports",
			path:  "slices",
			src:   "package a\n\nvar x = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport \"slices\"\n\nvar x = 1 /*@*/\n",
		},
		{
			name:  "no imports, comment after the package clause",
			path:  "slices",
			src:   "// Package a is a.\npackage a // a\n\nvar x = 1 /*@*/\n",
			want:  "slices",
			after: "// Package a is a.\npackage a // a\n\nimport \"slices\"\n\nvar x = 1 /*@*/\n",
		},
		{
			name:  "one import, parenthesized",
			path:  "slices",
			src:   "package a\n\nimport \"fmt\" // printing\n\nvar x = fmt.Sprint /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport (\n\t\"fmt\" // printing\n\t\"slices\"\n)\n\nvar x = fmt.Sprint /*@*/\n",
		},
		{
			name:  "one import, sorted after",
			path:  "slices",
			src:   "package a\n\n// sync, for pools.\nimport \"sync\"\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\n// sync, for pools.\nimport (\n\t\"slices\"\n\t\"sync\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "one import of another module",
			path:  "slices",
			src:   "package a\n\nimport x \"example.com/x\"\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport (\n\t\"slices\"\n\n\tx \"example.com/x\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "one import of the standard library",
			path:  "example.com/y/binenc",
			src:   "package a\n\nimport \"encoding/binary\"\n\nvar _ = 1 /*@*/\n",
			want:  "binenc",
			after: "package a\n\nimport (\n\t\"encoding/binary\"\n\n\t\"example.com/y/binenc\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "cgo's import is left alone",
			path:  "slices",
			src:   "package a\n\n// #include <stdio.h>\nimport \"C\"\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\n// #include <stdio.h>\nimport \"C\"\n\nimport \"slices\"\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "cgo's import is left alone, another is not",
			path:  "slices",
			src:   "package a\n\nimport \"fmt\"\n\n// #include <stdio.h>\nimport \"C\"\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport (\n\t\"fmt\"\n\t\"slices\"\n)\n\n// #include <stdio.h>\nimport \"C\"\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "sorted into the standard library's group",
			path:  "slices",
			src:   "package a\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n\n\t\"example.com/x\"\n)\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport (\n\t\"fmt\"\n\t\"slices\"\n\t\"strings\"\n\n\t\"example.com/x\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "last of its group, after a comment",
			path:  "slices",
			src:   "package a\n\nimport (\n\t\"fmt\"\n\t\"io\" // readers\n)\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport (\n\t\"fmt\"\n\t\"io\" // readers\n\t\"slices\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "before a documented import",
			path:  "slices",
			src:   "package a\n\nimport (\n\t// strings, for Cut.\n\t\"strings\"\n)\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport (\n\t\"slices\"\n\t// strings, for Cut.\n\t\"strings\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "a group of its own before others",
			path:  "slices",
			src:   "package a\n\nimport (\n\t\"example.com/x\"\n)\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport (\n\t\"slices\"\n\n\t\"example.com/x\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "a group of its own after the standard library",
			path:  "example.com/y/binenc",
			src:   "package a\n\nimport (\n\t\"encoding/binary\"\n\t\"io\"\n)\n\nvar _ = 1 /*@*/\n",
			want:  "binenc",
			after: "package a\n\nimport (\n\t\"encoding/binary\"\n\t\"io\"\n\n\t\"example.com/y/binenc\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "sorted into the last group of others",
			path:  "example.com/y/binenc",
			src:   "package a\n\nimport (\n\t\"io\"\n\n\t\"example.com/x\"\n\t\"example.com/z\"\n)\n\nvar _ = 1 /*@*/\n",
			want:  "binenc",
			after: "package a\n\nimport (\n\t\"io\"\n\n\t\"example.com/x\"\n\t\"example.com/y/binenc\"\n\t\"example.com/z\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "into the last declaration",
			path:  "slices",
			src:   "package a\n\nimport \"fmt\"\n\nimport (\n\t\"io\"\n)\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport \"fmt\"\n\nimport (\n\t\"io\"\n\t\"slices\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "empty parentheses",
			path:  "slices",
			src:   "package a\n\nimport ()\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport (\n\t\"slices\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name:  "dot and blank imports do not count",
			path:  "slices",
			src:   "package a\n\nimport (\n\t. \"slices\"\n\t_ \"strings\"\n)\n\nvar _ = 1 /*@*/\n",
			want:  "slices",
			after: "package a\n\nimport (\n\t\"slices\"\n\t. \"slices\"\n\t_ \"strings\"\n)\n\nvar _ = 1 /*@*/\n",
		},
		{
			name: "a local variable takes the name",
			path: "slices",
			src:  "package a\n\nfunc f() {\n\tslices := 1\n\t_ = slices /*@*/\n}\n",
		},
		{
			name:  "a local variable declared after pos does not",
			path:  "slices",
			src:   "package a\n\nfunc f() {\n\t_ = 0 /*@*/\n\tslices := 1\n\t_ = slices\n}\n",
			want:  "slices",
			after: "package a\n\nimport \"slices\"\n\nfunc f() {\n\t_ = 0 /*@*/\n\tslices := 1\n\t_ = slices\n}\n",
		},
		{
			name: "a package-level name takes it",
			path: "slices",
			src:  "package a\n\nvar slices = 1\n\nvar _ = 1 /*@*/\n",
		},
		{
			name: "another package imported as slices takes it",
			path: "slices",
			src:  "package a\n\nimport slices \"example.com/sl\"\n\nvar _ = 1 /*@*/\n",
		},
		{
			name: "another package named slices takes it",
			path: "slices",
			src:  "package a\n\nimport \"example.com/x/slices\"\n\nvar _ = 1 /*@*/\n",
		},
		{
			name: "a predeclared name is taken",
			path: "example.com/max",
			src:  "package a\n\nvar _ = 1 /*@*/\n",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass, file := check(t, c.src)
			pos := pass.Fset.File(file.FileStart).Pos(strings.Index(c.src, "/*@*/"))
			name, edits, ok := Add(pass, file, pos, c.path)
			if ok != (c.want != "") || ok && name != c.want {
				t.Fatalf("Add = %q, %v; want %q", name, ok, c.want)
			}
			after := apply(pass.Fset, c.src, edits)
			want := c.after
			if want == "" {
				want = c.src
			}
			if after != want {
				t.Errorf("after the edits:\n%s\nwant:\n%s", after, want)
			}
			if formatted, err := format.Source([]byte(after)); err != nil || string(formatted) != after {
				t.Errorf("not gofmt-clean (%v):\n%s", err, after)
			}
		})
	}
}

func TestAddNoFile(t *testing.T) {
	pass, _ := check(t, "package a\n")
	if name, edits, ok := Add(pass, nil, token.NoPos, "slices"); ok || edits != nil || name != "slices" {
		t.Errorf("Add(nil file) = %q, %v, %v", name, edits, ok)
	}
}

// check type-checks src as the only file of a package whose imports are
// empty packages named after their path's last element.
func check(t *testing.T, src string) (*analysis.Pass, *ast.File) {
	t.Helper()
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "a.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Defs:      map[*ast.Ident]types.Object{},
		Uses:      map[*ast.Ident]types.Object{},
		Implicits: map[ast.Node]types.Object{},
		Scopes:    map[ast.Node]*types.Scope{},
	}
	conf := types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			pkg := types.NewPackage(path, base(path))
			pkg.MarkComplete()
			return pkg, nil
		}),
		Error: func(error) {}, // unused imports, missing members
	}
	pkg, _ := conf.Check("a", fset, []*ast.File{file}, info)
	return &analysis.Pass{Fset: fset, Files: []*ast.File{file}, Pkg: pkg, TypesInfo: info}, file
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

func apply(fset *token.FileSet, src string, edits []analysis.TextEdit) string {
	for k := len(edits) - 1; k >= 0; k-- {
		e := edits[k]
		start, end := fset.Position(e.Pos).Offset, fset.Position(e.End).Offset
		src = src[:start] + string(e.NewText) + src[end:]
	}
	return src
}
