package escape

import (
	"debug/dwarf"
	"debug/elf"
	"debug/macho"
	"debug/pe"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
)

// A Copy is one place where the compiler inlined a line's code: the calls
// it was inlined through, from the call in the function compiled to the
// innermost. The compiler's records name only the copies where something
// escapes; a copy where nothing does has none, and may still allocate
// (see mechanism.UnrecordedAs). The DWARF that the compiler writes gives
// each call its file and line, and no column.
type Copy []Position

// ReadCopies reads, from the DWARF of the executable at path, where the
// code of the lines of the files in dir was inlined, for Copies. The
// linker keeps only the functions that the program may call: a copy in a
// function it dropped is not there, but its records, if any, are.
func (ix *Index) ReadCopies(path, dir string) error {
	d, err := openDWARF(path)
	if err != nil {
		return err
	}
	if ix.copies == nil {
		ix.copies = map[lineKey][]Copy{}
	}
	r := d.Reader()
	for {
		cu, err := r.Next()
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		if cu == nil {
			break
		}
		if cu.Tag != dwarf.TagCompileUnit {
			r.SkipChildren()
			continue
		}
		lr, err := d.LineReader(cu)
		if err != nil || lr == nil {
			r.SkipChildren()
			continue
		}
		files := lr.Files()
		if !slices.ContainsFunc(files, func(f *dwarf.LineFile) bool { return f != nil && filepath.Dir(f.Name) == dir }) {
			r.SkipChildren()
			continue
		}
		calls, err := inlinedCalls(d, r, files)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		var row dwarf.LineEntry
		for lr.Next(&row) == nil {
			if row.File == nil || filepath.Dir(row.File.Name) != dir {
				continue
			}
			c := calls.at(row.Address)
			if c == nil {
				continue // the function compiled, not a copy
			}
			k := lineKey{row.File.Name, row.Line}
			if !slices.ContainsFunc(ix.copies[k], func(o Copy) bool { return slices.Equal(o, c) }) {
				ix.copies[k] = append(ix.copies[k], c)
			}
		}
	}
	return nil
}

// Copies returns where the code of file:line was inlined, as ReadCopies
// read it, in the order of the binary.
func (ix *Index) Copies(file string, line int) []Copy {
	return ix.copies[lineKey{file, line}]
}

// CopiesMissing returns why CompileCopies could not read where lines were
// inlined, or "": a package without test files has no binary, and one
// linked with -ldflags=-w no DWARF.
func (ix *Index) CopiesMissing() string { return ix.copiesMissing }

// Of reports whether r is a record of code of this copy: the record's
// call positions, from Pos, begin with the copy's calls, by file and line.
func (c Copy) Of(r Record) bool {
	chain := append([]Position{r.Pos}, r.Inlined...)
	if len(chain) <= len(c) {
		return false
	}
	return slices.EqualFunc(c, chain[:len(c)], func(a, b Position) bool { return a.File == b.File && a.Line == b.Line })
}

// inlineTree is the inlined calls of a compile unit: each with the PC
// ranges of its code, the calls it was inlined through, and the calls
// inlined into it.
type inlineTree struct {
	ranges [][2]uint64
	copy   Copy
	inner  []*inlineTree
}

// at returns the calls that the innermost inlined call holding pc was
// inlined through, or nil where pc is in no inlined call.
func (t *inlineTree) at(pc uint64) Copy {
	var found Copy
	for n := t; n != nil; {
		found = n.copy
		next := n.inner
		n = nil
		for _, c := range next {
			if slices.ContainsFunc(c.ranges, func(r [2]uint64) bool { return r[0] <= pc && pc < r[1] }) {
				n = c
				break
			}
		}
	}
	return found
}

// inlinedCalls reads the entries under the compile unit that r has just
// read, and returns the tree of its inlined calls, whose call files are
// indexes into files.
func inlinedCalls(d *dwarf.Data, r *dwarf.Reader, files []*dwarf.LineFile) (*inlineTree, error) {
	root := &inlineTree{}
	stack := []*inlineTree{root} // one for each entry whose children are being read
	for len(stack) > 0 {
		e, err := r.Next()
		if err != nil {
			return nil, err
		}
		if e == nil {
			break
		}
		if e.Tag == 0 { // the end of an entry's children
			stack = stack[:len(stack)-1]
			continue
		}
		parent := stack[len(stack)-1]
		node := parent
		if e.Tag == dwarf.TagInlinedSubroutine {
			ranges, err := d.Ranges(e)
			if err != nil {
				return nil, err
			}
			file, _ := e.Val(dwarf.AttrCallFile).(int64)
			line, _ := e.Val(dwarf.AttrCallLine).(int64)
			if file < 0 || int(file) >= len(files) || files[file] == nil {
				return nil, errors.New("an inlined call's file is not in its line table")
			}
			node = &inlineTree{
				ranges: ranges,
				copy:   append(slices.Clip(parent.copy), Position{File: files[file].Name, Line: int(line)}),
			}
			parent.inner = append(parent.inner, node)
		}
		if e.Children {
			stack = append(stack, node)
		}
	}
	return root, nil
}

// openDWARF returns the DWARF of the executable at path, whichever of ELF,
// Mach-O or PE it is.
func openDWARF(path string) (*dwarf.Data, error) {
	if f, err := elf.Open(path); err == nil {
		defer f.Close()
		return f.DWARF()
	}
	if f, err := macho.Open(path); err == nil {
		defer f.Close()
		return f.DWARF()
	}
	f, err := pe.Open(path)
	if err != nil {
		return nil, fmt.Errorf("%s is not an executable squash reads (ELF, Mach-O or PE): %w", path, err)
	}
	defer f.Close()
	return f.DWARF()
}
