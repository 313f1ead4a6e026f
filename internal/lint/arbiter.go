package lint

import (
	"cmp"
	"fmt"
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
// With -fix, the analyzers' fixes go through FixSuite, so that two fixes of
// one range never fail the whole run. go vet learns the tool's flags from a
// run without -fix, which has the suite's; under -fix, Main applies the
// suite's flags (-NAME to choose analyzers, -NAME.FLAG for theirs) itself.
func Main() { mainWith(Suite()) }

func mainWith(suite []*analysis.Analyzer) {
	if slices.ContainsFunc(os.Args[1:], func(a string) bool { return a == "-fix" || a == "--fix" || a == "-fix=true" }) {
		var err error
		suite, os.Args, err = suiteFlags(suite, os.Args)
		if err != nil {
			fmt.Fprintf(os.Stderr, "%s: %v\n", filepath.Base(os.Args[0]), err)
			os.Exit(1)
		}
		suite = FixSuite(suite...)
	}
	unitchecker.Main(suite...)
}

// suiteFlags takes out of args the flags that name analyzers of suite
// (-NAME, -NAME=false) or set theirs (-NAME.FLAG=VALUE), sets the latter,
// and returns the analyzers that run, as unitchecker chooses them: those
// set true if any is, else all but those set false.
func suiteFlags(suite []*analysis.Analyzer, args []string) ([]*analysis.Analyzer, []string, error) {
	byName := map[string]*analysis.Analyzer{}
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
// reports their diagnostics with the fixes that go vet -fix can apply
// together: it applies no fix of a package where two of them overlap
// (modernize's fmtappendf and perfsprint both rewrite []byte(fmt.Sprint(n))),
// and fails. In the analyzers' order, an analyzer's fixes in the package are
// kept if none of their edits overlaps one kept before, or another of its
// own; else all of them are left out, as they may depend on one another
// (perfsprint fixes the imports in a diagnostic of its own, for all of its
// fixes). Insertions of one analyzer at one place do not count as
// overlapping (regexpcompile adds each hoisted Regexp before the function).
// A fix left out may apply once the others are made, on the next go vet
// -fix, which Fix runs when the arbiter says so in a line of its output.
// The diagnostics are reported under the arbiter's name, which -fix does
// not print.
func FixSuite(analyzers ...*analysis.Analyzer) []*analysis.Analyzer {
	var collected []*analysis.Analyzer
	for _, a := range analyzers {
		collected = append(collected, collecting(a))
	}
	return []*analysis.Analyzer{{
		Name:     "squash",
		Doc:      "squash's analyzers, with the fixes that do not overlap",
		Requires: collected,
		Run: func(pass *analysis.Pass) (any, error) {
			var taken claims
			made, left, unfixable := 0, 0, 0
			for _, c := range collected {
				ds := pass.ResultOf[c].([]analysis.Diagnostic)
				mine, ok, n := taken, true, 0
				for _, d := range ds {
					if len(d.SuggestedFixes) > 0 && ok {
						ok = mine.claim(d.SuggestedFixes[0].TextEdits, len(taken))
						n += finding(d)
					}
				}
				if ok {
					taken, made = mine, made+n
				}
				for _, d := range ds {
					switch {
					case d.Category == poolput.CoveredCategory:
						// Fixed, or left, with the pool's first Put.
						if ok {
							made++
						} else {
							left++
						}
					case len(d.SuggestedFixes) == 0:
						unfixable += finding(d)
					case !ok:
						d.SuggestedFixes = nil
						left += finding(d)
					}
					pass.Report(d)
				}
			}
			if (left > 0 || unfixable > 0) && os.Getenv(roundsEnv) == "1" {
				// For Fix alone: go vet passes this output on to its
				// user. It caches it with the package's results, and
				// replays it when it does not run this.
				fmt.Printf(roundLine+"\n", made, left, unfixable, pass.Pkg.Path())
			}
			return nil, nil
		},
	}}
}

// finding counts d as one finding, unless it is perfsprint's fix of the
// imports its other fixes need, which lint does not list either.
func finding(d analysis.Diagnostic) int {
	if d.Category == "fiximports" {
		return 0
	}
	return 1
}

// roundsEnv, set to 1 in the environment of go vet, makes the arbiter print
// its roundLine: Fix sets it.
const roundsEnv = "SQUASH_FIX_ROUNDS"

// roundLine is the line the arbiter of FixSuite prints for a package where
// it left out fixes, or found what has none: how many fixes it kept and
// left, and how many findings have no fix. Fix reads and removes it.
const (
	roundLine   = roundPrefix + "%d made, %d left, %d without a fix in %s"
	roundPrefix = "squash: fix round: "
)

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

// claims are the edits of the fixes kept so far.
type claims []analysis.TextEdit

// claim adds edits and reports true if none overlaps one kept before. The
// kept edits from index own on are of the same analyzer as edits: an
// insertion at the place of one of those does not count as overlapping.
func (c *claims) claim(edits []analysis.TextEdit, own int) bool {
	for _, e := range edits {
		for i, k := range *c {
			switch {
			case e.Pos == k.Pos && e.End == k.End && string(e.NewText) == string(k.NewText):
				// The same edit, such as one import added by two fixes.
			case i >= own && insertion(e) && insertion(k) && e.Pos == k.Pos:
			case overlaps(e, k):
				return false
			}
		}
	}
	*c = append(slices.Clip(*c), edits...)
	return true
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
