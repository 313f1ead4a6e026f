package pragma

import (
	"bytes"
	"go/ast"
	"go/token"
)

// Alone reports whether the comment c, in tf whose source is src, is the
// first thing on its line. Without the source it reports false: a
// directive is then taken to follow code, and covers less, never more.
func Alone(tf *token.File, src []byte, c *ast.Comment) bool {
	if src == nil {
		return false
	}
	start := tf.Offset(tf.LineStart(line(tf, c.Pos())))
	return len(bytes.TrimSpace(src[start:tf.Offset(c.Pos())])) == 0
}

// Covered returns the line that a directive written as the comment c
// covers: its own line where code comes before it there, else the next
// line that is not in comments (see CommentLines), so that directives
// stack as //go: directives do, and one in a doc comment covers the
// declaration's first line. A blank line is not passed over. comments is
// called for the comment lines only where c is alone on its line.
func Covered(tf *token.File, src []byte, c *ast.Comment, comments func() map[int]bool) int {
	at := line(tf, c.Pos())
	if !Alone(tf, src, c) {
		return at
	}
	lines := comments()
	next := at + 1
	for lines[next] {
		next++
	}
	return next
}

// CommentLines returns the lines of f, in tf whose source is src, that hold
// a comment and nothing else.
func CommentLines(tf *token.File, f *ast.File, src []byte) map[int]bool {
	code, comment := map[int]bool{}, map[int]bool{}
	line, i := 1, 0
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			start, end := tf.Offset(c.Pos()), tf.Offset(c.End())
			for ; i < start; i++ {
				switch src[i] {
				case '\n':
					line++
				case ' ', '\t', '\r', '\f':
				default:
					code[line] = true
				}
			}
			comment[line] = true
			for ; i < end; i++ {
				if src[i] == '\n' {
					line++
					comment[line] = true
				}
			}
		}
	}
	for ; i < len(src); i++ {
		if src[i] == '\n' {
			line++
		} else if src[i] > ' ' {
			code[line] = true
		}
	}
	for l := range comment {
		if code[l] {
			delete(comment, l)
		}
	}
	return comment
}

// line returns the line of pos in tf as the file has it, not as a //line
// directive renames it.
func line(tf *token.File, pos token.Pos) int { return tf.PositionFor(pos, false).Line }
