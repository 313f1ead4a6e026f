package lint

import (
	"cmp"
	"flag"
	"fmt"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/squashgo/squash/passes/poolput"
)

// Main runs Suite as a go vet tool (unitchecker.Main) and does not return.
// With -fix or -lint=fixes, the analyzers' fixes go through FixSuite, so
// that two fixes of one range never fail the whole run. go vet learns the
// tool's flags from a run without them, which has the suite's; under them,
// Main applies the suite's flags (-NAME to choose analyzers, -NAME.FLAG for
// theirs) itself.
// Without -fix, the diagnostics that are no findings (see findingsOnly) are
// not reported: go vet prints them, and squash lint reads them, from here.
// squash lint runs it with -lint (see lintFlag).
func Main() { mainWith(Suite()) }

func mainWith(suite []*analysis.Analyzer) {
	fail := func(err error) {
		fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(os.Args[0]), err)
		os.Exit(1)
	}
	mode := lintMode(os.Args[1:])
	if mode == lintFixes || slices.ContainsFunc(os.Args[1:], func(a string) bool { return a == "-fix" || a == "--fix" || a == "-fix=true" }) {
		var err error
		suite, os.Args, err = suiteFlags(suite, os.Args)
		if err != nil {
			fail(err)
		}
		suite = fixSuite(mode == lintFixes, suite)
	} else if mode == lintCandidates {
		// Every fix, each to be tried alone, with the imports that
		// perfsprint's need, and the profile-guided tier.
		suite = append(slices.Concat(suite, Guided()), announcer)
	} else {
		suite = findingsOnly(suite)
		if mode == lintFindings {
			suite = append(suite, announcer)
		}
	}
	if mode != "" {
		var err error
		if os.Args, err = inFull(os.Args); err != nil {
			fail(err)
		}
	}
	flag.String(lintFlag, "", "what squash lint reads: "+lintFindings+", "+lintFixes+", or "+lintCandidates)
	unitchecker.Main(suite...)
}

// findingsOnly returns copies of analyzers that do not report their
// diagnostics of importsCategory, which are no findings, and leave the
// others as they are. FixSuite, which makes their fixes, needs them: it
// takes the analyzers as they are.
func findingsOnly(analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	out := make([]*analysis.Analyzer, len(analyzers))
	for i, a := range analyzers {
		c := *a
		c.Run = func(pass *analysis.Pass) (any, error) {
			ds, res, err := runHeld(a, pass)
			for _, d := range ds {
				if d.Category != importsCategory {
					pass.Report(d)
				}
			}
			return res, err
		}
		out[i] = &c
	}
	return out
}

// suiteFlags takes out of args the flags that name analyzers of suite
// (-NAME, -NAME=false) or set theirs (-NAME.FLAG=VALUE), sets the latter,
// and returns the analyzers that run, as unitchecker chooses them: those
// set true if any is, else all but those set false.
func suiteFlags(suite []*analysis.Analyzer, args []string) ([]*analysis.Analyzer, []string, error) {
	byName := make(map[string]*analysis.Analyzer, len(suite))
	for _, a := range suite {
		byName[a.Name] = a
	}
	enabled := map[string]bool{}
	rest := args[:1:1]
	for i := 1; i < len(args); i++ {
		arg := args[i]
		name, value, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		if !strings.HasPrefix(arg, "-") {
			rest = append(rest, arg)
			continue
		}
		if a := byName[name]; a != nil {
			on, err := strconv.ParseBool(cmp.Or(value, "true"))
			if err != nil {
				return nil, nil, fmt.Errorf("-%s=%s: %v", name, value, err)
			}
			enabled[name] = on
			continue
		}
		if an, flag, ok := strings.Cut(name, "."); ok && byName[an] != nil {
			f := byName[an].Flags.Lookup(flag)
			if f == nil {
				return nil, nil, fmt.Errorf("-%s: %s has no flag %s", name, an, flag)
			}
			if !hasValue {
				// -NAME.FLAG alone is a bool flag set; else the value
				// is the next argument, as the flag package reads it.
				if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
					value = "true"
				} else if i+1 < len(args) {
					i++
					value = args[i]
				}
			}
			if err := f.Value.Set(value); err != nil {
				return nil, nil, fmt.Errorf("-%s: %v", name, err)
			}
			continue
		}
		rest = append(rest, arg)
	}
	anyOn := slices.Contains(slices.Collect(maps.Values(enabled)), true)
	run := slices.DeleteFunc(slices.Clone(suite), func(a *analysis.Analyzer) bool {
		on, set := enabled[a.Name]
		return anyOn && !on || !anyOn && set && !on
	})
	return run, rest, nil
}

