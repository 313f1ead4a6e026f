package lint

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/squashgo/squash/internal/pragma"
	"github.com/squashgo/squash/passes/poolput"
)

// checkNames returns what is wrong with names, those of a
// //squash:ignore, given the names of the analyzers that may be silenced,
// or nil.
func checkNames(names, known []string) error {
	for _, n := range names {
		switch {
		case slices.Contains(known, n):
		case n == "noalloc":
			return fmt.Errorf("%s does not silence noalloc: take //squash:noalloc off a function that may allocate", pragma.IgnoreDirective)
		default:
			return fmt.Errorf("%s names %s, which is not one of squash's analyzers: name one of %s", pragma.IgnoreDirective, n, strings.Join(known, ", "))
		}
	}
	return nil
}

// A directive is a //squash:ignore comment of a package, and the line it
// covers.
type directive struct {
	pos   token.Pos   // of the comment
	file  *token.File // the file, and line in it, that it covers
	line  int
	names []string
	// doc is set for a directive in the doc comment of a declaration,
	// which covers its first line only.
	doc bool
	// blank is set for a directive alone on its line whose next line
	// that is not all comment is blank, or past the end of the file.
	blank bool
	// err says what is wrong with the directive, which then covers
	// nothing.
	err error
}

// silences reports whether d is well formed and names the analyzer.
func (d directive) silences(name string) bool {
	return d.err == nil && slices.Contains(d.names, name)
}

// directives returns the analyzer that finds a package's //squash:ignore
// comments, and checks the names they give against known. It reports
// nothing: the analyzers that ignoring wraps, and checkIgnores, read its
// result, a []directive, so that each package's comments are read once.
func directives(known []string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name:       "squashignore",
		Doc:        "find the //squash:ignore directives of a package",
		ResultType: reflect.TypeFor[[]directive](),
		Run: func(pass *analysis.Pass) (any, error) {
			var out []directive
			for _, f := range pass.Files {
				out = append(out, fileDirectives(pass, f, known)...)
			}
			return out, nil
		},
	}
}

// fileDirectives returns the //squash:ignore comments of f. A directive
// after code covers its own line; one alone on its line covers the next
// line that is not all comment, so that such directives stack as //go:
// directives do, and one in a doc comment covers the declaration's first
// line even where more of the comment follows it: gofmt moves directives
// to the end of a doc comment, where //go:noinline or //squash:noalloc
// may come after it. A blank line is not skipped.
func fileDirectives(pass *analysis.Pass, f *ast.File, known []string) []directive {
	tf := pass.Fset.File(f.FileStart)
	if tf == nil {
		return nil
	}
	var out []directive
	var src []byte
	var comments map[int]bool
	commentLines := func() map[int]bool {
		if comments == nil {
			comments = pragma.CommentLines(tf, f, src)
		}
		return comments
	}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if !strings.Contains(c.Text, "squash:ignore") {
				continue
			}
			ig, ok, err := pragma.ParseIgnore(c.Text)
			if !ok {
				continue
			}
			if err == nil {
				err = checkNames(ig.Names, known)
			}
			if src == nil {
				src = fileSource(pass, tf)
			}
			d := directive{pos: c.Pos(), file: tf, line: pragma.Covered(tf, src, c, commentLines), names: ig.Names, err: err}
			if pragma.Alone(tf, src, c) {
				d.blank = d.line > tf.LineCount() || blankLine(src, tf, d.line)
				for _, decl := range f.Decls {
					if doc := declDoc(decl); doc != nil && doc.Pos() <= c.Pos() && c.Pos() < doc.End() {
						d.doc = true
					}
				}
			}
			out = append(out, d)
		}
	}
	return out
}

// blankLine reports whether line of tf, whose source is src, holds
// nothing but blanks.
func blankLine(src []byte, tf *token.File, line int) bool {
	start := tf.Offset(tf.LineStart(line))
	end := len(src)
	if line < tf.LineCount() {
		end = tf.Offset(tf.LineStart(line + 1))
	}
	return len(bytes.TrimSpace(src[start:end])) == 0
}

