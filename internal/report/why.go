package report

import (
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/profile"
)

// explain attaches to site the compiler's reasons for the code that ran
// there, and the mechanism in plain words.
//
// A record explains a part of the site's allocations only if it describes
// the code that made them: a record of the line's own code (no inline
// frames) explains what the line allocated itself, a record of code inlined
// into the line explains what an inlined callee allocated there. A call into
// a function that was not inlined (strings.genSplit) allocates under that
// function's own decisions, which the mechanism names instead.
func explain(site *Site, p profile.Site, ix *escape.Index, root string) {
	own, callee := false, false
	for _, m := range p.Mechanisms {
		if m.Function == "" {
			own = true
		} else {
			callee = true
		}
	}
	relevant := func(recs []escape.Record) []escape.Record {
		out := recs[:0]
		for _, r := range recs {
			if r.Allocates() && (own && (len(r.Inlined) == 0 || fromRuntime(r)) || callee && len(r.Inlined) > 0) {
				out = append(out, r)
			}
		}
		return out
	}
	var recs []escape.Record
	if ix != nil {
		for _, at := range p.InlinedAt {
			// The site's own line was inlined into a caller: the record
			// of that copy sits at the call, with the site's line among
			// its inline frames.
			recs = append(recs, allocating(ix.InlinedAt(p.File, p.Line, at.File, at.Line))...)
		}
		if p.Direct {
			recs = append(recs, relevant(ix.Here(p.File, p.Line))...)
		}
		if len(recs) == 0 && own {
			// A value allocated on another line whose flow ends here, such
			// as a slice built by append on the stack and moved to the
			// heap when it is returned.
			recs = allocating(ix.Through(p.File, p.Line))
		}
	}
	// A generic line has a record per shape, all at the line: keep the
	// site's instance's.
	recs = slices.DeleteFunc(recs, func(r escape.Record) bool { return !sameShapes(p.Function, r.Message) })
	for _, r := range recs {
		reason := Reason{
			Code:    r.Code,
			Message: r.Message,
			Pos:     posString(root, r.Source()),
			Summary: r.String(),
		}
		if len(r.Inlined) > 0 {
			reason.InlinedAt = posString(root, r.Pos)
		}
		for _, s := range r.Flow {
			reason.Flow = append(reason.Flow, fmt.Sprintf("%s  %s", s.Text, posString(root, s.Pos)))
		}
		site.Reasons = append(site.Reasons, reason)
	}
	site.MechanismText = escape.Mechanism(p.Mechanism(), site.Code)
	if ix != nil && len(recs) == 0 && p.Mechanism() == "" {
		// Only where the compiler's records were read: -profile has none.
		if why := escape.Unrecorded(site.Code); why != "" {
			site.MechanismText += ": " + why
		}
	}
}

// sameShapes reports whether a record's message may be of the instance fn
// of a generic function: it names none of the compiler's shapes
// (go.shape.int), or one of fn's. A generic line's records are one per
// shape, all at the line.
func sameShapes(fn, msg string) bool {
	mine := shapeName.FindAllString(fn, -1)
	theirs := shapeName.FindAllString(msg, -1)
	if len(mine) == 0 || len(theirs) == 0 {
		return true
	}
	for _, s := range theirs {
		if slices.Contains(mine, s) {
			return true
		}
	}
	return false
}

var shapeName = regexp.MustCompile(`go\.shape\.[A-Za-z0-9_*.\[\]]+`)

// fromRuntime reports whether r is of code inlined from the runtime package,
// such as runtime.CallersFrames: the memory profile leaves the runtime's
// frames out, inlined ones too, so what that code allocates shows as the
// line's own allocation.
func fromRuntime(r escape.Record) bool {
	f := filepath.ToSlash(r.Source().File)
	return len(r.Inlined) > 0 && strings.Contains(f, "/src/runtime/") && path.Base(path.Dir(f)) == "runtime"
}

func allocating(recs []escape.Record) []escape.Record {
	out := recs[:0]
	for _, r := range recs {
		if r.Allocates() {
			out = append(out, r)
		}
	}
	return out
}

func posString(root string, p escape.Position) string {
	file, _ := rel(root, p.File)
	return fmt.Sprintf("%s:%d:%d", file, p.Line, p.Col)
}

// explained reports whether a site carries a compiler record or a named
// mechanism.
func (s *Site) explained() bool {
	return len(s.Reasons) > 0 || s.MechanismText != ""
}

// countCoverage fills r.Coverage from the sites of every benchmark.
func (r *Report) countCoverage() {
	c := &Coverage{}
	for _, p := range r.Packages {
		for _, b := range p.Benchmarks {
			for i := range b.Sites {
				c.Sites++
				if b.Sites[i].explained() {
					c.Explained++
				}
			}
		}
	}
	r.Coverage = c
}
