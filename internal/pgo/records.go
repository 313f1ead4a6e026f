package pgo

import (
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/compare"
	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/report"
	"github.com/squashgo/squash/internal/text"
)

// A Site is a site that PGO removed, added, grew or shrank, with what the
// compiler recorded of its line in each build.
type Site struct {
	Package   string
	Benchmark string
	compare.Site
	Off Records // the build with -pgo=off
	On  Records // the build with the profile
	// Inlined are the calls that the line's code was inlined through in
	// the build with the profile and not in the other, "file:line" from
	// the function compiled inward: the calls PGO inlined.
	Inlined []string
	// InlinedHere are the functions inlined at calls on the line in the
	// build with the profile and not in the other.
	InlinedHere []string
}

// MarshalJSON writes s with snake_case names: the site's file, line,
// function and code, its figures in each build (absent where it has none),
// and each build's records.
func (s Site) MarshalJSON() ([]byte, error) {
	site := s.Old
	if site == nil {
		site = s.New
	}
	type figures struct {
		AllocsPerOp float64 `json:"allocs_per_op"`
		BytesPerOp  float64 `json:"bytes_per_op"`
	}
	of := func(r *report.Site) *figures {
		if r == nil {
			return nil
		}
		return &figures{r.AllocsPerOp, r.BytesPerOp}
	}
	return json.Marshal(struct {
		Package      string   `json:"package"`
		Benchmark    string   `json:"benchmark"`
		Change       string   `json:"change"`
		File         string   `json:"file"`
		Line         int      `json:"line"`
		Function     string   `json:"function"`
		Code         string   `json:"code"`
		OffFigures   *figures `json:"off_figures,omitempty"`
		OnFigures    *figures `json:"on_figures,omitempty"`
		Off          Records  `json:"off_records"`
		On           Records  `json:"on_records"`
		InlinedByPGO []string `json:"inlined_by_pgo,omitempty"`
		InlinedHere  []string `json:"inlined_here_by_pgo,omitempty"`
	}{s.Package, s.Benchmark, string(s.Change), site.File, site.Line, site.Function, site.Code, of(s.Old), of(s.New), s.Off, s.On, s.Inlined, s.InlinedHere})
}

// Records are the compiler's records of one build on a site's line.
type Records struct {
	// Inline is the inlining decision on the site's function, as the
	// compiler recorded it at its declaration: "canInlineFunction: cost:
	// 89", or "cannotInlineFunction: function too complex: cost 89
	// exceeds budget 80".
	Inline string `json:"inline,omitempty"`
	// Escapes are the escape records of the line's code that allocate:
	// where the function is compiled, and in each copy inlined elsewhere.
	Escapes []Record `json:"escapes,omitempty"`
	// Copies are where the line's code was inlined, read from the test
	// binary's DWARF, each with whether a record says that something
	// escapes in it.
	Copies []Copy `json:"copies,omitempty"`
	// Here are the module's functions inlined at calls on the line, from
	// the same DWARF: "toml.typeEqual". A value passed to a call that is
	// inlined may no longer escape.
	Here []string `json:"inlined_here,omitempty"`
}

// A Record is one escape record, its positions relative to the module
// root.
type Record struct {
	Pos       string `json:"pos"`
	InlinedAt string `json:"inlined_at,omitempty"`
	Summary   string `json:"summary"`
}

// A Copy is one place the line's code was inlined.
type Copy struct {
	// Calls are the calls it was inlined through, "file:line", from the
	// function compiled inward.
	Calls []string `json:"calls"`
	// Escapes reports whether an escape record of the copy allocates.
	Escapes bool `json:"escapes"`
}

// join finds the sites of c that changed, and what the compiler of each
// report's build recorded of each.
func join(c *compare.Comparison, off, on *report.Report) []Site {
	var out []Site
	files := map[string]*parsed{}
	for _, p := range c.Packages {
		offPkg, onPkg := pkg(off, p.Path), pkg(on, p.Path)
		for _, b := range p.Benchmarks {
			for _, s := range b.Sites {
				if s.Change == compare.Same {
					continue
				}
				site := Site{Package: p.Path, Benchmark: b.Name, Site: s}
				abs, root, line := where(s)
				if abs != "" && offPkg != nil && onPkg != nil {
					site.Off = records(offPkg.Records(), abs, root, line, files)
					site.On = records(onPkg.Records(), abs, root, line, files)
					site.Inlined = added(site.Off.Copies, site.On.Copies)
					for _, f := range site.On.Here {
						if !slices.Contains(site.Off.Here, f) {
							site.InlinedHere = append(site.InlinedHere, f)
						}
					}
				}
				out = append(out, site)
			}
		}
	}
	return out
}

func pkg(r *report.Report, path string) *report.Package {
	for i := range r.Packages {
		if r.Packages[i].Path == path {
			return &r.Packages[i]
		}
	}
	return nil
}

