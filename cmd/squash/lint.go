package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/squashgo/squash/internal/lint"
	"github.com/squashgo/squash/internal/version"
)

func init() {
	register(&command{
		name:    "lint",
		summary: "run the allocation analyzers; -fix applies their fixes, -diff shows them",
		run:     runLint,
	})
}

// vettoolEnv marks a run of this binary by go vet as its vet tool.
const vettoolEnv = "SQUASH_VETTOOL=1"

// runAsVettool makes squash its own go vet tool, so that squash lint needs
// no second binary and go vet caches its results. go vet -vettool=squash
// runs it as "squash -flags" and "squash [flags] DIR/vet.cfg" too, which
// no command of squash takes. go vet's "squash -V=full" is dispatch's.
func runAsVettool() {
	args := os.Args[1:]
	unit := false
	if n := len(args); n > 0 && strings.HasSuffix(args[n-1], ".cfg") {
		_, err := os.Stat(args[n-1])
		unit = err == nil
	}
	if os.Getenv("SQUASH_VETTOOL") == "1" || len(args) == 1 && args[0] == "-flags" || unit {
		lint.Main() // exits
	}
}

// lintConfig returns the lint configuration that runs this binary as the
// vet tool.
func lintConfig(patterns []string) (lint.Config, error) {
	exe, err := os.Executable()
	if err != nil {
		return lint.Config{}, fmt.Errorf("cannot find the squash binary to run as go vet's tool: %w", err)
	}
	if exe, err = filepath.EvalSymlinks(exe); err != nil {
		return lint.Config{}, err
	}
	return lint.Config{Patterns: patterns, Tool: exe, Env: []string{vettoolEnv}}, nil
}

func runLint(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		fix     = fs.Bool("fix", false, "apply the suggested fixes to the files")
		diff    = fs.Bool("diff", false, "print the suggested fixes as a unified diff; change nothing")
		asJSON  = fs.Bool("json", false, "print the findings as JSON (-format json)")
		format  = fs.String("format", "text", "print the findings as `text`, json or sarif (a SARIF 2.1.0 log, for code scanning)")
		profile = fs.String("profile", "", "keep only the findings on lines that the allocation or CPU profile in `FILE` or at URL, or a squash report's JSON, shows allocating, most first")
		sel     lint.Selection
	)
	sel.Register(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash lint [-fix | -diff | -json] [-profile FILE] [-enable list | -disable list | -NAME=false] [packages]")
		fmt.Fprintln(stderr, "\nRuns squash's allocation analyzers, without benchmarks, through go vet (results are")
		fmt.Fprintln(stderr, "cached). Exit status 0 when there is no finding (with -fix: none left unfixed), 1 when")
		fmt.Fprintln(stderr, "there are, 2 on error. Each analyzer has a flag of its name, as in go vet: -NAME runs")
		fmt.Fprintln(stderr, "only those so named, -NAME=false all but it.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *fix && *diff {
		return fail(ctx, stderr, fmt.Errorf("-fix and -diff exclude each other: -diff shows what -fix would do"))
	}
	if *profile != "" && (*fix || *diff) {
		return fail(ctx, stderr, fmt.Errorf("-profile selects the findings to print, and -fix and -diff make them all: drop -profile, or make the fixes it shows with -fix on their files"))
	}
	what, err := outputFormat(format, *asJSON)
	if err != nil {
		return fail(ctx, stderr, err)
	}
	if *format != "text" && (*fix || *diff) {
		return fail(ctx, stderr, fmt.Errorf("%s lists findings, and -fix and -diff print files and diffs: use %[1]s alone (each finding names its fix)", what))
	}
	cfg, err := lintConfig(fs.Args())
	if err == nil {
		cfg.Analyzers, err = sel.Chosen()
	}
	if err != nil {
		return fail(ctx, stderr, err)
	}
	var found bool
	if *fix || *diff {
		found, err = lint.Apply(ctx, cfg, *diff, stdout, stderr)
	} else {
		out := lint.Output{Format: *format, Tool: version.Read().Tool(), Profile: *profile, GitHub: os.Getenv("GITHUB_ACTIONS") == "true", Workspace: os.Getenv("GITHUB_WORKSPACE")}
		found, err = lint.Print(ctx, cfg, out, stdout, stderr)
	}
	switch {
	case err != nil:
		return fail(ctx, stderr, err)
	case found:
		return exitFindings
	}
	return exitClean
}
