package gotool

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Command returns the go command with the given arguments, to run in dir,
// with the environment Env gives. On cancellation it is interrupted rather
// than killed.
func Command(ctx context.Context, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dir
	cmd.Env = Env()
	InterruptOnCancel(cmd)
	return cmd
}

var workDir struct {
	sync.Mutex
	path string
}

// SetWorkDir makes every go command that Command and Loader run keep its
// work directories (go-build…, megabytes of objects) under dir, which the
// caller removes: an interrupted go command leaves its own behind. An
// empty dir leaves them where the go command puts them.
func SetWorkDir(dir string) {
	workDir.Lock()
	defer workDir.Unlock()
	workDir.path = dir
}

// Env returns the environment to run the go command in: this process's,
// with GOTMPDIR set to the directory SetWorkDir gave, if any.
func Env() []string {
	workDir.Lock()
	defer workDir.Unlock()
	if workDir.path == "" {
		return os.Environ()
	}
	return append(os.Environ(), "GOTMPDIR="+workDir.path)
}

// InterruptOnCancel makes cmd, made with exec.CommandContext, a child that
// does not outlive squash. It runs in a process group of its own; when its
// context is cancelled the group receives SIGINT, and SIGKILL 5 seconds
// later: the go command and test binaries clean up after an interrupt, and
// what they started ends with them. Where the system allows (Linux), the
// child is killed when squash dies, even by SIGKILL, which no handler sees.
func InterruptOnCancel(cmd *exec.Cmd) {
	SignalOnCancel(cmd, func() syscall.Signal { return syscall.SIGINT })
}

// SignalOnCancel is InterruptOnCancel with the first signal that sig picks
// when the context is cancelled, such as SIGQUIT, which makes a Go program
// print its goroutines' stacks as it ends.
func SignalOnCancel(cmd *exec.Cmd, sig func() syscall.Signal) {
	ownGroup(cmd)
	cmd.Cancel = func() error {
		time.AfterFunc(killDelay, func() { signalGroup(cmd.Process, syscall.SIGKILL) })
		return signalGroup(cmd.Process, sig())
	}
	cmd.WaitDelay = killDelay
}

// killDelay is how long a cancelled child has to end after SIGINT.
const killDelay = 5 * time.Second

// Build runs the go command with args in pkg's directory, to compile it
// (go build or go test -c); its failure is pkg's "does not compile" error,
// with the first lines the compiler wrote.
func Build(ctx context.Context, pkg Package, args ...string) error {
	cmd := Command(ctx, pkg.Dir, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("%s does not compile:\n%s", pkg.ImportPath, indent(FirstLines(out.String(), 20)))
	}
	return nil
}

// Compiles returns an error, as Build does, for the first of pkgs that does
// not compile. It is for packages without test files, which have no test
// binary to build: go test fails on them too. It builds them all with one
// go command, and one by one only to name the package that fails.
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
	err := Build(ctx, pkgs[0], args...)
	if err == nil || len(pkgs) == 1 || ctx.Err() != nil {
		return err
	}
	for _, p := range pkgs {
		if err := Build(ctx, p, "build", "-o", os.DevNull, p.ImportPath); err != nil {
			return err
		}
	}
	return err // the go command failed on them together, and on none alone
}

// Imports reports whether building p with its tests compiles the package
// path: p itself or one of its dependencies, its tests' included.
func Imports(ctx context.Context, p Package, path string) (bool, error) {
	out, err := Command(ctx, p.Dir, "list", "-deps", "-test", "-f", "{{.ImportPath}}", "--", p.ImportPath).Output()
	if err != nil {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		return false, fmt.Errorf("cannot list the dependencies of %s: %v", p.ImportPath, err)
	}
	for line := range strings.Lines(string(out)) {
		// A package recompiled for the tests is listed as "path [p.test]".
		if dep, _, _ := strings.Cut(strings.TrimSpace(line), " "); dep == path {
			return true, nil
		}
	}
	return false, nil
}

// Target returns the go command's GOOS and GOARCH as "GOOS=linux
// GOARCH=amd64", or "GOOS=? GOARCH=?".
func Target(ctx context.Context) string {
	goos, goarch := "?", "?"
	if out, err := Command(ctx, "", "env", "GOOS", "GOARCH").Output(); err == nil {
		if f := strings.Fields(string(out)); len(f) == 2 {
			goos, goarch = f[0], f[1]
		}
	}
	return "GOOS=" + goos + " GOARCH=" + goarch
}

func indent(s string) string {
	return "\t" + strings.ReplaceAll(s, "\n", "\n\t")
}

// Importers returns the packages of the module rooted at root that import
// path, in their code or their tests, with one go command.
func Importers(ctx context.Context, root, path string) ([]string, error) {
	const format = `{{.ImportPath}}{{range .Imports}} {{.}}{{end}}{{range .TestImports}} {{.}}{{end}}{{range .XTestImports}} {{.}}{{end}}`
	out, err := Command(ctx, root, "list", "-e", "-f", format, "./...").Output()
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("cannot list the packages in %s: %v", root, err)
	}
	var importers []string
	for line := range strings.Lines(string(out)) {
		f := strings.Fields(line)
		if len(f) > 1 && f[0] != path && slices.Contains(f[1:], path) {
			importers = append(importers, f[0])
		}
	}
	return importers, nil
}
