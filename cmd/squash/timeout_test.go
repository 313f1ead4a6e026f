//go:build linux

package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// hangModule returns a module with a benchmark that never ends and one
// that does.
func hangModule(t *testing.T) string {
	t.Helper()
	dir := newModule(t, "example.com/hang")
	src := `package hang

import (
	"testing"
	"time"
)

func BenchmarkSum(b *testing.B) {
	n := 0
	for i := 0; i < b.N; i++ {
		n += i
	}
	_ = n
}

// BenchmarkHang waits for what never comes.
func BenchmarkHang(b *testing.B) {
	for b.Loop() {
		time.Sleep(time.Hour)
	}
}
`
	if err := os.WriteFile(filepath.Join(dir, "hang_test.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestReportTimeout: a benchmark that hangs fails when -timeout is up, with
// one line that names it, and the others are measured.
func TestReportTimeout(t *testing.T) {
	dir := hangModule(t)
	start := time.Now()
	code, stdout, stderr := runSquash(t, dir, "report", "-nolint", "-timeout", "1s", "-benchtime", "100x", "-bench", "Hang|Sum", ".")
	took := time.Since(start)
	want := "squash: benchmark BenchmarkHang failed in example.com/hang: timed out after 1s: raise -timeout if it needs longer\n"
	if code != exitError || stderr != want {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	if !strings.Contains(stdout, "BenchmarkSum  100  ") {
		t.Errorf("BenchmarkSum not measured:\n%s", stdout)
	}
	t.Logf("took %v", took)
	if took > 30*time.Second {
		t.Errorf("took %v with -timeout 1s", took)
	}

	// guard fails on it too, and writes no budget.
	code, _, stderr = runSquash(t, dir, "guard", "-write", "-timeout", "1s", "-count", "1", "-bench", "Hang|Sum", ".")
	if code != exitError || stderr != want {
		t.Errorf("guard: exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "squash.budget")); err == nil {
		t.Error("guard -write wrote a budget without the benchmark that timed out")
	}
}

// TestProfileURLTimeout: a server that never answers is given up on when
// -timeout is up, in one line.
func TestProfileURLTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-r.Context().Done() }))
	defer srv.Close()
	url := srv.URL + "/debug/pprof/allocs"
	start := time.Now()
	code, _, stderr := runSquash(t, hangModule(t), "report", "-profile", url, "-timeout", "1s", ".")
	took := time.Since(start)
	want := "squash: cannot fetch profile from " + url + ": no profile within 1s: is the server stuck? Raise -timeout if it needs longer\n"
	if code != exitError || stderr != want {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, stderr, want)
	}
	t.Logf("took %v", took)
	if took > 20*time.Second {
		t.Errorf("took %v with -timeout 1s", took)
	}
}

// TestKilledDuringBenchmark: squash killed by SIGKILL, which it cannot
// handle, while a benchmark hangs, leaves no test binary running: the
// kernel kills it too (Pdeathsig).
func TestKilledDuringBenchmark(t *testing.T) {
	dir := hangModule(t)
	cmd := exec.Command(squashBinary(t), "report", "-nolint", "-bench", "Hang", ".")
	cmd.Dir = dir
	// squash killed cannot remove its temporary directories: the test does.
	cmd.Env = append(os.Environ(), "TMPDIR="+t.TempDir())
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	// Its test binary, once it runs the benchmark.
	var child int
	for deadline := time.Now().Add(40 * time.Second); child == 0; time.Sleep(50 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("squash started no test binary in 40s")
		}
		child = childNamed(cmd.Process.Pid, "hang.test")
	}
	defer syscall.Kill(child, syscall.SIGKILL) // should the test fail
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	for deadline := time.Now().Add(5 * time.Second); running(child); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the test binary (pid %d) still runs 5s after squash was killed", child)
		}
	}
}

// childNamed returns the pid of a child of parent whose command is name,
// or 0.
func childNamed(parent int, name string) int {
	dirs, _ := os.ReadDir("/proc")
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		comm, ppid, ok := stat(pid)
		if ok && ppid == parent && comm == name {
			return pid
		}
	}
	return 0
}

// running reports whether pid is a process that has not ended: a zombie
// has ended, and waits only to be reaped.
func running(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// pid (comm) state ppid ...; comm may hold spaces and parentheses.
	f := strings.Fields(string(data[strings.LastIndexByte(string(data), ')')+1:]))
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}

// stat returns the command name and the parent of pid from /proc.
func stat(pid int) (comm string, ppid int, ok bool) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return "", 0, false
	}
	s := string(data)
	open, end := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
	if open < 0 || end < open {
		return "", 0, false
	}
	f := strings.Fields(s[end+1:])
	if len(f) < 2 {
		return "", 0, false
	}
	ppid, err = strconv.Atoi(f[1])
	return s[open+1 : end], ppid, err == nil
}
