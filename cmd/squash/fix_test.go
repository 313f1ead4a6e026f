package main

import (
	"bytes"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestFixBadInput: squash fix says what is wrong in one line and exits 2,
// before it measures anything. internal/fix tests what it does.
func TestFixBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"bad count", []string{"fix", "-count", "0", "./ok"}, "squash: -count must be at least 1\n"},
		{"negative timeout", []string{"fix", "-timeout", "-1s", "./ok"}, "squash: -timeout must not be negative\n"},
		{"no benchmarks", []string{"fix", "./onlytests"}, "squash: no benchmarks in example.com/sq/onlytests: add a `func BenchmarkX(b *testing.B)` in a _test.go file\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := squash(t, testMod, tc.args...)
			if code != exitError || stdout != "" || !strings.HasPrefix(stderr, tc.want) {
				t.Errorf("squash %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.want)
			}
		})
	}
}

// TestFixApplyKilled kills squash fix -apply with SIGKILL at random
// moments of the window where it writes, and finds the file it fixes
// either as it was or as it was verified. Each trial measures
// and verifies anew, so it runs only with SQUASH_FIX_KILL_TRIALS set;
// internal/fix kills the writing itself on every go test.
func TestFixApplyKilled(t *testing.T) {
	trials, _ := strconv.Atoi(os.Getenv("SQUASH_FIX_KILL_TRIALS"))
	if trials < 1 {
		t.Skip("set SQUASH_FIX_KILL_TRIALS to kill squash fix -apply that many times")
	}
	exe := squashBinary(t)
	src := filepath.Join(packageDir, "..", "..", "internal", "fix", "testdata", "sum")
	original, err := os.ReadFile(filepath.Join(src, "sum.go"))
	if err != nil {
		t.Fatal(err)
	}
	args := []string{"fix", "-apply", "-count", "4", "-benchtime", "2000x", "."}
	dir := t.TempDir()
	copyTree(t, src, dir)
	cmd := exec.Command(exe, args...)
	cmd.Dir = dir
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("squash fix -apply: %v", err)
	}
	whole := time.Since(start)
	fixed, err := os.ReadFile(filepath.Join(dir, "sum.go"))
	if err != nil || bytes.Equal(fixed, original) {
		t.Fatalf("a whole run left sum.go unfixed (%v)", err)
	}
	counts := map[string]int{}
	for trial := range trials {
		dir := t.TempDir()
		copyTree(t, src, dir)
		cmd := exec.Command(exe, args...)
		cmd.Dir = dir
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// fix prints its verdicts, then writes: the first byte on stdout
		// opens the window where a kill can tear a file. Measuring
		// writes nothing to the tree.
		var first [1]byte
		out.Read(first[:])
		time.Sleep(time.Duration(rand.Int64N(int64(500 * time.Microsecond))))
		cmd.Process.Kill()
		cmd.Wait()
		now, err := os.ReadFile(filepath.Join(dir, "sum.go"))
		switch {
		case err != nil:
			t.Fatalf("trial %d: %v", trial, err)
		case bytes.Equal(now, original):
			counts["original"]++
		case bytes.Equal(now, fixed):
			counts["fixed"]++
		default:
			t.Errorf("trial %d: sum.go is neither as it was nor as it was verified:\n%s", trial, now)
		}
	}
	t.Logf("%d trials, a whole run %v: %v", trials, whole.Round(time.Millisecond), counts)
}