// where returns the file of s on this machine, the module root that its
// File is relative to, and its line.
func where(s compare.Site) (abs, root string, line int) {
	site := s.Old
	if site == nil || site.Path() == "" {
		site = s.New
	}
	if site == nil || site.Path() == "" {
		return "", "", 0
	}
	abs = site.Path()
	root = strings.TrimSuffix(filepath.ToSlash(abs), "/"+site.File)
	return abs, filepath.FromSlash(root), site.Line
}

// records returns what ix recorded of line of the file at abs.
func records(ix *escape.Index, abs, root string, line int, files map[string]*parsed) Records {
	var rs Records
	if ix == nil {
		return rs
	}
	for _, p := range ix.InlinedInto(abs, line) {
		if name := parse(files, p.File).funcAt(p.Line); name != "" && !slices.Contains(rs.Here, name) {
			rs.Here = append(rs.Here, name)
		}
	}
	if decl, ok := parse(files, abs).declLine(line); ok {
		for _, r := range ix.Here(abs, decl) {
			if r.Code == "canInlineFunction" || r.Code == "cannotInlineFunction" {
				rs.Inline = r.Code + ": " + r.Message
			}
		}
	}
	recs := slices.DeleteFunc(ix.At(abs, line), func(r escape.Record) bool { return !r.Allocates() || r.Source().Line != line })
	for _, r := range recs {
		rec := Record{Pos: pos(root, r.Source()), Summary: r.String()}
		if len(r.Inlined) > 0 {
			rec.InlinedAt = pos(root, r.Pos)
		}
		rs.Escapes = append(rs.Escapes, rec)
	}
	for _, c := range ix.Copies(abs, line) {
		cp := Copy{Escapes: slices.ContainsFunc(recs, c.Of)}
		for _, p := range c {
			cp.Calls = append(cp.Calls, fmt.Sprintf("%s:%d", text.Rel(root, p.File), p.Line))
		}
		rs.Copies = append(rs.Copies, cp)
	}
	return rs
}

func pos(root string, p escape.Position) string {
	return fmt.Sprintf("%s:%d:%d", text.Rel(root, p.File), p.Line, p.Col)
}

// added returns the calls of the copies in on that off does not have.
func added(off, on []Copy) []string {
	var out []string
	for _, c := range on {
		key := strings.Join(c.Calls, " → ")
		if !slices.ContainsFunc(off, func(o Copy) bool { return slices.Equal(o.Calls, c.Calls) }) && !slices.Contains(out, key) {
			out = append(out, key)
		}
	}
	return out
}

// A parsed file is a Go file's functions, by their lines.
type parsed struct {
	pkg   string
	funcs []parsedFunc
}

type parsedFunc struct {
	name        string // "(*Encoder).encode"
	decl        int    // the line of its name
	first, last int
}

// parse parses the file at path once; a file that does not parse has no
// functions.
func parse(files map[string]*parsed, path string) *parsed {
	if p, ok := files[path]; ok {
		return p
	}
	p := &parsed{}
	files[path] = p
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		return p
	}
	p.pkg = f.Name.Name
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok {
			continue
		}
		name := fd.Name.Name
		if fd.Recv != nil && len(fd.Recv.List) == 1 {
			name = recvName(fd.Recv.List[0].Type) + "." + name
		}
		p.funcs = append(p.funcs, parsedFunc{name, fset.Position(fd.Name.Pos()).Line, fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line})
	}
	return p
}

// recvName returns a method's receiver type as a method's name spells
// it: "(*Encoder)" or "Encoder", without type parameters.
func recvName(x ast.Expr) string {
	star := false
	if s, ok := x.(*ast.StarExpr); ok {
		star, x = true, s.X
	}
	switch t := x.(type) {
	case *ast.IndexExpr:
		x = t.X
	case *ast.IndexListExpr:
		x = t.X
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return "?"
	}
	if star {
		return "(*" + id.Name + ")"
	}
	return id.Name
}

// funcAt returns the package-qualified name of the function declared
// around line, "toml.typeEqual", or "".
func (p *parsed) funcAt(line int) string {
	for _, f := range p.funcs {
		if f.first <= line && line <= f.last {
			return p.pkg + "." + f.name
		}
	}
	return ""
}

// declLine returns the line of the name of the function declared around
// line: where the compiler records whether it can inline it.
func (p *parsed) declLine(line int) (int, bool) {
	for _, f := range p.funcs {
		if f.first <= line && line <= f.last {
			return f.decl, true
		}
	}
	return 0, false
}

// prefixed returns a writer that puts prefix after squash's own at the
// start of each progress line; nil for nil.
func prefixed(w io.Writer, prefix string) io.Writer {
	if w == nil {
		return nil
	}
	return &prefixWriter{w: w, prefix: prefix}
}

type prefixWriter struct {
	w      io.Writer
	prefix string
}

func (p *prefixWriter) Write(b []byte) (int, error) {
	s, ok := strings.CutPrefix(string(b), "squash: ")
	if !ok {
		return p.w.Write(b)
	}
	if _, err := io.WriteString(p.w, "squash: "+p.prefix+s); err != nil {
		return 0, err
	}
	return len(b), nil
}