// declDoc returns the doc comment of a top-level declaration, or nil.
func declDoc(decl ast.Decl) *ast.CommentGroup {
	switch decl := decl.(type) {
	case *ast.FuncDecl:
		return decl.Doc
	case *ast.GenDecl:
		return decl.Doc
	}
	return nil
}

// checkIgnores returns the analyzer that reports the malformed
// //squash:ignore directives of a package: they silence nothing.
func checkIgnores(dirs *analysis.Analyzer) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "ignore",
		Doc: `ignore: report malformed //squash:ignore directives

A directive //squash:ignore NAME[,NAME...] REASON at the end of a line, or
alone on the line above it (comment lines between are passed over, blank
lines are not), silences the findings of the analyzers NAME on that line;
the reason is required. A malformed one silences nothing and is
reported here; one that silences nothing is reported by the analyzer it
names.`,
		URL:      "https://pkg.go.dev/github.com/squashgo/squash/internal/lint",
		Requires: []*analysis.Analyzer{dirs},
		Run: func(pass *analysis.Pass) (any, error) {
			for _, d := range pass.ResultOf[dirs].([]directive) {
				if d.err != nil {
					pass.Report(analysis.Diagnostic{Pos: d.pos, Message: d.err.Error()})
				}
			}
			return nil, nil
		},
	}
}

// A place is a line of a file.
type place struct {
	file *token.File
	line int
}

func placeOf(fset *token.FileSet, pos token.Pos) place {
	tf := fset.File(pos)
	if tf == nil {
		return place{}
	}
	return place{tf, tf.PositionFor(pos, false).Line}
}

// ignoring returns a copy of a whose diagnostics on a line that a
// //squash:ignore naming a covers are not reported, fixes and all; dirs
// finds the directives. A fix of a that would rewrite such a line goes too
// (poolput's fix rewrites every Put of its pool), as do perfsprint's fixes
// in a file where one of its findings is silenced: its fix of the file's
// imports is worked out for all of them. The diagnostics that lose their
// fix say why. A directive naming a that silences nothing is reported, by
// a, where it is.
func ignoring(a, dirs *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.Requires = append(slices.Clip(a.Requires), dirs)
	c.Run = func(pass *analysis.Pass) (any, error) {
		all := pass.ResultOf[dirs].([]directive)
		covers := map[place][]int{} // the directives naming a, by the line they cover
		for i, d := range all {
			if d.silences(a.Name) {
				p := place{d.file, d.line}
				covers[p] = append(covers[p], i)
			}
		}
		if len(covers) == 0 {
			return a.Run(pass)
		}
		ds, res, err := runHeld(a, pass)
		used := map[int]bool{}
		silenced := map[place]bool{}
		var kept []analysis.Diagnostic
		for _, d := range ds {
			p := placeOf(pass.Fset, d.Pos)
			if d.Category == importsCategory || len(covers[p]) == 0 {
				kept = append(kept, d)
				continue
			}
			for _, i := range covers[p] {
				used[i] = true
			}
			silenced[p] = true
		}
		for _, d := range unfix(pass.Fset, a.Name, kept, silenced) {
			pass.Report(d)
		}
		for i, d := range all {
			if d.silences(a.Name) && !used[i] {
				pass.Report(analysis.Diagnostic{Pos: d.pos, Message: unused(d, a.Name)})
			}
		}
		return res, err
	}
	return &c
}

// unused says that d, which names the analyzer name, silences nothing.
func unused(d directive, name string) string {
	what := "remove the directive"
	if len(d.names) > 1 {
		what = "remove " + name + " from the directive"
	}
	msg := fmt.Sprintf("%s names %s, but %s reports nothing on line %d: %s, or put it at the end of the finding's line or alone on the line above it", pragma.IgnoreDirective, name, name, d.line, what)
	switch {
	case d.blank:
		msg = fmt.Sprintf("%s names %s, but covers line %d, which is blank: alone on its line, it covers the next line of code, with nothing but comments between; %s, or move it down to the finding's line", pragma.IgnoreDirective, name, d.line, what)
	case d.doc:
		msg += " (in a doc comment, it covers the declaration's first line, not the whole declaration)"
	}
	return msg
}

