package lint

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestFixesKeepExamplesWorking copies the module, applies every suggested
// fix to examples/, and checks that the result is gofmt-clean, builds, and
// passes the examples' tests.
func TestFixesKeepExamplesWorking(t *testing.T) {
	if testing.Short() {
		t.Skip("copies the module and runs the examples' tests")
	}
	dir := t.TempDir()
	copyModule(t, "../..", dir)
	ctx := context.Background()
	cfg := Config{Dir: dir, Patterns: []string{"./examples/..."}, Tool: vettool}
	before, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	fixable := 0
	for _, f := range before {
		if f.Fix != "" {
			fixable++
		}
	}
	if fixable < 5 {
		t.Fatalf("only %d fixable findings in examples/: %v", fixable, before)
	}
	if res, err := Fix(ctx, cfg, false); err != nil || res.Left > 0 {
		t.Fatalf("Fix: %v; %d fixes left out", err, res.Left)
	}
	after, err := Run(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range after {
		if f.Fix != "" {
			t.Errorf("still fixable after -fix: %v", f)
		}
	}
	for _, args := range [][]string{
		{"gofmt", "-l", "examples"},
		{"go", "vet", "./examples/..."},
		// TestFixesLowerAllocs compares examples/fixes' unfixed shapes with
		// their fixed twins; after -fix they are the same code.
		{"go", "test", "-count=1", "-skip", "^TestFixesLowerAllocs$", "./examples/..."},
	} {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil || args[0] == "gofmt" && len(strings.TrimSpace(string(out))) > 0 {
			t.Errorf("%s after the fixes: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
}

// copyModule copies the module's source, without .git and the bench module.
func copyModule(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		if d.IsDir() && (rel == ".git" || rel == "bench") {
			return filepath.SkipDir
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
