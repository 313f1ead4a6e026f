// Package lint runs squash's allocation analyzers over packages, through
// the go command's vet so that results are cached like go vet's.
//
// A deliberate finding is kept by a directive at the end of its line, or
// alone on the line above it, with the names of the analyzers to silence,
// as squash lint prints them in brackets, and the reason, which is
// required:
//
//	return binary.Write(w, binary.LittleEndian, xs) //squash:ignore binarywrite the article's "before" variant
//
//	//squash:ignore fmtappendf,perfsprint compared with strconv in the benchmark
//	b := []byte(fmt.Sprint(n))
//
// Alone on its line, it covers the next line of code, past comment lines
// (other directives, or a doc comment's //go:noinline), but not past a
// blank line. It covers the line the finding is printed at (for prealloc
// and mapsize, the declaration, not the append), and nothing else: of the
// declaration whose doc comment holds it, the first line only, and there is no form for a whole file, so
// that every exception is one that someone read, and code added later is
// checked. Its fix is not made, nor one that would change its line
// (poolput's of the pool's other Puts). A malformed directive, such as one
// without a reason or with a name no analyzer has, silences nothing and is
// reported by the analyzer "ignore"; one that silences nothing is reported
// by the analyzer it names, where that analyzer runs. //squash:noalloc's
// violations are not silenced: take the marker off instead.
package lint

import (
	"bytes"
	"cmp"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/catenacyber/perfsprint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/modernize"
	"honnef.co/go/tools/quickfix/qf1012"
	"honnef.co/go/tools/staticcheck/sa6005"
	"honnef.co/go/tools/staticcheck/sa6006"

	"github.com/squashgo/squash/passes/binarywrite"
	"github.com/squashgo/squash/passes/buildergrow"
	"github.com/squashgo/squash/passes/constvar"
	"github.com/squashgo/squash/passes/mapsize"
	"github.com/squashgo/squash/passes/poolput"
	"github.com/squashgo/squash/passes/prealloc"
	"github.com/squashgo/squash/passes/readstring"
	"github.com/squashgo/squash/passes/regexpcompile"
	"github.com/squashgo/squash/passes/splitcut"
)

// Suite returns the analyzers squash lint runs: its own passes, and the
// allocation-related analyzers that staticcheck (honnef.co/go/tools),
// golang.org/x/tools' modernize suite and catenacyber/perfsprint already
// keep, reused as they are under their own names (staticcheck's QF1012,
// SA6005, SA6006), each one silenced where a //squash:ignore names it;
// last, "ignore", which reports the malformed directives.
func Suite() []*analysis.Analyzer { return suite }

// Guided returns the analyzers of the profile-guided tier: rewrites that
// squash lint does not print, as they pay only where a profile shows the
// allocation they remove, and that squash fix tries where one does, keeping
// them only where the benchmarks prove them. Each is silenced by
// //squash:ignore as the others are.
func Guided() []*analysis.Analyzer { return guided }

var suite, guided = func() ([]*analysis.Analyzer, []*analysis.Analyzer) {
	as := []*analysis.Analyzer{
		prealloc.Analyzer,
		mapsize.Analyzer,
		binarywrite.Analyzer,
		regexpcompile.Analyzer,
		poolput.Analyzer,
		buildergrow.Analyzer,
		constvar.Analyzer,
		// QF1012 comes before fmtappendf and perfsprint, whose fixes of
		// the fmt.Sprintf inside w.Write([]byte(fmt.Sprintf(…))) its fix
		// overlaps: writing to w directly leaves no string to build.
		qf1012.Analyzer,
		sa6005.Analyzer,
		sa6006.Analyzer,
		// Not staticcheck's SA6000, SA6001 or SA6003: they need its SSA
		// form, whose ctrlflow facts make go vet run every analyzer
		// required with them, the arbiter included, over every package
		// imported, the standard library too. SA6002 is poolput's.
		modernize.StringsSeqAnalyzer,
		modernize.StringsBuilderAnalyzer,
		modernize.FmtAppendfAnalyzer,
		perfsprint,
	}
	gs := []*analysis.Analyzer{
		prealloc.GuidedAnalyzer,
		splitcut.Analyzer,
		readstring.Analyzer,
	}
	concat := slices.Concat(as, gs)
	names := slices.Grow[[]string](nil, len(concat))
	for _, a := range concat {
		names = append(names, a.Name)
	}
	dirs := directives(names)
	for i, a := range as {
		as[i] = ignoring(noGeneratedFixes(offFailurePaths(a)), dirs)
	}
	for i, a := range gs {
		gs[i] = ignoring(noGeneratedFixes(offFailurePaths(a)), dirs)
	}
	return append(as, checkIgnores(dirs)), gs
}()

