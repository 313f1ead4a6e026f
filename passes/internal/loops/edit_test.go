package loops

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// editPrelude declares what the functions of the edit tests call.
const editPrelude = `package p

type B struct{}

func (*B) Grow(int) {}

func (*B) WriteByte(byte) error { return nil }

func Wrap(words []string) []string { return words }

func log() {}

`

// redeclared loads editPrelude+src and returns the file after Redeclare
// makes each of names, in that order, with the capacity of the loop it is
// first used in: name := make(T, 0, count).
func redeclared(t *testing.T, src string, names []string) string {
	t.Helper()
	pass := load(t, editPrelude+src)
	list := loopList(t, pass, "f")
	var edits []analysis.TextEdit
	for _, name := range names {
		obj := object(t, pass, name)
		i := declaring(t, pass, list, name)
		j, _ := FirstUse(pass.TypesInfo, list, i, obj)
		if j < 0 {
			t.Fatalf("no loop uses %s first", name)
		}
		count, ok := TripCount(pass, list, j)
		if !ok {
			t.Fatal("the loop is not counted")
		}
		decl := fmt.Sprintf("%s := make(%s, 0, %s)", name, types.TypeString(obj.Type(), nil), count.Text)
		edits = append(edits, Redeclare(pass, list, i, j, count, decl)...)
	}
	return strings.TrimPrefix(apply(t, pass, edits), editPrelude)
}

// gofmtClean fails the test unless src, a file, is as gofmt prints it.
func gofmtClean(t *testing.T, src string) {
	t.Helper()
	out, err := format.Source([]byte(src))
	if err != nil || string(out) != src {
		t.Errorf("not gofmt-clean (%v):\n%s", err, src)
	}
}

