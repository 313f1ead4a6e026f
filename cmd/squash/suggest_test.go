package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// suggestion matches a command that a message of squash quotes for the
// user to run: 'squash …' or 'go …', ended by the quote before the words
// that follow it. The command may hold quoted words of its own.
var suggestion = regexp.MustCompile(`(?m)'((?:squash|go) [^\n]*?)'(?:\s+(?:to|for|keeps|tightens)\b|[),;:]|$)`)

// suggestions returns the commands that out suggests.
func suggestions(out string) []string {
	ms := suggestion.FindAllStringSubmatch(out, -1)
	cmds := slices.Grow[[]string](nil, len(ms))
	for _, m := range ms {
		cmds = append(cmds, m[1])
	}
	return cmds
}

// TestSuggestionsRun: every command that squash suggests runs as printed.
// Each case makes squash print suggestions on testdata. Each one is run by
// sh in the same directory, with squash on PATH, and must not exit 2, the
// status of a usage or tool error. A suggestion that follows another step,
// such as "fix the line, then run …", is left out.
func TestSuggestionsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("runs benchmarks")
	}
	path := filepath.Dir(squashBinary(t)) + string(os.PathListSeparator) + os.Getenv("PATH")
	guardDir := guardModule(t)
	ran := map[string]bool{}
	for _, tc := range []struct {
		name  string
		dir   string
		setup func()
		args  []string
		want  string // a suggestion, whole
	}{
		{"unknown command", testMod, nil, []string{"gaurd"}, "squash help"},
		{"bad flag", testMod, nil, []string{"lint", "-nosuch"}, "squash lint -h"},
		{"more skipped", testMod, nil, []string{"-bench", "Query|Insert", "./skipsome"}, "go test -run '^$' -bench 'Query|Insert' -v example.com/sq/skipsome"},
		{"no benchmark matches", testMod, nil, []string{"-bench", "Mixed/zzz", "./skipsome"}, "go test -list . example.com/sq/skipsome"},
		{"nothing to guard", guardDir, nil, []string{"guard", "-noalloc=false", "-count", "1", "./dec"}, "squash guard -write ./dec"},
		{"noalloc only", guardDir, func() { os.Remove(filepath.Join(guardDir, "squash.budget")) }, []string{"guard", "-count", "1", "./..."}, "squash guard -write ./..."},
		{"no such budget", guardDir, nil, []string{"guard", "-count", "1", "-budget", "other.budget", "./..."}, "squash guard -write -budget other.budget ./..."},
		{"over budget, no new site", guardDir, func() {
			budgetWith(t, guardDir, "example.com/guard/dec BenchmarkDecode 3 allocs/op 232 B/op", splitSite, appendSite,
				"example.com/guard/dec BenchmarkGone 0 allocs/op 0 B/op")
		}, []string{"guard", "-noalloc=false", "-count", "1", "./..."}, "squash -bench '^BenchmarkDecode$' -benchtime 100x example.com/guard/dec"},
		{"tighten", guardDir, func() {
			budgetWith(t, guardDir, "example.com/guard/dec BenchmarkCount 1 allocs/op 0 B/op", decodeLine, splitSite, appendSite)
		}, []string{"guard", "-noalloc=false", "-count", "1", "-bench", "Count", "./dec"}, "squash guard -write -bench Count ./dec"},
		{"failed benchmark", guardDir, func() {
			os.Mkdir(filepath.Join(guardDir, "fails"), 0o755)
			os.WriteFile(filepath.Join(guardDir, "fails", "fails_test.go"), []byte(
				"package fails\n\nimport \"testing\"\n\nfunc BenchmarkOK(b *testing.B) {\n\tfor b.Loop() {\n\t}\n}\n\n"+
					"func BenchmarkFails(b *testing.B) {\n\tb.Fatal(\"no fixture\")\n}\n"), 0o644)
		}, []string{"guard", "-noalloc=false", "-count", "1", "./fails"}, "go test -run '^$' -bench '^BenchmarkFails$' -benchtime 100x example.com/guard/fails"},
	} {
		if tc.setup != nil {
			tc.setup()
		}
		_, stdout, stderr := squash(t, tc.dir, tc.args...)
		cmds := suggestions(stdout + stderr)
		found := false
		for _, c := range cmds {
			found = found || c == tc.want
		}
		if !found {
			t.Errorf("%s: squash %s suggests %q, not %q:\n%s%s", tc.name, strings.Join(tc.args, " "), cmds, tc.want, stdout, stderr)
		}
		dir := tc.dir
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(packageDir, dir)
		}
		for _, c := range cmds {
			if ran[dir+"\x00"+c] {
				continue
			}
			ran[dir+"\x00"+c] = true
			sh := exec.Command("sh", "-c", c)
			sh.Dir = dir
			sh.Env = append(os.Environ(), "PATH="+path)
			out, _ := sh.CombinedOutput()
			if code := sh.ProcessState.ExitCode(); code == exitError || code < 0 {
				t.Errorf("%s: the suggested %s exits %d:\n%s", tc.name, c, code, out)
			}
		}
	}
}
