package noalloc

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/pragma"
)

// Directive is the comment line that marks a function.
const Directive = "//squash:noalloc"

// A Position is a place in a source file. Line and Column count from 1.
type Position struct {
	File         string // absolute
	Line, Column int
}

// String returns the position as FILE:LINE:COL.
func (p Position) String() string {
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

// Known reports whether the compiler gave the place: it gives some steps of
// a flow none ("flow: {heap} ← *{temp}"), and a Position is then zero.
func (p Position) Known() bool { return p.File != "" && p.Line > 0 }

func (p Position) before(q Position) bool {
	return p.Line < q.Line || p.Line == q.Line && p.Column < q.Column
}

// A Violation is an allocation the compiler reports inside a function marked
// //squash:noalloc, or a misplaced directive.
type Violation struct {
	Pos      Position // where the compiler reports it, in the marked function
	Function string   // the marked function: F, (*T).M
	Package  string   // its import path

	// Reason is the compiler's message: "&T{...} escapes to heap". For a
	// misplaced directive it says so.
	Reason string
	// Inlined is where the allocation really is when it comes from a callee
	// inlined into the function, outermost first; empty otherwise.
	Inlined []Position
	// Flow is the compiler's explanation, one step a line:
	// "flow: ~r0 ← &{storage for &T{...}}" then "from return &T{...} (return)".
	Flow []Step
	// Unrecorded says that the compiler reports nothing here: Reason is
	// squash's, for a value that does not escape and goes to the heap when
	// it is larger than the stack buffer the compiler gives it.
	Unrecorded bool

	// field says that Reason's value is a struct field's (h.size), which
	// the compiler prints as it does a method value (r.M): the types say
	// which.
	field bool
	// step is the next step that the source and types give, where the
	// compiler's words alone do not: range over a string, not its runes.
	step string
	// written is the source of what Reason says escapes, where the
	// compiler names an inlined call's result in it, resultName (~r0),
	// which the source does not (escape.Record.Written, ResultName).
	written, resultName string
}

// A Step is one line of the compiler's explanation of an escape.
type Step struct {
	Pos  Position
	Text string
}

// String returns the violation as FILE:LINE:COL: MESSAGE, then each step
// of the flow on a line of its own, indented by a tab, with its place where
// the compiler gave one.
func (v Violation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", v.Pos, v.Message())
	for _, s := range v.Flow {
		fmt.Fprintf(&b, "\n\t%s", s.Text)
		if s.Pos.Known() {
			fmt.Fprintf(&b, " at %s:%d", filepath.Base(s.Pos.File), s.Pos.Line)
		}
	}
	return b.String()
}

// Message says what is wrong in one line, without the position or the
// flow, and, for the common kinds whose fix is clear (a value converted to
// an interface, a variable whose address is returned, an append, a make),
// what to do next.
func (v Violation) Message() string {
	if v.Function == "" {
		return v.Reason
	}
	msg := fmt.Sprintf("%s is %s but %s", v.Function, Directive, v.Reason)
	if !v.Unrecorded {
		msg = fmt.Sprintf("%s is %s but the compiler reports: %s", v.Function, Directive, v.Reason)
	}
	if v.written != "" {
		msg += fmt.Sprintf(" (the compiler's %s is the result of a call it inlined: in the source, %s)", v.resultName, v.written)
	}
	if len(v.Inlined) > 0 {
		in := v.Inlined[len(v.Inlined)-1]
		msg += fmt.Sprintf(" (at %s:%d, inlined here)", filepath.Base(in.File), in.Line)
	}
	if step := next(v); step != "" {
		msg += "; " + step
	}
	return msg
}

// A marked function and the span of its body.
type marked struct {
	pkg, name string
	// start and end are where the declaration begins (func) and ends (the
	// body's closing brace): a parameter, receiver or named result that
	// is moved to the heap is recorded at its name.
	start, end Position
	// at is where the function's name is, at which the compiler records
	// what it did with the function as a whole: inlining it, and the
	// shape instances it inlined into the wrappers of a generic function.
	at Position
	// generic is set for a generic function or a method of a generic
	// type: the compiler decides on its body in the packages that
	// instantiate it, which may be other packages than its own.
	generic bool
	decl    Position // the declaration's start
	// wrapped notes, by the place of its defer or go statement, each call
	// that the compiler wraps in a func literal of its own making, which
	// its record calls a "func literal" where the source shows none.
	wrapped map[Position]string
}

// Notes for the compiler's wrappers of a statement's call.
const (
	deferWrapper = "the compiler's wrapper of the deferred call, which goes to the heap where the defer cannot run in place, as in a loop"
	goWrapper    = "the compiler's wrapper of the call that go starts, which goes to the heap with the goroutine"
)

// explained returns v with a note on the func literal that its record
// names when the compiler made it for a defer or go statement of f.
func (f marked) explained(v Violation) Violation {
	if note, ok := f.wrapped[v.Pos]; ok && strings.HasPrefix(v.Reason, "func literal ") {
		v.Reason += " (" + note + ")"
	}
	return v
}

// wrappers returns the places of body's defer and go statements whose call
// is not a func literal, with their notes: the compiler wraps such a call
// in a func literal and records its escape at the statement.
func wrappers(fset *token.FileSet, body *ast.BlockStmt) map[Position]string {
	out := map[Position]string{}
	ast.Inspect(body, func(n ast.Node) bool {
		var call *ast.CallExpr
		var note string
		switch st := n.(type) {
		case *ast.DeferStmt:
			call, note = st.Call, deferWrapper
		case *ast.GoStmt:
			call, note = st.Call, goWrapper
		default:
			return true
		}
		if _, lit := ast.Unparen(call.Fun).(*ast.FuncLit); !lit {
			out[position(fset, n.Pos())] = note
		}
		return true
	})
	return out
}

// A Result is the outcome of Check.
type Result struct {
	// Functions are the marked functions checked, as package.Function.
	Functions []string
	// Files holds the file of each marked function, by
	// package.Function: of the functions, and of those Unchecked.
	Files map[string]string
	// Violations are sorted by position.
	Violations []Violation
	// Unchecked are the marked generic functions that no package Check
	// built instantiates, as package.Function: the compiler made no
	// decision on their bodies, so nothing could be checked.
	Unchecked []string
	// Unbuilt are the marked functions in files that build constraints
	// leave out of the build (go list's IgnoredGoFiles): the compiler
	// made no decision on them. The go command's GOOS, GOARCH and the
	// tags in GOFLAGS choose the files, for Check as for go build.
	Unbuilt []Unbuilt
}

// Marked reports whether the packages checked hold anything marked: a
// function checked or not, or a comment meant as the directive (a
// violation).
func (r *Result) Marked() bool {
	return len(r.Functions) > 0 || len(r.Unbuilt) > 0 || len(r.Violations) > 0
}

// An Unbuilt is a marked function that Check could not check, as its file
// is not in the build.
type Unbuilt struct {
	Function   string // package.Function
	File       string // absolute
	Constraint string // the file's //go:build line or // +build lines, or ""
	Cgo        bool   // the file imports "C", which a build with cgo off leaves out
}

// WhyUnchecked says why f, one of Result.Unchecked, was not checked by a
// check of the packages named.
func WhyUnchecked(f, named string) string {
	return fmt.Sprintf("%s is generic, and no package named (%s) instantiates it: the compiler decides on its body where it is instantiated; name such a package too", f, named)
}

// Why says why u was not checked; file is u.File as it is to be printed.
func (u Unbuilt) Why(file string) string {
	by := "its file name's _GOOS or _GOARCH"
	switch {
	case u.Constraint != "" && u.Cgo:
		by = u.Constraint + `, or its import "C" with cgo off,`
	case u.Constraint != "":
		by = u.Constraint
	case u.Cgo:
		return fmt.Sprintf("%s, in %s, which imports \"C\" and so is left out of a build with cgo off: check it with CGO_ENABLED=1 and a C compiler on PATH", u.Function, file)
	}
	with := "GOOS, GOARCH or GOFLAGS=-tags=… set"
	if namesTag(u.Constraint, "race") {
		with = "GOFLAGS=-race (the race detector's builds have the race tag), or GOOS, GOARCH or GOFLAGS=-tags=… set"
	}
	return fmt.Sprintf("%s, in %s, which %s leaves out of this build: check it in a build that has the file, with %s", u.Function, file, by, with)
}

// namesTag reports whether the build constraint lines c (a //go:build line,
// or // +build lines joined by "; ") name tag.
func namesTag(c, tag string) bool {
	var names func(constraint.Expr) bool
	names = func(x constraint.Expr) bool {
		switch x := x.(type) {
		case *constraint.TagExpr:
			return x.Tag == tag
		case *constraint.NotExpr:
			return names(x.X)
		case *constraint.AndExpr:
			return names(x.X) || names(x.Y)
		case *constraint.OrExpr:
			return names(x.X) || names(x.Y)
		}
		return false
	}
	for line := range strings.SplitSeq(c, "; ") {
		if x, err := constraint.Parse(line); err == nil && names(x) {
			return true
		}
	}
	return false
}

// Check builds the packages that patterns name in dir (as the go command
// takes them) with the compiler's diagnostics and returns the violations of
// every function marked //squash:noalloc in them. It builds nothing when no
// function is marked. A package that does not compile is an error quoting
// the compiler.
func Check(ctx context.Context, ld *gotool.Loader, dir string, patterns []string) (*Result, error) {
	pkgs, err := gotool.Resolve(ctx, dir, patterns)
	if err != nil {
		return nil, err
	}
	var funcs []marked
	var out []Violation
	var build []gotool.Package
	res := &Result{Files: map[string]string{}}
	for _, p := range pkgs {
		fs, vs, unbuilt, err := findMarked(p)
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
		res.Unbuilt = append(res.Unbuilt, unbuilt...)
		if len(fs) > 0 {
			funcs = append(funcs, fs...)
			build = append(build, p)
		}
		for _, f := range fs {
			res.Functions = append(res.Functions, f.pkg+"."+f.name)
			res.Files[f.pkg+"."+f.name] = f.start.File
		}
	}
	if len(build) > 0 {
		generic := slices.ContainsFunc(funcs, func(f marked) bool { return f.generic })
		var diags []diagnostic
		var escaped map[Position]bool
		var all *escape.Index
		if generic {
			// A generic body is decided on where it is instantiated: in
			// any of the packages named, its own included. One build of
			// them all serves the other marked functions too.
			if all, err = escape.BuildAll(ctx, ld, dir, pkgs); err != nil {
				return nil, err
			}
			diags, escaped = diagnostics(all, nil, map[Position]bool{})
		} else if diags, escaped, err = compile(ctx, ld, build); err != nil {
			return nil, err
		}
		fields := map[Position]bool{}
		for _, p := range build {
			more, fs, err := unrecorded(ctx, ld, p, funcs, escaped)
			if err != nil {
				return nil, err
			}
			diags = append(diags, more...)
			maps.Copy(fields, fs)
		}
		var recs []escape.Record
		if generic {
			// An instance compiled on its own first: its message names the
			// function's own variables (v, not gen.v as in a copy inlined
			// into another package).
			recs = slices.Clone(all.Records())
			slices.SortStableFunc(recs, func(a, b escape.Record) int { return cmp.Compare(len(a.Inlined), len(b.Inlined)) })
		}
		for _, f := range funcs {
			if f.generic {
				vs, seen := instanceViolations(recs, f)
				if !seen {
					res.Unchecked = append(res.Unchecked, f.pkg+"."+f.name)
				}
				out = append(out, vs...)
			}
			for _, d := range diags {
				// Of a generic function, the records are its instances',
				// above; the size check reads its source.
				if f.contains(d.pos) && (!f.generic || d.Unrecorded) {
					v := f.explained(d.Violation)
					v.Function, v.Package = f.name, f.pkg
					out = append(out, v)
				}
			}
		}
		for i, v := range out {
			// A record of a callee inlined here is at the call.
			out[i].field = fields[v.Pos] && len(v.Inlined) == 0 && !v.Unrecorded
		}
	}
	// A value made in a panic's argument is made only when the function
	// panics, as reflect.Value.Int's &ValueError{...} in the functions it
	// is inlined into (mitchellh/mapstructure's isEmptyValue).
	pa := newPanicArgs()
	out = slices.DeleteFunc(out, pa.only)
	slices.SortFunc(out, func(a, b Violation) int {
		return cmp.Or(strings.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column), strings.Compare(a.Reason, b.Reason))
	})
	res.Violations = out
	return res, nil
}

