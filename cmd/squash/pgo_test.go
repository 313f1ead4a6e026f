package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPGOBadInput: a -pgo that names no file, a file that is no profile,
// a profile that is not of CPU time, or a flag for one report is one line
// and exit 2, before anything is built.
func TestPGOBadInput(t *testing.T) {
	dir := t.TempDir()
	text := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(text, []byte("not a profile"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-pgo", filepath.Join(dir, "none.pprof"), "./ok"}, "no such file or directory: give a CPU profile"},
		{[]string{"-pgo", text, "./ok"}, "is not a pprof profile: give a CPU profile"},
		{[]string{"-pgo", "auto", "./ok"}, "-pgo auto: no default.pgo"},
		{[]string{"-pgo", text, "-keep", dir, "./ok"}, "-pgo measures two builds side by side, and -keep is for one report"},
	} {
		code, stdout, stderr := squash(t, testMod, tc.args...)
		if code != exitError || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("squash %s: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.want)
		}
	}
}
