package noalloc

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/squashgo/squash/internal/bench"
)

// Directive is the comment line that marks a function.
const Directive = "//squash:noalloc"

// A Position is a place in a source file. Line and Column count from 1.
type Position struct {
	File         string // absolute
	Line, Column int
}

func (p Position) String() string {
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Column)
}

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
}

// A Step is one line of the compiler's explanation of an escape.
type Step struct {
	Pos  Position
	Text string
}

func (v Violation) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s", v.Pos, v.Message())
	for _, s := range v.Flow {
		fmt.Fprintf(&b, "\n\t%s at %s:%d", s.Text, filepath.Base(s.Pos.File), s.Pos.Line)
	}
	return b.String()
}

// Message says what is wrong in one line, without the position or the flow.
func (v Violation) Message() string {
	if v.Function == "" {
		return v.Reason
	}
	msg := fmt.Sprintf("%s is %s but the compiler reports: %s", v.Function, Directive, v.Reason)
	if len(v.Inlined) > 0 {
		in := v.Inlined[len(v.Inlined)-1]
		msg += fmt.Sprintf(" (at %s:%d, inlined here)", filepath.Base(in.File), in.Line)
	}
	return msg
}

// A marked function and the span of its body.
type marked struct {
	pkg, name  string
	start, end Position // the body's braces
}

// A Result is the outcome of Check.
type Result struct {
	// Functions are the marked functions checked, as package.Function.
	Functions []string
	// Violations are sorted by position.
	Violations []Violation
}

// Check builds the packages that patterns name in dir (as the go command
// takes them) with the compiler's diagnostics and returns the violations of
// every function marked //squash:noalloc in them. It builds nothing when no
// function is marked. A package that does not compile is an error quoting
// the compiler.
func Check(ctx context.Context, dir string, patterns []string) (*Result, error) {
	pkgs, err := bench.Resolve(ctx, dir, patterns)
	if err != nil {
		return nil, err
	}
	var funcs []marked
	var out []Violation
	var build []string
	res := &Result{}
	for _, p := range pkgs {
		fs, vs, err := findMarked(p)
		if err != nil {
			return nil, err
		}
		out = append(out, vs...)
		if len(fs) > 0 {
			funcs = append(funcs, fs...)
			build = append(build, p.ImportPath)
		}
		for _, f := range fs {
			res.Functions = append(res.Functions, f.pkg+"."+f.name)
		}
	}
	if len(build) > 0 {
		diags, err := compile(ctx, dir, build)
		if err != nil {
			return nil, err
		}
		for _, f := range funcs {
			for _, d := range diags {
				if d.pos.File == f.start.File && !d.pos.before(f.start) && !f.end.before(d.pos) {
					v := d.Violation
					v.Function, v.Package = f.name, f.pkg
					out = append(out, v)
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b Violation) int {
		return cmp.Or(strings.Compare(a.Pos.File, b.Pos.File), cmp.Compare(a.Pos.Line, b.Pos.Line),
			cmp.Compare(a.Pos.Column, b.Pos.Column), strings.Compare(a.Reason, b.Reason))
	})
	res.Violations = out
	return res, nil
}

// findMarked parses p's Go files and returns its marked functions, and a
// violation for each directive that is not in a function's doc comment.
func findMarked(p bench.Package) ([]marked, []Violation, error) {
	bp, err := build.ImportDir(p.Dir, 0)
	if err != nil {
		var noGo *build.NoGoError
		if errors.As(err, &noGo) {
			return nil, nil, nil
		}
		return nil, nil, fmt.Errorf("%s: %w", p.ImportPath, err)
	}
	fset := token.NewFileSet()
	var funcs []marked
	var bad []Violation
	for _, name := range slices.Concat(bp.GoFiles, bp.CgoFiles) {
		path := filepath.Join(p.Dir, name)
		f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return nil, nil, fmt.Errorf("%s does not parse: %w", p.ImportPath, err)
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
				bad = append(bad, Violation{Pos: position(fset, c.Pos()), Package: p.ImportPath,
					Reason: fmt.Sprintf("%s on %s, which has no Go body: remove it", Directive, funcName(fd))})
				continue
			}
			funcs = append(funcs, marked{
				pkg:   p.ImportPath,
				name:  funcName(fd),
				start: position(fset, fd.Body.Lbrace),
				end:   position(fset, fd.Body.Rbrace),
			})
		}
		for _, g := range f.Comments {
			for _, c := range g.List {
				if isDirective(c) && !used[c] {
					bad = append(bad, Violation{Pos: position(fset, c.Pos()), Package: p.ImportPath,
						Reason: fmt.Sprintf("misplaced %s: it must be a line of a function's doc comment", Directive)})
				}
			}
		}
	}
	return funcs, bad, nil
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

// compile builds pkgs with the compiler's JSON diagnostics into a fresh
// temporary directory (a directory the build cache has not seen, so the
// packages are really compiled) and returns its allocation records.
func compile(ctx context.Context, dir string, pkgs []string) ([]diagnostic, error) {
	tmp, err := os.MkdirTemp("", "squash-noalloc-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	args := []string{"build", "-o", os.DevNull}
	if len(pkgs) > 1 {
		args = args[:1] // go build -o /dev/null takes one package
	}
	for _, p := range pkgs {
		args = append(args, fmt.Sprintf("-gcflags=%s=-json=0,%s", p, tmp))
	}
	cmd := exec.CommandContext(ctx, "go", append(append(args, "--"), pkgs...)...)
	cmd.Dir = dir
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGINT) }
	cmd.WaitDelay = 5 * time.Second
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%s does not compile:\n\t%s", strings.Join(pkgs, " "), strings.ReplaceAll(strings.TrimSpace(out.String()), "\n", "\n\t"))
	}
	var diags []diagnostic
	err = filepath.WalkDir(tmp, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		ds, err := readFile(path)
		diags = append(diags, ds...)
		return err
	})
	return diags, err
}

