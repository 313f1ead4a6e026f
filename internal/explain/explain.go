package explain

import (
	"context"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/mechanism"
)

// A Line is every compiler decision about one source line.
type Line struct {
	Line int
	Code string // the source text, trimmed

	// Here are the decisions reported on this line, for the function
	// compiled here (a record of code inlined into this line from elsewhere
	// is here too, with Inlined set).
	Here []escape.Record
	// Copies are the decisions for this line's code where it was inlined
	// into other functions, each at its call.
	Copies []escape.Record
	// Through are escapes reported on other lines whose flow passes here.
	Through []escape.Record
	// Generic says that the line is in a generic function or method,
	// whose decisions are made where it is instantiated: once for each
	// shape, and for each instantiation's wrapper, which the compiler's
	// records do not name.
	Generic bool
	// Unrecorded says what the line's code allocates where the compiler
	// has no escape record of it, and when it goes to the heap all the
	// same: its mechanism and mechanism.UnrecordedAs's reason, as the
	// report words a site with no record. It is read with the types of
	// the code where the text does not say (make(Names, n)). It is ""
	// where what the line makes without a record stays on the stack.
	Unrecorded string
	// UnrecordedHere says that Unrecorded applies to the function
	// compiled here: no record of it says that the line's own code
	// allocates.
	UnrecordedHere bool
	// Unescaped are the copies of the line's code in the test binary that
	// no record names as allocating: the compiler kept what the line makes
	// on the stack, where it fits (see Unrecorded). They are listed where
	// the line's code may allocate: it has an escape record elsewhere, or
	// Unrecorded is set.
	Unescaped []escape.Copy
	// Uninstantiated says that the line is in a generic function or
	// method of which the package built compiled no instance: no decision
	// on it at all, its declaration included.
	Uninstantiated bool
	// Converted are the places, of the records in Here, of values that
	// the line converts to an interface (see escape.Store.Boxed): the
	// conversion copies the value to the heap (runtime.convT*), not the
	// variable or the expression the record names. Of a compiler's
	// temporary (.autotmp_N escapes to heap), the value is a call's result
	// that the line assigns to an interface variable or returns as one, or
	// a comma-ok's value.
	Converted []escape.Position
	// Consts names, of the places in Converted, the package-level variable
	// converted there that could be a constant (see escape.Store.Consts).
	Consts map[escape.Position]string
}

// An Explanation is the compiler's decisions on a range of lines of one file.
type Explanation struct {
	Package gotool.Package
	File    string // absolute
	Lines   []Line
	// CopiesMissing says why the copies of the lines inlined elsewhere
	// with no escape record are not listed (see escape.Index.CopiesMissing),
	// or is "".
	CopiesMissing string
}

// Explain builds the package that holds file with the compiler's
// diagnostics on and returns its decisions on lines from to to (inclusive).
// It needs no benchmark. When in is not "", it builds the package in names
// instead (a pattern as the go command takes it, from the current
// directory), which must be in file's module: the body of a generic
// function is compiled, and decided on, in the packages that instantiate it.
func Explain(ctx context.Context, file string, from, to int, in string) (*Explanation, error) {
	if _, _, err := readLines(file, from, to); err != nil {
		return nil, err
	}
	b, err := Compile(ctx, file, in)
	if err != nil {
		return nil, err
	}
	return b.Explain(ctx, file, from, to)
}

// A Build is a package built with the compiler's diagnostics on, whose
// decisions on the lines of the files of one directory Explain reads.
type Build struct {
	Package gotool.Package // the package built
	dir     string         // the directory of the files explained
	ix      *escape.Index
	ld      *gotool.Loader
}

