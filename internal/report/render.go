package report

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/text"
)

// WriteJSON writes r as indented JSON: the schema documented in README.md,
// of version SchemaVersion.
func WriteJSON(w io.Writer, r *Report) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	versioned := *r
	versioned.SchemaVersion = SchemaVersion
	return enc.Encode(&versioned)
}

// TextOptions control the text rendering.
type TextOptions struct {
	Top   int // sites shown per benchmark; 0 means 10
	Width int // terminal width; 0 means 80
}

// WriteText renders r for a terminal: per benchmark its figures, then its
// sites ranked by allocs/op, each with its source line.
func WriteText(w io.Writer, r *Report, opt TextOptions) error {
	if opt.Top <= 0 {
		opt.Top = 10
	}
	if opt.Width <= 0 {
		opt.Width = 80
	}
	tw := &textWriter{w: w, width: opt.Width}
	shown, folded := foldNegligible(r.Packages)
	for i, p := range shown {
		if i > 0 {
			tw.line("")
		}
		// As go test prints it: benchstat tells packages apart by it.
		tw.line("pkg: %s", p.Path)
		tw.pkg = p.Path
		if len(p.Vet) > 0 {
			tw.vet(p.Vet)
		}
		for _, b := range p.Benchmarks {
			tw.line("")
			tw.benchmark(&b, opt.Top)
		}
		for _, f := range p.Failed {
			tw.line("")
			tw.failure(&f)
		}
		if len(p.Skipped) > 0 {
			tw.line("")
			tw.skipped(p.Skipped)
		}
	}
	if len(folded) > 0 {
		tw.line("")
		tw.folded(folded)
	}
	if len(r.Unmeasured) > 0 {
		tw.line("")
		tw.line("not seen allocating in these benchmarks:")
		for _, f := range r.Unmeasured {
			tw.wrap("  ", fmt.Sprintf("%s:%d: %s [%s]", f.File, f.Line, f.Message, f.Pass))
		}
	}
	if c := r.Coverage; c != nil && c.Sites > 0 {
		tw.line("")
		tw.line("why: %d of %d sites (%.0f%%) carry a compiler escape record or a named mechanism",
			c.Explained, c.Sites, 100*float64(c.Explained)/float64(c.Sites))
	}
	return tw.err
}

type textWriter struct {
	w     io.Writer
	width int
	err   error
	pkg   string // the import path of the benchmarks being written
}

func (t *textWriter) line(format string, args ...any) {
	if t.err != nil {
		return
	}
	_, t.err = fmt.Fprintf(t.w, format+"\n", args...)
}

// siteIndent is where a site's file name starts; code and mechanism lines
// align under it.
const siteIndent = 30

// minShare is the smallest share of a benchmark's objects a site must have
// to be shown in text; JSON has every site.
const minShare = 0.001

// minCPUSamples is the fewest CPU profile samples (10ms each) from which a
// CPU share is printed.
const minCPUSamples = 20

