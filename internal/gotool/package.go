package gotool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A Package is one Go package whose benchmarks squash measures.
type Package struct {
	ImportPath string // e.g. github.com/squashgo/squash/examples/decoder
	Dir        string // absolute directory of its sources
	Name       string // package name

	// Root is the directory that file names in reports are relative to:
	// the module root, or GOROOT/src for the standard library.
	Root string
	// Module is the module path ("std" for the standard library).
	Module string
	// Standard reports whether the package is part of the standard library.
	Standard bool
	// Main reports whether its module is a main module: the one the go
	// command runs in, or one of its workspace's.
	Main bool

	// HasTests reports whether the package has any _test.go files, the only
	// place benchmarks can live.
	HasTests bool

	// Ignored are the Go files in Dir that build constraints leave out of
	// the build for the go command's GOOS and GOARCH (go list's
	// IgnoredGoFiles): the compiler makes no decision on them.
	Ignored []string
	// GoFiles are the Go files in Dir that the go command builds into the
	// package and its test (go list's GoFiles, CgoFiles and TestGoFiles),
	// and XTestGoFiles those of its external test package: the files that
	// GOOS, GOARCH and the tags in GOFLAGS select, as Ignored are the others.
	GoFiles, XTestGoFiles []string
}

// Scope returns the import-path prefix that counts as "the user's code" when
// allocations are blamed on lines: the whole module, or for the standard
// library the package itself.
func (p Package) Scope() string {
	if p.Standard {
		return p.ImportPath
	}
	return p.Module
}

// GCFlagsPattern returns the package pattern that -gcflags applies to so that
// the compiler's diagnostics cover every package of the user's code.
func (p Package) GCFlagsPattern() string {
	if p.Standard {
		return p.ImportPath
	}
	return p.Module + "/..."
}

// listed is the subset of `go list -json` output that Resolve reads.
type listed struct {
	ImportPath     string
	Dir            string
	Name           string
	Standard       bool
	Root           string
	GoFiles        []string
	CgoFiles       []string
	TestGoFiles    []string
	XTestGoFiles   []string
	IgnoredGoFiles []string
	Module         *struct {
		Path string
		Dir  string
		Main bool
	}
	Error *struct {
		Err string
	}
}

// Resolve expands package patterns (as the go command takes them) in dir.
// A pattern that matches nothing, a directory without Go files and a package
// with errors in its import graph are errors that name the pattern.
func Resolve(ctx context.Context, dir string, patterns []string) ([]Package, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if err := CheckPatterns(dir, patterns); err != nil {
		return nil, err
	}
	args := append([]string{"list", "-e", "-json=ImportPath,Dir,Name,Standard,Root,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,IgnoredGoFiles,Module,Error", "--"}, patterns...)
	cmd := Command(ctx, dir, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("cannot list %s: %s", strings.Join(patterns, " "), FirstLines(stderr.String(), 5))
	}
	var pkgs []Package
	dec := json.NewDecoder(&stdout)
	for {
		var l listed
		if err := dec.Decode(&l); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list output: %w", err)
		}
		if l.Error != nil {
			// One line: the go command puts its suggestion on the next
			// ("…; to add it:\n\tgo get …").
			return nil, fmt.Errorf("%s: %s", l.ImportPath, strings.Join(strings.Fields(l.Error.Err), " "))
		}
		p := Package{
			ImportPath:   l.ImportPath,
			Dir:          l.Dir,
			Name:         l.Name,
			Standard:     l.Standard,
			HasTests:     len(l.TestGoFiles)+len(l.XTestGoFiles) > 0,
			Ignored:      l.IgnoredGoFiles,
			GoFiles:      slices.Concat(l.GoFiles, l.CgoFiles, l.TestGoFiles),
			XTestGoFiles: l.XTestGoFiles,
		}
		switch {
		case l.Standard:
			p.Module, p.Root = "std", l.Root+"/src"
		case l.Module != nil:
			p.Module, p.Root, p.Main = l.Module.Path, l.Module.Dir, l.Module.Main
		case l.ImportPath == "command-line-arguments":
			return nil, fmt.Errorf("%s: squash takes packages, not .go files: name the package's directory, %s", strings.Join(patterns, " "), dirArg(dir, l.Dir))
		default:
			return nil, fmt.Errorf("%s is not in a module: run squash inside a module (go mod init)", l.ImportPath)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) == 0 {
		return nil, fmt.Errorf("no packages match %s", strings.Join(patterns, " "))
	}
	return pkgs, nil
}

// CheckPatterns returns an error for the first of patterns, as the go
// command in dir would take them, that names a file other than a .go file
// (which the go command takes for a package of that one file: it would read
// it as an import path, and suggest go get), or a directory that does not
// exist, with or without /... (the go command's errors name the pattern
// twice, or a stat of the absolute path).
func CheckPatterns(dir string, patterns []string) error {
	for _, pat := range patterns {
		path := pat
		if !filepath.IsAbs(path) {
			path = filepath.Join(dir, pat)
		}
		if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() && !strings.HasSuffix(pat, ".go") {
			return fmt.Errorf("%s is a file, not a package: name a package's directory, or a pattern such as ./...", pat)
		}
		if !local(pat) || strings.HasSuffix(pat, ".go") {
			continue
		}
		base := strings.TrimSuffix(filepath.ToSlash(path), "/...")
		if strings.Contains(base, "...") {
			continue // a wildcard within a name: ./cmd/sq... may match
		}
		if _, err := os.Stat(base); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("%s: no such directory: name a package's directory, or a pattern such as ./...", pat)
		}
	}
	return nil
}

// local reports whether the go command reads pattern as a directory: a
// relative path starting with . or .., or an absolute one.
func local(pattern string) bool {
	return pattern == "." || pattern == ".." || strings.HasPrefix(pattern, "./") || strings.HasPrefix(pattern, "../") || filepath.IsAbs(pattern)
}

// dirArg returns the package directory pkgDir as a go command argument
// from dir: relative with a leading ./ when it is under dir.
func dirArg(dir, pkgDir string) string {
	if dir == "" {
		dir, _ = os.Getwd()
	}
	rel, err := filepath.Rel(dir, pkgDir)
	switch {
	case err != nil || !filepath.IsLocal(rel):
		return pkgDir
	case rel == ".":
		return "."
	}
	return "./" + filepath.ToSlash(rel)
}

// FirstLines returns at most n non-empty lines of s, joined by newlines.
func FirstLines(s string, n int) string {
	var out []string
	for line := range strings.Lines(s) {
		line = strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(line) == "" {
			continue
		}
		if len(out) == n {
			out = append(out, "…")
			break
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}
