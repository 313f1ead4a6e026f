package loops

import (
	"bytes"
	"go/ast"
	"go/format"
	"go/token"
)

func appendNode(b []byte, fset *token.FileSet, n ast.Node) []byte {
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, n); err != nil {
		return b
	}
	return append(b, buf.Bytes()...)
}
