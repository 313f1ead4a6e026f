package lint

import (
	"context"
	"go/ast"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// A fix is a diagnostic of a test analyzer: replace node by text.
type fix struct {
	node      ast.Node
	msg, text string
}

// fixer returns an analyzer that reports the fixes that match returns for
// each node of the package.
func fixer(name string, match func(ast.Node) []fix) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: name,
		Doc:  "test fixes",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				ast.Inspect(f, func(n ast.Node) bool {
					for _, x := range match(n) {
						pass.Report(analysis.Diagnostic{Pos: x.node.Pos(), Message: x.msg, SuggestedFixes: []analysis.SuggestedFix{{
							Message: x.msg, TextEdits: []analysis.TextEdit{{Pos: x.node.Pos(), End: x.node.End(), NewText: []byte(x.text)}},
						}}})
					}
					return true
				})
			}
			return nil, nil
		},
	}
}

// TestFixSuite: of overlapping fixes, the first analyzer's are made; a
// later analyzer's fix that overlaps one is left out, but not its other
// fixes (sums' fix of 2 is made), and of two overlapping fixes of one
// analyzer the first is made (twice's four, not its five); one analyzer's
// insertions at one place are all made (notes').
func TestFixSuite(t *testing.T) {
	sum := func(n ast.Node) *ast.BinaryExpr {
		b, _ := n.(*ast.BinaryExpr)
		if b != nil && b.Op == token.ADD {
			if l, ok := b.Y.(*ast.BasicLit); ok && l.Value == "1" {
				return b
			}
		}
		return nil
	}
	two := func(n ast.Node) bool { l, ok := n.(*ast.BasicLit); return ok && l.Value == "2" }
	names := fixer("names", func(n ast.Node) []fix {
		if b := sum(n); b != nil {
			return []fix{{b.X, "name x", "y"}}
		}
		return nil
	})
	sums := fixer("sums", func(n ast.Node) []fix {
		if b := sum(n); b != nil {
			return []fix{{b, "sum x + 1", "z"}}
		}
		if two(n) {
			return []fix{{n, "two", "3"}}
		}
		return nil
	})
	twice := fixer("twice", func(n ast.Node) []fix {
		if r, ok := n.(*ast.ReturnStmt); ok && len(r.Results) == 1 {
			if b, ok := r.Results[0].(*ast.BinaryExpr); ok {
				return []fix{{b, "four", "4"}, {b.Y, "five", "5"}}
			}
		}
		return nil
	})
	notes := &analysis.Analyzer{
		Name: "notes",
		Doc:  "test insertions",
		Run: func(pass *analysis.Pass) (any, error) {
			for _, f := range pass.Files {
				for _, d := range f.Decls {
					if fd, ok := d.(*ast.FuncDecl); ok {
						for _, text := range []string{"one", "two"} {
							pass.Report(analysis.Diagnostic{Pos: fd.Pos(), Message: "note " + text, SuggestedFixes: []analysis.SuggestedFix{{
								Message: text, TextEdits: []analysis.TextEdit{{Pos: fd.Pos(), End: fd.Pos(), NewText: []byte("// " + text + "\n")}},
							}}})
						}
					}
				}
			}
			return nil, nil
		},
	}
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), FixSuite(names, sums, twice, notes)[0], "overlap")
}

// TestArbitrate: which fixes the arbiter keeps, and why it leaves out the
// others: the analyzer whose kept fix they overlap, or none, for a fix that
// goes with its file's fix of the imports ("fiximports", perfsprint's).
func TestArbitrate(t *testing.T) {
	fset := token.NewFileSet()
	a, b := fset.AddFile("a.go", -1, 100), fset.AddFile("b.go", -1, 100)
	diag := func(category string, f *token.File, pos, end int) analysis.Diagnostic {
		e := analysis.TextEdit{Pos: f.Pos(pos), End: f.Pos(end), NewText: []byte("new")}
		return analysis.Diagnostic{Pos: e.Pos, Category: category, SuggestedFixes: []analysis.SuggestedFix{{TextEdits: []analysis.TextEdit{e}}}}
	}
	var c claims
	for _, tc := range []struct {
		pass  string
		ds    []analysis.Diagnostic
		fates []fate
	}{
		{"first", []analysis.Diagnostic{diag("", a, 10, 20), {Pos: a.Pos(50)}}, []fate{{}, {}}},
		{"imports", []analysis.Diagnostic{
			diag("", a, 15, 16),          // overlaps first's
			diag("", a, 30, 31),          // overlaps none, but goes with a.go's imports
			diag("fiximports", a, 0, 0),  // a.go's imports
			diag("", b, 30, 31),          // b.go's, without an imports fix
			diag("fiximports", b, 60, 0), // b.go's imports: a fix, and they go together
		}, []fate{{true, "first"}, {true, ""}, {true, ""}, {}, {}}},
		{"twice", []analysis.Diagnostic{diag("", a, 40, 45), diag("", a, 42, 43), diag("", a, 20, 20)}, []fate{{}, {true, "twice"}, {}}},
		{"later", []analysis.Diagnostic{diag("", a, 42, 42), diag("", b, 31, 31)}, []fate{{true, "twice"}, {}}},
	} {
		if got := c.arbitrate(fset, tc.pass, tc.ds); !slices.Equal(got, tc.fates) {
			t.Errorf("%s: fates %+v, want %+v", tc.pass, got, tc.fates)
		}
	}
}

