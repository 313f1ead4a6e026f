package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/squashgo/squash/internal/compare"
	"github.com/squashgo/squash/internal/pgo"
	"github.com/squashgo/squash/internal/report"
)

// pgoFlags returns an error for a flag that report -pgo cannot take with
// it: -profile measures nothing, and -keep, -top and -exact shape one
// report where -pgo makes two.
func pgoFlags(fs *flag.FlagSet) error {
	var err error
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "profile", "keep", "top":
			if err == nil {
				err = fmt.Errorf("-pgo measures two builds side by side, and -%s is for one report: drop one of them", f.Name)
			}
		}
	})
	return err
}

// runPGO measures cfg's benchmarks without and with the profile, and
// prints the two side by side.
func runPGO(ctx context.Context, cfg report.Config, profile string, asJSON bool, html string, stdout, stderr io.Writer) int {
	e, err := pgo.Measure(ctx, cfg, profile)
	if err != nil {
		return fail(ctx, stderr, err)
	}
	page := func(w io.Writer, e *pgo.Effect) error { return compare.WriteHTML(w, e.Comparison) }
	if err := present(stdout, html, asJSON, e, page, pgo.WriteText, pgo.WriteJSON); err != nil {
		return fail(ctx, stderr, err)
	}
	return exitClean
}
