package gotool

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"slices"
	"strings"
)

// testVetChecks are the checks of go vet that go test runs before it builds
// a package's tests (cmd/go's defaultVetFlags in Go 1.26).
var testVetChecks = []string{
	"-atomic", "-bool", "-buildtags", "-directive", "-errorsas", "-ifaceassert",
	"-nilfunc", "-printf", "-slog", "-stringintconv", "-tests",
}

// TestVet runs on pkg the checks of go vet that go test runs before its
// tests, and returns what they report, a line each, with file names
// relative to the module root; none when they pass. squash builds test
// binaries with -vet=off, since measuring is not vetting: TestVet says
// what go test would have stopped at. flags, such as -overlay, go to go vet.
func TestVet(ctx context.Context, pkg Package, flags ...string) ([]string, error) {
	return vet(ctx, pkg, slices.Concat(flags, testVetChecks))
}

// Vet runs go vet's default checks on pkg and its tests, and returns what
// they report, as TestVet does. flags, such as -overlay, go to go vet.
func Vet(ctx context.Context, pkg Package, flags ...string) ([]string, error) {
	return vet(ctx, pkg, flags)
}

func vet(ctx context.Context, pkg Package, flags []string) ([]string, error) {
	args := slices.Concat([]string{"vet"}, flags, []string{"--", pkg.ImportPath})
	cmd := Command(ctx, pkg.Root, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if exit := (*exec.ExitError)(nil); err != nil && !errors.As(err, &exit) {
		return nil, fmt.Errorf("cannot run go vet on %s: %w", pkg.ImportPath, err)
	}
	var lines []string
	for line := range strings.Lines(out.String()) {
		// The go command heads each package's findings with "# path".
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			lines = append(lines, line)
		}
	}
	if err != nil && len(lines) == 0 {
		return nil, fmt.Errorf("go vet failed on %s: %v", pkg.ImportPath, err)
	}
	return lines, nil
}
