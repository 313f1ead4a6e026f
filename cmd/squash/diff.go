package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/squashgo/squash/internal/compare"
)

func init() {
	register(&command{
		name:    "diff",
		summary: "compare two reports: figures with their significance, and the sites that changed",
		run:     runDiff,
	})
}

func runDiff(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash diff", flag.ContinueOnError)
	fs.SetOutput(stderr)
	html := fs.String("html", "", "also write the comparison as one self-contained HTML page to `FILE`")
	asJSON := fs.Bool("json", false, "print the comparison as JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash diff [-json] [-html FILE] OLD NEW")
		fmt.Fprintln(stderr, "\nCompares two reports, each the output of squash report -json or a directory of -keep.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if err := checkOutput("-html", *html); err != nil {
		return fail(ctx, stderr, err)
	}
	if fs.NArg() != 2 {
		return fail(ctx, stderr, fmt.Errorf("diff takes two reports, OLD and NEW, not %d: run 'squash diff -h'", fs.NArg()))
	}
	c, err := compare.Files(fs.Arg(0), fs.Arg(1))
	if err != nil {
		return fail(ctx, stderr, err)
	}
	if err := present(stdout, *html, *asJSON, c, compare.WriteHTML, compare.WriteText, compare.WriteJSON); err != nil {
		return fail(ctx, stderr, err)
	}
	return exitClean
}
