package plugin

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// customGCL returns the golangci-lint binary that golangci-lint custom
// built with the plugin, which .ci/golangci-lint names in SQUASH_CUSTOM_GCL,
// and a copy of testdata/mod to run it in.
func customGCL(t *testing.T) (bin, dir string) {
	bin = os.Getenv("SQUASH_CUSTOM_GCL")
	if bin == "" {
		t.Skip("SQUASH_CUSTOM_GCL names no golangci-lint built with the plugin: .ci/golangci-lint builds one and runs this test")
	}
	dir = t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(testMod)); err != nil {
		t.Fatal(err)
	}
	return bin, dir
}

// gcl runs bin with args in dir, with a cache of its own, and returns its
// standard output and exit status.
func gcl(t *testing.T, bin, dir string, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.Run()
	code := cmd.ProcessState.ExitCode()
	if code != 0 && code != 1 {
		t.Fatalf("%s %s: exit %d\n%s%s", bin, strings.Join(args, " "), code, stdout.String(), stderr.String())
	}
	return stdout.String(), code
}

// textOutput is golangci-lint's text output, one line a finding.
var textOutput = []string{"run", "--output.text.path=stdout", "--output.text.print-issued-lines=false", "--output.text.colors=false", "--show-stats=false"}

// TestCustomGCL: the custom golangci-lint finds in testdata/mod what the
// plugin's analyzers find under go/analysis's checker (run.golden). --fix
// makes their fixes: each file becomes its .golden, and what is left has
// no fix.
func TestCustomGCL(t *testing.T) {
	bin, dir := customGCL(t)
	out, code := gcl(t, bin, dir, append(textOutput, "./...")...)
	got := strings.Split(strings.TrimSpace(out), "\n")
	slices.SortFunc(got, compareFindings)
	want := golden(t, filepath.Join(testMod, "run.golden"))
	if code != 1 || !slices.Equal(got, want) {
		t.Errorf("exit %d, findings:\n%s\nwant (run.golden):\n%s", code, out, strings.Join(want, "\n"))
	}
	t.Logf("golangci-lint run ./...:\n%s", out)

	gcl(t, bin, dir, append(textOutput, "--fix", "./...")...)
	fixed, err := os.ReadFile(filepath.Join(dir, "users", "users.go"))
	if err != nil {
		t.Fatal(err)
	}
	if want := strings.Join(golden(t, filepath.Join(testMod, "users", "users.go.golden")), "\n") + "\n"; string(fixed) != want {
		t.Errorf("users.go after --fix:\n%s\nwant (users.go.golden):\n%s", fixed, want)
	}
	out, _ = gcl(t, bin, dir, append(textOutput, "./...")...)
	left := strings.Split(strings.TrimSpace(out), "\n")
	slices.SortFunc(left, compareFindings)
	wantLeft := golden(t, filepath.Join(testMod, "fixed.golden"))
	if !slices.Equal(left, wantLeft) {
		t.Errorf("after --fix, findings:\n%s\nwant (fixed.golden):\n%s", out, strings.Join(wantLeft, "\n"))
	}
	t.Logf("golangci-lint run ./... after --fix:\n%s", out)

	// A misspelt analyzer in the settings stops golangci-lint, and says so.
	config := filepath.Join(dir, ".golangci.yml")
	data, err := os.ReadFile(config)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(config, []byte(strings.Replace(string(data), "enable: [prealloc,", "enable: [prealoc,", 1)), 0o644)
	cmd := exec.Command(bin, "run", "./...")
	cmd.Dir, cmd.Env = dir, append(os.Environ(), "GOLANGCI_LINT_CACHE="+t.TempDir())
	msg, _ := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != 3 || !strings.Contains(string(msg), "no analyzer is named prealoc (did you mean prealloc?)") {
		t.Errorf("a misspelt analyzer: exit %d:\n%s", code, msg)
	}
}

// An issue is one of golangci-lint's JSON output.
type issue struct {
	FromLinter, Text string
	Pos              struct {
		Filename     string
		Line, Column int
	}
}

// TestEditors runs the custom golangci-lint as the editors' integrations
// run it, in the directory of users.go: gopls cannot load squash's
// analyzers, and these can. Each must read the prealloc finding of IDs
// from the output, as it parses it.
func TestEditors(t *testing.T) {
	bin, dir := customGCL(t)
	pkg := filepath.Join(dir, "users")
	const line, message = 23, "prealloc: ids grows once per iteration"

	// VS Code's Go extension, with "go.lintTool": "golangci-lint-v2",
	// adds these flags and reads each line of the output with this
	// pattern (runTool in its util.ts).
	out, code := gcl(t, bin, pkg, "run", "--issues-exit-code=0", "--output.text.print-issued-lines=false", "--show-stats=false", "--output.text.path=stdout", "--path-mode=abs")
	vscode := regexp.MustCompile(`^([^:]*: )?((.:)?[^:]*):(\d+)(:(\d+)?)?:(?:\w+:)? (.*)$`)
	found := false
	for l := range strings.Lines(out) {
		m := vscode.FindStringSubmatch(strings.TrimSpace(l))
		found = found || m != nil && m[2] == filepath.Join(pkg, "users.go") && m[4] == "23" && strings.HasPrefix(m[7], message)
	}
	if code != 0 || !found {
		t.Errorf("VS Code: exit %d, no finding at users.go:%d in:\n%s", code, line, out)
	}

	// golangci-lint-langserver, which Neovim, Helix, Emacs and others
	// start, runs this command, its documented default, and reads the
	// JSON's Issues.
	out, code = gcl(t, bin, pkg, "run", "--output.json.path=stdout", "--show-stats=false", "--issues-exit-code=1")
	var res struct{ Issues []issue }
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 1 {
		t.Fatalf("langserver: exit %d, %v:\n%s", code, err, out)
	}
	found = slices.ContainsFunc(res.Issues, func(i issue) bool {
		return i.FromLinter == "squash" && i.Pos.Line == line && filepath.Base(i.Pos.Filename) == "users.go" && strings.HasPrefix(i.Text, message)
	})
	if !found {
		t.Errorf("langserver: no finding at users.go:%d in:\n%s", line, out)
	}
}