func (t *textWriter) benchmark(b *Benchmark, top int) {
	perOp := b.Name != "profile"
	if perOp {
		// A line of the Go benchmark format, which benchstat reads: the
		// name, b.N, and the figures with their units.
		t.line("%s  %d  %s ns/op  %s B/op  %s allocs/op", b.Name, b.Iterations, text.Num(b.NsPerOp), text.Num(b.BytesPerOp), text.Num(b.AllocsPerOp))
		if b.CPUSamples >= minCPUSamples {
			t.line("  allocation + GC: %.1f%% of CPU (allocating %.1f%%, collecting %.1f%%)",
				100*b.AllocCPUShare, 100*b.AllocCPU, 100*b.GCCPU)
		} else {
			t.line("  allocation + GC: not measured (%d CPU samples; run longer with -benchtime)", b.CPUSamples)
		}
		if b.Runs > 1 {
			t.line("  medians of %d runs", b.Runs)
		}
		if b.AllocsPerOp == 0 {
			t.line("  no allocations per op")
			return
		}
		if len(b.Needs) > 0 {
			t.line("  sites not recorded: it fails when run alone")
			// The line after "--- FAIL: NAME" says why, if there is one.
			lines := strings.Split(strings.TrimSpace(b.AloneFailure), "\n")
			why := strings.TrimSpace(lines[min(1, len(lines)-1)])
			t.wrap("    ", fmt.Sprintf("-bench %s alone failed (%s), and passed after %s, as go test runs them: its figures are its own, from that run (the CPU shares are of the whole run), and a profile would hold their allocations too", bench.ExactRegexp(b.Name), why, strings.Join(b.Needs, ", ")))
			return
		}
		if len(b.RunsWith) > 0 {
			t.line("  sites not recorded: go test cannot run it alone")
			t.wrap("    ", fmt.Sprintf("a name with a slash is read as levels, and -bench %s also runs %s, whose allocations would be in its profile", bench.ExactRegexp(b.Name), strings.Join(b.RunsWith, ", ")))
			return
		}
	} else {
		t.line("allocation profile")
	}
	if len(b.Sites) == 0 {
		t.line("  no allocation site in this package's code")
		return
	}
	// The columns say what is counted, the header how: from a sample (the
	// rate and how to count each one follow) or exactly.
	sampled := b.MemProfileRate > 1
	objCol, byteCol, counts := "allocs/op", "B/op", "site (exact counts per recorded op)"
	if !perOp {
		objCol, byteCol, counts = "objects", "bytes", "site"
		if b.MemProfileRate == 1 {
			counts = "site (exact counts)"
		}
	}
	if sampled {
		counts = "site (estimates from a sample, ± 95% interval)"
	}
	t.line("  %9s %9s %6s  %s", objCol, byteCol, "share", counts)
	switch {
	case sampled && perOp:
		t.wrap("    ", fmt.Sprintf("one allocation recorded per %s allocated, on average: at %s allocs/op, too many to record each one (-exact does)", bytesOf(b.MemProfileRate), text.Num(b.AllocsPerOp)))
	case sampled:
		t.wrap("    ", fmt.Sprintf("the profile recorded one allocation per %s allocated, on average (runtime.MemProfileRate; set it to 1 before the program allocates to record each one)", bytesOf(b.MemProfileRate)))
	}
	pad := strings.Repeat(" ", siteIndent)
	defer func() {
		if perOp && b.OverRecordedAllocsPerOp > 0 {
			t.line("  %9s %9s %6s  %s", text.Num(b.OverRecordedAllocsPerOp), "", "", "recorded an op, more than go test's "+text.Num(b.AllocsPerOpMax))
			t.wrap(pad, fmt.Sprintf("the %d recorded iterations allocated more than the timing runs: the sites describe them, not go test's figure", b.RecordedIterations))
		}
		// Above zero and not "0" as printed: with it the sites shown
		// add up to the benchmark's allocs/op.
		if perOp && b.UnrecordedAllocsPerOp > 0 && text.Num(b.UnrecordedAllocsPerOp) != "0" {
			if sampled {
				v, pm := text.Estimate(b.UnrecordedAllocsPerOp, b.UnrecordedAllocsPerOpError)
				t.figure(v, pm, "not in the estimates: the sample's error, allocations that share 16-byte blocks, or set-up, which the timing run spread over its "+text.Plural(b.Iterations, "op", "ops"))
			} else {
				t.figure(text.Num(b.UnrecordedAllocsPerOp), "", "not recorded one by one: tiny allocations that share 16-byte blocks, or set-up, which the timing run spread over its "+text.Plural(b.Iterations, "op", "ops"))
			}
		}
	}()
	// The sites under minShare are folded into a line that counts them;
	// -top shows the others. Of a benchmark, a site must be under it in
	// bytes too: a buffer that grows now and then (chi's 405 response
	// adding to the same header on every op) makes few objects, 8e-05 an
	// op, but 92 of the 452 B/op.
	minor, under := func(s Site) bool { return s.Share < minShare }, "under 0.1% of the objects"
	if perOp {
		var total float64
		for _, s := range b.Sites {
			total += s.BytesPerOp
		}
		minor = func(s Site) bool { return s.Share < minShare && s.BytesPerOp < minShare*total }
		under = "under 0.1% of the objects and bytes"
	}
	sites := slices.Concat(slices.DeleteFunc(slices.Clone(b.Sites), minor), slices.DeleteFunc(slices.Clone(b.Sites), func(s Site) bool { return !minor(s) }))
	shown := slices.IndexFunc(sites, minor)
	if shown < 0 {
		shown = len(sites)
	}
	for i, s := range sites {
		// The hints in parentheses wrap as one word each (see wrap).
		hint := func(format string, args ...any) string {
			return strings.ReplaceAll(fmt.Sprintf(format, args...), " ", nbsp)
		}
		if i == shown {
			if n := len(sites) - i; n == 1 {
				t.wrap("  ", fmt.Sprintf("… 1 more site, %s %s", under, hint("(-json lists it)")))
			} else {
				t.wrap("  ", fmt.Sprintf("… %d more sites, each %s %s", n, under, hint("(-json lists them)")))
			}
			break
		}
		if i == top {
			more := fmt.Sprintf("… %s %s", text.Plural(shown-i, "more site", "more sites"), hint("(-top %d shows %s)", shown, itOrThem(shown-i)))
			switch n := len(sites) - shown; {
			case n == 1:
				more += fmt.Sprintf(", and 1 more %s %s", under, hint("(-json lists it)"))
			case n > 1:
				more += fmt.Sprintf(", and %d more, each %s %s", n, under, hint("(-json lists them)"))
			}
			t.wrap("  ", more)
			break
		}
		a, by := text.PerOp(s.AllocsPerOp), text.PerOp(s.BytesPerOp)
		if !perOp {
			a, by = strconv.FormatInt(s.Objects, 10), strconv.FormatInt(s.Bytes, 10)
		}
		// An estimate is rounded to what its error allows, and the error
		// goes under it, beside the code.
		var errA, errB string
		switch {
		case sampled && perOp:
			a, errA = estimate(s.AllocsPerOp, s.AllocsPerOpError)
			by, errB = estimate(s.BytesPerOp, s.BytesPerOpError)
		case sampled:
			a, errA = estimate(float64(s.Objects), s.ObjectsError)
			by, errB = estimate(float64(s.Bytes), s.BytesError)
		}
		where := clipLeft(fmt.Sprintf("%s:%d", s.File, s.Line), t.width-siteIndent)
		fn := s.ShortName()
		head := fmt.Sprintf("  %9s %9s %5.1f%%  %s", a, by, 100*s.Share, where)
		if utf8.RuneCountInString(head)+len(fn)+1 <= t.width {
			t.line("%s %s", head, fn)
		} else {
			t.line("%s", head)
			t.line("%s%s", pad, clipLeft(fn, t.width-siteIndent))
		}
		switch {
		case sampled:
			t.line("%s", strings.TrimRight(fmt.Sprintf("  %9s %9s %6s  %s", errA, errB, "", clip(s.Code, t.width-siteIndent)), " "))
		case s.Code != "":
			t.line("%s%s", pad, clip(s.Code, t.width-siteIndent))
		}
		t.why(&s, pad)
	}
}