// relatedPos returns the position of d's first related information, or
// token.NoPos.
func relatedPos(d analysis.Diagnostic) token.Pos {
	if len(d.Related) == 0 {
		return token.NoPos
	}
	return d.Related[0].Pos
}

// noGeneratedFixes returns a copy of a whose fixes that edit a generated
// file (one with a "Code generated … DO NOT EDIT." line) are dropped: its
// generator would undo them, and go vet -fix skips them without a word.
// The diagnostic stays, and says why; so do poolput's that the dropped fix
// covered. In a package that uses cgo, go vet sees cgo's output for every
// file, which is generated, and whose offsets are not the source's.
func noGeneratedFixes(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.Run = func(pass *analysis.Pass) (any, error) {
		// The reason why each generated file's fixes are dropped.
		generated := map[*token.File]string{}
		for _, f := range pass.Files {
			if !ast.IsGenerated(f) {
				continue
			}
			why := " (no fix offered: the file is generated, and go vet -fix does not edit it; change its generator)"
			if len(f.Comments) > 0 && strings.Contains(f.Comments[0].Text(), "cmd/cgo") {
				// go vet sees cgo's output for every file of the package.
				why = " (no fix offered: go vet -fix does not edit the files of a package that uses cgo)"
			}
			generated[pass.Fset.File(f.Pos())] = why
		}
		if len(generated) == 0 {
			return a.Run(pass)
		}
		ds, res, err := runHeld(a, pass)
		dropped := map[token.Pos]string{}
		for i, d := range ds {
			if len(d.SuggestedFixes) == 0 {
				continue
			}
			for _, e := range d.SuggestedFixes[0].TextEdits {
				if why, ok := generated[pass.Fset.File(e.Pos)]; ok {
					dropped[d.Pos] = why
					ds[i].SuggestedFixes = nil
					ds[i].Message += why
					break
				}
			}
		}
		for _, d := range ds {
			if _, ok := dropped[d.Pos]; ok && d.Category == importsCategory {
				continue // not a finding: the imports of the fixes dropped
			}
			if why, ok := dropped[relatedPos(d)]; ok && d.Category == poolput.CoveredCategory {
				d = uncovered(d, why) // the fix that covered it is gone too
			}
			pass.Report(d)
		}
		return res, err
	}
	return &c
}

// importsCategory is the category of perfsprint's diagnostic that fixes a
// file's imports for all of its fixes in that file ("Fix imports"): an edit
// that -fix needs, not a finding.
const importsCategory = "fiximports"

// perfsprint reports fmt.Sprintf calls with one simple argument. Its loop
// concatenation check is off (modernize's stringsbuilder covers it), and so
// is fmt.Errorf to errors.New, which saves no allocation. Its fixes are
// offered only where its import fix parses (see parenImportsOnly).
var perfsprint = func() *analysis.Analyzer {
	a := analyzer.New()
	for flag, value := range map[string]string{"concat-loop": "false", "errorf": "false"} {
		if err := a.Flags.Set(flag, value); err != nil {
			panic("squash: perfsprint has no " + flag + " flag: " + err.Error())
		}
	}
	return parenImportsOnly(a)
}()

// parenImportsOnly returns a copy of a whose fixes in a package are dropped
// if its fix of a file's imports would leave them unparsable: perfsprint
// v0.10.1 edits `import "fmt"` as if it had parentheses, and turns it into
// `import \t"strconv"\n"fmt"` where fmt stays in use. Its import fix is
// worked out for all of its fixes in the package together, so all go. The
// diagnostics stay, and say why they have no fix.
func parenImportsOnly(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.Run = func(pass *analysis.Pass) (any, error) {
		ds, res, err := runHeld(a, pass)
		var broken []string // the files whose import fix would not parse
		for _, d := range ds {
			if d.Category == importsCategory && len(d.SuggestedFixes) > 0 && breaksImports(pass, d.SuggestedFixes[0].TextEdits) {
				broken = append(broken, filepath.Base(pass.Fset.File(d.Pos).Name()))
			}
		}
		for _, d := range ds {
			if broken != nil && d.Category == importsCategory {
				continue // not a finding: the imports of the fixes dropped
			}
			if d.Category == importsCategory {
				tidyImports(pass, d.SuggestedFixes)
			}
			if broken != nil && len(d.SuggestedFixes) > 0 {
				d.SuggestedFixes = nil
				d.Message += unparenthesized(broken)
			}
			pass.Report(d)
		}
		return res, err
	}
	return &c
}