// contains reports whether p is in f's declaration, its signature
// included, but not at its name.
func (f marked) contains(p Position) bool {
	return p.File == f.start.File && !p.before(f.start) && !f.end.before(p) && p != f.at
}

// instanceViolations returns the allocations that recs, the decisions of
// the packages that may instantiate the generic function f, own instances
// first, record in f's body: in an instance compiled on its own, or in one
// inlined into its caller (at the innermost position in the body: a copy
// inlined into an instantiation's wrapper is recorded at the wrapper's
// place, f's declaration, then at its own line). seen
// reports whether recs hold any decision at all on f, its declaration
// included, that is, whether anything instantiated it.
func instanceViolations(recs []escape.Record, f marked) (vs []Violation, seen bool) {
	for _, r := range recs {
		if d := escapePosition(r.Pos); d.File == f.decl.File && d.Line == f.decl.Line {
			seen = true // the instance's inlining decision, at the declaration
		}
		// The record's frames, the outermost caller first: the last in
		// f's span is where the allocation is in f, and those after it are
		// callees inlined into f.
		chain := append([]escape.Position{r.Pos}, r.Inlined...)
		in := len(chain) - 1
		for in >= 0 && !f.contains(escapePosition(chain[in])) {
			in--
		}
		if in < 0 {
			continue
		}
		seen = true
		if !r.Allocates() {
			continue
		}
		v := f.explained(violationOf(r, chain[in], chain[in+1:]))
		v.Function, v.Package = f.name, f.pkg
		if !slices.ContainsFunc(vs, func(w Violation) bool { return w.Pos == v.Pos }) {
			vs = append(vs, v) // one per place: every shape and every caller has its copy
		}
	}
	return vs, seen
}

