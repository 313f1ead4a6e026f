package escape

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/gotool"
)

// Build compiles pkg (its test binary, so that the test files are covered
// too) with the compiler's diagnostics on for the user's code, and returns
// them, with Free set where the types of the code show that a value said to
// escape is not allocated. The diagnostics go to a fresh temporary
// directory, removed before Build returns, also when ctx is cancelled.
func Build(ctx context.Context, ld *gotool.Loader, pkg gotool.Package) (*Index, error) {
	return BuildAll(ctx, ld, pkg.Dir, []gotool.Package{pkg})
}

// BuildAll is Build for pkgs, all of one module, in one go command (go test
// -c, which compiles a package without tests too), run in dir. It is for
// code whose decisions are made in other packages than its own: a generic
// function's body is compiled, and decided on, in each package that
// instantiates it.
func BuildAll(ctx context.Context, ld *gotool.Loader, dir string, pkgs []gotool.Package) (*Index, error) {
	ix, err := Compile(ctx, dir, pkgs)
	if err != nil || len(pkgs) == 0 {
		return ix, err
	}
	if err := ReadTypes(ctx, ld, dir, ix); err != nil {
		return nil, err
	}
	return ix, nil
}

// Compile is BuildAll without the types of the code: the compiler's
// records as they were written, Free and the stores not read.
func Compile(ctx context.Context, dir string, pkgs []gotool.Package) (*Index, error) {
	return compile(ctx, dir, pkgs, "")
}

// CompileCopies is Compile for one package, which also reads from its test
// binary where the lines of the files in copiesOf, a directory, were
// inlined (see Index.Copies). Where it cannot, CopiesMissing says why.
func CompileCopies(ctx context.Context, dir string, pkg gotool.Package, copiesOf string) (*Index, error) {
	return compile(ctx, dir, []gotool.Package{pkg}, copiesOf)
}

// compile builds pkgs' test binaries with the compiler's diagnostics on and
// reads them, and, where copiesOf is a directory, the copies inlined from
// its files, from the one binary of pkgs.
func compile(ctx context.Context, dir string, pkgs []gotool.Package, copiesOf string) (*Index, error) {
	if len(pkgs) == 0 {
		return &Index{}, nil
	}
	tmp, err := os.MkdirTemp("", "squash-escape-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	diag := filepath.Join(tmp, "diag")
	if err := os.Mkdir(diag, 0o755); err != nil {
		return nil, err
	}
	// -o os.DevNull where the binaries are not wanted: two packages of one
	// name would want the same file. The go command links them all the
	// same. -vet=off: what go vet says of the tests does not change what
	// the compiler decided.
	bin := os.DevNull
	if copiesOf != "" {
		bin = filepath.Join(tmp, "pkg.test")
	}
	args := []string{"test", "-c", "-vet=off", "-o", bin, fmt.Sprintf("-gcflags=%s=-json=0,%s", pkgs[0].GCFlagsPattern(), diag)}
	names := slices.Grow[[]string](nil, len(pkgs))
	for _, p := range pkgs {
		args = append(args, p.ImportPath)
		names = append(names, p.ImportPath)
	}
	cmd := gotool.Command(ctx, dir, args...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("%s does not compile:\n\t%s", strings.Join(names, ", "), strings.ReplaceAll(strings.TrimSpace(out.String()), "\n", "\n\t"))
	}
	ix, err := Load(diag)
	if err != nil || copiesOf == "" {
		return ix, err
	}
	if _, err := os.Stat(bin); err != nil {
		ix.copiesMissing = "the package has no test files, and so no binary to read them from"
	} else if err := ix.ReadCopies(bin, copiesOf); err != nil {
		ix.copiesMissing = err.Error()
	}
	return ix, nil
}