// unparenthesized says why a finding of perfsprint has no fix, where its
// fix of the imports of files (base names) would not parse: the finding
// may be in another file of the package.
func unparenthesized(files []string) string {
	if len(files) == 1 {
		return " (no fix offered: the fix would edit the import declaration of " + files[0] + ", which has no parentheses and would not parse; put that import in parentheses)"
	}
	return " (no fix offered: the fix would edit the import declarations of " + strings.Join(files[:len(files)-1], ", ") + " and " + files[len(files)-1] +
		", which have no parentheses and would not parse; put those imports in parentheses)"
}

// tidyImports mends perfsprint's fix of a file's imports where it replaces
// the spec "fmt" with specs ending in a newline, or with nothing: the
// newline after "fmt" stays, and leaves a blank line, which splits the
// import block in two groups, sorted apart. The replacement's own last
// newline is dropped; a spec removed alone on its line takes the line along,
// unless another edit of the fix touches that line.
func tidyImports(pass *analysis.Pass, fixes []analysis.SuggestedFix) {
	for _, fix := range fixes {
		for i, e := range fix.TextEdits {
			if e.End <= e.Pos {
				continue
			}
			tf := pass.Fset.File(e.Pos)
			src := fileSource(pass, tf)
			if src == nil {
				continue
			}
			rest := src[tf.Offset(e.End):]
			eol := bytes.IndexByte(rest, '\n')
			if eol < 0 || len(bytes.TrimSpace(rest[:eol])) != 0 {
				continue // the spec does not end its line
			}
			if bytes.HasSuffix(e.NewText, []byte("\n")) {
				fix.TextEdits[i].NewText = bytes.TrimSuffix(e.NewText, []byte("\n"))
				continue
			}
			start := tf.LineStart(tf.Line(e.Pos))
			end := e.End + token.Pos(eol+1)
			if len(e.NewText) != 0 || len(bytes.TrimSpace(src[tf.Offset(start):tf.Offset(e.Pos)])) != 0 {
				continue
			}
			touches := false
			for j, o := range fix.TextEdits {
				touches = touches || j != i && o.Pos <= end && o.End >= start
			}
			if !touches {
				fix.TextEdits[i].Pos, fix.TextEdits[i].End = start, end
			}
		}
	}
}

// fileSource returns the contents of tf, or nil if it cannot be read as it
// was parsed.
func fileSource(pass *analysis.Pass, tf *token.File) []byte {
	if tf == nil {
		return nil
	}
	read := os.ReadFile
	if pass.ReadFile != nil {
		read = pass.ReadFile
	}
	src, err := read(tf.Name())
	if err != nil || len(src) != tf.Size() {
		return nil
	}
	return src
}

// breaksImports reports whether edits, all in one file, would leave it
// unparsable (the whole file: parsing its imports alone stops at the "fmt"
// that such an edit leaves after them). Edits to a generated file (cgo's)
// count as harmless: go vet -fix does not make them, and noGeneratedFixes
// says so.
func breaksImports(pass *analysis.Pass, edits []analysis.TextEdit) bool {
	if len(edits) == 0 {
		return false
	}
	tf := pass.Fset.File(edits[0].Pos)
	if tf == nil {
		return false
	}
	for _, f := range pass.Files {
		if pass.Fset.File(f.Pos()) == tf && ast.IsGenerated(f) {
			return false
		}
	}
	src := fileSource(pass, tf)
	if src == nil {
		return false
	}
	edits = slices.SortedFunc(slices.Values(edits), func(x, y analysis.TextEdit) int { return cmp.Compare(x.Pos, y.Pos) })
	var out []byte
	last := 0
	for _, e := range edits {
		start, end := tf.Offset(e.Pos), tf.Offset(max(e.End, e.Pos))
		if start < last {
			return true // overlapping edits: not a fix go vet makes
		}
		out = append(append(out, src[last:start]...), e.NewText...)
		last = end
	}
	out = append(out, src[last:]...)
	_, err := parser.ParseFile(token.NewFileSet(), tf.Name(), out, parser.SkipObjectResolution)
	return err != nil
}