// violationOf returns the violation that the allocating record r states at
// at, with inlined the frames of the callees inlined there.
func violationOf(r escape.Record, at escape.Position, inlined []escape.Position) Violation {
	v := Violation{Pos: escapePosition(at), Reason: r.Message, written: r.Written, resultName: r.ResultName()}
	for _, p := range inlined {
		v.Inlined = append(v.Inlined, escapePosition(p))
	}
	for _, st := range r.Flow {
		v.Flow = append(v.Flow, Step{Pos: escapePosition(st.Pos), Text: st.Text})
	}
	return v
}

// isGeneric reports whether fd is a generic function or a method of a
// generic type.
func isGeneric(fd *ast.FuncDecl) bool {
	if fd.Type.TypeParams != nil && len(fd.Type.TypeParams.List) > 0 {
		return true
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return false
	}
	t := fd.Recv.List[0].Type
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	switch t.(type) {
	case *ast.IndexExpr, *ast.IndexListExpr:
		return true
	}
	return false
}

// findMarked parses p's Go files, as the go command builds them, and
// returns its marked functions, a violation for each directive that is not
// in a function's doc comment, and the marked functions of the files that
// build constraints leave out of the build.
// directiveName is what every form of the directive, and every near miss
// of it, holds.
var directiveName = []byte("squash:noalloc")

