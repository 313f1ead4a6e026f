package pgo

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/squashgo/squash/internal/compare"
	"github.com/squashgo/squash/internal/report"
)

// WriteText writes e as squash diff writes a comparison, the build with
// -pgo=off as old, then, for each site that changed, what the compiler of
// each build recorded of its line.
func WriteText(w io.Writer, e *Effect) error {
	if err := compare.WriteText(w, e.Comparison); err != nil {
		return err
	}
	if e.Interleaved > 0 {
		fmt.Fprintf(w, "\nns/op, B/op and allocs/op: %d runs of each build, each in a process of its own, the two builds' runs alternating.\n", e.Interleaved)
	}
	if len(e.Sites) == 0 {
		_, err := fmt.Fprintf(w, "\nPGO removed and added no allocation site.\n")
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\nwhat the compiler recorded of each site that changed:\n")
	for _, s := range e.Sites {
		site := s.Old
		if site == nil {
			site = s.New
		}
		fmt.Fprintf(&b, "\n%s %s %s:%d %s\n", s.Benchmark, s.Change, site.File, site.Line, site.ShortName())
		if site.Code != "" {
			fmt.Fprintf(&b, "  %s\n", site.Code)
		}
		if s.Old != nil && s.Old.Tiny || s.New != nil && s.New.Tiny {
			// Packing differs between builds, and so the counts, by a
			// little, where the total allocs/op does not move.
			fmt.Fprintf(&b, "  tiny allocations: a profile records one per 16-byte block, so its counts are lower bounds and move with packing\n")
		}
		writeRecords(&b, "-pgo=off", s.Off, s.Old)
		writeRecords(&b, "-pgo="+e.Profile, s.On, s.New)
		for _, c := range s.Inlined {
			fmt.Fprintf(&b, "  PGO inlined it at %s\n", c)
		}
		for _, f := range s.InlinedHere {
			fmt.Fprintf(&b, "  PGO inlined %s here\n", f)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeRecords writes what a build's compiler recorded of a site's line,
// and how the line allocates in that build, where it does (site is nil
// where it does not).
func writeRecords(b *strings.Builder, build string, rs Records, site *report.Site) {
	fmt.Fprintf(b, "  %s:\n", build)
	if rs.Inline != "" {
		fmt.Fprintf(b, "    %s\n", rs.Inline)
	}
	for _, r := range rs.Escapes {
		if r.InlinedAt != "" {
			fmt.Fprintf(b, "    escape at %s, inlined at %s: %s\n", r.Pos, r.InlinedAt, r.Summary)
		} else {
			fmt.Fprintf(b, "    escape at %s: %s\n", r.Pos, r.Summary)
		}
	}
	if site == nil && len(rs.Escapes) == 0 {
		fmt.Fprintf(b, "    no escape record on the line\n")
	}
	if len(rs.Here) > 0 {
		fmt.Fprintf(b, "    inlined here: %s\n", strings.Join(rs.Here, ", "))
	}
	for _, c := range rs.Copies {
		what := "nothing escapes there"
		if c.Escapes {
			what = "escapes there"
		}
		fmt.Fprintf(b, "    inlined at %s: %s\n", strings.Join(c.Calls, " → "), what)
	}
	if site != nil && site.MechanismText != "" {
		// Where the value stays on the stack, a slice may still grow onto
		// the heap: the mechanism says so.
		fmt.Fprintf(b, "    allocates: %s\n", site.MechanismText)
	}
}

// WriteJSON writes e as JSON: the profile, the sites that changed with
// each build's records, and both reports whole, each as squash report
// -json writes it.
func WriteJSON(w io.Writer, e *Effect) error {
	off, err := reportJSON(e.Off)
	if err != nil {
		return err
	}
	on, err := reportJSON(e.On)
	if err != nil {
		return err
	}
	sites := e.Sites
	if sites == nil {
		sites = []Site{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(struct {
		Profile string          `json:"profile"`
		Sites   []Site          `json:"sites"`
		Off     json.RawMessage `json:"off"`
		On      json.RawMessage `json:"on"`
	}{e.Profile, sites, off, on})
}

func reportJSON(r *report.Report) (json.RawMessage, error) {
	var b strings.Builder
	if err := report.WriteJSON(&b, r); err != nil {
		return nil, err
	}
	return json.RawMessage(b.String()), nil
}