// ShortName returns the site's function as the text report names it:
// decoder.Simple for github.com/squashgo/squash/examples/decoder.Simple.
func (s *Site) ShortName() string {
	return cmp.Or(s.Label, shortFunc(s.Function))
}

// foldNegligible splits the packages of a -profile report into those shown
// as sections and those whose every site is under minShare: a section of
// theirs would hold nothing but its "more sites" line. When none would be
// left, all are shown.
func foldNegligible(pkgs []Package) (shown, folded []Package) {
	negligible := func(p Package) bool {
		if len(p.Failed) > 0 || len(p.Benchmarks) == 0 {
			return false
		}
		for _, b := range p.Benchmarks {
			if b.Name != "profile" || slices.ContainsFunc(b.Sites, func(s Site) bool { return s.Share >= minShare }) {
				return false
			}
		}
		return true
	}
	for _, p := range pkgs {
		if negligible(p) {
			folded = append(folded, p)
		} else {
			shown = append(shown, p)
		}
	}
	if len(shown) == 0 {
		return pkgs, nil
	}
	return shown, folded
}

// folded names, after the sections, the packages foldNegligible left out,
// with how many sites each has.
func (t *textWriter) folded(pkgs []Package) {
	var n int
	where := slices.Grow[[]string](nil, len(pkgs))
	for _, p := range pkgs {
		k := 0
		for _, b := range p.Benchmarks {
			k += len(b.Sites)
		}
		n += k
		where = append(where, fmt.Sprintf("%s (%d)", p.Path, k))
	}
	if n == 1 {
		t.wrap("", fmt.Sprintf("… 1 more site, in %s, under 0.1%% of the objects (-json lists it)", pkgs[0].Path))
		return
	}
	if len(pkgs) == 1 {
		where = []string{pkgs[0].Path}
	}
	in := strings.Join(where, ", ")
	if len(where) > 1 {
		in = strings.Join(where[:len(where)-1], ", ") + " and " + where[len(where)-1]
	}
	t.wrap("", fmt.Sprintf("… %d more sites, in %s, each under 0.1%% of the objects (-json lists them)", n, in))
}