// unfix drops the fixes of ds, the diagnostics of the analyzer name kept
// where those on the silenced lines are not, that would change a silenced
// line, with their poolput-covered diagnostics, and perfsprint's fixes in
// a file with a silenced line; each says why. It drops the fixes of the
// imports that go with those.
func unfix(fset *token.FileSet, name string, ds []analysis.Diagnostic, silenced map[place]bool) []analysis.Diagnostic {
	if len(silenced) == 0 {
		return ds
	}
	why := func(at token.Pos, p place) string {
		where := fmt.Sprintf("line %d", p.line)
		if fset.File(at) != p.file {
			where = fmt.Sprintf("%s:%d", filepath.Base(p.file.Name()), p.line)
		}
		return fmt.Sprintf(" (no fix offered: the fix would also change %s, where %s silences %s)", where, pragma.IgnoreDirective, name)
	}
	dropped := map[token.Pos]string{} // why each diagnostic's fix went
	for i, d := range ds {
		if len(d.SuggestedFixes) == 0 || d.Category == importsCategory {
			continue
		}
		if p, ok := changes(fset, d.SuggestedFixes[0].TextEdits, silenced); ok {
			dropped[d.Pos] = why(d.Pos, p)
			ds[i].SuggestedFixes = nil
			ds[i].Message += dropped[d.Pos]
		}
	}
	for i, d := range ds {
		if d.Category != poolput.CoveredCategory {
			continue
		}
		// The fix that covered it is gone: silenced with its Put, or
		// dropped above.
		w, ok := dropped[relatedPos(d)]
		if p := placeOf(fset, relatedPos(d)); silenced[p] {
			w, ok = why(d.Pos, p), true
		}
		if ok {
			ds[i] = uncovered(d, w)
		}
	}
	// perfsprint fixes a file's imports for all of its fixes in the file
	// together, allowing for the silenced one's too.
	imports := map[*token.File]bool{}
	for _, d := range ds {
		if d.Category == importsCategory && len(d.SuggestedFixes) > 0 {
			imports[fset.File(d.Pos)] = true
		}
	}
	stale := map[*token.File]place{}
	for p := range silenced {
		if q, ok := stale[p.file]; imports[p.file] && (!ok || p.line < q.line) {
			stale[p.file] = p
		}
	}
	out := ds[:0]
	for _, d := range ds {
		p, ok := stale[fset.File(d.Pos)]
		switch {
		case ok && d.Category == importsCategory:
			continue // not a finding: the imports of the fixes dropped
		case ok && len(d.SuggestedFixes) > 0:
			d.SuggestedFixes = nil
			d.Message += fmt.Sprintf(" (no fix offered: %s fixes a file's imports for all of its fixes there together, and %s silences its finding on line %d; make this one by hand)", name, pragma.IgnoreDirective, p.line)
		}
		out = append(out, d)
	}
	return out
}

// changes reports whether edits change one of the silenced lines, and
// which.
func changes(fset *token.FileSet, edits []analysis.TextEdit, silenced map[place]bool) (place, bool) {
	for _, e := range edits {
		start, end := placeOf(fset, e.Pos), placeOf(fset, max(e.End-1, e.Pos))
		for line := start.line; line <= end.line; line++ {
			if p := (place{start.file, line}); silenced[p] {
				return p, true
			}
		}
	}
	return place{}, false
}

// uncovered returns d, a poolput diagnostic that the fix of another
// covered, as one without that fix, which says why.
func uncovered(d analysis.Diagnostic, why string) analysis.Diagnostic {
	d.Category = ""
	if i := strings.Index(d.Message, "; the fix offered with the Put at "); i >= 0 {
		d.Message = d.Message[:i]
	}
	d.Message += why
	return d
}
