package fix

import (
	"errors"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/squashgo/squash/internal/lint"
	"github.com/squashgo/squash/internal/text"
)

// Apply writes the fixes that res kept to the user's files, and returns
// the files written, relative to the directory Run ran in. Each file is
// written whole to a temporary file beside it, which is renamed over it:
// whenever squash stops, a file holds what was measured or the fixes kept.
// Where a file no longer holds what was measured, Apply writes nothing and
// returns a *ChangedError that names it; one that changes while Apply
// writes the others is left as it is, and named the same way.
func Apply(res *Result) ([]string, error) {
	paths := slices.Sorted(maps.Keys(res.files))
	for _, path := range paths {
		now, err := os.ReadFile(path)
		if err != nil || !slices.Equal(now, res.files[path].was) {
			return nil, &ChangedError{File: text.Rel(res.dir, path)}
		}
	}
	var written []string
	for _, path := range paths {
		f := res.files[path]
		if err := lint.WriteFile(path, f.was, f.fixed); errors.Is(err, lint.ErrChanged) {
			return written, &ChangedError{File: text.Rel(res.dir, path), Written: written}
		} else if err != nil {
			return written, err
		}
		written = append(written, filepath.ToSlash(text.Rel(res.dir, path)))
	}
	return written, nil
}