// failure shows a benchmark that failed, and go test's lines about it,
// under go test's line for it. A line that starts with the benchmark's name
// would be a result line that benchstat cannot read.
func (t *textWriter) failure(f *Failure) {
	out := f.Output
	if f.Name == "" {
		t.line("a benchmark failed:")
	} else {
		head := "--- FAIL: " + f.Name
		t.line("%s", head)
		if first, rest, _ := strings.Cut(out, "\n"); strings.TrimSpace(first) == head {
			out = rest
		}
	}
	for l := range strings.Lines(out) {
		t.line("  %s", strings.TrimRight(l, "\n"))
	}
}

// vet says, in one note, what go vet reported of a package's tests, which
// go test would have stopped at: its first line, and how many more JSON has.
func (t *textWriter) vet(lines []string) {
	more := ""
	if n := len(lines) - 1; n > 0 {
		more = fmt.Sprintf(" (and %s: -json lists them)", text.Plural(n, "more", "more"))
	}
	t.wrap("", "note: go test would not run these benchmarks, as go vet reports "+lines[0]+more)
}

// Of the benchmarks that skipped, text shows at most maxSkipReasons
// reasons, and at most maxSkipNames names for each; JSON has them all.
const (
	maxSkipReasons = 3
	maxSkipNames   = 3
)

// skipped says which benchmarks skipped themselves, a line for each
// reason (the first line of what they logged last), in the order go test
// ran them: "skipped: BenchmarkA, BenchmarkB (db_test.go:12: needs a
// database)".
func (t *textWriter) skipped(skips []Skip) {
	var reasons []string
	names := map[string][]string{}
	for _, s := range skips {
		r, _, _ := strings.Cut(s.Reason, "\n")
		if _, ok := names[r]; !ok {
			reasons = append(reasons, r)
		}
		names[r] = append(names[r], s.Name)
	}
	for i, r := range reasons {
		if i == maxSkipReasons {
			n := 0
			for _, r := range reasons[i:] {
				n += len(names[r])
			}
			t.wrap("", fmt.Sprintf("skipped: %s for other reasons (-json lists them)", text.Plural(n, "more", "more")))
			return
		}
		ns := names[r]
		line := strings.Join(ns, ", ")
		if len(ns) > maxSkipNames {
			line = strings.Join(ns[:maxSkipNames], ", ") + " and " + text.Plural(len(ns)-maxSkipNames, "more", "more")
		}
		if r != "" {
			line += " (" + r + ")"
		}
		t.wrap("", "skipped: "+line)
	}
}

// bytesOf formats a memory-profile rate, n bytes: "512 B", "4 KiB",
// "1.5 MiB".
func bytesOf(n int) string {
	v, unit := float64(n), "B"
	for _, u := range []string{"KiB", "MiB", "GiB"} {
		if v < 1024 {
			break
		}
		v, unit = v/1024, u
	}
	return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") + " " + unit
}

// shortFunc drops the import path's directories from a function name, and
// shortens its type arguments, which hold the compiler's shapes: a list of
// basic shapes to their names, so that two instances read apart
// (g.Keep[go.shape.string] is g.Keep[string]), and any other to […]:
// example.com/m/btree.(*BTreeG[go.shape.struct { … }]).iter is
// btree.(*BTreeG[…]).iter.
func shortFunc(fn string) string {
	name := shortTypeArgs(fn)
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		return name[i+1:]
	}
	return name
}

// shortTypeArgs shortens the type arguments of a function name as shortFunc
// does, and keeps its import path: slices.Clone[…] for
// slices.Clone[go.shape.[]example.com/m.matcher,go.shape.interface { … }].
func shortTypeArgs(fn string) string {
	var b strings.Builder
	for {
		i := strings.IndexByte(fn, '[')
		if i < 0 {
			b.WriteString(fn)
			break
		}
		b.WriteString(fn[:i])
		depth, j := 0, i
		for ; j < len(fn); j++ {
			if fn[j] == '[' {
				depth++
			} else if fn[j] == ']' {
				if depth--; depth == 0 {
					break
				}
			}
		}
		if j == len(fn) {
			b.WriteString("[…]") // unbalanced: not a name the runtime writes
			break
		}
		b.WriteString("[" + shortShapes(fn[i+1:j]) + "]")
		fn = fn[j+1:]
	}
	return b.String()
}

