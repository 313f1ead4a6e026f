package escape

import (
	"fmt"
	"go/constant"
	"go/types"
	"slices"
)

// An Index finds the compiler's records by line.
type Index struct {
	records []Record
	here    map[lineKey][]int // by Pos
	inlined map[lineKey][]int // by each of Inlined
	flow    map[lineKey][]int // by the positions of flow steps
	seen    map[string]bool
	copies  map[lineKey][]Copy // by the line of the code inlined: see ReadCopies
	// copiesMissing says why CompileCopies read no copies, or is "".
	copiesMissing string

	typed  map[string]bool // the files whose types ReadTypes or ReadStores read
	asked  map[string]bool // the files whose packages they were asked to type-check
	stores map[lineKey]Store
	// consts are the package-level variables that could be constants, of
	// the packages type-checked (see iface.ConstVars).
	consts map[*types.Var]constant.Value
	// tinyBoxed says, of the positions of Store.Boxed, whether every value
	// converted there is of a type the tiny allocator makes (tinyType).
	tinyBoxed map[Position]bool
}

type lineKey struct {
	file string
	line int
}

func newIndex() *Index {
	return &Index{here: map[lineKey][]int{}, inlined: map[lineKey][]int{}, flow: map[lineKey][]int{}, seen: map[string]bool{}, typed: map[string]bool{}, asked: map[string]bool{}, stores: map[lineKey]Store{}, tinyBoxed: map[Position]bool{}}
}

func (ix *Index) add(recs []Record) {
	for _, r := range recs {
		// A generic function is analysed once per shape, and in each
		// package that instantiates it, each time with the same record:
		// keep one. Records that differ only in their flow are of
		// different values: a make's backing array and the slice that a
		// conversion to an interface copies share the make's position and
		// message.
		key := fmt.Sprint(r.Code, r.Message, r.Pos, r.Inlined, r.Flow)
		if ix.seen[key] {
			continue
		}
		ix.seen[key] = true
		i := len(ix.records)
		ix.records = append(ix.records, r)
		k := lineKey{r.Pos.File, r.Pos.Line}
		ix.here[k] = append(ix.here[k], i)
		for _, p := range r.Inlined {
			k := lineKey{p.File, p.Line}
			if !slices.Contains(ix.inlined[k], i) {
				ix.inlined[k] = append(ix.inlined[k], i)
			}
		}
		for _, s := range r.Flow {
			k := lineKey{s.Pos.File, s.Pos.Line}
			if !slices.Contains(ix.flow[k], i) && k != (lineKey{r.Pos.File, r.Pos.Line}) {
				ix.flow[k] = append(ix.flow[k], i)
			}
		}
	}
}

// Records returns every record, in the order read.
func (ix *Index) Records() []Record { return slices.Clone(ix.records) }

// Len returns the number of records.
func (ix *Index) Len() int { return len(ix.records) }

// At returns the records reported at file:line, and the records of inlined
// copies of that line in other functions, in file order.
func (ix *Index) At(file string, line int) []Record {
	k := lineKey{file, line}
	return ix.collect(append(slices.Clone(ix.here[k]), ix.inlined[k]...))
}

// Here returns only the records reported at file:line itself: the
// decisions for the function compiled there, not for inlined copies.
func (ix *Index) Here(file string, line int) []Record {
	return ix.collect(ix.here[lineKey{file, line}])
}

// InlinedAt returns the records of code written at file:line and inlined at
// the call on callerFile:callerLine: what the compiler decided for that
// inlined copy.
func (ix *Index) InlinedAt(file string, line int, callerFile string, callerLine int) []Record {
	var ids []int
	for _, i := range ix.inlined[lineKey{file, line}] {
		if r := &ix.records[i]; r.Pos.File == callerFile && r.Pos.Line == callerLine {
			ids = append(ids, i)
		}
	}
	return ix.collect(ids)
}

// Through returns the escape records reported elsewhere whose flow passes
// through file:line: for example the slice appended on one line and moved
// to the heap when it is returned on another.
func (ix *Index) Through(file string, line int) []Record {
	return ix.collect(ix.flow[lineKey{file, line}])
}

func (ix *Index) collect(ids []int) []Record {
	slices.Sort(ids)
	ids = slices.Compact(ids)
	out := make([]Record, 0, len(ids))
	for _, i := range ids {
		out = append(out, ix.records[i])
	}
	return out
}