func findMarked(p gotool.Package) ([]marked, []Violation, []Unbuilt, error) {
	fset := token.NewFileSet()
	var funcs []marked
	var bad []Violation
	var unbuilt []Unbuilt
	for _, name := range slices.Concat(p.GoFiles, p.XTestGoFiles, p.Ignored) {
		path := filepath.Join(p.Dir, name)
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, nil, nil, err
		}
		if !bytes.Contains(src, directiveName) {
			// No directive, nor a near miss, which all spell the name:
			// most files, whose parse would cost a lint of the standard
			// library a second.
			continue
		}
		f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			if slices.Contains(p.Ignored, name) {
				continue // not built: not the check's to judge
			}
			return nil, nil, nil, fmt.Errorf("%s does not parse: %w", p.ImportPath, err)
		}
		ignored := slices.Contains(p.Ignored, name)
		pkg := p.ImportPath
		if slices.Contains(p.XTestGoFiles, name) || ignored && f.Name.Name == p.Name+"_test" {
			pkg += "_test"
		}
		if ignored {
			for _, decl := range f.Decls {
				if fd, ok := decl.(*ast.FuncDecl); ok && fd.Doc != nil && fd.Body != nil && directive(fd.Doc) != nil {
					unbuilt = append(unbuilt, Unbuilt{Function: pkg + "." + funcName(fd), File: path, Constraint: buildLine(f), Cgo: importsC(f)})
				}
			}
			continue
		}
		used := map[*ast.Comment]bool{}
		for _, decl := range f.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Doc == nil {
				continue
			}
			c := directive(fd.Doc)
			if c == nil {
				continue
			}
			used[c] = true
			if fd.Body == nil {
				bad = append(bad, Violation{Pos: position(fset, c.Pos()), Package: pkg,
					Reason: fmt.Sprintf("%s on %s, which has no Go body: remove it", Directive, funcName(fd))})
				continue
			}
			funcs = append(funcs, marked{
				pkg:     pkg,
				name:    funcName(fd),
				start:   position(fset, fd.Pos()),
				end:     position(fset, fd.Body.Rbrace),
				at:      position(fset, fd.Name.Pos()),
				generic: isGeneric(fd),
				decl:    position(fset, fd.Pos()),
				wrapped: wrappers(fset, fd.Body),
			})
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if isDirective(c) && !used[c] {
					bad = append(bad, Violation{Pos: position(fset, c.Pos()), Package: pkg,
						Reason: fmt.Sprintf("misplaced %s: it must be a line of a function's doc comment", Directive)})
				} else if why := nearDirective(c); why != "" {
					bad = append(bad, Violation{Pos: position(fset, c.Pos()), Package: pkg, Reason: why})
				}
			}
		}
	}
	return funcs, bad, unbuilt, nil
}