func TestLeftOutString(t *testing.T) {
	for _, tc := range []struct {
		l    LeftOut
		want string
	}{
		{LeftOut{"perfsprint", "fmtappendf", 1}, "1 fix of perfsprint overlaps a fix of fmtappendf"},
		{LeftOut{"perfsprint", "fmtappendf", 7}, "7 fixes of perfsprint overlap fixes of fmtappendf"},
		{LeftOut{"prealloc", "prealloc", 1}, "1 fix of prealloc overlaps another of prealloc"},
		{LeftOut{"prealloc", "prealloc", 2}, "2 fixes of prealloc overlap others of prealloc"},
		{LeftOut{"perfsprint", "", 1}, "1 fix of perfsprint overlaps none, but is left with the others of perfsprint in its file, which share one fix of the file's imports"},
		{LeftOut{"perfsprint", "", 3}, "3 fixes of perfsprint overlap none, but are left with the others of perfsprint in their files, which share one fix of each file's imports"},
	} {
		if got := tc.l.String(); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.l, got, tc.want)
		}
	}
}

func TestOverlaps(t *testing.T) {
	edit := func(pos, end token.Pos) analysis.TextEdit { return analysis.TextEdit{Pos: pos, End: end} }
	for _, tc := range []struct {
		a, b analysis.TextEdit
		want bool
	}{
		{edit(10, 20), edit(15, 25), true},
		{edit(10, 20), edit(20, 30), false}, // adjacent
		{edit(10, 20), edit(0, 10), false},
		{edit(10, 20), edit(12, 14), true},
		{edit(10, 10), edit(10, 10), true},  // two insertions at one place
		{edit(10, 0), edit(10, 10), true},   // End NoPos: an insertion
		{edit(15, 15), edit(10, 20), true},  // an insertion inside a replacement
		{edit(10, 10), edit(10, 20), true},  // an insertion where it starts: counted, to be safe
		{edit(20, 20), edit(10, 20), false}, // and after it
	} {
		if got := overlaps(tc.a, tc.b); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v", tc.a, tc.b, got)
		}
		if got := overlaps(tc.b, tc.a); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v", tc.b, tc.a, got)
		}
	}
}

// toyToolEnv makes the test binary a go vet tool that runs toySuite.
const toyToolEnv = "SQUASH_LINT_TOY_TOOL"

// toySuite has two analyzers whose fixes overlap: names turns x + 1 into
// y + 1, and sums any NAME + 1 into 2.
func toySuite() []*analysis.Analyzer {
	plusOne := func(n ast.Node) (*ast.BinaryExpr, *ast.Ident) {
		if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.ADD {
			if l, ok := b.Y.(*ast.BasicLit); ok && l.Value == "1" {
				id, _ := b.X.(*ast.Ident)
				return b, id
			}
		}
		return nil, nil
	}
	return []*analysis.Analyzer{
		fixer("names", func(n ast.Node) []fix {
			if _, id := plusOne(n); id != nil && id.Name == "x" {
				return []fix{{id, "name x", "y"}}
			}
			return nil
		}),
		fixer("sums", func(n ast.Node) []fix {
			if b, id := plusOne(n); id != nil {
				return []fix{{b, "sum", "2"}}
			}
			return nil
		}),
		// A fix that writes code the others fix in turn.
		fixer("zeros", func(n ast.Node) []fix {
			if c, ok := n.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok {
					switch id.Name {
					case "zero":
						return []fix{{c, "zero", "x + 1"}}
					case "again":
						return []fix{{c, "again", "again() + 0"}} // never settles
					}
				}
			}
			return nil
		}),
	}
}