// Compile builds, for Explain, the package that holds file, or the package
// in names (see Explain): its test binary, with the compiler's diagnostics
// on, and the copies of its lines inlined elsewhere.
func Compile(ctx context.Context, file, in string) (*Build, error) {
	abs, src, err := readLines(file, 1, 1)
	if err != nil {
		return nil, err
	}
	pkgs, err := gotool.Resolve(ctx, filepath.Dir(abs), []string{"."})
	if err != nil {
		return nil, err
	}
	build := pkgs[0]
	if slices.Contains(build.Ignored, filepath.Base(abs)) {
		return nil, fmt.Errorf("%s is left out of the build by its build constraints (%sfor %s): the compiler makes no decision on it; set the GOOS and GOARCH, or the build tags (GOFLAGS=-tags=…), that select it", file, goBuildLine(src), gotool.Target(ctx))
	}
	if in != "" {
		others, err := gotool.Resolve(ctx, "", []string{in})
		if err != nil {
			return nil, err
		}
		if len(others) != 1 {
			return nil, fmt.Errorf("-in %s names %d packages: name one, which uses %s", in, len(others), filepath.Base(abs))
		}
		if others[0].Scope() != build.Scope() {
			return nil, fmt.Errorf("-in %s is in %s, and %s in %s: the compiler's diagnostics cover the module of the package built", in, others[0].Scope(), filepath.Base(abs), build.Scope())
		}
		if ok, err := gotool.Imports(ctx, others[0], build.ImportPath); err != nil {
			return nil, err
		} else if !ok {
			return nil, fmt.Errorf("-in %s does not import %s, which holds %s, even in its tests: building it compiles nothing of that file; name a package that uses it", in, build.ImportPath, filepath.Base(abs))
		}
		build = others[0]
	}
	ix, err := escape.CompileCopies(ctx, build.Dir, build, filepath.Dir(abs))
	if err != nil {
		return nil, err
	}
	return &Build{Package: build, dir: filepath.Dir(abs), ix: ix, ld: &gotool.Loader{}}, nil
}

// Explain returns the build's decisions on lines from to to (inclusive)
// of file, which must be in the directory of the file it was built for.
func (b *Build) Explain(ctx context.Context, file string, from, to int) (*Explanation, error) {
	abs, src, err := readLines(file, from, to)
	if err != nil {
		return nil, err
	}
	if filepath.Dir(abs) != b.dir {
		return nil, fmt.Errorf("%s is not in %s, the directory built", file, b.dir)
	}
	ix, ld, dir := b.ix, b.ld, b.Package.Dir
	// The types of the files whose records the lines show, not of every
	// file with a record: those are all explain prints.
	only := map[string]bool{abs: true}
	for n := from; n <= to; n++ {
		for _, recs := range [][]escape.Record{ix.At(abs, n), ix.Through(abs, n)} {
			for _, r := range recs {
				only[r.Source().File] = true
			}
		}
	}
	if err := escape.ReadTypesIn(ctx, ld, dir, ix, only); err != nil {
		return nil, err
	}
	generic := genericLines(abs, src)
	instantiated := map[[2]int]bool{} // by span: whether the build made any decision in it
	e := &Explanation{Package: b.Package, File: abs, CopiesMissing: ix.CopiesMissing()}
	for n := from; n <= to; n++ {
		l := Line{Line: n, Code: strings.TrimSpace(src[n-1]), Here: ix.Here(abs, n)}
		if span, ok := generic(n); ok {
			l.Generic = true
			if _, ok := instantiated[span]; !ok {
				instantiated[span] = false
				for m := span[0]; m <= span[1] && !instantiated[span]; m++ {
					instantiated[span] = len(ix.Here(abs, m))+len(ix.At(abs, m)) > 0
				}
			}
			l.Uninstantiated = !instantiated[span]
		}
		for _, r := range ix.At(abs, n) {
			if r.Pos.File != abs || r.Pos.Line != n {
				l.Copies = append(l.Copies, r)
			}
		}
		l.Converted, l.Consts = converted(ctx, ld, ix, dir, abs, n, l.Here)
		l.Through = ix.Through(abs, n)
		if !l.Uninstantiated {
			l.Unrecorded = unrecordedHere(ctx, ld, ix, dir, abs, n, l.Code)
			unescaped(&l, ix.Copies(abs, n), abs)
		}
		e.Lines = append(e.Lines, l)
	}
	return e, nil
}

