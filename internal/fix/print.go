package fix

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/squashgo/squash/internal/compare"
	"github.com/squashgo/squash/internal/text"
)

// WriteText writes res for a person: a verdict per candidate, the
// before/after table of the fixes kept together, as benchstat lays it out,
// and their unified diff.
func WriteText(w io.Writer, res *Result) error {
	if len(res.Candidates) == 0 {
		_, err := fmt.Fprintln(w, "squash fix: no fix to try: no analyzer's fix touches a function where a benchmark allocates")
		return err
	}
	kept := 0
	for _, c := range res.Candidates {
		if c.Verdict == Kept {
			kept++
		}
	}
	fmt.Fprintf(w, "%s tried, %d kept:\n", text.Plural(len(res.Candidates), "candidate", "candidates"), kept)
	for _, c := range res.Candidates {
		tier := ""
		if c.Guided {
			tier = ", profile-guided"
		}
		fmt.Fprintf(w, "\n%-8s %s:%d [%s%s] %s\n", verdictWord(c.Verdict), c.File, c.Line, c.Pass, tier, c.Message)
		fmt.Fprintf(w, "         %s\n", c.Reason)
	}
	if len(res.Kept) == 0 {
		_, err := fmt.Fprintln(w, "\nno fix kept: the tree is as it was")
		return err
	}
	fmt.Fprintf(w, "\nthe %s kept, together (each figure the median of %d runs, ± its 95%% interval; p of the Mann-Whitney U test, alpha 0.05):\n\n", text.Plural(len(res.Kept), "fix", "fixes"), countOf(res))
	if err := compare.WriteText(w, res.Comparison); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "\n%s", res.Diff)
	return err
}

func countOf(res *Result) int {
	for _, b := range res.Benchmarks {
		for _, m := range b.Metrics {
			return m.N
		}
	}
	return 0
}

func verdictWord(v Verdict) string {
	switch v {
	case Kept:
		return "kept"
	case NotTried:
		return "not tried"
	case Dropped:
		return "dropped"
	}
	return "rejected"
}

// WriteJSON writes res as JSON: the candidates with their verdicts and
// figures, the indexes of those kept, the before/after figures of the set,
// and its diff.
func WriteJSON(w io.Writer, res *Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(res)
}

// Summary is one line that says what Apply wrote.
func Summary(written []string) string {
	if len(written) == 0 {
		return "squash fix: nothing to write"
	}
	return "squash fix: wrote " + strings.Join(written, ", ")
}
