package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/sarif/sariftest"
)

// TestWorkflow runs the squash steps of docs/github-actions.yml as written,
// with sh, on a copy of guard's testdata module, as GitHub Actions runs
// them: GITHUB_ACTIONS set, and squash on PATH. Each succeeds, and the
// SARIF log that lint writes for code scanning is valid.
func TestWorkflow(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(packageDir, "..", "..", "docs", "github-actions.yml"))
	if err != nil {
		t.Fatal(err)
	}
	var steps []string
	for l := range strings.Lines(string(data)) {
		if step, ok := strings.CutPrefix(strings.TrimSpace(l), "- run: squash "); ok {
			steps = append(steps, "squash "+step)
		}
	}
	if len(steps) != 2 {
		t.Fatalf("the workflow's squash steps: %q, want lint's and guard's", steps)
	}
	dir := guardModule(t)
	path := filepath.Dir(squashBinary(t)) + string(os.PathListSeparator) + os.Getenv("PATH")
	for _, step := range steps {
		sh := exec.Command("sh", "-c", step)
		sh.Dir = dir
		sh.Env = append(os.Environ(), "PATH="+path, "GITHUB_ACTIONS=true", "GITHUB_WORKSPACE="+dir)
		if out, err := sh.CombinedOutput(); err != nil {
			t.Errorf("%s: %v\n%s", step, err, out)
		}
	}
	log, err := os.ReadFile(filepath.Join(dir, "squash.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	sariftest.Validate(t, log)
}