// unescaped sets l.UnrecordedHere and l.Unescaped from the records of l's
// line of file and the copies of its code in the binary: an instance of
// the code with no record that it allocates is listed where the line's
// code allocates in another, or may allocate without a record
// (l.Unrecorded). A record is of the line's own code where it allocates
// what the line makes, as the report reads it: where the profile shows its
// allocation (escape.Record.Profiled), not in a callee inlined into it.
func unescaped(l *Line, copies []escape.Copy, file string) {
	own := func(r escape.Record) bool {
		p := r.Profiled()
		return r.Allocates() && p.File == file && p.Line == l.Line
	}
	allocates := slices.ContainsFunc(l.Here, own) || slices.ContainsFunc(l.Copies, own)
	if !allocates && l.Unrecorded == "" {
		return
	}
	l.UnrecordedHere = l.Unrecorded != "" && !slices.ContainsFunc(l.Here, own)
	for _, c := range copies {
		if !slices.ContainsFunc(l.Copies, func(r escape.Record) bool { return own(r) && c.Of(r) }) {
			l.Unescaped = append(l.Unescaped, c)
		}
	}
}

// readLines reads file and checks that it has lines from to to: it
// returns its absolute path and its lines.
func readLines(file string, from, to int) (string, []string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", nil, err
	}
	if !strings.HasSuffix(abs, ".go") {
		return "", nil, fmt.Errorf("%s is not a Go file: give FILE.go:LINE", file)
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return "", nil, fmt.Errorf("cannot read %s: %w", file, unwrapPath(err))
	}
	src := strings.Split(string(data), "\n")
	if strings.HasSuffix(string(data), "\n") {
		src = src[:len(src)-1]
	}
	if from >= 1 && to < from {
		return "", nil, fmt.Errorf("%s:%d-%d runs backwards: give %s:%d-%d", file, from, to, file, to, from)
	}
	if from < 1 || to > len(src) {
		verb := "is"
		if from != to {
			verb = "are"
		}
		return "", nil, fmt.Errorf("%s has lines 1 to %d; %s %s out of range", file, len(src), lineRange(from, to), verb)
	}
	return abs, src, nil
}

// ParseLocation splits FILE:LINE or FILE:LINE-LINE, as explain takes
// its argument.
func ParseLocation(arg string) (file string, from, to int, err error) {
	i := strings.LastIndexByte(arg, ':')
	if i <= 0 {
		return "", 0, 0, fmt.Errorf("%q is not FILE:LINE or FILE:LINE-LINE", arg)
	}
	file, lines := arg[:i], arg[i+1:]
	a, b, isRange := strings.Cut(lines, "-")
	from, err1 := strconv.Atoi(a)
	to, err2 := from, error(nil)
	if isRange {
		to, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil {
		return "", 0, 0, fmt.Errorf("%q is not FILE:LINE or FILE:LINE-LINE: %q is not a line number", arg, lines)
	}
	return file, from, to, nil
}

// unrecordedHere is Line.Unrecorded for line n of file, whose code is
// code: the types are read, once for the file, where the text does not
// say what the line allocates (mechanism.ReadsTypes), as the report reads
// them.
func unrecordedHere(ctx context.Context, ld *gotool.Loader, ix *escape.Index, dir, file string, n int, code string) string {
	var store *escape.Store
	if mechanism.ReadsTypes(code) {
		if err := escape.ReadStores(ctx, ld, dir, ix, []string{file}); err == nil {
			if s, ok := ix.Store(file, n); ok {
				store = &s
			}
		}
	}
	m := mechanism.Of("", code, store, nil)
	why := mechanism.UnrecordedAs(code, m)
	if why == "" {
		return ""
	}
	return m + ": " + why
}

// converted is Converted and Consts for line n of file, whose records are
// here: the file's types are read, once, when the line has a record of a
// value that escapes, which ReadTypesIn has mostly read already.
func converted(ctx context.Context, ld *gotool.Loader, ix *escape.Index, dir, file string, n int, here []escape.Record) ([]escape.Position, map[escape.Position]string) {
	var out []escape.Position
	var consts map[escape.Position]string
	for _, r := range here {
		if _, ok := r.Escaped(); !ok || !r.Allocates() {
			continue
		}
		if err := escape.ReadStores(ctx, ld, dir, ix, []string{file}); err != nil {
			return nil, nil
		}
		store, ok := ix.Store(file, n)
		if !ok || !slices.Contains(store.Boxed, r.Source()) {
			continue
		}
		out = append(out, r.Source())
		if name := store.Consts[r.Source()]; name != "" {
			if consts == nil {
				consts = map[escape.Position]string{}
			}
			consts[r.Source()] = name
		}
	}
	return out, consts
}

// goBuildLine returns the //go:build line of the source src, followed by
// ", ", or "" when it has none (its name alone constrains it: x_windows.go).
func goBuildLine(src []string) string {
	for _, l := range src {
		l = strings.TrimSpace(l)
		if constraint.IsGoBuild(l) {
			return l + ", "
		}
		if strings.HasPrefix(l, "package ") {
			break
		}
	}
	return ""
}

func lineRange(from, to int) string {
	if from == to {
		return fmt.Sprint("line ", from)
	}
	return fmt.Sprintf("lines %d-%d", from, to)
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// genericLines returns whether a line of the file at path, whose lines are
// src, is in a generic function or a method of a generic type, and if so
// the first and last lines of its declaration, from func to its closing
// brace. A file that does not parse has none.
func genericLines(path string, src []string) func(line int) ([2]int, bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, strings.Join(src, "\n"), parser.SkipObjectResolution)
	if err != nil {
		return func(int) ([2]int, bool) { return [2]int{}, false }
	}
	var spans [][2]int
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		generic := fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			t := fd.Recv.List[0].Type
			if star, ok := t.(*ast.StarExpr); ok {
				t = star.X
			}
			switch t.(type) {
			case *ast.IndexExpr, *ast.IndexListExpr:
				generic = true
			}
		}
		if generic {
			spans = append(spans, [2]int{fset.Position(fd.Pos()).Line, fset.Position(fd.Body.Rbrace).Line})
		}
	}
	return func(line int) ([2]int, bool) {
		for _, s := range spans {
			if s[0] <= line && line <= s[1] {
				return s, true
			}
		}
		return [2]int{}, false
	}
}