// buildLine returns f's build constraint as written: its //go:build line,
// or else its // +build lines, which the go command still obeys in a file
// without a //go:build line (golang/snappy's encode_other.go), joined by
// "; "; or "".
func buildLine(f *ast.File) string {
	var plus []string
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, c := range g.List {
			switch {
			case constraint.IsGoBuild(c.Text):
				return c.Text
			case constraint.IsPlusBuild(c.Text):
				plus = append(plus, c.Text)
			}
		}
	}
	return strings.Join(plus, "; ")
}

// importsC reports whether f imports "C", which leaves it out of a build
// with cgo off.
func importsC(f *ast.File) bool {
	return slices.ContainsFunc(f.Imports, func(s *ast.ImportSpec) bool { return s.Path.Value == `"C"` })
}

func directive(g *ast.CommentGroup) *ast.Comment {
	for _, c := range g.List {
		if isDirective(c) {
			return c
		}
	}
	return nil
}

// isDirective reports whether c is the directive, alone or followed by a
// blank and more comment.
func isDirective(c *ast.Comment) bool {
	rest, ok := strings.CutPrefix(c.Text, Directive)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// nearDirective says what is wrong with c, a comment that is meant as the
// directive and is not one, which would leave its function unchecked
// without a word: "// squash:noalloc", "/*squash:noalloc*/",
// "//squash:noallocs", as pragma.Read, which //squash:ignore's follow
// too, names them. It returns "" for any other comment.
func nearDirective(c *ast.Comment) string {
	kind, word := pragma.Read(c.Text, Directive)
	name := strings.TrimPrefix(Directive, "//")
	switch kind {
	case pragma.Joined:
		return fmt.Sprintf("%s is not %s: write %s alone, or followed by a blank and more comment", word, Directive, Directive)
	case pragma.Block:
		return fmt.Sprintf("/*%s*/ is not a directive: write %s as a line of its own in the function's doc comment", name, Directive)
	case pragma.Spaced:
		return fmt.Sprintf("// %s, with a blank after //, is a comment, not a directive: write %s", name, Directive)
	}
	return ""
}

func position(fset *token.FileSet, pos token.Pos) Position {
	p := fset.Position(pos)
	return Position{File: p.Filename, Line: p.Line, Column: p.Column}
}

// funcName returns F, T.M or (*T).M.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return fd.Name.Name
	}
	t := fd.Recv.List[0].Type
	star := ""
	if s, ok := t.(*ast.StarExpr); ok {
		star, t = "*", s.X
	}
	switch x := t.(type) {
	case *ast.IndexExpr:
		t = x.X
	case *ast.IndexListExpr:
		t = x.X
	}
	name := "?"
	if id, ok := t.(*ast.Ident); ok {
		name = id.Name
	}
	if star != "" {
		return "(*" + name + ")." + fd.Name.Name
	}
	return name + "." + fd.Name.Name
}