// The compiler's records (cmd/compile/internal/logopt): a header line naming
// the file, then one LSP-style diagnostic a line, with 1-based lines and
// columns.
type header struct {
	Version int    `json:"version"`
	File    string `json:"file"`
}

type record struct {
	Range   lspRange `json:"range"`
	Code    string   `json:"code"`
	Message string   `json:"message"`
	Related []struct {
		Location struct {
			URI   string   `json:"uri"`
			Range lspRange `json:"range"`
		} `json:"location"`
		Message string `json:"message"`
	} `json:"relatedInformation"`
}

type lspRange struct {
	Start struct {
		Line      int `json:"line"`
		Character int `json:"character"`
	} `json:"start"`
}

// readFile returns the allocations recorded in one diagnostics file:
// records coded "escape" (or "escapes", which Go 1.26 uses for some
// interface conversions) with a message. Each is followed by an empty
// record at the same position, which is skipped.
func readFile(path string) ([]diagnostic, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 16<<20)
	var h header
	if !sc.Scan() {
		return nil, fmt.Errorf("compiler diagnostics %s are empty", path)
	}
	if err := json.Unmarshal(sc.Bytes(), &h); err != nil || h.File == "" {
		return nil, fmt.Errorf("compiler diagnostics %s: unexpected header %.80q", path, sc.Text())
	}
	if h.Version != 0 {
		return nil, fmt.Errorf("compiler diagnostics %s have version %d; squash reads version 0", path, h.Version)
	}
	var out []diagnostic
	seen := map[string]bool{}
	for sc.Scan() {
		var r record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			return nil, fmt.Errorf("compiler diagnostics %s: %w", path, err)
		}
		if !strings.HasPrefix(r.Code, "escape") || r.Message == "" {
			continue
		}
		pos := Position{File: h.File, Line: r.Range.Start.Line, Column: r.Range.Start.Character}
		// Generic functions are analysed once per shape.
		key := fmt.Sprint(pos, r.Message)
		if seen[key] {
			continue
		}
		seen[key] = true
		d := diagnostic{pos: pos, Violation: Violation{Pos: pos, Reason: r.Message}}
		steps := false
		for _, rel := range r.Related {
			p := Position{File: fileOf(rel.Location.URI), Line: rel.Location.Range.Start.Line, Column: rel.Location.Range.Start.Character}
			switch {
			case rel.Message == "inlineLoc":
				// Before the first step, inline positions are the
				// allocation's own; later ones belong to a step.
				if !steps {
					d.Inlined = append(d.Inlined, p)
				}
			case strings.HasPrefix(rel.Message, "escflow:"):
				steps = true
				d.Flow = append(d.Flow, Step{Pos: p, Text: strings.TrimSuffix(strings.TrimSpace(strings.TrimPrefix(rel.Message, "escflow:")), ":")})
			}
		}
		out = append(out, d)
	}
	return out, sc.Err()
}

func fileOf(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return uri
	}
	return u.Path
}
