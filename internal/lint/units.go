package lint

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/squashgo/squash/internal/gotool"
)

// go vet runs the tool once per unit: a package, the package with its
// _test.go files, or its external test package. The units of the packages
// named are analysed in full, and those of their dependencies for facts
// only. go vet caches each unit's output under a key that leaves that
// difference out. So a package with no _test.go file of its own, analysed
// first as a dependency, would replay that empty output when it is linted
// itself. Under -lint, the tool analyses such units in full too, and heads
// each unit's output with a unitLine; squash lint then reads the units of
// the packages it was given and no others.

// lintFlag is the tool's flag by which squash lint asks for what it reads:
// lintFindings, or lintFixes for the arbiter's fixes (see FixSuite). It is
// one of the tool's flags, so that go vet keys its cache with it.
const lintFlag = "lint"

const (
	lintFindings   = "findings"
	lintFixes      = "fixes"
	lintCandidates = "candidates" // for squash fix (see Candidates)
)

// unitPrefix starts the line that heads a unit's output under -lint,
// followed by its unitLine in JSON.
const unitPrefix = "squash: unit: "

// A unitLine heads the output of one unit under -lint.
type unitLine struct {
	Pkg string `json:"pkg"` // import path, which keys the unit's JSON
	// Tests reports whether the unit holds _test.go files. It tells a
	// package with its tests from the package alone, which go vet runs
	// for a dependency: the JSON of both is keyed by the import path.
	Tests bool `json:"tests"`

	// Under -lint=fixes, what the arbiter did in the unit.
	Made      int       `json:"made,omitempty"`      // fixes kept
	Unfixable int       `json:"unfixable,omitempty"` // findings with no fix
	Left      []LeftOut `json:"left,omitempty"`
}

// leave counts a fix of pass left out, as it overlaps one of overlaps.
func (u *unitLine) leave(pass, overlaps string) {
	u.Left = addLeft(u.Left, LeftOut{Pass: pass, Overlaps: overlaps, N: 1})
}

// printUnit writes u, the head of pass's unit, on the tool's standard
// output, which unitchecker sends to the file go vet reads and caches.
func printUnit(pass *analysis.Pass, u unitLine) error {
	u.Pkg = pass.Pkg.Path()
	for _, f := range pass.Files {
		if strings.HasSuffix(pass.Fset.File(f.FileStart).Name(), "_test.go") {
			u.Tests = true
		}
	}
	line, err := json.Marshal(u)
	if err != nil {
		return err
	}
	_, err = fmt.Printf("%s%s\n", unitPrefix, line)
	return err
}

// announcer heads its unit's output under -lint=findings, where no
// arbiter runs to do it. It reports nothing.
var announcer = &analysis.Analyzer{
	Name: "unit",
	Doc:  "heads each unit's output with the line squash lint reads",
	Run: func(pass *analysis.Pass) (any, error) {
		return nil, printUnit(pass, unitLine{})
	},
}

// lintMode returns the value of the tool's -lint flag in args, or "".
func lintMode(args []string) string {
	for i, a := range args {
		name, value, ok := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") || name != lintFlag {
			continue
		}
		if !ok && i+1 < len(args) {
			value = args[i+1]
		}
		return value
	}
	return ""
}

// vetConfig is the part of the go command's unit config (unitchecker's
// Config) that inFull reads.
type vetConfig struct {
	VetxOnly      bool
	Dir           string
	GoFiles       []string
	IgnoredFiles  []string
	ModulePath    string
	ModuleVersion string
	Module        *struct{ Path, Version string }
}

// inFull returns args, the tool's, with the unit's config file replaced by
// a copy that asks for a full analysis, where go vet asks for facts only
// but would replay the unit's output for the package linted itself (see
// replayed). The copy goes beside the original, in go vet's work
// directory.
func inFull(args []string) ([]string, error) {
	if len(args) == 0 || !strings.HasSuffix(args[len(args)-1], ".cfg") {
		return args, nil
	}
	name := args[len(args)-1]
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var cfg vetConfig
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("reading go vet's config %s: %w", name, err)
	}
	if !cfg.VetxOnly || !replayed(cfg) {
		return args, nil
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return nil, fmt.Errorf("reading go vet's config %s: %w", name, err)
	}
	all["VetxOnly"] = json.RawMessage("false")
	if data, err = json.Marshal(all); err != nil {
		return nil, err
	}
	full := strings.TrimSuffix(name, ".cfg") + ".full.cfg"
	if err := os.WriteFile(full, data, 0o644); err != nil {
		return nil, err
	}
	return append(slices.Clone(args[:len(args)-1]), full), nil
}

// replayed reports whether go vet would replay the output of cfg's unit,
// analysed for facts, where its package is linted itself. Its key is then
// the same: the package has no _test.go file of its own in this build. A
// module without a version is the user's own. There _test.go files may
// come and go without changing that key, so its units are always analysed
// in full.
func replayed(cfg vetConfig) bool {
	version := cfg.ModuleVersion
	if cfg.Module != nil {
		version = cfg.Module.Version
	}
	if (cfg.ModulePath != "" || cfg.Module != nil) && version == "" {
		return true
	}
	return !hasOwnTests(cfg)
}