// shortShapes returns the type arguments args ("go.shape.string,go.shape.int")
// as basic names ("string,int"), or "…" when one of them is not a basic
// shape.
func shortShapes(args string) string {
	var out []string
	for a := range strings.SplitSeq(args, ",") {
		name, ok := strings.CutPrefix(strings.TrimSpace(a), "go.shape.")
		if !ok || name == "" || strings.Trim(name, "abcdefghijklmnopqrstuvwxyz0123456789*") != "" {
			return "…"
		}
		out = append(out, name)
	}
	return strings.Join(out, ",")
}

func clip(s string, n int) string {
	if n < 10 {
		n = 10
	}
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// clipLeft shortens a path from the left, where it says least.
func clipLeft(s string, n int) string {
	r := []rune(s)
	if n < 10 || len(r) <= n {
		return s
	}
	return "…" + string(r[len(r)-n+1:])
}

// maxReasons is how many compiler records a site shows in text; JSON and
// squash explain have them all.
const maxReasons = 2

// why prints a site's notes (see notes), each wrapped under its code.
func (t *textWriter) why(s *Site, pad string) {
	for _, n := range s.notes(maxReasons, t.pkg) {
		line := n.Text
		if n.Kind != "" {
			line = n.Kind + ": " + line
		}
		t.wrap(pad, line)
	}
}

// A note is a line of what a report says under a site: its kind ("why",
// "at least", "split", "callers", "fix [PASS]") and its text. A note of no
// kind says where to read the rest.
type note struct {
	Kind, Text string
}

// notes returns what a report says under s: its reasons, at most limit of
// them (none means all), then its mechanism in plain words, its split by
// mechanism and by caller, and the fixes of its findings. Records that
// read the same (they differ in a column or a step of their flow, which
// squash explain shows) are given once. pkg is the import path of the
// benchmark's package. The words of a part of a split or of a caller are
// joined by nbsp.
func (s *Site) notes(limit int, pkg string) []note {
	var notes []note
	var texts []string
	for _, r := range s.Reasons {
		text := r.Summary
		if r.InlinedAt != "" {
			text += " [inlined at " + r.InlinedAt + "]"
		}
		if !slices.Contains(texts, text) {
			texts = append(texts, text)
		}
	}
	for i, text := range texts {
		if limit > 0 && i == limit {
			// explain builds the site's package; the report's records are
			// of the benchmark's build, which explain -in makes, and
			// which alone holds a generic function's instances.
			in := ""
			if s.PackagePath != "" && pkg != "" && s.PackagePath != pkg {
				in = "-in " + pkg + " "
			}
			notes = append(notes, note{"", fmt.Sprintf("(%d more: squash explain %s%s:%d)", len(texts)-i, in, s.File, s.Line)})
			break
		}
		notes = append(notes, note{"why", text})
	}
	if s.MechanismText != "" {
		notes = append(notes, note{"why", s.MechanismText})
	}
	if s.Tiny {
		notes = append(notes, note{"at least", "values under 16 bytes without pointers share 16-byte blocks, which the profile records once each"})
	}
	// When the site's objects come from more than one place (the line
	// itself, callees), a fix for one part removes only that part's share.
	// Parts under 1% are left out.
	var parts []string
	for _, m := range s.Mechanisms {
		if m.Share < 0.01 {
			continue
		}
		by := "the line itself"
		if m.Function != "" {
			by = "inside " + shortFunc(m.Function)
		}
		// A part wraps as one word (see wrap).
		parts = append(parts, strings.ReplaceAll(fmt.Sprintf("%.0f%% %s", 100*m.Share, by), " ", nbsp))
	}
	if len(parts) > 1 {
		notes = append(notes, note{"split", strings.Join(parts, ", ")})
	}
	// A helper's allocations are usually removed at one of its callers:
	// who calls it, and for what share, as pprof -peek shows.
	var callers []string
	for _, c := range s.Callers {
		if c.Share < 0.01 {
			continue
		}
		where := fmt.Sprintf("%s (%s:%d)", cmp.Or(c.Label, shortFunc(c.Function)), path.Base(c.File), c.Line)
		callers = append(callers, strings.ReplaceAll(fmt.Sprintf("%.0f%% %s", 100*c.Share, where), " ", nbsp))
	}
	if len(callers) > 1 {
		notes = append(notes, note{"callers", strings.Join(callers, ", ")})
	}
	if len(s.Sources) > 1 {
		notes = append(notes, note{"by source", sourceSplit(s.Sources)})
	}
	for _, f := range s.Findings {
		notes = append(notes, note{"fix [" + f.Pass + "]", f.Message})
	}
	if v := s.FixSaves; v != nil {
		notes = append(notes,
			note{"if fixed", fmt.Sprintf("saves up to %s allocs/op, %.0f%% of them", text.PerOp(v.AllocsPerOp), 100*v.Share)},
			// Short enough not to wrap: its figure comes from timing.
			note{"estimate", fmt.Sprintf("and %.1f%% of CPU time (alloc + GC)", 100*v.CPUShare)})
	}
	return notes
}

// figure prints a row of a benchmark's sites that is no site, such as the
// allocations not recorded: its allocs/op, then text where a site's file
// name starts, wrapped as a site's why: is (see wrap), its first line
// beside the figure. plusMinus, where the figure is an estimate, goes under
// it, as a site's does.
func (t *textWriter) figure(allocs, plusMinus, text string) {
	lines := wrapLines(text, max(t.width-siteIndent, 20))
	if plusMinus != "" && len(lines) == 1 {
		lines = append(lines, "")
	}
	for i, l := range lines {
		col := ""
		switch i {
		case 0:
			col = allocs
		case 1:
			col = plusMinus
		}
		t.line("%s", strings.TrimRight(fmt.Sprintf("  %9s %9s %6s  %s", col, "", "", l), " "))
	}
}

// estimate formats an estimate and its error for a column of nine: the
// error as a share of the estimate where it is too wide in figures.
func estimate(v, err float64) (value, plusMinus string) {
	value, plusMinus = text.Estimate(v, err)
	if utf8.RuneCountInString(plusMinus) > 9 && v > 0 {
		plusMinus = fmt.Sprintf("± %.0f%%", 100*err/v)
	}
	return value, plusMinus
}

// nbsp joins words that wrap does not break apart; it prints as a space.
const nbsp = "\u00a0"

// wrap prints text indented by pad, broken at spaces to fit the width
// (see wrapLines).
func (t *textWriter) wrap(pad, text string) {
	for _, l := range wrapLines(text, max(t.width-len(pad), 20)) {
		t.line("%s%s", pad, l)
	}
}

// contIndent starts the lines of a wrapped text after its first.
const contIndent = "     "

// wrapLines breaks text into lines of at most width columns, the lines
// after the first indented by contIndent. It breaks only at spaces: a word
// wider than a line (a long Go name, a URL) stands on a line of its own,
// whole. Words joined by nbsp move to the next line together; where they
// are too wide for any line, they break at an nbsp as at a space.
func wrapLines(text string, width int) []string {
	var lines []string
	var words []string // of the line being filled
	used := 0          // its columns
	room := func() int {
		if len(lines) == 0 {
			return width
		}
		return width - len(contIndent)
	}
	end := func() {
		if len(words) == 0 {
			return
		}
		indent := ""
		if len(lines) > 0 {
			indent = contIndent
		}
		lines = append(lines, indent+strings.ReplaceAll(strings.Join(words, " "), nbsp, " "))
		words, used = nil, 0
	}
	add := func(w string) {
		n := utf8.RuneCountInString(w)
		if len(words) > 0 && used+1+n > room() {
			end()
		}
		if len(words) > 0 {
			used++
		}
		words, used = append(words, w), used+n
	}
	for w := range strings.SplitSeq(text, " ") {
		switch n := utf8.RuneCountInString(w); {
		case w == "":
		case n > width-len(contIndent) && strings.Contains(w, nbsp):
			for part := range strings.SplitSeq(w, nbsp) {
				add(part)
			}
		default:
			add(w)
		}
	}
	end()
	return lines
}

// itOrThem returns the pronoun for n things.
func itOrThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
