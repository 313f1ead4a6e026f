package noalloc

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
)

// panicArgs finds whether a place in a source file is inside the argument
// of a call of the builtin panic: a value made there is made only when the
// function panics (panic(&ValueError{...}) in reflect.Value.Int, inlined
// into its callers; panic(errors.New("…"))), so it does not count against
// //squash:noalloc. It reads and parses each file once.
type panicArgs struct {
	fset  *token.FileSet
	files map[string]*panicFile
}

// panicFile is a parsed file and the spans of its panics' arguments.
type panicFile struct {
	tf   *token.File
	args []panicArg
}

// panicArg is the span [start, end) of a panic's argument, and those of the
// func literals in it, whose bodies run when they are called, maybe later.
type panicArg struct {
	start, end token.Pos
	lits       [][2]token.Pos
}

// contains reports whether pos is in a's argument, outside its func literals.
func (a panicArg) contains(pos token.Pos) bool {
	if pos < a.start || pos >= a.end {
		return false
	}
	for _, l := range a.lits {
		if l[0] <= pos && pos < l[1] {
			return false
		}
	}
	return true
}

func newPanicArgs() *panicArgs {
	return &panicArgs{fset: token.NewFileSet(), files: map[string]*panicFile{}}
}

// only reports whether v is made only when its function panics: one of its
// frames, the marked function's line or a callee inlined there, is in the
// argument of a panic. A call evaluated as the argument runs only right
// before the panic, and all it allocates with it.
func (pa *panicArgs) only(v Violation) bool {
	if v.Function == "" {
		return false // a misplaced directive
	}
	for _, p := range append([]Position{v.Pos}, v.Inlined...) {
		if pa.inArg(p) {
			return true
		}
	}
	return false
}

// inArg reports whether p is in the argument of a panic, outside any func
// literal there.
func (pa *panicArgs) inArg(p Position) bool {
	if !p.Known() || p.Column <= 0 {
		return false
	}
	f := pa.file(p.File)
	if f == nil || p.Line > f.tf.LineCount() {
		return false
	}
	off := int(f.tf.LineStart(p.Line)) - f.tf.Base() + p.Column - 1
	if off < 0 || off >= f.tf.Size() {
		return false
	}
	pos := f.tf.Pos(off)
	for _, a := range f.args {
		if a.contains(pos) {
			return true
		}
	}
	return false
}

// file returns the parsed file at path, or nil where it cannot be read or
// parsed: then nothing in it counts as a panic's argument.
func (pa *panicArgs) file(path string) *panicFile {
	if f, ok := pa.files[path]; ok {
		return f
	}
	pa.files[path] = nil
	src, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	af, err := parser.ParseFile(pa.fset, path, src, 0)
	if err != nil {
		return nil
	}
	f := &panicFile{tf: pa.fset.File(af.Pos())}
	ast.Inspect(af, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return true
		}
		// The builtin: an identifier that the file does not declare (the
		// parser resolves the file's own declarations and leaves the
		// universe's unresolved).
		if id, ok := ast.Unparen(call.Fun).(*ast.Ident); !ok || id.Name != "panic" || id.Obj != nil {
			return true
		}
		a := panicArg{start: call.Args[0].Pos(), end: call.Args[0].End()}
		ast.Inspect(call.Args[0], func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok {
				a.lits = append(a.lits, [2]token.Pos{lit.Pos(), lit.End()})
				return false
			}
			return true
		})
		f.args = append(f.args, a)
		return true
	})
	pa.files[path] = f
	return f
}