// FixSuite returns one analyzer, "squash", that runs the analyzers and
// reports their diagnostics with the fixes that can be made together. Two
// fixes that overlap (modernize's fmtappendf and perfsprint both rewrite
// []byte(fmt.Sprint(n))) would fail go vet -fix on the whole package. In
// the analyzers' order, each fix is kept if none of its edits overlaps one
// kept before; else it is left out. Fixes are independent of one another,
// but for perfsprint's: it fixes a file's imports in a diagnostic of its
// own ("fiximports"), worked out for all of its fixes in that file, so
// those are kept or left out together. Insertions of one analyzer at one
// place do not count as overlapping (regexpcompile adds each hoisted
// Regexp before the function). A fix left out may apply once the others
// are made, in the next round of Fix. The diagnostics are reported under
// the arbiter's name, which -fix does not print.
func FixSuite(analyzers ...*analysis.Analyzer) []*analysis.Analyzer {
	return fixSuite(false, analyzers)
}

// fixSuite is FixSuite; with heads set, the arbiter heads its unit's output
// with a unitLine that says what it did, for Fix.
func fixSuite(heads bool, analyzers []*analysis.Analyzer) []*analysis.Analyzer {
	collected := slices.Grow[[]*analysis.Analyzer](nil, len(analyzers))
	for _, a := range analyzers {
		collected = append(collected, collecting(a))
	}
	return []*analysis.Analyzer{{
		Name:     "squash",
		Doc:      "squash's analyzers, with the fixes that do not overlap",
		Requires: collected,
		Run: func(pass *analysis.Pass) (any, error) {
			var taken claims
			r := unitLine{Pkg: pass.Pkg.Path()}
			for _, c := range collected {
				ds := pass.ResultOf[c].([]analysis.Diagnostic)
				fates := taken.arbitrate(pass.Fset, c.Name, ds)
				for i, d := range ds {
					switch {
					case d.Category == poolput.CoveredCategory:
						// Fixed, or left, with the pool's first Put.
						if f, ok := covering(ds, fates, d); !ok {
							r.Unfixable++
						} else if f.left {
							r.leave(c.Name, f.overlaps)
						} else {
							r.Made++
						}
					case len(d.SuggestedFixes) == 0:
						r.Unfixable += finding(d)
					case fates[i].left:
						d.SuggestedFixes = nil
						if finding(d) > 0 {
							r.leave(c.Name, fates[i].overlaps)
						}
					default:
						r.Made += finding(d)
					}
					pass.Report(d)
				}
			}
			if heads {
				// go vet caches this output with the unit's results,
				// and replays it when it does not run the tool.
				return nil, printUnit(pass, r)
			}
			return nil, nil
		},
	}}
}

// finding counts d as one finding, unless it is perfsprint's fix of the
// imports its other fixes need, which lint does not list either.
func finding(d analysis.Diagnostic) int {
	if d.Category == importsCategory {
		return 0
	}
	return 1
}

// A LeftOut counts the fixes of one analyzer left out for one reason.
type LeftOut struct {
	Pass string `json:"pass"`
	// Overlaps is the analyzer whose fixes, kept, these overlap: another
	// one, or Pass itself. It is "" for fixes that overlap none, but go
	// with others of Pass that do: perfsprint's in one file, which share
	// its fix of the file's imports.
	Overlaps string `json:"overlaps,omitempty"`
	N        int    `json:"n"`
}

// String says why the fixes were left out, in words.
func (l LeftOut) String() string {
	one := l.N == 1
	fixes := fmt.Sprintf("%d fixes of %s", l.N, l.Pass)
	if one {
		fixes = "1 fix of " + l.Pass
	}
	switch {
	case l.Overlaps == "":
		if one {
			return fixes + " overlaps none, but is left with the others of " + l.Pass + " in its file, which share one fix of the file's imports"
		}
		return fixes + " overlap none, but are left with the others of " + l.Pass + " in their files, which share one fix of each file's imports"
	case l.Overlaps == l.Pass:
		if one {
			return fixes + " overlaps another of " + l.Pass
		}
		return fixes + " overlap others of " + l.Pass
	case one:
		return fixes + " overlaps a fix of " + l.Overlaps
	default:
		return fixes + " overlap fixes of " + l.Overlaps
	}
}

// addLeft adds l to the counts of left, where one of the same reason
// counts it.
func addLeft(left []LeftOut, l LeftOut) []LeftOut {
	for i, k := range left {
		if k.Pass == l.Pass && k.Overlaps == l.Overlaps {
			left[i].N += l.N
			return left
		}
	}
	return append(left, l)
}

// collecting returns a copy of a that does not report its diagnostics but
// returns them as its result.
func collecting(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.ResultType = reflect.TypeFor[[]analysis.Diagnostic]()
	c.Run = func(pass *analysis.Pass) (any, error) {
		ds, _, err := runHeld(a, pass)
		return ds, err
	}
	return &c
}