// A diagnostic is one allocation the compiler reported, with its position.
type diagnostic struct {
	Violation
	pos Position
}

// compile builds pkgs with the compiler's JSON diagnostics (internal/escape:
// a fresh directory each time, so the packages are really compiled) and
// returns the records that say something is allocated on the heap, and the
// positions of every escape record, allocating or not.
func compile(ctx context.Context, ld *gotool.Loader, pkgs []gotool.Package) ([]diagnostic, map[Position]bool, error) {
	var diags []diagnostic
	escaped := map[Position]bool{}
	for _, p := range pkgs {
		ix, err := escape.Build(ctx, ld, p)
		if err != nil {
			return nil, nil, err
		}
		diags, escaped = diagnostics(ix, diags, escaped)
	}
	return diags, escaped, nil
}

// diagnostics adds to diags the records of ix that say something is
// allocated on the heap, and to escaped the positions of every escape
// record, allocating or not.
func diagnostics(ix *escape.Index, diags []diagnostic, escaped map[Position]bool) ([]diagnostic, map[Position]bool) {
	// A package built twice, with and without its tests, says it twice.
	type key struct {
		pos    Position
		reason string
	}
	seen := make(map[key]bool, len(diags))
	for _, d := range diags {
		seen[key{d.pos, d.Reason}] = true
	}
	for _, r := range ix.Records() {
		if strings.HasPrefix(r.Code, "escape") && r.Message != "" {
			// At the code's own place too when it was inlined, as a
			// closure called where it is made: the size check then
			// leaves it to this record.
			escaped[escapePosition(r.Pos)] = true
			for _, in := range r.Inlined {
				escaped[escapePosition(in)] = true
			}
		}
		if !r.Allocates() {
			continue
		}
		d := diagnostic{pos: escapePosition(r.Pos), Violation: violationOf(r, r.Pos, r.Inlined)}
		if k := (key{d.pos, d.Reason}); !seen[k] {
			seen[k] = true
			diags = append(diags, d)
		}
	}
	return diags, escaped
}

// escapePosition converts p; a place the compiler did not give is zero.
func escapePosition(p escape.Position) Position {
	if !p.Known() {
		return Position{}
	}
	return Position{File: p.File, Line: p.Line, Column: p.Col}
}
