package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/squashgo/squash/internal/escape"
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
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash explain [-in package] FILE:LINE[-LINE]")
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
		return fail(stderr, fmt.Errorf("explain needs FILE:LINE or FILE:LINE-LINE, such as decoder.go:31"))
	case 1:
	default:
		return fail(stderr, fmt.Errorf("explain takes one FILE:LINE[-LINE], not %d arguments: %s", fs.NArg(), strings.Join(fs.Args(), " ")))
	}
	file, from, to, err := parseLocation(fs.Arg(0))
	if err != nil {
		return fail(stderr, err)
	}
	e, err := escape.Explain(ctx, file, from, to, *in)
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "squash: interrupted")
			return exitError
		}
		return fail(stderr, err)
	}
	printExplanation(stdout, e)
	return exitClean
}

// parseLocation splits FILE:LINE or FILE:LINE-LINE.
func parseLocation(arg string) (file string, from, to int, err error) {
	i := strings.LastIndexByte(arg, ':')
	if i <= 0 {
		return "", 0, 0, fmt.Errorf("%q is not FILE:LINE or FILE:LINE-LINE", arg)
	}
	file, lines := arg[:i], arg[i+1:]
	a, b, isRange := strings.Cut(lines, "-")
	from, err1 := strconv.Atoi(a)
	to, err2 := from, error(nil)
	if isRange {
		to, err2 = strconv.Atoi(b)
	}
	if err1 != nil || err2 != nil {
		return "", 0, 0, fmt.Errorf("%q is not FILE:LINE or FILE:LINE-LINE: %q is not a line number", arg, lines)
	}
	return file, from, to, nil
}

func printExplanation(w io.Writer, e *escape.Explanation) {
	rel := func(p escape.Position) string {
		if p.File == e.File {
			return fmt.Sprintf("%d:%d", p.Line, p.Col)
		}
		f, err := filepath.Rel(e.Package.Root, p.File)
		if err != nil || strings.HasPrefix(f, "..") {
			f = p.File
		}
		return fmt.Sprintf("%s:%d:%d", f, p.Line, p.Col)
	}
	name, err := filepath.Rel(e.Package.Root, e.File)
	if err != nil {
		name = e.File
	}
	for i, l := range e.Lines {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s:%d: %s\n", name, l.Line, l.Code)
		if len(l.Here)+len(l.Copies)+len(l.Through) == 0 {
			fmt.Fprintln(w, "  no compiler decision on this line")
			if l.Generic {
				fmt.Fprintln(w, "  in a generic function: the compiler decides on its body in the packages that instantiate it (name one with -in)")
			} else if why := escape.Unrecorded(l.Code); why != "" {
				fmt.Fprintf(w, "  %s\n", why)
			}
			continue
		}
		record := func(prefix string, r escape.Record) {
			fmt.Fprintf(w, "  %s%s: %s\n", prefix, r.Code, r.Message)
			if why := r.WhyFree(); why != "" {
				fmt.Fprintf(w, "    %s\n", why)
			}
			if r.AtCall {
				fmt.Fprintf(w, "    built at the call, %s, where the result is assigned, with no frame of the function inlined: a heap profile shows it there\n", rel(r.Profiled()))
			}
			for _, s := range r.Flow {
				indent := "      "
				if strings.HasPrefix(s.Text, "flow:") {
					indent = "    "
				}
				if s.Pos.File == "" {
					// The compiler gives some steps, such as {temp} ← {temp}, no place.
					fmt.Fprintf(w, "%s%s\n", indent, s.Text)
					continue
				}
				where := rel(s.Pos)
				for _, in := range s.Inlined {
					where += " ← " + rel(in)
				}
				fmt.Fprintf(w, "%s%s  (%s)\n", indent, s.Text, where)
			}
		}
		for _, r := range l.Here {
			prefix := rel(r.Pos) + ": "
			if len(r.Inlined) > 0 {
				prefix = fmt.Sprintf("%s, code inlined from %s: ", rel(r.Pos), rel(r.Source()))
			}
			record(prefix, r)
		}
		for _, r := range l.Copies {
			record(fmt.Sprintf("%d:%d inlined into %s: ", r.Source().Line, r.Source().Col, rel(r.Pos)), r)
		}
		for _, r := range l.Through {
			record(fmt.Sprintf("flows through here from %s: ", rel(r.Pos)), r)
		}
	}
}
