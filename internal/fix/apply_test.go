package fix

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"
)

// applyEnv makes this test binary apply fixedOf to the Go files of the
// directory it names, through Apply, as squash fix -apply does: see
// TestApplyKilled.
const applyEnv = "SQUASH_FIX_TEST_APPLY"

func init() {
	if dir := os.Getenv(applyEnv); dir != "" {
		res := &Result{dir: dir, files: map[string]file{}}
		names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, n := range names {
			was, err := os.ReadFile(n)
			if err != nil {
				panic(err)
			}
			res.files[n] = file{was: was, fixed: fixedOf(was)}
		}
		if _, err := Apply(res); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
}

// fixedOf is what the kill test's fixes make of a file.
func fixedOf(was []byte) []byte {
	return append(bytes.ToUpper(was), "// fixed\n"...)
}

// TestApplyKilled kills a process that applies fixes to many files with
// SIGKILL at random moments, and finds each file as it was measured or as
// it was verified, never in between. SQUASH_FIX_KILL_TRIALS sets the
// number of trials (20 by default).
func TestApplyKilled(t *testing.T) {
	trials := 20
	if n, err := strconv.Atoi(os.Getenv("SQUASH_FIX_KILL_TRIALS")); err == nil {
		trials = n
	}
	dir := t.TempDir()
	// Large files, so that a kill often lands while one is written.
	original := make(map[string][]byte, 40)
	for i := range 40 {
		name := filepath.Join(dir, fmt.Sprintf("f%02d.go", i))
		original[name] = bytes.Repeat(fmt.Appendf(nil, "package p // file %d, line of text\n", i), 5000)
	}
	reset := func() {
		for name, data := range original {
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	run := func() *exec.Cmd {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), applyEnv+"="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		return cmd
	}
	// How long a whole run takes, to kill within it.
	reset()
	start := time.Now()
	if err := run().Wait(); err != nil {
		t.Fatalf("applying: %v", err)
	}
	whole := time.Since(start)
	for name, data := range original {
		if now, _ := os.ReadFile(name); !bytes.Equal(now, fixedOf(data)) {
			t.Fatalf("%s is not fixed after a whole run", name)
		}
	}
	fixed, kept := 0, 0
	for trial := range trials {
		reset()
		cmd := run()
		time.Sleep(time.Duration(rand.Int64N(int64(whole))))
		cmd.Process.Kill()
		cmd.Wait()
		for name, data := range original {
			now, err := os.ReadFile(name)
			switch {
			case err != nil:
				t.Fatalf("trial %d: %v", trial, err)
			case bytes.Equal(now, data):
				kept++
			case bytes.Equal(now, fixedOf(data)):
				fixed++
			default:
				t.Fatalf("trial %d: %s is neither as it was nor as it was fixed (%d bytes)", trial, filepath.Base(name), len(now))
			}
		}
	}
	t.Logf("%d trials, killed within %v: %d files found as they were, %d fixed", trials, whole, kept, fixed)
}
