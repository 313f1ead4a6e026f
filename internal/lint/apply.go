package lint

import (
	"bytes"
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/squashgo/squash/internal/text"
)

// A FixResult is what Fix did.
type FixResult struct {
	// Output is, with -diff, the unified diff of the first round's fixes,
	// with git's headers ("--- a/f.go"), relative to Config.Dir.
	Output string
	// Fixed are the files that Fix changed, absolute and sorted.
	Fixed []string
	// Left counts the fixes not made because they overlap others (see
	// FixSuite), after the last round; with -diff, after the first.
	Left int
	// LeftOut says why, by analyzer: which others they overlap.
	LeftOut []LeftOut
	// Unfixable counts the findings that come with no fix.
	Unfixable int
	// Unsettled counts the fixes the last of maxRounds rounds made, whose
	// code no round read after them: it may call for more (see Fix).
	Unsettled int
}

// maxRounds bounds the rounds of one Fix.
const maxRounds = 4

// Fix makes the first suggested fix of every finding in the files, or with
// diff set leaves the files alone and returns the unified diff of what it
// would change. It reads the fixes that the arbiter keeps (see FixSuite)
// from go vet's JSON, and makes their edits alone. Where fixes overlap,
// some are left out. Fix then runs go vet again, up to maxRounds times in
// all, while a round made fixes: until no fix is left to make, those the
// fixes' own code calls for included, so that a second -fix changes
// nothing. Where go vet fails on a package, Fix still fixes the others. A
// file that changed since Fix read it, before go vet did, keeps the
// change: Fix makes none of its fixes, and says so in a changedError.
func Fix(ctx context.Context, c Config, diff bool) (res FixResult, err error) {
	t, err := c.targets(ctx, true)
	if err != nil {
		return FixResult{}, err
	}
	dir, err := filepath.Abs(c.Dir)
	if err != nil {
		return FixResult{}, err
	}
	original := map[string][]byte{} // the files Fix wrote, as they were
	written := map[string][]byte{}  // and as it last wrote them
	defer func() {
		for f, was := range original {
			if !bytes.Equal(written[f], was) {
				res.Fixed = append(res.Fixed, f)
			}
		}
		slices.Sort(res.Fixed)
	}()
	for round := 1; ; round++ {
		// What go vet is to read: a file that no longer holds it when
		// its fixes are made has changed under them.
		read := map[string][sha256.Size]byte{}
		for _, f := range t.files {
			if data, err := os.ReadFile(f); err == nil {
				read[f] = sha256.Sum256(data)
			}
		}
		out, vetErr := c.vet(ctx, "-json", "-"+lintFlag+"="+lintFixes)
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		units := t.of(readUnits(out))
		made := res.count(units)
		edits, err := fixEdits(units)
		if err != nil {
			return res, err
		}
		var changed []string
		for _, file := range slices.Sorted(maps.Keys(edits)) {
			if ctx.Err() != nil {
				return res, ctx.Err()
			}
			was, ok := read[file]
			if !ok {
				continue // not in a package given, or of another module
			}
			src, err := os.ReadFile(file)
			if err != nil {
				return res, err
			}
			if sha256.Sum256(src) != was {
				changed = append(changed, text.Rel(dir, file))
				continue
			}
			fixed, err := fixFile(src, edits[file])
			if err != nil {
				return res, fmt.Errorf("cannot fix %s: %w", text.Rel(dir, file), err)
			}
			if diff {
				// git's names, where the file is under dir.
				old, new := text.Rel(dir, file), text.Rel(dir, file)
				if !filepath.IsAbs(old) {
					old, new = "a/"+old, "b/"+new
				}
				res.Output += unified(old, new, string(src), string(fixed))
				continue
			}
			if err := writeFile(file, src, fixed); errors.Is(err, errChanged) {
				changed = append(changed, text.Rel(dir, file))
				continue
			} else if err != nil {
				return res, err
			}
			if _, ok := original[file]; !ok {
				original[file] = src
			}
			written[file] = fixed
		}
		if len(changed) > 0 {
			return res, changedError{changed, diff}
		}
		if vetErr != nil {
			// Another squash lint -fix, or an editor, that wrote a file
			// while go vet read the package fails it ("could not import
			// strconv": the file now imports what go list did not see).
			if changed := changedSince(read, written, dir); len(changed) > 0 {
				return res, changedError{changed, diff}
			}
			return res, vetErr
		}
		if made == 0 || diff || round == maxRounds {
			if !diff {
				res.Unsettled = made // no round read their code
			}
			return res, nil
		}
	}
}

