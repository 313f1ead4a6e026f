package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite README.md's sample report from a fresh run")

// The sample report in README.md sits between these markers, in a fenced
// block.
const (
	sampleStart = "<!-- sample: squash -bench Simple ./examples/decoder -->\n"
	sampleEnd   = "<!-- end sample -->\n"
	fenceOpen   = "```text\n"
	fenceClose  = "```\n"
)

// TestReadme runs the report that README.md shows, squash -bench Simple
// ./examples/decoder from the repository's root, and compares it with the
// README's sample. The figures that come from timing are masked; allocs/op, B/op and the sites
// are exact for this example. With -update it rewrites the sample instead.
func TestReadme(t *testing.T) {
	path := filepath.Join(packageDir, "..", "..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	before, sample, after, err := cutSample(readme)
	if err != nil {
		t.Fatalf("README.md: %v", err)
	}

	// On a loaded machine the benchmark may get too few CPU samples for
	// the CPU shares, which the report then says are not measured; that
	// says nothing of the README, so such a run is tried again.
	var code int
	var stdout, stderr string
	for range 3 {
		code, stdout, stderr = squash(t, filepath.Join(packageDir, "..", ".."), "-bench", "Simple", "./examples/decoder")
		if code != exitClean || !strings.Contains(stdout, "not measured (") {
			break
		}
	}
	if code != exitClean {
		t.Fatalf("squash -bench Simple ./examples/decoder: exit %d\nstderr:\n%s", code, stderr)
	}

	if *update {
		fresh := before + sampleStart + fenceOpen + stdout + fenceClose + sampleEnd + after
		if err := os.WriteFile(path, []byte(fresh), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, got := maskTiming(sample), maskTiming(stdout)
	if want == got {
		return
	}
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(wl) && i < len(gl) && wl[i] == gl[i] {
		i++
	}
	line := func(l []string) string {
		if i < len(l) {
			return fmt.Sprintf("%q", l[i])
		}
		return "(end of output)"
	}
	t.Errorf("README.md's sample report is stale; first difference (timing masked, sites of equal figures sorted):\n README: %s\n now:    %s\nrun 'go test ./cmd/squash -run TestReadme -update' to rewrite it; the report now:\n%s",
		line(wl), line(gl), stdout)
}

// cutSample splits README.md around the sample report, the text inside the
// fenced block between the markers.
func cutSample(readme string) (before, sample, after string, err error) {
	if n := strings.Count(readme, sampleStart); n != 1 {
		return "", "", "", fmt.Errorf("%d lines %q, want 1", n, strings.TrimSpace(sampleStart))
	}
	before, rest, _ := strings.Cut(readme, sampleStart)
	block, after, ok := strings.Cut(rest, sampleEnd)
	if !ok {
		return "", "", "", fmt.Errorf("no line %q after the sample", strings.TrimSpace(sampleEnd))
	}
	if !strings.HasPrefix(block, fenceOpen) || !strings.HasSuffix(block, fenceClose) {
		return "", "", "", fmt.Errorf("the sample is not one block between %q and %q", strings.TrimSpace(fenceOpen), strings.TrimSpace(fenceClose))
	}
	return before, strings.TrimSuffix(strings.TrimPrefix(block, fenceOpen), fenceClose), after, nil
}

var (
	nsPerOp = regexp.MustCompile(`\S+ ns/op`)
	// b.N, on a benchmark's line, before its ns/op.
	iterations = regexp.MustCompile(`(?m)^(Benchmark\S*)  \d+  `)
	// The CPU shares come from a CPU profile of the timing run.
	cpuShare = regexp.MustCompile(`(?m)^(  allocation \+ GC: | +estimate: ).*$`)
	percent  = regexp.MustCompile(`\d+(\.\d+)?%`)
	// A site's first line: allocs/op, B/op, share, then where.
	siteHead = regexp.MustCompile(`^  +(\S+) +\S+ +(\d+\.\d%)  \S`)
)

// sitePad begins a site's lines after the first, as the text report indents
// them under the file name.
var sitePad = strings.Repeat(" ", 30)

// maskTiming replaces what varies from run to run in a text report: b.N,
// ns/op and the CPU shares. Sites that print the same allocs/op and share
// may come in either order, as one object more or less in a run of the profile
// reorders them, so each such run of sites is sorted.
func maskTiming(report string) string {
	report = nsPerOp.ReplaceAllString(report, "N ns/op")
	report = iterations.ReplaceAllString(report, "${1}  N  ")
	report = cpuShare.ReplaceAllStringFunc(report, func(l string) string {
		return percent.ReplaceAllString(l, "N%")
	})
	var out, tie []string // tie: consecutive site blocks of one key
	key := ""
	flush := func() {
		slices.Sort(tie)
		out = append(out, tie...)
		tie, key = nil, ""
	}
	lines := strings.Split(report, "\n")
	for i := 0; i < len(lines); i++ {
		m := siteHead.FindStringSubmatch(lines[i])
		if m == nil {
			flush()
			out = append(out, lines[i])
			continue
		}
		block := lines[i]
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], sitePad) {
			i++
			block += "\n" + lines[i]
		}
		if k := m[1] + " " + m[2]; k != key {
			flush()
			key = k
		}
		tie = append(tie, block)
	}
	flush()
	return strings.Join(out, "\n")
}
