// Package imports adds an import to a file for a suggested fix that names
// a package the file may not import yet.
package imports

import (
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Add returns the name by which code at pos in file can refer to the
// package with the import path path, and the edits that import it when the
// file does not yet.
//
// A file that imports the package uses the name it imports it under, its
// own or another; a dot or blank import does not count. Otherwise the
// package is imported under the last element of its path, which must be
// free at pos: no local, package-level or file-level declaration, nor a
// predeclared identifier, may have that name there.
//
// The new import goes into the last import declaration (not one of import
// "C", whose comment cgo reads), in sorted order into its first group of
// standard-library imports (its last group of other imports, for a path
// outside the standard library), or in a group of its own; an
// unparenthesized declaration gets parentheses. In a file without imports
// it is a declaration of its own after the package clause. The edits leave
// a gofmt-clean file gofmt-clean.
//
// ok is false when the name is taken (or its import hidden) at pos, or
// file is nil; name is then the name the code would have used.
func Add(pass *analysis.Pass, file *ast.File, pos token.Pos, path string) (name string, edits []analysis.TextEdit, ok bool) {
	name = base(path)
	if file == nil {
		return name, nil, false
	}
	scope := pass.TypesInfo.Scopes[file].Innermost(pos)
	if scope == nil {
		return name, nil, false
	}
	imported := false
	for _, spec := range file.Imports {
		pkgName := pass.TypesInfo.PkgNameOf(spec)
		if importPath(spec) != path || pkgName == nil || pkgName.Name() == "." || pkgName.Name() == "_" {
			continue
		}
		if _, obj := scope.LookupParent(pkgName.Name(), pos); obj == pkgName {
			return pkgName.Name(), nil, true
		}
		if !imported {
			imported, name = true, pkgName.Name()
		}
	}
	if imported {
		return name, nil, false // hidden at pos
	}
	if _, obj := scope.LookupParent(name, pos); obj != nil {
		return name, nil, false
	}
	return name, insert(pass.Fset.File(file.FileStart), file, path), true
}

// insert returns the edits that add an import of path to file, whose lines
// tf tells.
func insert(tf *token.File, file *ast.File, path string) []analysis.TextEdit {
	quoted := strconv.Quote(path)
	at := func(pos token.Pos, text string) []analysis.TextEdit {
		return []analysis.TextEdit{{Pos: pos, End: pos, NewText: []byte(text)}}
	}
	var decl, last *ast.GenDecl
	for _, d := range file.Decls {
		if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT {
			last = gd
			if !slices.ContainsFunc(gd.Specs, func(s ast.Spec) bool { return importPath(s.(*ast.ImportSpec)) == "C" }) {
				decl = gd // cgo reads the comment above import "C": leave it alone
			}
		}
	}
	switch {
	case last == nil:
		return at(lineEnd(tf, file, file.Name), "\n\nimport "+quoted)
	case decl == nil:
		return at(lineEnd(tf, file, last), "\n\nimport "+quoted)
	case len(decl.Specs) == 0:
		return at(decl.Lparen+1, "\n\t"+quoted+"\n")
	case decl.Lparen.IsValid():
		return at(place(tf, decl, path))
	}
	// import "p" becomes import ( … ), with the new import before or after.
	spec := decl.Specs[0].(*ast.ImportSpec)
	open, close := "(\n\t", "\n)"
	if pos, text := place(tf, decl, path); pos == start(spec) {
		open += text
	} else {
		close = text + close
	}
	return append(at(start(spec), open), at(end(spec), close)...)
}

// place returns where to insert an import of path into decl, and the text
// to insert: in sorted order into the first group of standard-library
// imports (for such a path) or the last group of others (for another), or
// as a group of its own, first or last, in the same order.
func place(tf *token.File, decl *ast.GenDecl, path string) (token.Pos, string) {
	quoted := strconv.Quote(path)
	std := isStd(path)
	groups := groups(tf, decl)
	if !std {
		slices.Reverse(groups)
	}
	for _, g := range groups {
		if !all(g, std) {
			continue
		}
		for _, spec := range g {
			if importPath(spec) >= path {
				return start(spec), quoted + "\n\t"
			}
		}
		return end(g[len(g)-1]), "\n\t" + quoted
	}
	if std {
		return start(decl.Specs[0].(*ast.ImportSpec)), quoted + "\n\n\t"
	}
	return end(decl.Specs[len(decl.Specs)-1].(*ast.ImportSpec)), "\n\n\t" + quoted
}

// groups returns the runs of import specs of decl that gofmt sorts as one:
// those on consecutive lines (go/ast.SortImports).
func groups(tf *token.File, decl *ast.GenDecl) [][]*ast.ImportSpec {
	var gs [][]*ast.ImportSpec
	for k, s := range decl.Specs {
		spec := s.(*ast.ImportSpec)
		if k == 0 || tf.Line(spec.Pos()) > 1+tf.Line(decl.Specs[k-1].End()) {
			gs = append(gs, nil)
		}
		gs[len(gs)-1] = append(gs[len(gs)-1], spec)
	}
	return gs
}

// all reports whether every spec of g is of the standard library, or none
// is.
func all(g []*ast.ImportSpec, std bool) bool {
	for _, spec := range g {
		if isStd(importPath(spec)) != std {
			return false
		}
	}
	return true
}

// start is where spec's lines begin, its doc comment included.
func start(spec *ast.ImportSpec) token.Pos {
	if spec.Doc != nil {
		return spec.Doc.Pos()
	}
	return spec.Pos()
}

// end is where spec's line ends, its comment included.
func end(spec *ast.ImportSpec) token.Pos {
	if spec.Comment != nil {
		return spec.Comment.End()
	}
	return spec.End()
}

// lineEnd is the end of the line n ends on, before the newline: after the
// comments that follow n there.
func lineEnd(tf *token.File, file *ast.File, n ast.Node) token.Pos {
	pos := n.End()
	for _, cg := range file.Comments {
		if cg.Pos() >= pos && tf.Line(cg.Pos()) == tf.Line(n.End()) {
			pos = cg.End()
		}
	}
	return pos
}

func importPath(spec *ast.ImportSpec) string {
	path, _ := strconv.Unquote(spec.Path.Value)
	return path
}

// isStd reports whether path is of the standard library, as goimports
// tells: its first element has no dot.
func isStd(path string) bool {
	first, _, _ := strings.Cut(path, "/")
	return !strings.Contains(first, ".")
}

func base(path string) string {
	return path[strings.LastIndex(path, "/")+1:]
}
