// Command squash finds, explains, fixes and fences off heap allocations in Go
// programs.
//
// Usage:
//
//	squash [report] [flags] [packages]   measure benchmarks, blame allocations on lines
//	squash explain FILE:LINE[-LINE]      the compiler's escape decisions on those lines
//	squash lint [flags] [packages]       allocation analyzers with suggested fixes
//	squash guard [flags] [packages]      check allocation budgets and //squash:noalloc
//
// Exit status: 0 clean, 1 findings or budget exceeded, 2 usage or tool error.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
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

// Exit statuses, as in DESIGN.md.
const (
	exitClean    = 0
	exitFindings = 1
	exitError    = 2
)

func main() {
	runAsVettool()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := dispatch(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

func dispatch(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	name := "report"
	if len(args) > 0 {
		if c, ok := commands[args[0]]; ok {
			name, args = c.name, args[1:]
		} else if args[0] == "help" || args[0] == "-h" || args[0] == "-help" || args[0] == "--help" {
			usage(stdout)
			return exitClean
		}
	}
	c, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "squash: unknown command %q: run 'squash help'\n", name)
		return exitError
	}
	return c.run(ctx, args, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: squash [command] [flags] [packages]")
	fmt.Fprintln(w)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "The default command is report. 'squash COMMAND -h' lists its flags.")
}

// fail prints one line for err and returns exitError.
func fail(stderr io.Writer, err error) int {
	msg := strings.TrimSpace(err.Error())
	fmt.Fprintf(stderr, "squash: %s\n", msg)
	return exitError
}
