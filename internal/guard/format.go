package guard

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/squashgo/squash/internal/budget"
	"github.com/squashgo/squash/internal/noalloc"
	"github.com/squashgo/squash/internal/sarif"
	"github.com/squashgo/squash/internal/text"
)

// checkJSON is guard's -json output of a check. Files are relative to the
// module root, as in squash -json.
type checkJSON struct {
	Budget     string          `json:"budget,omitempty"` // the budget file; "" without one
	Failed     bool            `json:"failed"`
	Noalloc    noallocJSON     `json:"noalloc"`
	Over       []benchmarkJSON `json:"over"`
	Within     []benchmarkJSON `json:"within"`
	Unbudgeted []benchmarkJSON `json:"unbudgeted"`
	Gone       []benchmarkJSON `json:"gone"`
	Skipped    []benchmarkJSON `json:"skipped"`
	// Write is the squash guard -write command that records what was
	// measured, where a budget would change.
	Write string `json:"write,omitempty"`
}

type noallocJSON struct {
	Functions  int             `json:"functions"`
	Violations []violationJSON `json:"violations"`
	Unchecked  []uncheckedJSON `json:"unchecked"`
}

type violationJSON struct {
	File     string   `json:"file"`
	Line     int      `json:"line"`
	Col      int      `json:"col"`
	Package  string   `json:"package"`
	Function string   `json:"function"`
	Message  string   `json:"message"`
	Flow     []string `json:"flow"`
}

type uncheckedJSON struct {
	Function string `json:"function"`
	File     string `json:"file,omitempty"`
	Why      string `json:"why"`
}

type benchmarkJSON struct {
	Package string `json:"package"`
	Name    string `json:"name"`
	// Measured figures, the lowest of the runs; absent for a gone or
	// skipped benchmark.
	AllocsPerOp *float64 `json:"allocs_per_op,omitempty"`
	BytesPerOp  *float64 `json:"bytes_per_op,omitempty"`
	// The budget's figures; absent for a benchmark without one.
	BudgetAllocsPerOp *float64   `json:"budget_allocs_per_op,omitempty"`
	BudgetBytesPerOp  *float64   `json:"budget_bytes_per_op,omitempty"`
	AllocsOver        bool       `json:"allocs_over,omitempty"`
	BytesOver         bool       `json:"bytes_over,omitempty"`
	NewSites          []siteJSON `json:"new_sites,omitempty"`
	GrownSites        []siteJSON `json:"grown_sites,omitempty"`
	Reason            string     `json:"reason,omitempty"` // what a skipped benchmark logged
}

type siteJSON struct {
	File              string   `json:"file"`
	Line              int      `json:"line"`
	Function          string   `json:"function"`
	Code              string   `json:"code"`
	AllocsPerOp       float64  `json:"allocs_per_op"`
	Tiny              bool     `json:"tiny,omitempty"`
	BudgetAllocsPerOp *float64 `json:"budget_allocs_per_op,omitempty"` // a grown site's
}

func figure(v float64) *float64 { return &v }