// TestRedeclare checks the function after Redeclare's edits: the
// declaration replaced where it stands when nothing but settled
// declarations stand between it and the loop, else moved down, with its
// comments, above the loop's comments, leaving no doubled blank line nor
// one under a brace. Several declarations keep their order whichever order
// their edits come in.
func TestRedeclare(t *testing.T) {
	for _, c := range []struct {
		name     string
		names    []string // redeclared, in this order and reversed
		src      string
		want     string
		notGofmt bool // where the edits leave what gofmt would change
		inOrder  bool // past the blank space's limit: ranks share an offset
	}{
		{
			name:  "in place",
			names: []string{"out"},
			src: `func f(xs []int) []int {
	var out []int // in order
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
			want: `func f(xs []int) []int {
	out := make([]int, 0, len(xs)) // in order
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
		},
		{
			name:  "in place, a settled declaration between",
			names: []string{"out"},
			src: `func f(xs []int) ([]int, []string) {
	var out []int
	keys := []string{}
	for _, x := range xs {
		out = append(out, x)
		keys = append(keys, "k")
	}
	return out, keys
}
`,
			want: `func f(xs []int) ([]int, []string) {
	out := make([]int, 0, len(xs))
	keys := []string{}
	for _, x := range xs {
		out = append(out, x)
		keys = append(keys, "k")
	}
	return out, keys
}
`,
		},
		{
			name:  "moved with its comments, above the loop's",
			names: []string{"out"},
			src: `func f(xs []int) []int {
	// out holds xs.
	var out []int // in order
	log()
	// Copy each.
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
			want: `func f(xs []int) []int {
	log()
	// out holds xs.
	out := make([]int, 0, len(xs)) // in order
	// Copy each.
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
		},
		{
			name:  "no blank line left under the brace",
			names: []string{"out"},
			src: `func f(xs []int) []int {
	var out []int

	log()
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
			want: `func f(xs []int) []int {
	log()
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
		},
		{
			name:  "no doubled blank line",
			names: []string{"out"},
			src: `func f(xs []int) []int {
	log()

	var out []int

	log()
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
			want: `func f(xs []int) []int {
	log()

	log()
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
		},
		{
			name:  "the blank line below stays under code",
			names: []string{"out"},
			src: `func f(xs []int) []int {
	log()
	var out []int

	log()
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
			want: `func f(xs []int) []int {
	log()

	log()
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
		},
		{
			name:  "a comment above a blank line stays",
			names: []string{"out"},
			src: `func f(xs []int) []int {
	// About f.

	var out []int
	log()
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
			want: `func f(xs []int) []int {
	// About f.

	log()
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
		},
		{
			name:  "moved above settled declarations",
			names: []string{"out"},
			src: `func f(xs []int) ([]int, []string) {
	var out []int
	log()
	keys := []string{}
	for _, x := range xs {
		out = append(out, x)
		keys = append(keys, "k")
	}
	return out, keys
}
`,
			want: `func f(xs []int) ([]int, []string) {
	log()
	out := make([]int, 0, len(xs))
	keys := []string{}
	for _, x := range xs {
		out = append(out, x)
		keys = append(keys, "k")
	}
	return out, keys
}
`,
		},
		{
			name:  "the comment ending the line above stays",
			names: []string{"out"},
			src: `func f(xs []int) []int {
	log() // first
	var out []int
	log()
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
			want: `func f(xs []int) []int {
	log() // first
	log()
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
		},
		{
			name:  "past a declaration the loop does not use",
			names: []string{"out"},
			src: `func f(xs []int) ([]int, []int) {
	var out []int
	other := []int{}
	for _, x := range xs {
		out = append(out, x)
	}
	return out, other
}
`,
			want: `func f(xs []int) ([]int, []int) {
	other := []int{}
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, x)
	}
	return out, other
}
`,
		},
		{
			name:  "below a declaration the count reads",
			names: []string{"out"},
			src: `func f() []int {
	var out []int
	log()
	keys := []string{}
	for _, k := range keys {
		out = append(out, len(k))
	}
	return out
}
`,
			want: `func f() []int {
	log()
	keys := []string{}
	out := make([]int, 0, len(keys))
	for _, k := range keys {
		out = append(out, len(k))
	}
	return out
}
`,
		},
		{
			name:  "indented as the loop",
			names: []string{"out"},
			src: `func f(xs []int) []int {
	if len(xs) > 0 {
		var out []int
		log()
		for _, x := range xs {
			out = append(out, x)
		}
		return out
	}
	return nil
}
`,
			want: `func f(xs []int) []int {
	if len(xs) > 0 {
		log()
		out := make([]int, 0, len(xs))
		for _, x := range xs {
			out = append(out, x)
		}
		return out
	}
	return nil
}
`,
		},
		{
			name:  "sharing its line: only its text goes",
			names: []string{"out"},
			src: `func f(xs []int) []int {
	var out []int; log()
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
			want: `func f(xs []int) []int {
	; log()
	out := make([]int, 0, len(xs))
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`,
			notGofmt: true,
		},
		{
			name:  "two moved, in order",
			names: []string{"a", "b"},
			src: `func f(xs []int) ([]int, []int) {
	var a []int
	var b []int

	log()
	for _, x := range xs {
		a = append(a, x)
		b = append(b, x)
	}
	return a, b
}
`,
			want: `func f(xs []int) ([]int, []int) {
	log()
	a := make([]int, 0, len(xs))
	b := make([]int, 0, len(xs))
	for _, x := range xs {
		a = append(a, x)
		b = append(b, x)
	}
	return a, b
}
`,
		},
		{
			name:  "three moved, in order, past the indentation",
			names: []string{"a", "b", "c"},
			src: `func f(xs []int) ([]int, []int, []int) {
	var a []int
	var b []int
	var c []int
	log()

	for _, x := range xs {
		a = append(a, x)
		b = append(b, x)
		c = append(c, x)
	}
	return a, b, c
}
`,
			want: `func f(xs []int) ([]int, []int, []int) {
	log()

	a := make([]int, 0, len(xs))
	b := make([]int, 0, len(xs))
	c := make([]int, 0, len(xs))
	for _, x := range xs {
		a = append(a, x)
		b = append(b, x)
		c = append(c, x)
	}
	return a, b, c
}
`,
		},
		{
			// The declarations moved to the first loop stay off the blank
			// line above it, which other's fix deletes.
			name:  "next to a declaration moved to another loop",
			names: []string{"a", "b", "c", "other"},
			src: `func f(xs []int) ([]int, []int, []int, []int) {
	var a []int
	var b []int
	var c []int

	other := []int{}

	for _, x := range xs {
		a = append(a, x)
		b = append(b, x)
		c = append(c, x)
	}
	for _, x := range xs {
		other = append(other, x)
	}
	return a, b, c, other
}
`,
			want: `func f(xs []int) ([]int, []int, []int, []int) {
	a := make([]int, 0, len(xs))
	b := make([]int, 0, len(xs))
	c := make([]int, 0, len(xs))
	for _, x := range xs {
		a = append(a, x)
		b = append(b, x)
		c = append(c, x)
	}
	other := make([]int, 0, len(xs))
	for _, x := range xs {
		other = append(other, x)
	}
	return a, b, c, other
}
`,
			inOrder: true,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := redeclared(t, c.src, c.names)
			if got != c.want {
				t.Errorf("after the edits:\n%s\nwant:\n%s", got, c.want)
			}
			if reversed := slices.Clone(c.names); len(reversed) > 1 && !c.inOrder {
				slices.Reverse(reversed)
				if got := redeclared(t, c.src, reversed); got != c.want {
					t.Errorf("after the edits in the other order:\n%s\nwant:\n%s", got, c.want)
				}
			}
			if !c.notGofmt {
				gofmtClean(t, editPrelude+got)
			}
		})
	}
}

// TestRedeclareWithoutSource: where the file cannot be read, the
// declaration's text is deleted and the new one put just before the loop,
// on a line of its own, unindented.
func TestRedeclareWithoutSource(t *testing.T) {
	pass := load(t, editPrelude+`func f(xs []int) []int {
	var out []int
	log()
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`)
	read := pass.ReadFile
	pass.ReadFile = nil
	list := body(t, pass, "f")
	count, _ := TripCount(pass, list, 2)
	edits := Redeclare(pass, list, 0, 2, count, "out := make([]int, 0, len(xs))")
	pass.ReadFile = read
	want := `func f(xs []int) []int {
	
	log()
	out := make([]int, 0, len(xs))
for _, x := range xs {
		out = append(out, x)
	}
	return out
}
`
	if got := strings.TrimPrefix(apply(t, pass, edits), editPrelude); got != want {
		t.Errorf("after the edits:\n%s\nwant:\n%s", got, want)
	}
}

// TestRedeclareHoisted: the variable that holds the call's result is
// declared on the line above the declaration, at its indentation, and the
// loop ranges over it.
func TestRedeclareHoisted(t *testing.T) {
	for _, c := range []struct {
		name, src, want string
	}{
		{
			name: "in place, indented",
			src: `func f(words []string) []string {
	if len(words) > 0 {
		var lines []string
		for _, w := range Wrap(words) {
			lines = append(lines, w)
		}
		return lines
	}
	return nil
}
`,
			want: `func f(words []string) []string {
	if len(words) > 0 {
		ws := Wrap(words)
		lines := make([]string, 0, len(ws))
		for _, w := range ws {
			lines = append(lines, w)
		}
		return lines
	}
	return nil
}
`,
		},
		{
			name: "moved, above the declaration's comments",
			src: `func f(words []string) []string {
	// lines holds the wrapped words.
	var lines []string
	log()
	for _, w := range Wrap(words) {
		lines = append(lines, w)
	}
	return lines
}
`,
			want: `func f(words []string) []string {
	log()
	ws := Wrap(words)
	// lines holds the wrapped words.
	lines := make([]string, 0, len(ws))
	for _, w := range ws {
		lines = append(lines, w)
	}
	return lines
}
`,
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass := load(t, editPrelude+c.src)
			list := loopList(t, pass, "f")
			j, _ := loopAt(t, list)
			h, ok := RangeCall(pass, list, j)
			if !ok {
				t.Fatal("RangeCall: not hoisted")
			}
			edits := RedeclareHoisted(pass, list, declaring(t, pass, list, "lines"), j, h, "lines := make([]string, 0, len("+h.Name+"))")
			got := strings.TrimPrefix(apply(t, pass, edits), editPrelude)
			if got != c.want {
				t.Errorf("after the edits:\n%s\nwant:\n%s", got, c.want)
			}
			gofmtClean(t, editPrelude+got)
		})
	}
}

// TestInsertBefore: a statement about a variable goes on a line of its own
// just before the loop, below the loop's comments.
func TestInsertBefore(t *testing.T) {
	pass := load(t, editPrelude+`func f(xs []byte) {
	var b B
	log()
	// Copy each.
	for _, x := range xs {
		b.WriteByte(x)
	}
}
`)
	list := body(t, pass, "f")
	count, _ := TripCount(pass, list, 2)
	e := InsertBefore(pass, list, 0, 2, count, "b.Grow(len(xs))")
	want := `func f(xs []byte) {
	var b B
	log()
	// Copy each.
	b.Grow(len(xs))
	for _, x := range xs {
		b.WriteByte(x)
	}
}
`
	if got := strings.TrimPrefix(apply(t, pass, []analysis.TextEdit{e}), editPrelude); got != want {
		t.Errorf("after the edit:\n%s\nwant:\n%s", got, want)
	}

	// Without the source: at the loop, on a line of its own.
	pass.ReadFile = nil
	e = InsertBefore(pass, list, 0, 2, count, "b.Grow(len(xs))")
	if e.Pos != list[2].Pos() || e.End != e.Pos || string(e.NewText) != "b.Grow(len(xs))\n" {
		t.Errorf("without the source: InsertBefore = %+v", e)
	}
}

// TestInsertBeforeOrder: a statement about a variable declared above a
// slice that Redeclare moves to the same loop goes above the slice's
// declaration, whichever edit comes first.
func TestInsertBeforeOrder(t *testing.T) {
	pass := load(t, editPrelude+`func f(xs []byte) []byte {
	var b B
	var out []byte
	log()
	for _, x := range xs {
		b.WriteByte(x)
		out = append(out, x)
	}
	return out
}
`)
	list := body(t, pass, "f")
	j, _ := loopAt(t, list)
	count, _ := TripCount(pass, list, j)
	grow := InsertBefore(pass, list, 0, j, count, "b.Grow(len(xs))")
	made := Redeclare(pass, list, 1, j, count, "out := make([]byte, 0, len(xs))")
	want := `func f(xs []byte) []byte {
	var b B
	log()
	b.Grow(len(xs))
	out := make([]byte, 0, len(xs))
	for _, x := range xs {
		b.WriteByte(x)
		out = append(out, x)
	}
	return out
}
`
	for _, edits := range [][]analysis.TextEdit{
		append([]analysis.TextEdit{grow}, made...),
		append(slices.Clone(made), grow),
	} {
		got := strings.TrimPrefix(apply(t, pass, edits), editPrelude)
		if got != want {
			t.Errorf("after the edits:\n%s\nwant:\n%s", got, want)
		}
	}
}

// TestSize: a count that may be negative is kept from it by max, where
// the file's Go version has the builtin and nothing hides it; else there
// is no size, and the reason why.
func TestSize(t *testing.T) {
	const why = " (no fix offered: n may be negative, and the builtin max that would keep the capacity from going negative "
	for _, c := range []struct {
		name      string
		nonNeg    bool
		goVersion string
		decl      string // at package level
		size, why string
	}{
		{"not negative", true, "go1.20", "", "n", ""},
		{"max", false, "go1.21", "", "max(0, n)", ""},
		{"unknown version", false, "", "", "max(0, n)", ""},
		{"before Go 1.21", false, "go1.20", "", "", why + "needs Go 1.21, and this file is go1.20)"},
		{"max hidden", false, "go1.22", "func max(a, b int) int { return a }", "", why + "is hidden here by a declaration of max)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass := loadFiles(t, c.goVersion, "package p\n\n"+c.decl+"\n\nfunc f() {\n\t_ = 0\n}\n")
			count := Count{Text: "n", NonNegative: c.nonNeg}
			size, why := count.Size(pass, body(t, pass, "f")[0].Pos(), "the capacity")
			if size != c.size || why != c.why {
				t.Errorf("Size = %q, %q; want %q, %q", size, why, c.size, c.why)
			}
		})
	}
}

// TestGoVersion: the file's own version, else its module's; AtLeast takes
// an unknown version to be recent enough.
func TestGoVersion(t *testing.T) {
	for _, c := range []struct {
		name      string
		goVersion string // the type checker's, which files without a //go:build line take
		module    string
		build     string // the file's //go:build line
		want      string
		at121     bool
	}{
		{"the package's", "go1.20", "", "", "go1.20", false},
		{"the package's, at the version asked", "go1.21", "", "", "go1.21", true},
		{"the file's own", "go1.21", "", "//go:build go1.22", "go1.22", true},
		{"the module's", "", "1.20", "", "go1.20", false},
		{"the file's before the module's", "go1.22", "1.20", "", "go1.22", true},
		{"unknown", "", "", "", "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass := loadFiles(t, c.goVersion, c.build+"\n\npackage p\n\nvar x = 1\n")
			if c.module != "" {
				pass.Module = &analysis.Module{GoVersion: c.module}
			}
			pos := pass.Files[0].Decls[0].Pos()
			if got := GoVersion(pass, pos); got != c.want {
				t.Errorf("GoVersion = %q, want %q", got, c.want)
			}
			if got := AtLeast(pass, pos, "go1.21"); got != c.at121 {
				t.Errorf("AtLeast go1.21 = %v, want %v", got, c.at121)
			}
		})
	}
}

// TestPredeclared: a name is the predeclared one where no declaration of
// the code's own hides it, at that point.
func TestPredeclared(t *testing.T) {
	pass := load(t, `package p

func f() {
	_ = 0 // before
	len := 1
	_ = len // after len
	{
		int := 2
		_ = int // after int
	}
}
`)
	list := body(t, pass, "f")
	before, afterLen := list[0].Pos(), list[2].Pos()
	afterInt := list[3].(*ast.BlockStmt).List[1].Pos()
	for _, c := range []struct {
		name  string
		pos   token.Pos
		names []string
		want  bool
	}{
		{"before", before, []string{"len", "make", "int"}, true},
		{"hidden", afterLen, []string{"len"}, false},
		{"another, where one is hidden", afterLen, []string{"make"}, true},
		{"one of several hidden", afterLen, []string{"make", "len"}, false},
		{"a type", afterInt, []string{"int"}, false},
		{"none", afterLen, nil, true},
	} {
		if got := Predeclared(pass, c.pos, c.names...); got != c.want {
			t.Errorf("%s: Predeclared(%v) = %v, want %v", c.name, c.names, got, c.want)
		}
	}
}

// TestIsBuiltin: the builtin by name, through parentheses, not a
// declaration that hides it.
func TestIsBuiltin(t *testing.T) {
	pass := load(t, `package p

func f(xs []int) {
	_ = len(xs)
	_ = (len)(xs)
	_ = cap(xs)
	{
		len := func([]int) int { return 0 }
		_ = len(xs)
	}
}
`)
	list := body(t, pass, "f")
	fun := func(s ast.Stmt) ast.Expr { return s.(*ast.AssignStmt).Rhs[0].(*ast.CallExpr).Fun }
	for _, c := range []struct {
		name string
		fun  ast.Expr
		want bool
	}{
		{"len", fun(list[0]), true},
		{"parenthesized", fun(list[1]), true},
		{"another builtin", fun(list[2]), false},
		{"hidden", fun(list[3].(*ast.BlockStmt).List[1]), false},
	} {
		if got := IsBuiltin(pass.TypesInfo, c.fun, "len"); got != c.want {
			t.Errorf("%s: IsBuiltin(len) = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestFileOf: the file of the package that holds a position, or nil.
func TestFileOf(t *testing.T) {
	pass := loadFiles(t, "", "package p\n\nvar a = 1\n", "package p\n\nvar b = 2\n")
	for k, f := range pass.Files {
		for _, pos := range []token.Pos{f.FileStart, f.Decls[0].Pos(), f.FileEnd} {
			if got := FileOf(pass, pos); got != f {
				t.Errorf("FileOf(%v) is not file %d", pass.Fset.Position(pos), k)
			}
		}
	}
	if got := FileOf(pass, token.NoPos); got != nil {
		t.Errorf("FileOf(NoPos) = %v, want nil", got.Name)
	}
}

// TestSameAt: a type written at one place names the same at another unless
// a declaration in between hides one of its names; a selected name, or a
// field's, is not looked up.
func TestSameAt(t *testing.T) {
	pass := load(t, `package p

import "strings"

type item struct{}

func f() {
	var a []item
	var b []strings.Builder
	var c []struct{ n int }
	var d map[string]item
	_ = 0 // here: nothing hidden
	item, strings, n, Builder := 0, 0, 0, 0
	_, _, _, _ = item, strings, n, Builder
	_, _, _, _ = a, b, c, d // here: item and strings hidden
}
`)
	list := body(t, pass, "f")
	typeOf := func(k int) ast.Expr {
		return list[k].(*ast.DeclStmt).Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Type
	}
	before, after := list[4].Pos(), list[7].Pos()
	for _, c := range []struct {
		name string
		typ  ast.Expr
		pos  token.Pos
		want bool
	}{
		{"a local type", typeOf(0), before, true},
		{"a local type, hidden", typeOf(0), after, false},
		{"a package's type", typeOf(1), before, true},
		{"a package's name, hidden", typeOf(1), after, false},
		{"a field's name", typeOf(2), after, true},
		{"in a map type", typeOf(3), after, false},
	} {
		if got := SameAt(pass, c.typ, c.pos); got != c.want {
			t.Errorf("%s: SameAt = %v, want %v", c.name, got, c.want)
		}
	}
}

// TestUses points at each top-level statement of the body that uses the
// variable, nested uses included.
func TestUses(t *testing.T) {
	pass := load(t, `package p

func f(xs []int) {
	var out []int
	for _, x := range xs {
		y := x * 2
		if y > 0 {
			out = append(out, y)
		}
		out = append(out, x)
	}
	_ = out
}
`)
	list := body(t, pass, "f")
	loop := loopBodyAt(t, list)
	related := Uses(pass.TypesInfo, loop, object(t, pass, "out"), "grows here")
	want := []ast.Stmt{loop.List[1], loop.List[2]}
	if len(related) != len(want) {
		t.Fatalf("Uses = %d statements, want %d", len(related), len(want))
	}
	for k, r := range related {
		if r.Pos != want[k].Pos() || r.End != want[k].End() || r.Message != "grows here" {
			t.Errorf("Uses[%d] = %+v, want the statement at %v", k, r, pass.Fset.Position(want[k].Pos()))
		}
	}
}

// TestJumpedOver: moving a declaration down to its loop must not put it
// between a goto and its label.
func TestJumpedOver(t *testing.T) {
	for _, c := range []struct {
		name, body string
		want       bool
	}{
		{
			name: "no goto",
			body: "var out []int\nn++\nfor _, x := range xs { out = append(out, x) }\n_ = out",
		},
		{
			name: "a goto in between to the loop's label",
			body: "var out []int\nif n > 0 { goto L }\nL:\nfor _, x := range xs { out = append(out, x) }\n_ = out",
			want: true,
		},
		{
			name: "a goto in between to a label after the loop",
			body: "var out []int\nif n > 0 { goto L }\nfor _, x := range xs { out = append(out, x) }\nL:\n_ = out",
			want: true,
		},
		{
			name: "a goto from the loop back to a label in between",
			body: "var out []int\nM:\nn--\nfor _, x := range xs { out = append(out, x); if n > 0 { goto M } }\n_ = out",
			want: true,
		},
		{
			name: "a goto in between to a label in between",
			body: "var out []int\nif n > 0 { goto M }\nn++\nM:\nn--\nfor _, x := range xs { out = append(out, x) }\n_ = out",
		},
		{
			name: "a function literal's own label",
			body: "var out []int\nfunc() { goto L\nL:\n}()\nL:\nfor _, x := range xs { out = append(out, x); continue L }\n_ = out",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass := load(t, "package p\n\nfunc f(xs []int, n int) {\n"+c.body+"\n}\n")
			list := body(t, pass, "f")
			j, _ := loopAt(t, list)
			if got := JumpedOver(list, 0, j); got != c.want {
				t.Errorf("JumpedOver = %v, want %v", got, c.want)
			}
		})
	}
	// Not moved, a declaration is in no goto's way.
	pass := load(t, "package p\n\nfunc f(xs []int) {\nL:\nvar out []int\nfor _, x := range xs { out = append(out, x); goto L }\n}\n")
	if list := body(t, pass, "f"); JumpedOver(list, 0, 1) {
		t.Error("JumpedOver = true for the loop right after the declaration")
	}
}
