package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strings"

	"github.com/squashgo/squash/internal/explain"
)

func init() {
	register(&command{
		name:    "explain",
		summary: "print the compiler's escape decisions on FILE:LINE[-LINE]",
		run:     runExplain,
	})
}

func runExplain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash explain", flag.ContinueOnError)
	fs.SetOutput(stderr)
	in := fs.String("in", "", "build this package (of FILE's module) rather than FILE's: one that instantiates a generic function, or a benchmark's")
	asJSON := fs.Bool("json", false, "print the decisions as JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash explain [-in package] [-json] FILE:LINE[-LINE]")
		fmt.Fprintln(stderr, "\nPrints every decision of the compiler on those lines: escapes, leaks, variables")
		fmt.Fprintln(stderr, "moved to the heap, and copies of the lines inlined into other functions, each with")
		fmt.Fprintln(stderr, "the flow the escape analysis followed. Needs no benchmark.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	switch fs.NArg() {
	case 0:
		return fail(ctx, stderr, fmt.Errorf("explain needs FILE:LINE or FILE:LINE-LINE, such as decoder.go:31"))
	case 1:
	default:
		return fail(ctx, stderr, fmt.Errorf("explain takes one FILE:LINE[-LINE], not %d arguments: %s", fs.NArg(), strings.Join(fs.Args(), " ")))
	}
	file, from, to, err := explain.ParseLocation(fs.Arg(0))
	if err != nil {
		return fail(ctx, stderr, err)
	}
	e, err := explain.Explain(ctx, file, from, to, *in)
	if err != nil {
		return fail(ctx, stderr, err)
	}
	if *asJSON {
		err = explain.WriteJSON(stdout, e)
	} else {
		explain.WriteText(stdout, e)
	}
	if err != nil {
		return fail(ctx, stderr, err)
	}
	return exitClean
}
