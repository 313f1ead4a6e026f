package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDiffBadInput: what is not two reports gets one line and exit 2.
func TestDiffBadInput(t *testing.T) {
	dir := t.TempDir()
	notJSON := filepath.Join(dir, "bench.txt")
	if err := os.WriteFile(notJSON, []byte("BenchmarkX 1 2 ns/op\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"diff", notJSON}, "diff takes two reports, OLD and NEW, not 1"},
		{[]string{"diff", notJSON, filepath.Join(dir, "nosuch.json")}, "is not a squash report"},
		{[]string{"diff", filepath.Join(dir, "nosuch.json"), notJSON}, "cannot read the report"},
		{[]string{"diff", dir, notJSON}, "holds no report.json: give a directory that squash report -keep wrote"},
	} {
		code, stdout, stderr := squash(t, testMod, tc.args...)
		if code != exitError || stdout != "" || strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, tc.want) {
			t.Errorf("squash %s: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.want)
		}
	}
}

// TestDiffLintFix compares two reports of a copy of examples/decoder,
// before and after squash lint -fix: the site that the fix removed is
// gone, and the figures that changed have their p-values.
func TestDiffLintFix(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(packageDir, "..", "..", "examples", "decoder")
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/decoder\n\ngo 1.26\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Four runs each: the fewest for which the U test can say p < 0.05.
	measure := func(name string) string {
		out := filepath.Join(t.TempDir(), name)
		code, _, stderr := squash(t, dir, "-nolint", "-bench", "Simple", "-count", "4", "-benchtime", "20ms", "-keep", out, ".")
		if code != exitClean {
			t.Fatalf("squash report: exit %d\n%s", code, stderr)
		}
		return out
	}
	before := measure("before")
	if code, stdout, stderr := squash(t, dir, "lint", "-fix", "."); code != exitClean || !strings.Contains(stdout, "fixed decoder.go") {
		t.Fatalf("squash lint -fix: exit %d\n%s%s", code, stdout, stderr)
	}
	after := measure("after")

	code, stdout, stderr := squash(t, dir, "diff", before, after)
	if code != exitClean {
		t.Fatalf("squash diff: exit %d\n%s", code, stderr)
	}
	for _, want := range []*regexp.Regexp{
		regexp.MustCompile(`(?m)^B/op +old +new +vs old\nBenchmarkSimple +1808 ± (0%|∞) +\d+ ± (\d+%|∞) +[-+]\d+\.\d\d% \(p=0\.0\d\d n=4\)$`),
		regexp.MustCompile(`(?m)^  gone +1 allocs/op +1024 B/op +decoder\.go:35 decoder\.Simple\n +tokens := strings\.Split\(s, " "\)$`),
	} {
		if !want.MatchString(stdout) {
			t.Errorf("squash diff lacks %s:\n%s", want, stdout)
		}
	}

	code, stdout, stderr = squash(t, dir, "diff", "-json", before, after)
	var got struct {
		Packages []struct {
			Benchmarks []struct {
				Metrics []struct {
					Unit        string
					P           *float64
					Significant bool
				}
				Sites []struct{ Change string }
			}
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != exitClean || err != nil || len(got.Packages) != 1 || len(got.Packages[0].Benchmarks) != 1 {
		t.Fatalf("squash diff -json: exit %d, %v\n%s%s", code, err, stdout, stderr)
	}
	b := got.Packages[0].Benchmarks[0]
	if len(b.Metrics) != 3 || b.Metrics[1].Unit != "B/op" || !b.Metrics[1].Significant || b.Metrics[1].P == nil || len(b.Sites) == 0 || b.Sites[0].Change != "gone" {
		t.Errorf("squash diff -json: the B/op row is not significant with its p-value, or the first site is not gone: %+v", b)
	}
}
