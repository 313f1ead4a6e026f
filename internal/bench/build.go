package bench

import (
	"context"
	"debug/buildinfo"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/squashgo/squash/internal/gotool"
)

// A Binary is a package's test binary, built once, together with the
// directory where its compilation wrote the compiler's diagnostics.
type Binary struct {
	Package gotool.Package
	Path    string // the executable
	// DiagDir is the DIR of -gcflags=-json=0,DIR for this build: the escape
	// decisions of exactly the code that runs.
	DiagDir string
	// Vet is what the checks of go vet that go test runs before the tests
	// report, a line each (see gotool.TestVet); none when they pass.
	Vet []string
	// GoVersion is the version of Go that built it, as its build
	// information records it: go1.26.0.
	GoVersion string
	// Timeout bounds each of its runs (see Options.Timeout); 0 means
	// DefaultTimeout.
	Timeout time.Duration
}

// Build compiles pkg's test binary into work (a directory the caller owns
// and removes) with the compiler's JSON diagnostics enabled for the user's
// code. The diagnostics directory is new for every build, because the build
// cache writes no JSON on a hit and the flag's directory is part of the cache
// key, so the package is really compiled. flags go to the go command, and to
// its vet (squash fix builds its candidates with -overlay).
func Build(ctx context.Context, pkg gotool.Package, work string, flags ...string) (*Binary, error) {
	if !pkg.HasTests {
		return nil, &NoBenchmarksError{Where: pkg.ImportPath}
	}
	// Several packages may share one work directory.
	dir, err := os.MkdirTemp(work, pkg.Name+"-")
	if err != nil {
		return nil, err
	}
	diag := filepath.Join(dir, "diag")
	if err := os.Mkdir(diag, 0o755); err != nil {
		return nil, err
	}
	exe := filepath.Join(dir, pkg.Name+".test")
	gcflags := fmt.Sprintf("-gcflags=%s=-json=0,%s", pkg.GCFlagsPattern(), diag)
	type vetted struct {
		lines []string
		err   error
	}
	vet := make(chan vetted, 1)
	vctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		lines, err := gotool.TestVet(vctx, pkg, flags...)
		vet <- vetted{lines, err}
	}()
	err = gotool.Build(ctx, pkg, slices.Concat([]string{"test", "-c", "-vet=off", "-o", exe, gcflags}, flags, []string{pkg.ImportPath})...)
	if err != nil {
		cancel() // what vet says of code that does not compile is moot
	}
	v := <-vet
	if err != nil {
		return nil, err
	}
	if v.err != nil {
		return nil, v.err
	}
	if _, err := os.Stat(exe); err != nil {
		// go test -c writes nothing for a package without test files.
		return nil, &NoBenchmarksError{Where: pkg.ImportPath}
	}
	info, err := buildinfo.ReadFile(exe)
	if err != nil {
		return nil, fmt.Errorf("reading the build information of %s's test binary: %w", pkg.ImportPath, err)
	}
	return &Binary{Package: pkg, Path: exe, DiagDir: diag, Vet: v.lines, GoVersion: info.GoVersion}, nil
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}