// TestFixRounds: a fix left out for overlapping another is made in the next
// round of go vet -fix, once the other is made; names' fix, first, and then
// sums'. The test binary is the vet tool.
func TestFixRounds(t *testing.T) {
	dir := t.TempDir()
	src := "package p\n\nvar y int\n\nfunc F(x int) int {\n\ta := x + 1\n\treturn a\n}\n"
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/p\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644)
	cfg := Config{Dir: dir, Tool: os.Args[0], Env: []string{toyToolEnv + "=1"}}

	res, err := Fix(context.Background(), cfg, true)
	if err != nil || res.Left != 1 || !strings.Contains(res.Output, "+\ta := y + 1") || strings.Contains(res.Output, "a := 2") {
		t.Errorf("-diff: %v, %d left, want names' fix alone, with sums' one left:\n%s", err, res.Left, res.Output)
	}
	if res, err := Fix(context.Background(), cfg, false); err != nil || res.Left != 0 || res.Unfixable != 0 {
		t.Fatalf("-fix: %v, %+v", err, res)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "p.go"))
	if want := strings.Replace(src, "x + 1", "2", 1); string(got) != want {
		t.Errorf("after -fix:\n%s\nwant\n%s", got, want)
	}

	// zeros' fix writes x + 1, which names and then sums fix in the rounds
	// after it: -fix goes on while its rounds make fixes, so that running
	// it again changes nothing.
	src = "package p\n\nvar x, y int\n\nfunc zero() int { return 0 }\n\nfunc G() int {\n\tb := zero()\n\treturn b\n}\n"
	os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644)
	if res, err := Fix(context.Background(), cfg, false); err != nil || res.Left != 0 || res.Unfixable != 0 {
		t.Fatalf("-fix: %v, %+v", err, res)
	}
	got, _ = os.ReadFile(filepath.Join(dir, "p.go"))
	if want := strings.Replace(src, "b := zero()", "b := 2", 1); string(got) != want {
		t.Errorf("after -fix of code a fix wrote:\n%s\nwant\n%s", got, want)
	}

	// A fix whose code always calls for another stops after maxRounds,
	// and says that its last fixes were not read again.
	src = "package p\n\nfunc again() int { return 0 }\n\nfunc H() int {\n\treturn again()\n}\n"
	os.WriteFile(filepath.Join(dir, "p.go"), []byte(src), 0o644)
	res, err = Fix(context.Background(), cfg, false)
	got, _ = os.ReadFile(filepath.Join(dir, "p.go"))
	if err != nil || res.Unsettled != 1 || !strings.Contains(string(got), "return again()"+strings.Repeat(" + 0", maxRounds)+"\n") {
		t.Errorf("-fix of a fix that never settles: %v, %+v, want 1 unsettled after %d rounds:\n%s", err, res, maxRounds, got)
	}
}

// TestSuiteFlags: under -fix, the suite's flags go vet passes on choose the
// analyzers and set theirs, as unitchecker would, and are taken out of the
// arguments for the one arbiter analyzer.
func TestSuiteFlags(t *testing.T) {
	suite := toySuite()
	flagged := &analysis.Analyzer{Name: "flagged", Doc: "has a flag", Run: func(*analysis.Pass) (any, error) { return nil, nil }}
	level := flagged.Flags.Int("level", 1, "a level")
	on := flagged.Flags.Bool("on", false, "a switch")
	suite = append(suite, flagged)
	names := func(as []*analysis.Analyzer) (s []string) {
		for _, a := range as {
			s = append(s, a.Name)
		}
		return s
	}
	for _, tc := range []struct {
		args, run, rest []string
	}{
		{[]string{"vet", "-fix", "p.cfg"}, []string{"names", "sums", "zeros", "flagged"}, []string{"vet", "-fix", "p.cfg"}},
		{[]string{"vet", "-fix", "-names=false", "p.cfg"}, []string{"sums", "zeros", "flagged"}, []string{"vet", "-fix", "p.cfg"}},
		{[]string{"vet", "-sums", "-fix", "-diff", "p.cfg"}, []string{"sums"}, []string{"vet", "-fix", "-diff", "p.cfg"}},
		{[]string{"vet", "-fix", "-flagged.level=3", "-c=2", "p.cfg"}, []string{"names", "sums", "zeros", "flagged"}, []string{"vet", "-fix", "-c=2", "p.cfg"}},
		{[]string{"vet", "-fix", "--flagged.on", "-flagged.level", "4", "p.cfg"}, []string{"names", "sums", "zeros", "flagged"}, []string{"vet", "-fix", "p.cfg"}},
	} {
		run, rest, err := suiteFlags(suite, tc.args)
		if err != nil || !slices.Equal(names(run), tc.run) || !slices.Equal(rest, tc.rest) {
			t.Errorf("suiteFlags(%q) = %q, %q, %v; want %q, %q", tc.args, names(run), rest, err, tc.run, tc.rest)
		}
	}
	if *level != 4 || !*on {
		t.Errorf("-flagged.level=3, then 4, and -flagged.on left level at %d, on %v", *level, *on)
	}
	for _, bad := range []string{"-names=maybe", "-flagged.level=x", "-flagged.nosuch=1"} {
		if _, _, err := suiteFlags(suite, []string{"vet", "-fix", bad, "p.cfg"}); err == nil {
			t.Errorf("suiteFlags accepted %s", bad)
		}
	}
}
