//go:build unix

package main

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// interruptTrialsEnv sets the trials of each signal that
// TestLintFixInterrupted makes; the default is a few, for go test ./....
const interruptTrialsEnv = "SQUASH_INTERRUPT_TRIALS"

// TestLintFixInterrupted stops squash lint -fix at random moments while it
// writes its fixes, and finds each file whole: as it was, or fixed.
// SIGKILL and SIGINT go to squash's process group, as a kill of the group
// and Ctrl-C do; SIGTERM goes to squash alone. go vet -fix truncated each
// file and then wrote it, and squash stopped it with SIGINT, which go vet
// does not handle: files were left empty or cut short.
func TestLintFixInterrupted(t *testing.T) {
	trials := 8
	if s := os.Getenv(interruptTrialsEnv); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("%s=%s: want a count of trials", interruptTrialsEnv, s)
		}
		trials = n
	}
	exe := squashBinary(t)
	dir := newModule(t, "example.com/many")
	// Files large enough that writing them all takes a while.
	const files = 16
	names := make([]string, files)
	original := make([][]byte, files)
	for i := range files {
		var src bytes.Buffer
		fmt.Fprintf(&src, "package many\n\n// Table%d makes the file slow to write.\nvar Table%d = []string{\n", i, i)
		for range 3000 {
			fmt.Fprintf(&src, "\t%q,\n", strings.Repeat("x", 40))
		}
		fmt.Fprintf(&src, "}\n\n// N%d counts xs the long way.\nfunc N%d(xs []int) int {\n\tvar out []int\n\tfor _, x := range xs {\n\t\tout = append(out, x)\n\t}\n\treturn len(out)\n}\n", i, i)
		names[i] = filepath.Join(dir, fmt.Sprintf("f%02d.go", i))
		original[i] = src.Bytes()
	}
	restore := func() {
		for i, name := range names {
			if err := os.WriteFile(name, original[i], 0o644); err != nil {
				t.Fatal(err)
			}
		}
		stray, _ := filepath.Glob(filepath.Join(dir, ".*"))
		for _, s := range stray {
			os.Remove(s)
		}
	}
	// start starts squash lint -fix in its own process group; done is
	// closed once it has exited.
	start := func() (cmd *exec.Cmd, stderr *bytes.Buffer, done chan struct{}) {
		cmd = exec.Command(exe, "lint", "-fix", ".")
		cmd.Dir = dir
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
		stderr = new(bytes.Buffer)
		cmd.Stderr = stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		done = make(chan struct{})
		go func() {
			cmd.Wait()
			close(done)
		}()
		return cmd, stderr, done
	}
	exited := func(done chan struct{}) bool {
		select {
		case <-done:
			return true
		default:
			return false
		}
	}
	// changed returns how many files no longer hold the original; it
	// compares sizes, as each fix makes its file longer.
	changed := func() int {
		n := 0
		for i, name := range names {
			if fi, err := os.Stat(name); err != nil || fi.Size() != int64(len(original[i])) {
				n++
			}
		}
		return n
	}

	// A run to the end: the fixed files, and how long writing them took.
	restore()
	cmd, stderr, done := start()
	var first, last time.Time
	for !exited(done) {
		n := changed()
		if n > 0 && first.IsZero() {
			first = time.Now()
		}
		if n == files && last.IsZero() {
			last = time.Now()
		}
		time.Sleep(100 * time.Microsecond)
	}
	if !cmd.ProcessState.Success() || last.IsZero() {
		t.Fatalf("lint -fix: %v, %d files changed\n%s", cmd.ProcessState, changed(), stderr)
	}
	window := last.Sub(first)
	t.Logf("writing the fixes took %v", window)
	fixed := make([][]byte, files)
	for i, name := range names {
		fixed[i], _ = os.ReadFile(name)
		if !bytes.Contains(fixed[i], []byte("out := make([]int, 0, len(xs))")) {
			t.Fatalf("lint -fix did not fix %s", name)
		}
	}

	for _, sig := range []syscall.Signal{syscall.SIGKILL, syscall.SIGINT, syscall.SIGTERM} {
		var whole, fixedN, other int
		for range trials {
			restore()
			cmd, stderr, done := start()
			for changed() == 0 && !exited(done) {
				time.Sleep(100 * time.Microsecond)
			}
			time.Sleep(time.Duration(rand.Int64N(int64(window) + 1)))
			pid := cmd.Process.Pid
			if sig != syscall.SIGTERM {
				pid = -pid // the group
			}
			syscall.Kill(pid, sig)
			<-done
			for i, name := range names {
				got, _ := os.ReadFile(name)
				switch {
				case bytes.Equal(got, original[i]):
					whole++
				case bytes.Equal(got, fixed[i]):
					fixedN++
				default:
					other++
					t.Errorf("%v: %s is neither as it was nor fixed: %d bytes", sig, filepath.Base(name), len(got))
				}
			}
			if stray, _ := filepath.Glob(filepath.Join(dir, ".*")); sig != syscall.SIGKILL && len(stray) > 0 {
				t.Errorf("%v: squash left %q", sig, stray)
			}
			if strings.Contains(stderr.String(), "goroutine ") {
				t.Errorf("%v: a panic:\n%s", sig, stderr.String())
			}
		}
		t.Logf("%v, %d trials: %d files as they were, %d fixed, %d else", sig, trials, whole, fixedN, other)
	}
}
