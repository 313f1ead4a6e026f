package lint

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/annotation"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/noalloc"
	"github.com/squashgo/squash/internal/sarif"
	"github.com/squashgo/squash/internal/text"
)

// Apply applies the suggested fixes of the analyzers, or with diff set
// prints them as a unified diff and changes nothing, and reports whether
// findings are left: those the diff shows, and those -fix left. It names
// each file it changed on stdout, and says on stderr which fixes it left
// out and why.
func Apply(ctx context.Context, cfg Config, diff bool, stdout, stderr io.Writer) (left bool, err error) {
	res, err := Fix(ctx, cfg, diff)
	// Also when go vet failed on a package: Fix fixed the others.
	wd, _ := os.Getwd()
	for _, f := range res.Fixed {
		fmt.Fprintf(stdout, "fixed %s\n", text.Rel(wd, f))
	}
	if err != nil {
		return false, err
	}
	out := res.Output
	fmt.Fprint(stdout, out)
	if res.Left > 0 {
		// A fix is left out where it overlaps one made or shown, or
		// goes with one that does; it may apply after those.
		why := slices.Grow[[]string](nil, len(res.LeftOut))
		for _, l := range res.LeftOut {
			why = append(why, l.String())
		}
		what := fmt.Sprintf("the diff leaves out %s, which may apply after those it shows (squash lint -fix makes them in turns)", text.Plural(res.Left, "fix", "fixes"))
		if !diff {
			what = text.Plural(res.Left, "fix", "fixes") + " not made (squash lint lists them)"
		}
		fmt.Fprintf(stderr, "squash: %s: %s\n", what, strings.Join(why, "; "))
	}
	if res.Unfixable > 0 {
		what := "left as they are"
		if diff {
			what = "not in the diff"
		}
		fmt.Fprintf(stderr, "squash: findings with no fix, %s: %d (squash lint lists them)\n", what, res.Unfixable)
	}
	if res.Unsettled > 0 {
		fmt.Fprintf(stderr, "squash: the last round of fixes made %s whose code was not read again: run squash lint -fix again for any it calls for\n", text.Plural(res.Unsettled, "fix", "fixes"))
	}
	// Findings remain: those the diff shows, and those -fix left.
	if diff && out != "" || res.Left > 0 || res.Unfixable > 0 || res.Unsettled > 0 {
		return true, nil
	}
	return false, nil
}

// Output says how Print shows the findings.
type Output struct {
	// Format is "text" (or ""), "json" or "sarif", a SARIF 2.1.0 log
	// whose tool is Tool.
	Format string
	Tool   sarif.Tool
	// GitHub prints a GitHub Actions annotation of each finding too, with
	// the text; Workspace is GITHUB_WORKSPACE, which their files are
	// relative to ("" if unset).
	GitHub    bool
	Workspace string
	// Profile, when set, is an allocation or CPU profile (a file or a
	// URL) or the JSON of a squash report: only the findings on lines it
	// shows allocating are kept, most first, each with its share.
	Profile string
}

// Print runs the analyzers and the check of the functions marked
// //squash:noalloc over the packages or files cfg names, prints their
// findings on stdout, as text or JSON, and reports whether there are any.
// What the noalloc check could not check is said on stderr: nothing is
// known to allocate there.
func Print(ctx context.Context, cfg Config, out Output, stdout, stderr io.Writer) (found bool, err error) {
	findings, err := Run(ctx, cfg)
	if err == nil && out.Profile != "" {
		findings, err = Evidenced(ctx, cfg, out.Profile, findings)
	}
	var unchecked []string // what the noalloc check could not check, and why
	if err == nil && runs(cfg.Analyzers, noallocName) {
		// Functions marked //squash:noalloc, from the compiler's escape
		// analysis: a build of only the packages that have one.
		var res *noalloc.Result
		patterns, files := packageOfFiles(cfg.Patterns)
		if res, err = noalloc.Check(ctx, nil, cfg.Dir, patterns); err == nil {
			for _, v := range res.Violations {
				if abs, _ := filepath.Abs(v.Pos.File); files != nil && !files[abs] {
					continue
				}
				findings = append(findings, Finding{Pass: noalloc.Rule.ID, File: v.Pos.File, Line: v.Pos.Line, Col: v.Pos.Column,
					EndLine: v.Pos.Line, Lines: []int{v.Pos.Line}, Message: v.Message()})
			}
			named := "."
			if len(patterns) > 0 {
				named = strings.Join(patterns, " ")
			}
			for _, f := range res.Unchecked {
				if files == nil || files[res.Files[f]] {
					unchecked = append(unchecked, noalloc.WhyUnchecked(f, named))
				}
			}
			wd, _ := os.Getwd()
			for _, u := range res.Unbuilt {
				if files == nil || files[u.File] {
					unchecked = append(unchecked, u.Why(text.Rel(wd, u.File)))
				}
			}
			slices.SortStableFunc(findings, func(a, b Finding) int {
				return cmp.Or(strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line), cmp.Compare(a.Col, b.Col))
			})
		}
	}
	if err != nil {
		return false, err
	}
	switch out.Format {
	case "sarif":
		patterns, _ := packageOfFiles(cfg.Patterns)
		pkgs, err := gotool.Resolve(ctx, cfg.Dir, patterns)
		if err != nil {
			return false, err
		}
		if err := sarifLog(cfg, out.Tool, pkgs[0].Root, findings).Write(stdout); err != nil {
			return false, err
		}
	case "json":
		// Files relative to their module's root, as in squash -json.
		patterns, _ := packageOfFiles(cfg.Patterns)
		pkgs, err := gotool.Resolve(ctx, cfg.Dir, patterns)
		if err != nil {
			return false, err
		}
		findings = ModuleRelative(findings, pkgs)
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if findings == nil {
			findings = []Finding{}
		}
		if err := enc.Encode(map[string]any{"findings": findings}); err != nil {
			return false, err
		}
	default:
		var ann *annotation.Printer
		if out.GitHub && len(findings) > 0 {
			patterns, _ := packageOfFiles(cfg.Patterns)
			pkgs, err := gotool.Resolve(ctx, cfg.Dir, patterns)
			if err != nil {
				return false, err
			}
			ann = &annotation.Printer{W: stdout, Root: pkgs[0].Root, Workspace: out.Workspace}
		}
		wd, _ := os.Getwd()
		for _, f := range findings {
			if ann != nil {
				ann.Print("error", f.File, f.Line, f.Col, f.Message+" ["+f.Pass+"]")
			}
			if r, err := filepath.Rel(wd, f.File); err == nil && !filepath.IsAbs(r) && len(r) < len(f.File) {
				f.File = r
			}
			if f.Share > 0 {
				fmt.Fprintf(stdout, "%s (%s of the profile's allocations)\n", f, share(f.Share))
				continue
			}
			fmt.Fprintln(stdout, f)
		}
	}
	// Not findings, as in squash guard, which fails them only with
	// -strict: nothing is known to allocate.
	for _, why := range unchecked {
		fmt.Fprintf(stderr, "squash: //squash:noalloc function not checked: %s\n", why)
	}
	return len(findings) > 0, nil
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
