package guard

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/squashgo/squash/internal/annotation"
	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/budget"
	"github.com/squashgo/squash/internal/noalloc"
	"github.com/squashgo/squash/internal/text"
)

// A printer prints guard's findings, and GitHub Actions annotations when
// asked to.
type printer struct {
	w      io.Writer
	root   string // module root: sites' files are relative to it
	github bool
	ann    annotation.Printer
}

func (g *printer) line(format string, args ...any) {
	fmt.Fprintf(g.w, format+"\n", args...)
}

// annotate prints a GitHub Actions annotation, when asked to. file is
// absolute or "", line 0 when unknown.
func (g *printer) annotate(level, file string, line, col int, msg string) {
	if g.github {
		g.ann.Print(level, file, line, col, msg)
	}
}

func (g *printer) violation(v noalloc.Violation) {
	g.line("%s:%d:%d: %s", text.Rel(g.root, v.Pos.File), v.Pos.Line, v.Pos.Column, v.Message())
	for _, s := range v.Flow {
		if !s.Pos.Known() {
			g.line("\t%s", s.Text)
			continue
		}
		g.line("\t%s at %s:%d", s.Text, text.Rel(g.root, s.Pos.File), s.Pos.Line)
	}
	g.annotate("error", v.Pos.File, v.Pos.Line, v.Pos.Column, v.Message())
}

func (g *printer) verdict(v *budget.Verdict, cfg Config, file string, skipped []budget.Skip) {
	for _, o := range v.Over {
		g.overrun(o, cfg)
	}
	for _, m := range v.Unbudgeted {
		// What -write would record.
		msg := fmt.Sprintf("%s %s: %s allocs/op %s B/op, not in %s: run '%s' to record it", m.Package, m.Name,
			text.PerOp(max(m.AllocsPerOp, m.RecordAllocsPerOp)), text.PerOp(max(m.BytesPerOp, m.RecordBytesPerOp)), file, writeCommand(cfg))
		level := "warning"
		if cfg.Strict {
			level = "error"
			g.line("FAIL %s (-strict)", msg)
		} else {
			g.line("new  %s", msg)
		}
		g.annotate(level, "", 0, 0, msg)
	}
	for _, s := range v.Stale {
		msg := fmt.Sprintf("%s %s is in %s but no longer exists: run '%s' to drop it", s.Package, s.Name, file, writeCommand(cfg))
		g.line("gone %s", msg)
		g.annotate("warning", "", 0, 0, msg)
	}
	for _, b := range v.Skipped {
		msg := fmt.Sprintf("%s %s skipped itself%s: its budget is not checked, and '%s' keeps it", b.Package, b.Name, skipReason(skipped, b), writeCommand(cfg))
		g.line("skip %s", msg)
		g.annotate("warning", "", 0, 0, msg)
	}
	under := 0
	for _, o := range v.Within {
		// Below the budget in what -write would record, not only in the
		// lowest run, which the check judges: runs that differ (a pool
		// emptied by a collection in some) would have it written again.
		if max(o.Measured.AllocsPerOp, o.Measured.RecordAllocsPerOp) < o.Budget.AllocsPerOp {
			under++
		}
	}
	summary := fmt.Sprintf("budgets: %d over, %d within", len(v.Over), len(v.Within))
	if under > 0 {
		if under == 1 {
			summary += fmt.Sprintf(" (1 now allocates less: '%s' tightens it)", writeCommand(cfg))
		} else {
			summary += fmt.Sprintf(" (%d now allocate less: '%s' tightens them)", under, writeCommand(cfg))
		}
	}
	if len(v.Unbudgeted) > 0 {
		summary += fmt.Sprintf(", %d not budgeted", len(v.Unbudgeted))
	}
	if len(v.Stale) > 0 {
		summary += fmt.Sprintf(", %d gone", len(v.Stale))
	}
	if len(v.Skipped) > 0 {
		summary += fmt.Sprintf(", %d skipped", len(v.Skipped))
	}
	g.line("%s", summary)
	if len(v.Over) > 0 {
		g.line("over budget: remove the allocations named above or, if they are meant, record them as the budget with '%s'", writeCommand(cfg))
	}
}