// runHeld runs a on pass, and returns the diagnostics it reported, not
// passed on, with its result.
func runHeld(a *analysis.Analyzer, pass *analysis.Pass) ([]analysis.Diagnostic, any, error) {
	p := *pass
	var ds []analysis.Diagnostic
	p.Report = func(d analysis.Diagnostic) { ds = append(ds, d) }
	res, err := a.Run(&p)
	return ds, res, err
}

// A fate is what the arbiter did with a diagnostic's fix.
type fate struct {
	left bool
	// overlaps is, for a fix left out, the analyzer of the kept fix that
	// it overlaps, or "" when it overlaps none but goes with one that
	// does.
	overlaps string
}

// arbitrate keeps the fixes of ds, the diagnostics of the analyzer name,
// that overlap none kept before, adding their edits to c, and returns the
// fate of each diagnostic's fix. The fixes of a unit (see units) are kept
// together or not at all.
func (c *claims) arbitrate(fset *token.FileSet, name string, ds []analysis.Diagnostic) []fate {
	fates := make([]fate, len(ds))
	for _, unit := range units(fset, ds) {
		mine, ok := *c, true
		for _, i := range unit {
			if with, fits := mine.claim(ds[i].SuggestedFixes[0].TextEdits, name); !fits {
				ok, fates[i].overlaps = false, with
			}
		}
		if ok {
			*c = mine
			continue
		}
		for _, i := range unit {
			fates[i].left = true
		}
	}
	return fates
}

// units returns the indexes of the diagnostics of ds that have fixes, in
// the groups whose fixes are kept or left out together: each fix alone, but
// perfsprint's fix of a file's imports (category "fiximports") with all
// the fixes of its analyzer in that file, which it serves. The groups come
// in the order of their first diagnostics.
func units(fset *token.FileSet, ds []analysis.Diagnostic) [][]int {
	imports := map[*token.File]bool{}
	for _, d := range ds {
		if d.Category == importsCategory && len(d.SuggestedFixes) > 0 {
			imports[fset.File(d.Pos)] = true
		}
	}
	var groups [][]int
	byFile := map[*token.File]int{} // the group of a file's fixes
	for i, d := range ds {
		if len(d.SuggestedFixes) == 0 {
			continue
		}
		f := fset.File(d.Pos)
		if !imports[f] {
			groups = append(groups, []int{i})
			continue
		}
		if g, ok := byFile[f]; ok {
			groups[g] = append(groups[g], i)
			continue
		}
		byFile[f] = len(groups)
		groups = append(groups, []int{i})
	}
	return groups
}

// covering returns the fate of the fix that covers d, a diagnostic of
// poolput's CoveredCategory: that of the diagnostic of ds at d's first
// related position.
func covering(ds []analysis.Diagnostic, fates []fate, d analysis.Diagnostic) (fate, bool) {
	for i, o := range ds {
		if len(o.SuggestedFixes) > 0 && o.Pos == relatedPos(d) {
			return fates[i], true
		}
	}
	return fate{}, false
}

// claims are the edits of the fixes kept so far, with their analyzers.
type claims []claimed

type claimed struct {
	analysis.TextEdit
	pass string
}

// claim adds edits, of a fix of the analyzer pass, and reports true if none
// overlaps one kept before; else it returns the analyzer of the first that
// one does. An insertion at the place of an insertion of the same analyzer
// does not count as overlapping.
func (c *claims) claim(edits []analysis.TextEdit, pass string) (string, bool) {
	for _, e := range edits {
		for _, k := range *c {
			switch {
			case e.Pos == k.Pos && e.End == k.End && string(e.NewText) == string(k.NewText):
				// The same edit, such as one import added by two fixes.
			case k.pass == pass && insertion(e) && insertion(k.TextEdit) && e.Pos == k.Pos:
			case overlaps(e, k.TextEdit):
				return k.pass, false
			}
		}
	}
	kept := slices.Clip(*c)
	for _, e := range edits {
		kept = append(kept, claimed{e, pass})
	}
	*c = kept
	return "", true
}

func insertion(e analysis.TextEdit) bool { return e.End <= e.Pos }

// overlaps reports whether two edits touch the same text. An insertion
// overlaps another at the same position, as their order would be a guess,
// and, to be safe, a replacement that starts there.
func overlaps(a, b analysis.TextEdit) bool {
	aEnd, bEnd := max(a.End, a.Pos), max(b.End, b.Pos)
	if a.Pos == aEnd || b.Pos == bEnd { // an insertion
		return a.Pos == b.Pos || a.Pos > b.Pos && a.Pos < bEnd || b.Pos > a.Pos && b.Pos < aEnd
	}
	return a.Pos < bEnd && b.Pos < aEnd
}
