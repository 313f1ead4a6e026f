package main

import (
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/report"
)

// profileList is the value of a -profile flag that may be repeated, as go
// tool pprof takes several sources: each is one file or URL, which may hold
// commas.
type profileList []string

func (l *profileList) String() string { return strings.Join(*l, " ") }

func (l *profileList) Set(s string) error {
	if s == "" {
		return errors.New("empty: give a file or URL")
	}
	*l = append(*l, s)
	return nil
}

// profileFlags checks the flags that shape how report reads -profile, and
// sets cfg from them: -seconds, -by-source and -timeout, which bounds a
// fetch where there are profiles, and the test binaries' runs where not.
func profileFlags(fs *flag.FlagSet, cfg *report.Config, seconds int, setTimeout func(*bench.Options) error) error {
	if err := setTimeout(&cfg.Bench); err != nil {
		return err
	}
	given := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { given[f.Name] = true })
	switch {
	case seconds < 0:
		return fmt.Errorf("-seconds must not be negative")
	case given["seconds"] && len(cfg.Profiles) == 0:
		return fmt.Errorf("-seconds is the length of a profile fetched from -profile URL: give -profile, or drop -seconds")
	case cfg.BySource && len(cfg.Profiles) < 2:
		return fmt.Errorf("-by-source splits sites by the profile they came from: give -profile more than once, or drop -by-source")
	}
	cfg.Fetch.Seconds = seconds
	if given["timeout"] && len(cfg.Profiles) > 0 {
		cfg.Fetch.Timeout = cfg.Bench.Timeout // bench.NoTimeout, negative, is none too
		cfg.Bench.Timeout = 0
	}
	return nil
}
