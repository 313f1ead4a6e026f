package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// memProfile takes an allocation profile of the ok package's benchmark with
// go test, as a user would, recording every allocation, and returns its
// path.
func memProfile(t *testing.T) string {
	t.Helper()
	return memProfileAt(t, 1)
}

// memProfileAt is memProfile at the memory-profile rate given.
func memProfileAt(t *testing.T, rate int) string {
	t.Helper()
	dir := t.TempDir()
	prof := filepath.Join(dir, "allocs.pb.gz")
	cmd := exec.Command("go", "test", "-run", "^$", "-bench", "Fields", "-benchtime", "500x",
		"-memprofilerate", strconv.Itoa(rate), "-memprofile", prof, "-o", filepath.Join(dir, "ok.test"), "./ok")
	cmd.Dir = testMod
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test -memprofile: %v\n%s", err, out)
	}
	return prof
}

type profileReport struct {
	Packages []struct {
		Path       string
		Benchmarks []struct {
			Name  string
			Sites []struct {
				File      string
				Line      int
				Code      string
				Mechanism string
				Objects   int64
				Bytes     int64
				Share     float64
				PerOp     *float64 `json:"allocs_per_op"`
			}
		}
	}
}

func checkProfileReport(t *testing.T, stdout string) {
	t.Helper()
	var r profileReport
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	if len(r.Packages) != 1 || r.Packages[0].Path != "example.com/sq/ok" {
		t.Fatalf("packages = %+v, want example.com/sq/ok alone", r.Packages)
	}
	bs := r.Packages[0].Benchmarks
	if len(bs) != 1 || bs[0].Name != "profile" {
		t.Fatalf("benchmarks = %+v, want one named profile", bs)
	}
	found := false
	for _, s := range bs[0].Sites {
		if s.PerOp != nil {
			t.Errorf("site %s:%d has per-op figures in a profile report", s.File, s.Line)
		}
		if s.Objects <= 0 || s.Bytes <= 0 {
			t.Errorf("site %s:%d has %d objects, %d bytes", s.File, s.Line, s.Objects, s.Bytes)
		}
		if s.File == "ok/ok.go" && s.Line == 8 && s.Mechanism == "strings.genSplit" && s.Code == `parts := strings.Split(s, ",")` {
			found = true
			if s.Objects < 500 {
				t.Errorf("the Split line has %d objects, want at least one per iteration (500)", s.Objects)
			}
		}
	}
	if !found {
		t.Errorf("no site for ok/ok.go:8 via strings.genSplit in %+v", bs[0].Sites)
	}
}

func TestReportFromProfileFile(t *testing.T) {
	prof := memProfile(t)
	code, stdout, stderr := squash(t, testMod, "-profile", prof, "-json", "./...")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	checkProfileReport(t, stdout)

	// In text, a site says why from its mechanism.
	code, stdout, stderr = squash(t, testMod, "-profile", prof, "./ok")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, want := range []string{"share  site (exact counts)\n", "ok/ok.go:8 ok.Fields\n", "why: allocated inside strings.genSplit, called\n", "why: slice grows past its capacity\n"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the text report lacks %q:\n%s", want, stdout)
		}
	}
}

// TestReportFromSampledProfile: the counts of a sampled profile are
// estimates, each with its error, in JSON and in text.
func TestReportFromSampledProfile(t *testing.T) {
	prof := memProfileAt(t, 64)
	code, stdout, stderr := squash(t, testMod, "-profile", prof, "-json", "./ok")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var r struct {
		Packages []struct {
			Benchmarks []struct {
				Sites []struct {
					File         string
					Line         int
					Objects      int64
					ObjectsError float64 `json:"objects_error"`
					BytesError   float64 `json:"bytes_error"`
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &r); err != nil || len(r.Packages) != 1 {
		t.Fatalf("%v:\n%s", err, stdout)
	}
	for _, s := range r.Packages[0].Benchmarks[0].Sites {
		if s.ObjectsError <= 0 || s.BytesError <= 0 {
			t.Errorf("%s:%d: %d objects ± %v, bytes ± %v; want errors above 0", s.File, s.Line, s.Objects, s.ObjectsError, s.BytesError)
		}
	}
	_, text, _ := squash(t, testMod, "-profile", prof, "./ok")
	if !strings.Contains(text, "site (estimates from a sample, ± 95% interval)\n") || !regexp.MustCompile(`\n\s+± \d+\s+± \d+\s+parts := strings.Split`).MatchString(text) {
		t.Errorf("the text report does not give the errors:\n%s", text)
	}
}

func TestReportFromProfileURL(t *testing.T) {
	prof := memProfile(t)
	data, err := os.ReadFile(prof)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/debug/pprof/allocs" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/octet-stream")
		w.Write(data)
	}))
	defer srv.Close()
	code, stdout, stderr := squash(t, testMod, "-profile", srv.URL+"/debug/pprof/allocs", "-json", "./ok")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	checkProfileReport(t, stdout)

	code, _, stderr = squash(t, testMod, "-profile", srv.URL+"/debug/pprof/heap-typo", "./ok")
	if code != exitError || stderr == "" {
		t.Errorf("a 404 profile URL: exit %d, stderr %q", code, stderr)
	}
}
