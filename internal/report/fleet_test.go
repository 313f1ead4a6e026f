package report

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// buildServer builds testdata/srv, a service all in package main, into a
// temporary directory, with extra flags for go build.
func buildServer(t *testing.T, name string, flags ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs a server")
	}
	exe := filepath.Join(t.TempDir(), name)
	args := append(append([]string{"build", "-o", exe}, flags...), ".")
	cmd := exec.Command("go", args...)
	cmd.Dir = "testdata/srv"
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// startServer runs exe, a build of testdata/srv, until the test ends, gets
// its /work hits times, and returns the URL of its allocation profile.
func startServer(t *testing.T, exe string, hits int) string {
	t.Helper()
	cmd := exec.Command(exe)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	addr, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("the server printed no address: %v", err)
	}
	base := "http://" + strings.TrimSpace(addr)
	client := &http.Client{Timeout: 30 * time.Second}
	for range hits {
		resp, err := client.Get(base + "/work")
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	return base + "/debug/pprof/allocs"
}

// workLine is the line of testdata/srv/main.go that allocates in work.
func workLine(t *testing.T) int {
	t.Helper()
	src, err := os.ReadFile("testdata/srv/main.go")
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(src), "\n") {
		if strings.Contains(l, "kept = make(") {
			return i + 1
		}
	}
	t.Fatal("no make in work")
	return 0
}

// TestProfileOfMainPackage takes the allocation profile of a running
// service whose code is in package main, which names its functions
// main.work, and finds its allocations on the lines of the module srv.
func TestProfileOfMainPackage(t *testing.T) {
	url := startServer(t, buildServer(t, "srv"), 4)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := Make(ctx, Config{Dir: "testdata/srv", Profiles: []string{url}})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := WriteText(&text, rep, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Logf("squash -profile %s .\n%s", url, text.String())
	site := findSite(rep, "srv.work")
	if site == nil {
		t.Fatalf("no site in srv.work:\n%s", text.String())
	}
	if want := workLine(t); site.File != "main.go" || site.Line != want {
		t.Errorf("site at %s:%d, want main.go:%d", site.File, site.Line, want)
	}
	if !strings.Contains(site.Code, "make([]byte, 64<<10)") {
		t.Errorf("site's code %q, want the make of work", site.Code)
	}
	// 4 hits of 512 buffers of 64 KiB each: the profile samples one per
	// 512 KiB allocated, and scales its counts back up.
	if site.Bytes < 64<<20 || site.Bytes > 256<<20 {
		t.Errorf("site holds %d bytes, want about 128 MiB", site.Bytes)
	}
}

// findSite returns the first site of rep in function fn, or nil.
func findSite(rep *Report, fn string) *Site {
	for _, p := range rep.Packages {
		for _, b := range p.Benchmarks {
			for i := range b.Sites {
				if b.Sites[i].Function == fn {
					return &b.Sites[i]
				}
			}
		}
	}
	return nil
}

// TestProfilesOfFleet merges the profiles of two replicas of one service,
// and splits each site by replica; the profile of another build of it is
// refused.
func TestProfilesOfFleet(t *testing.T) {
	exe := buildServer(t, "srv")
	a, b := startServer(t, exe, 1), startServer(t, exe, 3)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rep, err := Make(ctx, Config{Dir: "testdata/srv", Profiles: []string{a, b}, BySource: true})
	if err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := WriteText(&text, rep, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	t.Logf("squash -profile %s -profile %s -by-source .\n%s", a, b, text.String())
	site := findSite(rep, "srv.work")
	if site == nil {
		t.Fatalf("no site in srv.work:\n%s", text.String())
	}
	if len(site.Sources) != 2 || site.Sources[0].Source != a || site.Sources[1].Source != b {
		t.Fatalf("sources %+v, want %s and %s", site.Sources, a, b)
	}
	if sum := site.Sources[0].Objects + site.Sources[1].Objects; sum != site.Objects {
		t.Errorf("the sources hold %d objects, the site %d", sum, site.Objects)
	}
	// The second replica did three times the work of the first.
	if site.Sources[0].Objects <= 0 || site.Sources[1].Objects <= site.Sources[0].Objects {
		t.Errorf("sources %+v: want the second above the first, and both above 0", site.Sources)
	}
	if !strings.Contains(text.String(), "by source: ") {
		t.Errorf("the text has no split by source:\n%s", text.String())
	}

	other := startServer(t, buildServer(t, "srv", "-ldflags=-X main.unused=1"), 1)
	_, err = Make(ctx, Config{Dir: "testdata/srv", Profiles: []string{a, other}})
	if err == nil || !strings.Contains(err.Error(), "profiles of different binaries") {
		t.Errorf("profiles of two builds: err = %v, want one that says they differ", err)
	}
	t.Logf("profiles of two builds: %v", err)
}
