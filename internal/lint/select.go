package lint

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/squashgo/squash/internal/noalloc"
	"github.com/squashgo/squash/internal/text"
)

// noallocName is the name under which lint reports the violations of
// //squash:noalloc functions, and by which they are chosen like an
// analyzer's.
var noallocName = noalloc.Rule.ID

// Names returns the names of the analyzers of Suite, then noalloc: those
// that a Selection chooses from.
func Names() []string {
	as := Suite()
	names := make([]string, 0, len(as))
	for _, a := range as {
		names = append(names, a.Name)
	}
	return append(names, noallocName)
}

// A Selection chooses the analyzers that run, as go vet's flags do:
// -NAME or -NAME=true runs only those so named, and -NAME=false runs all
// but those. -enable and -disable take lists of names, separated by commas,
// and set each the same way.
type Selection struct {
	enable, disable string
	named           map[string]*choice
}

// A choice is the value of a -NAME flag, which records whether it was set.
type choice struct{ set, on bool }

func (c *choice) String() string {
	if c == nil || !c.set {
		return ""
	}
	return strconv.FormatBool(c.on)
}

func (c *choice) Set(s string) error {
	on, err := strconv.ParseBool(s)
	c.set, c.on = true, on
	return err
}

func (c *choice) IsBoolFlag() bool { return true }

// Register defines the selection's flags in fs: -enable, -disable, and a
// flag named for each analyzer, whose usage is the first line of its doc.
func (s *Selection) Register(fs *flag.FlagSet) {
	fs.StringVar(&s.enable, "enable", "", "run only the analyzers in this comma-separated `list`, as -NAME does")
	fs.StringVar(&s.disable, "disable", "", "run every analyzer but those in this comma-separated `list`, as -NAME=false does")
	s.named = map[string]*choice{}
	docs := map[string]string{noallocName: "functions marked //squash:noalloc that the compiler's escape analysis sends to the heap"}
	for _, a := range Suite() {
		docs[a.Name], _, _ = strings.Cut(a.Doc, "\n")
	}
	for _, name := range Names() {
		s.named[name] = &choice{}
		fs.Var(s.named[name], name, docs[name])
	}
}

// Chosen returns the analyzers that the flags set on or off, by name, or
// nil when they set none. -NAME overrides -enable and -disable. A name in
// -enable or -disable that no analyzer has is an error.
func (s *Selection) Chosen() (map[string]bool, error) {
	chosen := map[string]bool{}
	for flagName, list := range map[string]string{"enable": s.enable, "disable": s.disable} {
		for name := range strings.SplitSeq(list, ",") {
			name = strings.TrimSpace(name)
			switch {
			case name == "":
			case s.named[name] == nil:
				near := ""
				if n, ok := text.Near(name, Names()); ok {
					near = " (did you mean " + n + "?)"
				}
				return nil, fmt.Errorf("-%s: no analyzer is named %s%s: name one of %s", flagName, name, near, strings.Join(Names(), ", "))
			default:
				chosen[name] = flagName == "enable"
			}
		}
	}
	// A flag of an analyzer's name is more precise than a list.
	for name, c := range s.named {
		if c.set {
			chosen[name] = c.on
		}
	}
	if len(chosen) == 0 {
		return nil, nil
	}
	return chosen, nil
}

// runs reports whether the analyzer called name runs under chosen, as
// unitchecker decides: those set true if any is, else all but those set
// false.
func runs(chosen map[string]bool, name string) bool {
	if slices.Contains(slices.Collect(maps.Values(chosen)), true) {
		return chosen[name]
	}
	on, set := chosen[name]
	return !set || on
}

// selectionFlags returns the go vet flags that run the analyzers chosen
// runs: -NAME=false for each of the others, in the suite's order. Only
// those leave none to run where chosen sets noalloc alone to true.
func selectionFlags(chosen map[string]bool) []string {
	if chosen == nil {
		return nil
	}
	var flags []string
	for _, a := range Suite() {
		if !runs(chosen, a.Name) {
			flags = append(flags, "-"+a.Name+"=false")
		}
	}
	return flags
}