// writeJSON prints the check as JSON: v is nil without a budget.
func (r *check) writeJSON(w io.Writer, v *budget.Verdict, failed bool) error {
	out := checkJSON{Failed: failed, Noalloc: noallocJSON{Functions: len(r.noalloc.Functions), Violations: []violationJSON{}, Unchecked: []uncheckedJSON{}},
		Over: []benchmarkJSON{}, Within: []benchmarkJSON{}, Unbudgeted: []benchmarkJSON{}, Gone: []benchmarkJSON{}, Skipped: []benchmarkJSON{}}
	for _, x := range r.noalloc.Violations {
		vj := violationJSON{File: text.Rel(r.root, x.Pos.File), Line: x.Pos.Line, Col: x.Pos.Column, Package: x.Package, Function: x.Function, Message: x.Message(), Flow: []string{}}
		for _, s := range x.Flow {
			step := s.Text
			if s.Pos.Known() {
				step += fmt.Sprintf(" at %s:%d", text.Rel(r.root, s.Pos.File), s.Pos.Line)
			}
			vj.Flow = append(vj.Flow, step)
		}
		out.Noalloc.Violations = append(out.Noalloc.Violations, vj)
	}
	for _, f := range r.noalloc.Unchecked {
		out.Noalloc.Unchecked = append(out.Noalloc.Unchecked, uncheckedJSON{Function: f, File: text.Rel(r.root, r.noalloc.Files[f]), Why: noalloc.WhyUnchecked(f, r.named())})
	}
	for _, u := range r.noalloc.Unbuilt {
		out.Noalloc.Unchecked = append(out.Noalloc.Unchecked, uncheckedJSON{Function: u.Function, File: text.Rel(r.root, u.File), Why: u.Why(text.Rel(r.root, u.File))})
	}
	if v != nil {
		out.Budget = text.Rel(r.root, r.file)
		for _, o := range v.Over {
			out.Over = append(out.Over, overrunJSON(o))
		}
		for _, o := range v.Within {
			out.Within = append(out.Within, overrunJSON(o))
		}
		for _, m := range v.Unbudgeted {
			out.Unbudgeted = append(out.Unbudgeted, benchmarkJSON{Package: m.Package, Name: m.Name, AllocsPerOp: figure(m.AllocsPerOp), BytesPerOp: figure(m.BytesPerOp)})
		}
		for _, b := range v.Stale {
			out.Gone = append(out.Gone, benchmarkJSON{Package: b.Package, Name: b.Name, BudgetAllocsPerOp: figure(b.AllocsPerOp), BudgetBytesPerOp: figure(b.BytesPerOp)})
		}
		for _, b := range v.Skipped {
			s, _ := budget.SkipOf(r.skipped, b.Package, b.Name)
			out.Skipped = append(out.Skipped, benchmarkJSON{Package: b.Package, Name: b.Name, BudgetAllocsPerOp: figure(b.AllocsPerOp), BudgetBytesPerOp: figure(b.BytesPerOp), Reason: s.Reason})
		}
		if len(v.Over)+len(v.Unbudgeted)+len(v.Stale) > 0 {
			out.Write = writeCommand(r.cfg)
		}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func overrunJSON(o budget.Overrun) benchmarkJSON {
	m, b := o.Measured, o.Budget
	out := benchmarkJSON{Package: m.Package, Name: m.Name, AllocsPerOp: figure(m.AllocsPerOp), BytesPerOp: figure(m.BytesPerOp),
		BudgetAllocsPerOp: figure(b.AllocsPerOp), BudgetBytesPerOp: figure(b.BytesPerOp), AllocsOver: o.Allocs, BytesOver: o.Bytes}
	for _, s := range o.NewSites {
		out.NewSites = append(out.NewSites, siteJSON{File: s.File, Line: s.Line, Function: s.Function, Code: s.Code, AllocsPerOp: s.AllocsPerOp, Tiny: s.Tiny})
	}
	for _, g := range o.Grown {
		s := g.Site
		out.GrownSites = append(out.GrownSites, siteJSON{File: s.File, Line: s.Line, Function: s.Function, Code: s.Code, AllocsPerOp: s.AllocsPerOp, Tiny: s.Tiny, BudgetAllocsPerOp: figure(g.Was)})
	}
	return out
}

// The SARIF rules of a check, besides noalloc.Rule.
var (
	budgetRule = sarif.Rule{
		ID:    "budget",
		Short: "a benchmark allocates more than its budget in squash.budget",
		Help: "In every run, the benchmark's allocs/op exceeds its budget, or its B/op exceeds it by more than the tolerance. " +
			"Each result is a new allocation site, or a site that allocates more; without either, it is the benchmark's line of the budget. " +
			"Remove the allocations, or record them with the squash guard -write command that the result names.",
		HelpURI: "https://github.com/squashgo/squash/blob/main/docs/guard.md#the-check",
		Level:   "error",
	}
	unbudgetedRule = sarif.Rule{
		ID:      "unbudgeted",
		Short:   "a benchmark has no budget",
		Help:    "The benchmark ran, and the budget file has no line for it. Record it with the squash guard -write command that the result names. -strict fails it.",
		HelpURI: "https://github.com/squashgo/squash/blob/main/docs/guard.md#new-and-gone-benchmarks",
		Level:   "warning",
	}
	goneRule = sarif.Rule{
		ID:      "gone",
		Short:   "a budget names a benchmark that no longer exists",
		Help:    "The budget file has a line for a benchmark that did not run. Drop it with the squash guard -write command that the result names.",
		HelpURI: "https://github.com/squashgo/squash/blob/main/docs/guard.md#new-and-gone-benchmarks",
		Level:   "warning",
	}
	uncheckedRule = sarif.Rule{
		ID:      "unchecked",
		Short:   "a function marked //squash:noalloc was not checked",
		Help:    "The function is generic and no package named instantiates it, or its file is not in this build. Name a package that instantiates it, or check it in a build that has its file.",
		HelpURI: "https://github.com/squashgo/squash/blob/main/docs/guard.md#squashnoalloc",
		Level:   "warning",
	}
)

// writeSARIF prints the check as a SARIF log of tool: v is nil without a
// budget.
func (r *check) writeSARIF(w io.Writer, tool sarif.Tool, v *budget.Verdict) error {
	log := sarif.New(tool, r.root, []sarif.Rule{noalloc.Rule, budgetRule, unbudgetedRule, goneRule, uncheckedRule})
	for _, x := range r.noalloc.Violations {
		log.Add(sarif.Result{Rule: noalloc.Rule.ID, Message: x.Message(), File: x.Pos.File, Line: x.Pos.Line, Col: x.Pos.Column})
	}
	strict := ""
	if r.cfg.Strict {
		strict = "error"
	}
	for _, f := range r.noalloc.Unchecked {
		log.Add(sarif.Result{Rule: uncheckedRule.ID, Level: strict, Message: noalloc.WhyUnchecked(f, r.named()), File: r.noalloc.Files[f]})
	}
	for _, u := range r.noalloc.Unbuilt {
		log.Add(sarif.Result{Rule: uncheckedRule.ID, Message: u.Why(text.Rel(r.root, u.File)), File: u.File})
	}
	if v != nil {
		lines := budgetLines(r.file)
		write := writeCommand(r.cfg)
		for _, o := range v.Over {
			m := o.Measured
			head := fmt.Sprintf("%s %s: %s allocs/op, budget %s", m.Package, m.Name, text.PerOp(m.AllocsPerOp), text.PerOp(o.Budget.AllocsPerOp))
			if o.Bytes && !o.Allocs {
				head = fmt.Sprintf("%s %s: %s B/op, budget %s + %g%%", m.Package, m.Name, text.PerOp(m.BytesPerOp), text.PerOp(o.Budget.BytesPerOp), 100*r.cfg.Tolerance)
			}
			for _, s := range o.NewSites {
				log.Add(sarif.Result{Rule: budgetRule.ID, File: r.abs(s.File), Line: s.Line,
					Message: fmt.Sprintf("new allocation site in %s: %s (%s); if it is meant, run '%s'", m.Name, s.Code, head, write)})
			}
			for _, g := range o.Grown {
				log.Add(sarif.Result{Rule: budgetRule.ID, File: r.abs(g.Site.File), Line: g.Site.Line,
					Message: fmt.Sprintf("allocates more in %s: %s (%s); if it is meant, run '%s'", m.Name, g.Site.Code, head, write)})
			}
			switch {
			case m.Unrecorded != "":
				log.Add(sarif.Result{Rule: budgetRule.ID, File: r.file, Line: lines[m.ID()],
					Message: fmt.Sprintf("%s; its sites are not recorded: %s", head, m.Unrecorded)})
			case len(o.NewSites)+len(o.Grown) == 0:
				log.Add(sarif.Result{Rule: budgetRule.ID, File: r.file, Line: lines[m.ID()],
					Message: fmt.Sprintf("%s; no new site and no site grew by a whole allocation: run '%s' to see them all", head, reportCommand(r.cfg, m.Package, m.Name))})
			}
		}
		for _, m := range v.Unbudgeted {
			log.Add(sarif.Result{Rule: unbudgetedRule.ID, Level: strict, File: r.file,
				Message: fmt.Sprintf("%s %s: %s allocs/op, not in %s: run '%s' to record it", m.Package, m.Name, text.PerOp(m.AllocsPerOp), filepath.Base(r.file), write)})
		}
		for _, b := range v.Stale {
			log.Add(sarif.Result{Rule: goneRule.ID, File: r.file, Line: lines[b.ID()],
				Message: fmt.Sprintf("%s %s no longer exists: run '%s' to drop it", b.Package, b.Name, write)})
		}
	}
	return log.Write(w)
}

// abs returns the absolute path of a file relative to the module root.
func (r *check) abs(file string) string {
	return filepath.Join(r.root, filepath.FromSlash(file))
}

// named returns the packages the check was given, as a message names them.
func (r *check) named() string {
	return strings.Join(guardPatterns(r.cfg.Patterns), " ")
}

// budgetLines returns the line of each benchmark in the budget file, by
// its ID; an unreadable file gives none.
func budgetLines(file string) map[string]int {
	lines := map[string]int{}
	f, err := os.Open(file)
	if err != nil {
		return lines
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		if fields := strings.Fields(sc.Text()); len(fields) >= 2 && !strings.HasPrefix(sc.Text(), "\t") {
			lines[fields[0]+" "+fields[1]] = n
		}
	}
	return lines
}
