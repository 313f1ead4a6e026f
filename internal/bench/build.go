package bench

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// A Binary is a package's test binary, built once, together with the
// directory where its compilation wrote the compiler's diagnostics.
type Binary struct {
	Package Package
	Path    string // the executable
	// DiagDir is the DIR of -gcflags=-json=0,DIR for this build: the escape
	// decisions of exactly the code that runs.
	DiagDir string
}

// Build compiles pkg's test binary into work (a directory the caller owns
// and removes) with the compiler's JSON diagnostics enabled for the user's
// code. The diagnostics directory is new for every build, because the build
// cache writes no JSON on a hit and the flag's directory is part of the cache
// key, so the package is really compiled.
func Build(ctx context.Context, pkg Package, work string) (*Binary, error) {
	if !pkg.HasTests {
		return nil, fmt.Errorf("no benchmarks in %s: add a `func BenchmarkX(b *testing.B)` in a _test.go file or pass -profile FILE", pkg.ImportPath)
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
	if err := compile(ctx, pkg, "test", "-c", "-o", exe, gcflags, pkg.ImportPath); err != nil {
		return nil, err
	}
	if _, err := os.Stat(exe); err != nil {
		// go test -c writes nothing for a package without test files.
		return nil, fmt.Errorf("no benchmarks in %s: add a `func BenchmarkX(b *testing.B)` in a _test.go file or pass -profile FILE", pkg.ImportPath)
	}
	return &Binary{Package: pkg, Path: exe, DiagDir: diag}, nil
}

// Compiles returns an error, as Build does, for the first of pkgs that does
// not compile; Build checks that itself, so this is for packages without
// test files, which have no test binary to build: go test fails on them
// too. It builds them all with one go command, and one by one only to name
// the package that fails.
func Compiles(ctx context.Context, pkgs ...Package) error {
	if len(pkgs) == 0 {
		return nil
	}
	args := []string{"build", "-o", os.DevNull}
	if len(pkgs) > 1 {
		args = args[:1] // go build discards what it builds of several packages
	}
	for _, p := range pkgs {
		args = append(args, p.ImportPath)
	}
	err := compile(ctx, pkgs[0], args...)
	if err == nil || len(pkgs) == 1 || ctx.Err() != nil {
		return err
	}
	for _, p := range pkgs {
		if err := compile(ctx, p, "build", "-o", os.DevNull, p.ImportPath); err != nil {
			return err
		}
	}
	return err // the go command failed on them together, and on none alone
}

// compile runs the go command with args in pkg's directory; its failure is
// pkg's "does not compile" error, with the first lines the compiler wrote.
func compile(ctx context.Context, pkg Package, args ...string) error {
	cmd := GoCommand(ctx, pkg.Dir, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s does not compile:\n%s", pkg.ImportPath, indent(firstLines(out.String(), 20)))
	}
	return nil
}

// GoCommand returns the go command with the given arguments, to run in dir.
// On cancellation it is interrupted rather than killed, so that it removes
// its own temporary work directory.
func GoCommand(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	interruptOnCancel(cmd)
	return cmd
}

func interruptOnCancel(cmd *exec.Cmd) {
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGINT) }
	cmd.WaitDelay = 5 * time.Second
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}