// count sets the counts of res to those of a round's units, and returns
// the fixes they made.
func (res *FixResult) count(units []unitOutput) (made int) {
	res.Left, res.LeftOut, res.Unfixable = 0, nil, 0
	for _, u := range units {
		res.Unfixable += u.head.Unfixable
		for _, l := range u.head.Left {
			res.Left += l.N
			res.LeftOut = addLeft(res.LeftOut, l)
		}
		// A round that made fixes in a package runs again: a fix left
		// out there for an overlap may apply now, and the code the fixes
		// wrote may hold findings of its own (a string += turned into a
		// builder exposes the += inside it). One that made none would
		// find the same.
		made += u.head.Made
	}
	return made
}

// fixEdits returns the edits of the fixes that the arbiter kept in units,
// by file, in the order of their diagnostics.
func fixEdits(units []unitOutput) (map[string][]jsonEdit, error) {
	edits := map[string][]jsonEdit{}
	for _, u := range units {
		dec := json.NewDecoder(bytes.NewReader(u.json))
		for dec.More() {
			var tree map[string]map[string]json.RawMessage
			if err := dec.Decode(&tree); err != nil {
				return nil, fmt.Errorf("reading go vet -json output: %w", err)
			}
			for _, byPass := range tree {
				for _, raw := range byPass {
					var diags []jsonDiagnostic
					if json.Unmarshal(raw, &diags) != nil {
						continue // {"error": ...} for a package that failed
					}
					for _, d := range diags {
						if len(d.SuggestedFixes) == 0 {
							continue
						}
						for _, e := range d.SuggestedFixes[0].Edits {
							f := filepath.Clean(e.Filename)
							edits[f] = append(edits[f], e)
						}
					}
				}
			}
		}
	}
	return edits, nil
}

// fixFile returns src with the edits made, and the lines they wrote
// formatted as gofmt would (see formatWritten).
func fixFile(src []byte, edits []jsonEdit) ([]byte, error) {
	fixed, spans, err := applyEdits(src, edits)
	if err != nil {
		return nil, err
	}
	return formatWritten(fixed, spans), nil
}