// shapeName matches the start of a compiler's shape name, go.shape.uint8 or
// go.shape.struct { … }: what follows a struct's or a func's keyword is
// left as it is, so that records of two such shapes stay apart.
var shapeName = regexp.MustCompile(`go\.shape\.[\w.*\[\]]+`)

// ByShape groups recs, in their order, into records that differ in the
// compiler's shape names alone: the decisions of a generic function's
// body, one per shape it is compiled for (spf13/cast's number.go:298 has
// seventeen, go.shape.int to go.shape.float64, alike but for the shape in
// their flows). Each group's shapes are the names of the shapes its
// records name, in the order of the records, without "go.shape.".
func ByShape(recs []escape.Record) (groups [][]escape.Record, shapes [][]string) {
	key := func(r escape.Record) string {
		var b strings.Builder
		fmt.Fprintf(&b, "%s\x00%s\x00%v\x00%v", r.Code, shapeName.ReplaceAllString(r.Message, "go.shape"), r.Pos, r.Inlined)
		for _, s := range r.Flow {
			fmt.Fprintf(&b, "\x00%s\x00%v\x00%v", shapeName.ReplaceAllString(s.Text, "go.shape"), s.Pos, s.Inlined)
		}
		return b.String()
	}
	index := map[string]int{}
	for _, r := range recs {
		k := key(r)
		i, ok := index[k]
		if !ok {
			i = len(groups)
			index[k] = i
			groups, shapes = append(groups, nil), append(shapes, nil)
		}
		groups[i] = append(groups[i], r)
		for _, s := range shapeNames(r) {
			if !slices.Contains(shapes[i], s) {
				shapes[i] = append(shapes[i], s)
			}
		}
	}
	return groups, shapes
}

// shapeNames returns the shapes that r's message and flow name, without
// "go.shape.".
func shapeNames(r escape.Record) []string {
	texts := []string{r.Message}
	for _, s := range r.Flow {
		texts = append(texts, s.Text)
	}
	var out []string
	for _, t := range texts {
		for _, m := range shapeName.FindAllString(t, -1) {
			if m = strings.TrimPrefix(m, "go.shape."); !slices.Contains(out, m) {
				out = append(out, m)
			}
		}
	}
	return out
}
