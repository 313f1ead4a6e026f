package loops

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/squashgo/squash/internal/pragma"
)

// Ignored reports whether a //squash:ignore that names the analyzer name,
// with a reason, covers the line where stmt begins, as squash lint reads
// it: at the end of that line, or alone on a line above it with nothing
// but comment lines between. Its finding there is then silenced, and its
// fix not made. (squash lint also checks that each name is one of its
// analyzers'; a directive that names another too is taken here as it
// is.)
func Ignored(pass *analysis.Pass, stmt ast.Node, name string) bool {
	tf, file := pass.Fset.File(stmt.Pos()), FileOf(pass, stmt.Pos())
	if tf == nil || file == nil {
		return false
	}
	var src []byte // read once a directive naming name is found
	line := tf.Line(stmt.Pos())
	for _, cg := range file.Comments {
		if tf.Line(cg.Pos()) > line {
			break // the directives that may cover line are on it or above it
		}
		for _, c := range cg.List {
			if !namesWithReason(c.Text, name) {
				continue
			}
			at := tf.Line(c.Pos())
			if at == line && c.Pos() > stmt.Pos() {
				return true
			}
			if at >= line {
				continue
			}
			if src == nil {
				if src = source(pass, stmt.Pos()); src == nil {
					return false
				}
			}
			if aloneAbove(src, tf, c, line) {
				return true
			}
		}
	}
	return false
}

// namesWithReason reports whether text is a well-formed //squash:ignore
// naming name and giving a reason.
func namesWithReason(text, name string) bool {
	kind, rest := pragma.Read(text, "//squash:ignore")
	if kind != pragma.Exact {
		return false
	}
	rest = strings.TrimLeft(rest, " \t")
	i := strings.IndexAny(rest, " \t")
	if i < 0 {
		return false // no reason: it silences nothing
	}
	names, reason := rest[:i], rest[i:]
	return strings.Trim(reason, "/ \t") != "" && slices.Contains(strings.Split(names, ","), name)
}

// aloneAbove reports whether the comment c is alone on its line, and the
// lines between it and line hold nothing but line comments.
func aloneAbove(src []byte, tf *token.File, c *ast.Comment, line int) bool {
	start := tf.Offset(tf.LineStart(tf.Line(c.Pos())))
	if len(strings.TrimSpace(string(src[start:tf.Offset(c.Pos())]))) > 0 {
		return false
	}
	for l := tf.Line(c.Pos()) + 1; l < line; l++ {
		from, to := tf.Offset(tf.LineStart(l)), tf.Offset(tf.LineStart(l+1))
		if !strings.HasPrefix(strings.TrimSpace(string(src[from:to])), "//") {
			return false
		}
	}
	return true
}
