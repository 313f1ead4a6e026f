package fix

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/perf/benchfmt"

	"github.com/squashgo/squash/internal/report"
)

// Names of what Config.Keep holds.
const (
	KeptBaseline = "baseline"   // the baseline's report, as squash report -keep keeps it
	KeptBefore   = "before.txt" // the baseline's runs in the last verification
	KeptAfter    = "after.txt"  // the runs of the fixes kept, interleaved with those
)

// keep writes into dir the result lines of the last verification of the
// fixes kept, the baseline's and the fixed code's, each in a file in the
// Go benchmark format: benchstat before.txt after.txt prints the table
// that squash fix prints. With no fix kept, there are none to write.
func keep(dir string, res *Result) error {
	if len(res.Kept) == 0 {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("-keep: %w", err)
	}
	for i, name := range []string{KeptBefore, KeptAfter} {
		err := report.WriteFile(filepath.Join(dir, name), func(w io.Writer) error {
			bw := benchfmt.NewWriter(w)
			for _, r := range res.runs[i] {
				if err := bw.Write(r); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return fmt.Errorf("-keep: %w", err)
		}
	}
	return nil
}
