package lint

import (
	"context"
	"os"
	"path/filepath"
	"slices"
)

// A Candidate is a finding whose fix squash fix may try: every fix the
// analyzers suggest, each alone, whether or not the arbiter would keep it
// beside the others, and those of the profile-guided tier (see Guided).
type Candidate struct {
	Finding
	// Guided reports whether an analyzer of the profile-guided tier
	// reported it: squash lint does not.
	Guided bool
	// Edits are the fix's edits, the imports it needs included.
	Edits []Edit
}

// An Edit replaces bytes Start to End of File (absolute) by New.
type Edit struct {
	File       string
	Start, End int
	New        string
}

// Candidates runs the analyzers and the profile-guided tier over the
// packages c names, of the main modules only, and returns every finding
// that comes with a fix, with its edits, sorted by file and line.
func Candidates(ctx context.Context, c Config) ([]Candidate, error) {
	out, err := c.vet(ctx, "-json", "-"+lintFlag+"="+lintCandidates)
	if err != nil {
		return nil, err
	}
	t, err := c.targets(ctx, true)
	if err != nil {
		return nil, err
	}
	as := Guided()
	guided := make(map[string]bool, len(as))
	for _, a := range as {
		guided[a.Name] = true
	}
	type passFile struct{ pass, file string }
	imports := map[passFile][]jsonEdit{} // perfsprint's, for all its fixes in a file
	var cands []Candidate
	for _, u := range t.of(readUnits(out)) {
		err := eachDiagnostic(u.json, func(pass string, d jsonDiagnostic) {
			if len(d.SuggestedFixes) == 0 {
				return
			}
			f := readFinding(pass, d, os.ReadFile)
			if d.Category == importsCategory {
				imports[passFile{pass, f.File}] = append(imports[passFile{pass, f.File}], f.edits...)
				return
			}
			cands = append(cands, Candidate{Finding: f, Guided: guided[pass]})
		})
		if err != nil {
			return nil, err
		}
	}
	for i := range cands {
		c := &cands[i]
		es := slices.Concat(c.edits, imports[passFile{c.Pass, c.File}])
		for _, e := range es {
			c.Edits = append(c.Edits, Edit{File: filepath.Clean(e.Filename), Start: e.Start, End: e.End, New: e.New})
		}
	}
	slices.SortFunc(cands, func(a, b Candidate) int { return cmpFindings(a.Finding, b.Finding) })
	return cands, nil
}

// Edited returns src, a file's bytes, with edits made (each edit once, as
// two fixes may add one import alike), and the lines they wrote formatted
// as gofmt would; the other lines stay as they were. Edits that overlap
// are an error.
func Edited(src []byte, edits []Edit) ([]byte, error) {
	es := make([]jsonEdit, len(edits))
	for i, e := range edits {
		es[i] = jsonEdit{Filename: e.File, Start: e.Start, End: e.End, New: e.New}
	}
	return fixFile(src, es)
}

// ErrChanged is the error of WriteFile where the file no longer holds what
// the fixes were made on.
var ErrChanged = errChanged

// WriteFile replaces the file at path, which held was, by data, atomically:
// it writes a temporary file beside it and renames it over the file, so
// that whenever squash stops the file holds was or data. Where the file no
// longer holds was, it changes nothing and returns an error that is
// ErrChanged.
func WriteFile(path string, was, data []byte) error {
	return writeFile(path, was, data)
}

// Unified returns the unified diff that turns old into new, under the
// headers "--- OLDNAME" and "+++ NEWNAME", as diff -u writes it; "" when
// they are equal.
func Unified(oldName, newName, old, new string) string {
	return unified(oldName, newName, old, new)
}
