package report

import (
	"path/filepath"
	"slices"

	"github.com/squashgo/squash/internal/escape"
)

// Records returns the compiler's records of the build that measured p,
// with the copies of its module's lines inlined elsewhere where the report
// was made with a -pgo (see Config.PGO); nil for a report read from JSON.
func (p *Package) Records() *escape.Index { return p.ix }

// Path returns the site's file on this machine; "" in a report read from
// JSON.
func (s *Site) Path() string { return s.abs }

// readCopies reads, from each test binary's DWARF, where the lines of the
// files that the compiler's records cover were inlined. A call that a
// profile makes hot is inlined in one build and not in the other, and the
// records say so only where something in the copy escapes.
func readCopies(ms []*measurement) error {
	for _, m := range ms {
		if m.bin == nil || m.ix == nil {
			continue
		}
		var dirs []string
		for _, r := range m.ix.Records() {
			if d := filepath.Dir(r.Pos.File); !slices.Contains(dirs, d) {
				dirs = append(dirs, d)
			}
		}
		for _, d := range dirs {
			if err := m.ix.ReadCopies(m.bin.Path, d); err != nil {
				return err
			}
		}
	}
	return nil
}