// hasOwnTests reports whether cfg's package has a _test.go file in its own
// package that the build takes: one that go/build does not list among the
// ignored files, in the package of cfg's first Go file.
func hasOwnTests(cfg vetConfig) bool {
	if len(cfg.GoFiles) == 0 || cfg.Dir == "" {
		return false
	}
	fset := token.NewFileSet()
	pkg, err := parser.ParseFile(fset, cfg.GoFiles[0], nil, parser.PackageClauseOnly)
	if err != nil {
		return false
	}
	entries, err := os.ReadDir(cfg.Dir)
	if err != nil {
		return false
	}
	for _, e := range entries {
		name := e.Name()
		path := filepath.Join(cfg.Dir, name)
		// go/build passes over names that start with _ or ., and lists
		// the files the build leaves out.
		if !strings.HasSuffix(name, "_test.go") || strings.HasPrefix(name, "_") || strings.HasPrefix(name, ".") ||
			e.IsDir() || slices.Contains(cfg.IgnoredFiles, path) {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, parser.PackageClauseOnly)
		if err == nil && f.Name.Name == pkg.Name.Name {
			return true
		}
	}
	return false
}

// A unitOutput is one unit's part of go vet's output under -lint.
type unitOutput struct {
	head unitLine
	json []byte // unitchecker's JSON, which followed the head
}

// readUnits splits go vet's standard output under -lint at the units'
// heads. It drops what no head precedes, and go vet's "# pkg" lines.
func readUnits(out []byte) []unitOutput {
	var units []unitOutput
	for line := range bytes.Lines(out) {
		if rest, ok := bytes.CutPrefix(line, []byte(unitPrefix)); ok {
			var u unitLine
			if json.Unmarshal(rest, &u) == nil {
				units = append(units, unitOutput{head: u})
				continue
			}
		}
		if len(units) == 0 || bytes.HasPrefix(line, []byte("#")) {
			continue
		}
		last := &units[len(units)-1]
		last.json = append(last.json, line...)
	}
	return units
}

// A unitKey names a unit by what its head says.
type unitKey struct {
	pkg   string
	tests bool
}

// A targets is what squash lint was given, resolved: the keys of the
// units whose output it reads, and their Go files.
type targets struct {
	units map[unitKey]bool
	files []string // absolute
}

// commandLine is the import path go vet gives a package of .go files
// named on its command line.
const commandLine = "command-line-arguments"

// targets resolves the packages c names. Given .go files, go vet lints them
// as a package of their own, which nothing imports: all its units count.
// With mainOnly set, the packages of modules other than the main ones are
// left out: go vet -fix does not change them either.
func (c Config) targets(ctx context.Context, mainOnly bool) (targets, error) {
	t := targets{units: map[unitKey]bool{}}
	if files, ok := c.goFiles(); ok {
		for _, pkg := range []string{commandLine, commandLine + "_test"} {
			t.units[unitKey{pkg, false}], t.units[unitKey{pkg, true}] = true, true
		}
		t.files = files
		return t, nil
	}
	pkgs, err := gotool.Resolve(ctx, c.Dir, c.Patterns)
	if err != nil {
		return targets{}, err
	}
	for _, p := range pkgs {
		if mainOnly && !p.Main {
			continue
		}
		// go vet runs the package with its _test.go files in place of
		// the package alone, where it has any.
		own := slices.ContainsFunc(p.GoFiles, func(f string) bool { return strings.HasSuffix(f, "_test.go") })
		t.units[unitKey{p.ImportPath, own}] = true
		if len(p.XTestGoFiles) > 0 {
			t.units[unitKey{p.ImportPath + "_test", true}] = true
		}
		for _, f := range slices.Concat(p.GoFiles, p.XTestGoFiles) {
			t.files = append(t.files, filepath.Join(p.Dir, f))
		}
	}
	return t, nil
}

// goFiles returns c's patterns as absolute paths, and true, where they are
// all .go files.
func (c Config) goFiles() ([]string, bool) {
	if len(c.Patterns) == 0 {
		return nil, false
	}
	dir, err := filepath.Abs(c.Dir)
	if err != nil {
		return nil, false
	}
	var files []string
	for _, p := range c.Patterns {
		if !strings.HasSuffix(p, ".go") {
			return nil, false
		}
		if !filepath.IsAbs(p) {
			p = filepath.Join(dir, p)
		}
		files = append(files, filepath.Clean(p))
	}
	return files, true
}

// of returns the units of t among units, the first of each key. A unit
// of a dependency's test variant, such as q as the test of p imports it,
// has the same key as q's own; its output differs only where p's tests
// add to p's API, which the analyzers do not look at.
func (t targets) of(units []unitOutput) []unitOutput {
	var out []unitOutput
	seen := map[unitKey]bool{}
	for _, u := range units {
		k := unitKey{u.head.Pkg, u.head.Tests}
		if t.units[k] && !seen[k] {
			seen[k] = true
			out = append(out, u)
		}
	}
	return out
}
