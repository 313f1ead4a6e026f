package escape

import "slices"

// InlinedInto returns where the code that the compiler inlined at a call
// on file:line is written, as ReadCopies read it: a line of each function
// inlined there, directly or through another inlined call, in no
// particular order.
func (ix *Index) InlinedInto(file string, line int) []Position {
	var out []Position
	add := func(p Position) {
		if !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	for k, cs := range ix.copies {
		for _, c := range cs {
			for i, p := range c {
				if p.File != file || p.Line != line {
					continue
				}
				if i == len(c)-1 {
					add(Position{File: k.file, Line: k.line})
				} else {
					add(Position{File: c[i+1].File, Line: c[i+1].Line})
				}
			}
		}
	}
	slices.SortFunc(out, func(a, b Position) int {
		if a.File != b.File {
			if a.File < b.File {
				return -1
			}
			return 1
		}
		return a.Line - b.Line
	})
	return out
}
