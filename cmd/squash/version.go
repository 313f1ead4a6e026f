package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/squashgo/squash/internal/version"
)

func init() {
	register(&command{
		name:    "version",
		summary: "print squash's version and the Go version that built it",
		run:     runVersion,
	})
}

func runVersion(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the version as JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash version [-json]")
		fmt.Fprintln(stderr, "\nPrints squash's module version, as go install stamps it, the Go version that built")
		fmt.Fprintln(stderr, "it, and the platform. 'squash -V=full' adds a hash of the binary, as go vet asks a tool.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return fail(ctx, stderr, fmt.Errorf("version takes no arguments: run 'squash version'"))
	}
	b := version.Read()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(b); err != nil {
			return fail(ctx, stderr, err)
		}
		return exitClean
	}
	fmt.Fprintln(stdout, b)
	return exitClean
}
