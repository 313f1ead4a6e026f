// Command squash finds, explains, fixes and fences off heap allocations in Go
// programs.
//
// Usage:
//
//	squash [report] [flags] [packages]   measure benchmarks, blame allocations on lines
//	squash diff [-html FILE] OLD NEW     compare two reports, as benchstat compares runs
//	squash explain FILE:LINE[-LINE]      the compiler's escape decisions on those lines
//	squash lint [flags] [packages]       allocation analyzers with suggested fixes
//	squash fix [flags] [packages]        try the fixes where benchmarks allocate; keep what they prove
//	squash guard [flags] [packages]      check allocation budgets and //squash:noalloc
//	squash gc [flags] [packages]         run benchmarks under GOGC and GOMEMLIMIT settings
//	squash version [-json]               squash's version and the Go version that built it
//	squash help [command]                the usage of squash or of a command
//
// Exit status: 0 clean, 1 findings or budget exceeded, 2 usage or tool error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"regexp"
	"sort"
	"strings"
	"syscall"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/text"
	"github.com/squashgo/squash/internal/version"
)

// A command is one subcommand of squash. Each lives in its own file and
// registers itself from init, so that main stays a dispatcher.
type command struct {
	name    string
	summary string
	// run parses args (without the subcommand name) and does the work.
	// It returns the process exit status.
	run func(ctx context.Context, args []string, stdout, stderr io.Writer) int
}

var commands = map[string]*command{}

func register(c *command) {
	if _, dup := commands[c.name]; dup {
		panic("squash: command registered twice: " + c.name)
	}
	commands[c.name] = c
}

// Exit statuses, as the package doc and README.md give them.
const (
	exitClean    = 0
	exitFindings = 1
	exitError    = 2
)

func main() {
	runAsVettool()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// The go command's work directories go under one of squash's own,
	// removed here, also when squash is interrupted.
	work, err := os.MkdirTemp("", "squash-go-")
	if err == nil {
		gotool.SetWorkDir(work)
	}
	code := dispatch(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err == nil {
		os.RemoveAll(work)
	}
	os.Exit(code)
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	name := "report"
	if len(args) > 0 {
		if c, ok := commands[args[0]]; ok {
			name, args = c.name, args[1:]
		} else if args[0] == "help" && len(args) > 1 {
			if c := commands[args[1]]; c != nil && len(args) == 2 {
				return c.run(ctx, []string{"-h"}, stdout, stdout)
			}
			return fail(ctx, stderr, fmt.Errorf("help takes one command, one of %s", strings.Join(commandNames(), ", ")))
		} else if args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			usage(stdout)
			return exitClean
		} else if len(args) == 1 && (args[0] == "-V" || args[0] == "-V=full") {
			line, err := version.Read().V(args[0] == "-V=full") // go vet asks its -vettool
			if err != nil {
				return fail(ctx, stderr, err)
			}
			fmt.Fprintln(stdout, line)
			return exitClean
		} else if msg, ok := unknownCommand(ctx, args[0]); ok {
			fmt.Fprintf(stderr, "squash: %s\n", msg)
			return exitError
		}
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "squash: unknown command %q: run 'squash help'\n", name)
		return exitError
	}
	return c.run(ctx, args, stdout, stderr)
}

// bareWord is a first argument that may be a misspelt command: a word, where
// a package pattern is usually a path (./x, ./...) or an import path with a
// slash, though it may be a word too (strings, std, a module named app).
var bareWord = regexp.MustCompile(`^[a-z][a-z0-9]*$`)

// unknownCommand returns the message for a first argument that is a word the
// go command does not resolve to a package either, such as a misspelt
// command ("gaurd"), and false for anything else, which the report command
// takes as a package pattern.
func unknownCommand(ctx context.Context, arg string) (string, bool) {
	if !bareWord.MatchString(arg) {
		return "", false
	}
	if _, err := gotool.Resolve(ctx, "", []string{arg}); err == nil || ctx.Err() != nil {
		return "", false
	}
	msg := fmt.Sprintf("unknown command %q", arg)
	if n, ok := text.Near(arg, commandNames()); ok {
		msg += fmt.Sprintf(" (did you mean %s?)", n)
	}
	return msg + ": run 'squash help' for the commands", true
}

func commandNames() []string {
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: squash [command] [flags] [packages]")
	fmt.Fprintln(w)
	for _, n := range commandNames() {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "The default command is report. 'squash help COMMAND' prints its usage and flags.")
}

// fail prints err, a line (with the output it quotes) for each error it
// joins, or only that the command was interrupted when ctx was cancelled,
// and returns exitError.
func fail(ctx context.Context, stderr io.Writer, err error) int {
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "squash: interrupted")
		return exitError
	}
	errs := []error{err}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		errs = j.Unwrap() // such as two benchmarks that failed: a line each
	}
	for _, e := range errs {
		fmt.Fprintf(stderr, "squash: %s\n", strings.TrimSpace(e.Error()))
	}
	return exitError
}

// checkBenchFlags returns an error for the first of the flags that shape
// benchmark runs, -count, -benchtime and -bench, whose value go test would
// refuse, or that squash cannot measure with.
func checkBenchFlags(opts bench.Options) error {
	if opts.Count < 1 {
		return fmt.Errorf("-count must be at least 1")
	}
	if err := bench.CheckBenchtime(opts.Benchtime); err != nil {
		return err
	}
	return bench.CheckBench(opts.Bench)
}

// outputFormat checks the value of a command's -format flag, which -json
// sets to json, and returns the flag as the user gave it, for a message.
func outputFormat(format *string, asJSON bool) (string, error) {
	if asJSON {
		if *format != "text" && *format != "json" {
			return "", fmt.Errorf("-json and -format %s exclude each other: give one", *format)
		}
		*format = "json"
		return "-json", nil
	}
	if *format != "text" && *format != "json" && *format != "sarif" {
		return "", fmt.Errorf("-format %s: the formats are text, json and sarif", *format)
	}
	return "-format " + *format, nil
}

// parseFlags parses args into fs. -h prints fs's usage and exits 0; a bad
// flag gets one line that names the command and -h, and exits 2, not the
// whole usage that the flag package prints.
func parseFlags(fs *flag.FlagSet, args []string, stderr io.Writer) (code int, ok bool) {
	usage, out := fs.Usage, fs.Output()
	fs.Usage = func() {}
	fs.SetOutput(io.Discard)
	err := parseInterleaved(fs, args)
	fs.Usage = usage
	fs.SetOutput(out)
	switch {
	case err == nil:
		return 0, true
	case errors.Is(err, flag.ErrHelp):
		fs.Usage()
		return exitClean, false
	}
	fmt.Fprintf(stderr, "%s: %v: run '%s -h' for its flags\n", fs.Name(), err, fs.Name())
	return exitError, false
}

// parseInterleaved parses args with fs as the go command does, flags and
// other arguments in either order (squash . -bench X): the flag package
// stops at the first argument that is not a flag, so each is set aside and
// the parse goes on after it, up to "--", after which all are arguments.
// fs.Args() then holds the arguments, in their order.
func parseInterleaved(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			break
		}
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			pos = append(pos, rest...)
			break
		}
		pos, args = append(pos, rest[0]), rest[1:]
	}
	return fs.Parse(append([]string{"--"}, pos...))
}