// writeCommand returns the squash guard -write that records what cfg
// checked: its benchmarks, benchtime, budget file and packages.
func writeCommand(cfg Config) string {
	args := []string{"squash", "guard", "-write"}
	if !bench.SelectsAll(cfg.Bench.Bench) {
		args = append(args, "-bench", cfg.Bench.Bench)
	}
	if cfg.BenchtimeSet {
		args = append(args, "-benchtime", cfg.Bench.Benchtime)
	}
	if cfg.Budget != "" {
		args = append(args, "-budget", cfg.Budget)
	}
	return text.Command(append(args, cfg.Patterns...)...)
}

// reportCommand returns the squash report that shows every allocation site
// of benchmark name in package pkg, as cfg measured it. It names the
// package by import path, so that it runs from any directory of the module.
func reportCommand(cfg Config, pkg, name string) string {
	return text.Command("squash", "-bench", bench.ExactRegexp(name), "-benchtime", cfg.Bench.Benchtime, pkg)
}

// overrun prints a benchmark over budget; its figures are the lowest of
// its runs.
func (g *printer) overrun(o budget.Overrun, cfg Config) {
	m, b := o.Measured, o.Budget
	tolerance, runs := cfg.Tolerance, cfg.Bench.Count
	every := ""
	if runs > 1 {
		every = fmt.Sprintf(" or more in all %d runs", runs)
	}
	var what []string
	if o.Allocs {
		what = append(what, fmt.Sprintf("%s allocs/op%s, budget %s", text.PerOp(m.AllocsPerOp), every, text.PerOp(b.AllocsPerOp)))
	}
	if o.Bytes {
		what = append(what, fmt.Sprintf("%s B/op%s, budget %s + %g%%", text.PerOp(m.BytesPerOp), every, text.PerOp(b.BytesPerOp), 100*tolerance))
	}
	head := fmt.Sprintf("%s %s: %s", m.Package, m.Name, strings.Join(what, "; "))
	g.line("FAIL %s", head)
	for _, s := range o.NewSites {
		g.line("     new site %s allocs/op at %s %s", sitePerOp(s), s.Where(), s.Function)
		if s.Code != "" {
			g.line("          %s", s.Code)
		}
		g.annotate("error", filepath.Join(g.root, filepath.FromSlash(s.File)), s.Line, 0,
			fmt.Sprintf("new allocation site in %s: %s (%s)", m.Name, s.Code, head))
	}
	for _, gr := range o.Grown {
		s := gr.Site
		g.line("     site %s allocs/op (budget %s) at %s %s", sitePerOp(s), text.PerOp(gr.Was), s.Where(), s.Function)
		if s.Code != "" {
			g.line("          %s", s.Code)
		}
		g.annotate("error", filepath.Join(g.root, filepath.FromSlash(s.File)), s.Line, 0,
			fmt.Sprintf("allocates more in %s: %s (%s)", m.Name, s.Code, head))
	}
	if runs > 1 && m.HighAllocsPerOp > m.AllocsPerOp {
		g.line("     its %d runs gave %s to %s allocs/op: allocations that differ from run to run (a random input seeded by the clock, timing) can fail a budget by chance; make them the same in every run",
			runs, text.PerOp(m.AllocsPerOp), text.PerOp(m.HighAllocsPerOp))
	}
	switch {
	case m.Unrecorded != "":
		g.line("     its sites are not recorded: %s, whose allocations a profile would hold too", m.Unrecorded)
		g.annotate("error", "", 0, 0, head)
	case len(o.NewSites) == 0 && len(o.Grown) == 0:
		g.line("     no new site and no site grew by a whole allocation: run '%s' to see them all", reportCommand(cfg, m.Package, m.Name))
		g.annotate("error", "", 0, 0, head)
	}
}

// sitePerOp formats a measured site's allocs/op, and says when it is a
// lower bound: zstd's 'm := len(src)' escaping, an 8-byte int, read 0.5
// allocs/op in a benchmark of 1 allocs/op, as two share a 16-byte block.
func sitePerOp(s budget.Site) string {
	if s.Tiny {
		return "at least " + text.PerOp(s.AllocsPerOp)
	}
	return text.PerOp(s.AllocsPerOp)
}
