package fix

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
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
