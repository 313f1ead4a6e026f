package escape

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/squashgo/squash/internal/bench"
)

// Build compiles pkg (its test binary when it has tests, so that the test
// files are covered too) with the compiler's diagnostics on for the user's
// code, and returns them, with Free set where the types of the code show
// that a value said to escape is not allocated. The diagnostics go to a fresh temporary directory,
// removed before Build returns, also when ctx is cancelled.
func Build(ctx context.Context, pkg bench.Package) (*Index, error) {
	tmp, err := os.MkdirTemp("", "squash-escape-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	diag := filepath.Join(tmp, "diag")
	if err := os.Mkdir(diag, 0o755); err != nil {
		return nil, err
	}
	gcflags := fmt.Sprintf("-gcflags=%s=-json=0,%s", pkg.GCFlagsPattern(), diag)
	args := []string{"build", "-o", os.DevNull, gcflags, pkg.ImportPath}
	if pkg.HasTests {
		args = []string{"test", "-c", "-o", filepath.Join(tmp, "pkg.test"), gcflags, pkg.ImportPath}
	}
	cmd := bench.GoCommand(ctx, pkg.Dir, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%s does not compile:\n\t%s", pkg.ImportPath, strings.ReplaceAll(strings.TrimSpace(out.String()), "\n", "\n\t"))
	}
	ix, err := Load(diag)
	if err != nil {
		return nil, err
	}
	if err := MarkFree(ctx, pkg.Dir, ix); err != nil {
		return nil, err
	}
	return ix, nil
}
