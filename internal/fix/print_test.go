package fix

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
)

// TestWrite: the text gives each candidate's verdict and reason, and the
// JSON the same, in snake_case.
func TestWrite(t *testing.T) {
	res := &Result{
		Candidates: []Candidate{
			{Pass: "splitcut", File: "a.go", Line: 3, Guided: true, Message: "strings.Split allocates", Verdict: Kept, Reason: "BenchmarkA allocs/op 2 → 1"},
			{Pass: "stringsseq", File: "a.go", Line: 3, Message: "Ranging over SplitSeq", Verdict: More, Reason: "allocates more: BenchmarkA allocs/op 2 → 4"},
			{Pass: "mapsize", File: "b.go", Line: 9, Message: "m gets one entry", Verdict: NotTried, Reason: "not tried: the -timeout ran out first"},
		},
		Kept:       []int{},
		Benchmarks: []Benchmark{},
	}
	var text bytes.Buffer
	if err := WriteText(&text, res); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"3 candidates tried, 1 kept:",
		"kept     a.go:3 [splitcut, profile-guided] strings.Split allocates\n         BenchmarkA allocs/op 2 → 1\n",
		"rejected a.go:3 [stringsseq] Ranging over SplitSeq\n         allocates more: BenchmarkA allocs/op 2 → 4\n",
		"not tried b.go:9 [mapsize]",
		"no fix kept: the tree is as it was",
	} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("text lacks %q:\n%s", want, text.String())
		}
	}
	var js bytes.Buffer
	if err := WriteJSON(&js, res); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Candidates []map[string]any `json:"candidates"`
		Kept       []int            `json:"kept"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Candidates) != 3 || back.Candidates[1]["verdict"] != "allocates more" || back.Candidates[0]["guided"] != true || back.Kept == nil {
		t.Errorf("JSON:\n%s", js.String())
	}
}

// TestWriteHTML: the page charts each benchmark before and after, lists
// every verdict, and shows the diff as text, whatever the source holds.
func TestWriteHTML(t *testing.T) {
	res := &Result{
		Candidates: []Candidate{
			{Pass: "splitcut", File: "a.go", Line: 3, Guided: true, Verdict: Kept, Reason: "BenchmarkA allocs/op 2 → 1"},
			{Pass: "stringsseq", File: "a.go", Line: 3, Verdict: More, Reason: "allocates more: BenchmarkA allocs/op 2 → 4"},
		},
		Kept: []int{0},
		Benchmarks: []Benchmark{{Package: "example.com/a", Name: "BenchmarkA", Metrics: []Metric{
			{Unit: "ns/op", Before: 200, After: 100, Delta: "-50.00%"},
			{Unit: "allocs/op", Before: 2, After: 1, Delta: "-50.00%"},
		}}},
		Diff: "--- a.go\n+++ a.go\n@@ -3 +3 @@\n-\ts := \"</script><img src=x onerror=alert(1)>\"\n+\ts := \"\"\n",
	}
	var buf bytes.Buffer
	if err := WriteHTML(&buf, res); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{
		"<title>squash fix</title>",
		`<rect class="before" x="0" y="4" width="100.00" height="2.5">`,
		`<rect class="after" x="0" y="7" width="50.00" height="2.5">`,
		"ns/op: 200 → 100 (-50.00%)",
		`<td data-value="kept">kept</td><td>splitcut (profile-guided)</td>`,
		`<td data-value="allocates more">allocates more</td>`,
		`<span class="del">-	s := &#34;&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&#34;</span>`,
		`<span class="add">&#43;	s := &#34;&#34;</span>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s\n%s", want, page[strings.Index(page, "<pre class"):])
		}
	}
	if strings.Contains(page, "<img src=x") {
		t.Error("the diff's markup reached the page unescaped")
	}
}

// TestKeep: the runs of the last verification are kept in the Go
// benchmark format, each side in its file, as benchstat reads them.
func TestKeep(t *testing.T) {
	read := func(s string) []*benchfmt.Result {
		var out []*benchfmt.Result
		r := benchfmt.NewReader(strings.NewReader(s), "runs")
		for r.Scan() {
			if res, ok := r.Result().(*benchfmt.Result); ok {
				out = append(out, res.Clone())
			}
		}
		return out
	}
	runs := "pkg: example.com/a\nBenchmarkA-2 100 200 ns/op 16 B/op 2 allocs/op\nBenchmarkA-2 100 210 ns/op 16 B/op 2 allocs/op\n"
	res := &Result{Kept: []int{0}, runs: [2][]*benchfmt.Result{read(runs), read(strings.ReplaceAll(runs, "2 allocs", "1 allocs"))}}
	dir := filepath.Join(t.TempDir(), "kept")
	if err := keep(dir, res); err != nil {
		t.Fatal(err)
	}
	for i, name := range []string{KeptBefore, KeptAfter} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		got := read(string(data))
		if len(got) != 2 || got[0].GetConfig("pkg") != "example.com/a" {
			t.Fatalf("%s: %d results, want 2 of example.com/a:\n%s", name, len(got), data)
		}
		if v, _ := got[1].Value("allocs/op"); v != float64(2-i) {
			t.Errorf("%s: allocs/op %v, want %d", name, v, 2-i)
		}
	}
	if err := keep(filepath.Join(t.TempDir(), "none"), &Result{}); err != nil {
		t.Errorf("with no fix kept: %v", err)
	}
}
