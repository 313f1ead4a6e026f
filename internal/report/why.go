package report

import (
	"fmt"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/profile"
)

// explain attaches to site the compiler's reasons for the code that ran
// there, and the mechanism in plain words.
func explain(site *Site, p profile.Site, ix *escape.Index, root string) {
	var recs []escape.Record
	if ix != nil {
		for _, at := range p.InlinedAt {
			recs = append(recs, allocating(ix.InlinedAt(p.File, p.Line, at.File, at.Line))...)
		}
		if p.Direct {
			recs = append(recs, allocating(ix.Here(p.File, p.Line))...)
		}
		if len(recs) == 0 && p.Mechanism() == "" {
			// A value allocated on another line whose flow ends here, such
			// as a slice built by append on the stack and moved to the
			// heap when it is returned.
			recs = allocating(ix.Through(p.File, p.Line))
		}
	}
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
