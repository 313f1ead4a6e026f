package profile

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"

	"github.com/google/pprof/profile"
)

// LoadAll loads the profiles srcs, as Load does each, all at once: a fleet's
// replicas asked for profiles of -seconds each answer together.
func (f Fetch) LoadAll(ctx context.Context, srcs []string) ([]*profile.Profile, error) {
	ps := make([]*profile.Profile, len(srcs))
	errs := make([]error, len(srcs))
	var wg sync.WaitGroup
	for i, src := range srcs {
		wg.Go(func() { ps[i], errs[i] = f.Load(ctx, src) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err // the first source's error first
		}
	}
	return ps, nil
}

// Merge merges ps, the profiles srcs of one program (which it may give the
// empty period type that profile.Merge needs), as go tool pprof
// merges the sources it is given: the samples of the same stack and labels
// add up. Profiles of different binaries are refused, by the build ID of
// each one's main mapping, or, where a profile has none, by the name of
// its file: the same line of two builds may be different code.
func Merge(srcs []string, ps []*profile.Profile) (*profile.Profile, error) {
	if len(ps) == 1 {
		return ps[0], nil
	}
	for i := 1; i < len(ps); i++ {
		if a, b, ok := sameBinary(ps[0], ps[i]); !ok {
			return nil, fmt.Errorf("%s and %s are profiles of different binaries (%s, %s): merge profiles of one build only", srcs[0], srcs[i], a, b)
		}
	}
	for _, p := range ps {
		if p.PeriodType == nil {
			p.PeriodType = &profile.ValueType{} // profile.Merge compares them, and a file may have none
		}
	}
	m, err := profile.Merge(ps)
	if err != nil {
		return nil, fmt.Errorf("cannot merge the profiles %s and the others: %v", srcs[0], err)
	}
	return m, nil
}

// sameBinary reports whether p and q are profiles of the same executable,
// as far as they say: by the build IDs of their first mappings, which the
// runtime writes for the executable, or, where one has none, by the names
// of its file. Otherwise it returns what tells them apart.
func sameBinary(p, q *profile.Profile) (string, string, bool) {
	if len(p.Mapping) == 0 || len(q.Mapping) == 0 {
		return "", "", true
	}
	a, b := p.Mapping[0], q.Mapping[0]
	switch {
	case a.BuildID != "" && b.BuildID != "":
		return "build ID " + a.BuildID, "build ID " + b.BuildID, a.BuildID == b.BuildID
	case a.File != "" && b.File != "":
		return filepath.Base(a.File), filepath.Base(b.File), filepath.Base(a.File) == filepath.Base(b.File)
	}
	return "", "", true
}
