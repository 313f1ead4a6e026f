package lint

import (
	"os"
	"reflect"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

// Main runs Suite as a go vet tool (unitchecker.Main) and does not return.
// With -fix, the analyzers' fixes go through FixSuite, so that two fixes of
// one range never fail the whole run.
func Main() {
	suite := Suite()
	if slices.ContainsFunc(os.Args[1:], func(a string) bool { return a == "-fix" || a == "--fix" || a == "-fix=true" }) {
		suite = FixSuite(suite...)
	}
	unitchecker.Main(suite...)
}

// FixSuite returns one analyzer, "squash", that runs the analyzers and
// reports their diagnostics, in the analyzers' order, leaving out fixes
// whose edits overlap an edit already reported: go vet -fix applies no fix
// of a package where two of them overlap (modernize's fmtappendf and
// perfsprint both rewrite []byte(fmt.Sprint(n))), and fails. Where a fix of
// an analyzer overlaps one of an earlier analyzer, all of its fixes in the
// package are left out, as they may depend on one another; where it
// overlaps one of the same analyzer, only that one. A fix left out may
// apply once the others are made, on the next run, which Fix makes. The
// diagnostics are reported under the arbiter's name, which -fix does not
// print.
func FixSuite(analyzers ...*analysis.Analyzer) []*analysis.Analyzer {
	var collected []*analysis.Analyzer
	for _, a := range analyzers {
		collected = append(collected, collecting(a))
	}
	return []*analysis.Analyzer{{
		Name:     "squash",
		Doc:      "squash's analyzers, with the fixes that do not overlap an earlier one",
		Requires: collected,
		Run: func(pass *analysis.Pass) (any, error) {
			var taken claims
			left := false
			for _, c := range collected {
				ds := pass.ResultOf[c].([]analysis.Diagnostic)
				// An analyzer's fixes in a package may depend on one
				// another (perfsprint fixes the imports in a diagnostic
				// of their own): if one overlaps another analyzer's, none
				// is made this time.
				all := !slices.ContainsFunc(ds, func(d analysis.Diagnostic) bool {
					return len(d.SuggestedFixes) > 0 && taken.overlap(d.SuggestedFixes[0].TextEdits)
				})
				mine := slices.Clone(taken)
				for _, d := range ds {
					if len(d.SuggestedFixes) > 0 && (!all || !mine.claim(d.SuggestedFixes[0].TextEdits)) {
						d.SuggestedFixes, left = nil, true
					}
					pass.Report(d)
				}
				taken = mine
			}
			if dir := os.Getenv(leftEnv); left && dir != "" {
				// Tell Fix, which runs go vet, which runs this, to run again.
				f, err := os.CreateTemp(dir, "left-")
				if err != nil {
					return nil, err
				}
				f.Close()
			}
			return nil, nil
		},
	}}
}

// leftEnv names the directory where the arbiter of FixSuite leaves a file
// when it left out a fix.
const leftEnv = "SQUASH_FIX_LEFT"

// collecting returns a copy of a that does not report its diagnostics but
// returns them as its result.
func collecting(a *analysis.Analyzer) *analysis.Analyzer {
	c := *a
	c.ResultType = reflect.TypeFor[[]analysis.Diagnostic]()
	c.Run = func(pass *analysis.Pass) (any, error) {
		p := *pass
		var ds []analysis.Diagnostic
		p.Report = func(d analysis.Diagnostic) { ds = append(ds, d) }
		_, err := a.Run(&p)
		return ds, err
	}
	return &c
}

// claims are the edits of the fixes kept so far.
type claims []analysis.TextEdit

// claim adds edits and reports true if none overlaps one kept before.
func (c *claims) claim(edits []analysis.TextEdit) bool {
	if c.overlap(edits) {
		return false
	}
	*c = append(*c, edits...)
	return true
}

// overlap reports whether one of edits overlaps one kept; an edit equal to
// one kept, such as the same import added by two fixes, does not.
func (c claims) overlap(edits []analysis.TextEdit) bool {
	for _, e := range edits {
		for _, k := range c {
			if e.Pos == k.Pos && e.End == k.End && string(e.NewText) == string(k.NewText) {
				continue
			}
			if overlaps(e, k) {
				return true
			}
		}
	}
	return false
}

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
