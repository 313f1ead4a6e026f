package main

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/lint"
	"github.com/squashgo/squash/internal/noalloc"
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
// no second binary and go vet caches its results.
func runAsVettool() {
	if os.Getenv("SQUASH_VETTOOL") == "1" {
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

// goFiles returns the Go files in the directories of pkgs.
func goFiles(pkgs []gotool.Package) []string {
	var all []string
	for _, p := range pkgs {
		if !p.Standard {
			files, _ := filepath.Glob(filepath.Join(p.Dir, "*.go"))
			all = append(all, files...)
		}
	}
	return all
}

// hashes returns the SHA-256 of each file, so that lint -fix can say which
// it changed.
func hashes(files []string) (map[string][32]byte, error) {
	sums := map[string][32]byte{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		sums[f] = sha256.Sum256(data)
	}
	return sums, nil
}

func runLint(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash lint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var (
		fix    = fs.Bool("fix", false, "apply the suggested fixes to the files")
		diff   = fs.Bool("diff", false, "print the suggested fixes as a unified diff; change nothing")
		asJSON = fs.Bool("json", false, "print the findings as JSON")
	)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash lint [-fix | -diff | -json] [packages]")
		fmt.Fprintln(stderr, "\nRuns squash's allocation analyzers, without benchmarks, through go vet (results are")
		fmt.Fprintln(stderr, "cached). Exit status 0 when there is no finding (with -fix: none left unfixed), 1 when")
		fmt.Fprintln(stderr, "there are, 2 on error.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
		fmt.Fprintln(stderr, "\nAnalyzers:")
		for _, a := range lint.Suite() {
			fmt.Fprintf(stderr, "  %-14s %s\n", a.Name, firstLine(a.Doc))
		}
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if *fix && *diff {
		return fail(stderr, fmt.Errorf("-fix and -diff exclude each other: -diff shows what -fix would do"))
	}
	if *asJSON && (*fix || *diff) {
		return fail(stderr, fmt.Errorf("-json lists findings, and -fix and -diff print files and diffs: use -json alone (each finding names its fix)"))
	}
	cfg, err := lintConfig(fs.Args())
	if err != nil {
		return fail(stderr, err)
	}
	if *fix || *diff {
		// Files -fix changed are named: the .go files given, or those of
		// the packages the patterns resolve to.
		var watched []string
		if _, files := packageOfFiles(fs.Args()); *fix && files != nil {
			watched = slices.Collect(maps.Keys(files))
		} else if *fix {
			if pkgs, err := gotool.Resolve(ctx, "", fs.Args()); err == nil {
				watched = goFiles(pkgs)
			}
		}
		before, _ := hashes(watched)
		res, err := lint.Fix(ctx, cfg, *diff)
		if len(before) > 0 {
			// Also when go vet failed on a package: it fixed the others.
			if after, err := hashes(watched); err == nil {
				wd, _ := os.Getwd()
				for _, f := range slices.Sorted(maps.Keys(after)) {
					if after[f] != before[f] {
						fmt.Fprintf(stdout, "fixed %s\n", relativeTo(wd, f))
					}
				}
			}
		}
		if err != nil {
			return fail(stderr, err)
		}
		out := res.Output
		fmt.Fprint(stdout, out)
		if res.Left > 0 {
			// A fix is left out where it overlaps one made or shown, or
			// goes with one that does; it may apply after those.
			var why []string
			for _, l := range res.LeftOut {
				why = append(why, l.String())
			}
			what := fmt.Sprintf("the diff leaves out %s, which may apply after those it shows (squash lint -fix makes them in turns)", plural(res.Left, "fix", "fixes"))
			if !*diff {
				what = fmt.Sprintf("%s not made (squash lint lists them)", plural(res.Left, "fix", "fixes"))
			}
			fmt.Fprintf(stderr, "squash: %s: %s\n", what, strings.Join(why, "; "))
		}
		if res.Unfixable > 0 {
			what := "left as they are"
			if *diff {
				what = "not in the diff"
			}
			fmt.Fprintf(stderr, "squash: findings with no fix, %s: %d (squash lint lists them)\n", what, res.Unfixable)
		}
		if res.Unsettled > 0 {
			fmt.Fprintf(stderr, "squash: the last round of fixes made %s whose code was not read again: run squash lint -fix again for any it calls for\n", plural(res.Unsettled, "fix", "fixes"))
		}
		// Findings remain: those the diff shows, and those -fix left.
		if *diff && out != "" || res.Left > 0 || res.Unfixable > 0 || res.Unsettled > 0 {
			return exitFindings
		}
		return exitClean
	}
	findings, err := lint.Run(ctx, cfg)
	var unchecked []string // what the noalloc check could not check, and why
	if err == nil {
		// Functions marked //squash:noalloc, from the compiler's escape
		// analysis: a build of only the packages that have one.
		var res *noalloc.Result
		patterns, files := packageOfFiles(fs.Args())
		if res, err = noalloc.Check(ctx, nil, "", patterns); err == nil {
			for _, v := range res.Violations {
				if abs, _ := filepath.Abs(v.Pos.File); files != nil && !files[abs] {
					continue
				}
				findings = append(findings, lint.Finding{Pass: "noalloc", File: v.Pos.File, Line: v.Pos.Line, Col: v.Pos.Column,
					EndLine: v.Pos.Line, Lines: []int{v.Pos.Line}, Message: v.Message()})
			}
			named := "."
			if len(patterns) > 0 {
				named = strings.Join(patterns, " ")
			}
			for _, f := range res.Unchecked {
				if files == nil || files[res.Files[f]] {
					unchecked = append(unchecked, uncheckedWhy(f, named))
				}
			}
			wd, _ := os.Getwd()
			for _, u := range res.Unbuilt {
				if files == nil || files[u.File] {
					unchecked = append(unchecked, unbuiltWhy(u, relativeTo(wd, u.File)))
				}
			}
			slices.SortStableFunc(findings, func(a, b lint.Finding) int {
				return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
			})
		}
	}
	if err != nil {
		if ctx.Err() != nil {
			fmt.Fprintln(stderr, "squash: interrupted")
			return exitError
		}
		return fail(stderr, err)
	}
	if *asJSON {
		// Files relative to their module's root, as in squash -json.
		patterns, _ := packageOfFiles(fs.Args())
		pkgs, err := gotool.Resolve(ctx, "", patterns)
		if err != nil {
			return fail(stderr, err)
		}
		findings = lint.ModuleRelative(findings, pkgs)
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if findings == nil {
			findings = []lint.Finding{}
		}
		if err := enc.Encode(map[string]any{"findings": findings}); err != nil {
			return fail(stderr, err)
		}
	} else {
		wd, _ := os.Getwd()
		for _, f := range findings {
			if r, err := filepath.Rel(wd, f.File); err == nil && !filepath.IsAbs(r) && len(r) < len(f.File) {
				f.File = r
			}
			fmt.Fprintln(stdout, f)
		}
	}
	// Not findings, as in squash guard, which fails them only with
	// -strict: nothing is known to allocate.
	for _, why := range unchecked {
		fmt.Fprintf(stderr, "squash: //squash:noalloc function not checked: %s\n", why)
	}
	if len(findings) > 0 {
		return exitFindings
	}
	return exitClean
}

// packageOfFiles returns the patterns for the noalloc check, which takes
// packages: where args are .go files, which go vet lints as a package of
// their own, their directory, and the files as absolute paths, whose
// violations alone are kept; otherwise args and nil.
func packageOfFiles(args []string) ([]string, map[string]bool) {
	if len(args) == 0 {
		return args, nil
	}
	files := map[string]bool{}
	for _, a := range args {
		abs, err := filepath.Abs(a)
		if !strings.HasSuffix(a, ".go") || err != nil {
			return args, nil
		}
		files[abs] = true
	}
	// go vet has checked that the files are in one directory.
	dir := filepath.Dir(args[0])
	if !filepath.IsAbs(dir) && dir != "." {
		dir = "./" + filepath.ToSlash(dir)
	}
	return []string{dir}, files
}

func firstLine(s string) string {
	for i, c := range s {
		if c == '\n' {
			return s[:i]
		}
	}
	return s
}

// plural returns n and the word for n things: "1 fix", "2 fixes".
func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