// applyEdits returns src with the edits made, and the ranges of the result
// that they wrote. An edit that two fixes make, such as one import added
// by both, is made once; insertions at one place keep their order.
func applyEdits(src []byte, edits []jsonEdit) ([]byte, [][2]int, error) {
	seen := map[jsonEdit]bool{}
	var es []jsonEdit
	for _, e := range edits {
		if !seen[e] {
			seen[e] = true
			es = append(es, e)
		}
	}
	slices.SortStableFunc(es, func(a, b jsonEdit) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	var out []byte
	var spans [][2]int
	at := 0
	for _, e := range es {
		switch {
		case e.Start < 0 || e.End < e.Start || e.End > len(src):
			return nil, nil, fmt.Errorf("an edit of bytes %d to %d lies outside the file's %d", e.Start, e.End, len(src))
		case e.Start < at:
			return nil, nil, fmt.Errorf("two edits overlap at byte %d", e.Start)
		}
		out = append(out, src[at:e.Start]...)
		spans = append(spans, [2]int{len(out), len(out) + len(e.New)})
		out = append(out, e.New...)
		at = e.End
	}
	return append(out, src[at:]...), spans, nil
}

// formatWritten returns fixed with gofmt's changes to the lines within
// spans, which the fixes wrote, and none to the others: the fixes' edits
// are formatted as their own lines, and the rest of the file stays as it
// was, byte for byte, formatted or not. An import declaration that spans
// touch is formatted whole, as gofmt sorts its lines. Where the lines kept
// would not make the same program as fixed, or gofmt cannot read it, it
// returns fixed as it is.
func formatWritten(fixed []byte, spans [][2]int) []byte {
	formatted, err := format.Source(fixed)
	if err != nil || bytes.Equal(formatted, fixed) {
		return fixed
	}
	a, b := lines(string(fixed)), lines(string(formatted))
	// Lines that differ in their spaces alone are the same line, which
	// gofmt spaced anew: so a line it changed beside one the fixes wrote
	// stays apart from it.
	cs, ok := lineChanges(unspaced(a), unspaced(b))
	if !ok {
		return fixed
	}
	touched := touchedLines(fixed, a, spans)
	var out strings.Builder
	i, j := 0, 0
	for _, c := range append(cs, change{len(a), len(a), len(b), len(b)}) {
		for ; i < c.a0; i, j = i+1, j+1 {
			if touched[i] {
				out.WriteString(b[j])
			} else {
				out.WriteString(a[i])
			}
		}
		take := slices.Contains(touched[c.a0:c.a1], true) ||
			c.a0 == c.a1 && (c.a0 > 0 && touched[c.a0-1] || c.a0 < len(a) && touched[c.a0])
		if take {
			out.WriteString(strings.Join(b[c.b0:c.b1], ""))
		} else {
			out.WriteString(strings.Join(a[c.a0:c.a1], ""))
		}
		i, j = c.a1, c.b1
	}
	result := []byte(out.String())
	if again, err := format.Source(result); err != nil || !bytes.Equal(again, formatted) {
		return fixed
	}
	return result
}

// touchedLines reports, for each line a of src, whether spans touch it,
// or an import declaration that spans touch holds it.
func touchedLines(src []byte, a []string, spans [][2]int) []bool {
	starts := make([]int, len(a)) // each line's offset
	for i, at := 1, 0; i < len(a); i++ {
		at += len(a[i-1])
		starts[i] = at
	}
	lineOf := func(off int) int { return max(sort.SearchInts(starts, off+1)-1, 0) }
	touched := make([]bool, len(a)+1)
	mark := func(from, to int) {
		for i := max(from, 0); i <= min(to, len(a)-1); i++ {
			touched[i] = true
		}
	}
	for _, s := range spans {
		mark(lineOf(s[0]), lineOf(max(s[0], s[1]-1)))
	}
	fset := token.NewFileSet()
	if f, err := parser.ParseFile(fset, "", src, parser.ImportsOnly); err == nil {
		for _, d := range f.Decls {
			from, to := fset.Position(d.Pos()).Line-1, fset.Position(d.End()).Line-1
			if slices.Contains(touched[max(from, 0):min(to+1, len(a))], true) {
				mark(from, to)
			}
		}
	}
	return touched[:len(a)]
}

// unspaced returns the lines without their spaces and tabs.
func unspaced(ls []string) []string {
	out := make([]string, len(ls))
	for i, l := range ls {
		out[i] = strings.Join(strings.Fields(l), "")
	}
	return out
}

// changedSince returns the files of read, relative to dir, that hold
// neither what they held when read hashed them nor what Fix last wrote in
// them (written).
func changedSince(read map[string][sha256.Size]byte, written map[string][]byte, dir string) []string {
	var changed []string
	for _, f := range slices.Sorted(maps.Keys(read)) {
		data, err := os.ReadFile(f)
		if err != nil {
			changed = append(changed, text.Rel(dir, f)) // removed, or made unreadable
			continue
		}
		if sum := sha256.Sum256(data); sum != read[f] && !bytes.Equal(data, written[f]) {
			changed = append(changed, text.Rel(dir, f))
		}
	}
	return changed
}

// errChanged is the error of writeFile where the file does not hold what
// the fixes were made on.
var errChanged = errors.New("changed since squash lint read it")

// A changedError names the files, relative to Config.Dir, that changed
// while Fix ran, whose fixes it did not make or show.
type changedError struct {
	files []string
	diff  bool
}

func (e changedError) Error() string {
	names, them, their := e.files[0], "it", "its"
	if n := len(e.files); n > 1 {
		names = strings.Join(e.files[:n-1], ", ") + " and " + e.files[n-1]
		them, their = "them", "their"
	}
	if e.diff {
		return fmt.Sprintf("%s changed since squash lint read %s: %s fixes are left out of the diff; run squash lint -diff again", names, them, their)
	}
	return fmt.Sprintf("%s changed since squash lint read %s: %s fixes are not made; run squash lint -fix again", names, them, their)
}

// writeFile replaces the file at path, which held was, by data. It writes
// a temporary file beside it and renames that over it, with the file's
// mode: so the file holds what it held, or data, whenever squash stops.
// The temporary file's name starts with a dot, which the go command
// passes over. Where the file no longer holds was, writeFile changes
// nothing and returns errChanged.
func writeFile(path string, was, data []byte) (err error) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return err
	}
	info, err := os.Stat(target)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".squash-")
	if err != nil {
		return fmt.Errorf("cannot write the fixes of %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		return err
	}
	// On disk before the rename makes it the file.
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	now, err := os.ReadFile(target)
	if err != nil {
		return err
	}
	if !bytes.Equal(now, was) {
		return errChanged
	}
	return os.Rename(tmp.Name(), target)
}
