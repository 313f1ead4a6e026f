package lint

import (
	"flag"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestSelection: the flags choose analyzers as go vet's do, and go vet is
// asked to leave out exactly the others: with noalloc alone chosen, all of
// them.
func TestSelection(t *testing.T) {
	all := len(Suite())
	for _, tc := range []struct {
		args []string
		off  int    // -NAME=false flags passed to go vet
		runs string // an analyzer that runs, or ""
		not  string // one that does not
	}{
		{nil, 0, "prealloc", ""},
		{[]string{"-prealloc=false"}, 1, "mapsize", "prealloc"},
		{[]string{"-disable", "prealloc, mapsize"}, 2, "constvar", "mapsize"},
		{[]string{"-enable", "prealloc"}, all - 1, "prealloc", "noalloc"},
		{[]string{"-noalloc"}, all, "noalloc", "prealloc"},
		{[]string{"-enable", "prealloc,constvar", "-prealloc=false", "-mapsize"}, all - 2, "mapsize", "prealloc"},
	} {
		var s Selection
		fs := flag.NewFlagSet("lint", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		s.Register(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		chosen, err := s.Chosen()
		flags := selectionFlags(chosen)
		if err != nil || len(flags) != tc.off || tc.runs != "" && !runs(chosen, tc.runs) || tc.not != "" && runs(chosen, tc.not) {
			t.Errorf("%q: %v, flags %q; want %d flags, %s on and %s off", tc.args, err, flags, tc.off, tc.runs, tc.not)
		}
		if slices.ContainsFunc(flags, func(f string) bool { return strings.HasPrefix(f, "-noalloc") }) {
			t.Errorf("%q: go vet is given noalloc, lint's own: %q", tc.args, flags)
		}
	}
}

// FuzzSelection: whatever -enable and -disable hold, Chosen returns an
// error or names that analyzers have, and does not panic.
func FuzzSelection(f *testing.F) {
	f.Add("prealloc,mapsize", "")
	f.Add("", " perfsprint ,,")
	f.Add("prealoc", "noalloc")
	f.Fuzz(func(t *testing.T, enable, disable string) {
		var s Selection
		fs := flag.NewFlagSet("lint", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		s.Register(fs)
		if fs.Parse([]string{"-enable", enable, "-disable", disable}) != nil {
			return
		}
		chosen, err := s.Chosen()
		if err != nil {
			return
		}
		for name := range chosen {
			if !slices.Contains(Names(), name) {
				t.Errorf("-enable %q -disable %q: chose %q, which no analyzer is named", enable, disable, name)
			}
		}
	})
}
