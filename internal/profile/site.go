package profile

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/google/pprof/profile"
)

// A Site is a line of the user's code and what was allocated on its behalf.
type Site struct {
	Function string // fully qualified, as pprof names it (dots in the import path unescaped)
	Package  string // Function's import path (FuncPackage of the name as recorded)
	File     string // absolute path, as recorded in the profile
	Line     int

	Objects int64 // allocated objects (alloc_objects)
	Bytes   int64 // allocated bytes (alloc_space)
	// ObjectsVariance and BytesVariance are the variances of Objects and
	// Bytes as estimates from a sample (see Variance): 0 where the profile
	// recorded every allocation. Blame counts them from the profile's own
	// samples; BlameDifference gives those of a difference of two.
	ObjectsVariance, BytesVariance float64
	// Blocks are the objects recorded at TinyBlock bytes each: blocks of
	// the tiny allocator, which may hold more of the line's allocations
	// than one, or objects of that size.
	Blocks int64

	// Direct reports whether some of the site's allocations ran in the
	// site's function compiled on its own; InlinedAt lists the calls, in
	// other functions, into which the site's line was inlined when the rest
	// ran. The compiler decides escapes separately for each.
	Direct    bool
	InlinedAt []Position

	// Mechanisms break the site's allocations down by the deepest frame of
	// each sample, most objects first. A Mechanism with an empty Function is
	// the line's own allocation (make, append, new, a conversion, a
	// closure...): Go's heap profiles hide the runtime's allocator frames.
	Mechanisms []Mechanism

	// Inlines are the chains of functions outside the user's code that
	// were inlined into the site's line and allocated there themselves,
	// with no call below them (the runtime's frames are hidden): each the
	// lines of the inlined frames, outermost first, ending at the line
	// that allocated (bytes.NewReader's &Reader{…}). A compiler record of
	// inlined code is of an allocation that ran where its inline positions
	// are one of these.
	Inlines [][]Position

	// Callers break the site's allocations down by the next frame up the
	// stack that is in scope too, most objects first: where a small
	// helper is called from, which is often what is to change. A sample
	// with no such frame (the site is the benchmark itself) has none.
	Callers []Caller
}

// A Caller is a line of the user's code that called, directly or through
// functions outside the scope, the function of a site.
type Caller struct {
	Function string // fully qualified, as Site.Function
	File     string
	Line     int
	Objects  int64
	Bytes    int64
}

// A Position is a line in a source file.
type Position struct {
	File string
	Line int
}

// A Mechanism is the function that allocated on a site's behalf.
type Mechanism struct {
	Function string // "" when the line allocated itself
	Objects  int64
	Bytes    int64

	// Inlines are the chains of inlined frames (as Site.Inlines) down
	// which Function allocated in the site's own frame; Called reports
	// whether some of its objects were allocated in a call below the
	// site's line instead. A Function with Inlines and not Called made
	// all of its objects in code inlined into the line: bytes.NewReader's
	// &Reader{…} in held = newHolder(bytes.NewReader(data)).
	Inlines [][]Position
	Called  bool
}

// Inlined reports whether m's Function made all of its objects in code
// inlined into the site's line, and none in a call below it: the compiler
// compiled its allocation into the site's function, under that function's
// escape analysis.
func (m Mechanism) Inlined() bool { return m.Function != "" && len(m.Inlines) > 0 && !m.Called }

// Mechanism returns the function that allocated most of the site's objects on
// its behalf, or "" when that is the line itself.
func (s *Site) Mechanism() string {
	if len(s.Mechanisms) == 0 {
		return ""
	}
	return s.Mechanisms[0].Function
}

// TinyBlock is the size a heap profile records an allocation of the
// runtime's tiny allocator at: the 16-byte block (runtime.maxTinySize) it
// starts, which the values under 16 bytes without pointers allocated after
// it share without being recorded (runtime.mallocgcTiny).
const TinyBlock = 16

// objectSize returns the size of the objects of a sample of a heap profile,
// which the runtime records by stack and size: its "bytes" label, or, in a
// profile without labels, its bytes over its objects; 0 if neither says.
func objectSize(s *profile.Sample, objs, bytes int64) int64 {
	if v := s.NumLabel["bytes"]; len(v) == 1 {
		return v[0]
	}
	if objs != 0 && bytes%objs == 0 {
		return bytes / objs
	}
	return 0
}

// An Attribution is an allocation profile blamed on the user's lines.
type Attribution struct {
	Sites []Site // most objects first

	// Objects and Bytes are the totals over every sample in the profile,
	// blamed or not.
	Objects, Bytes int64
	// OutsideObjects and OutsideBytes were allocated with no frame of the
	// user's code on the stack (the testing package, the runtime, other
	// goroutines), or by the testing package on its behalf (see harnessFrame).
	OutsideObjects, OutsideBytes int64
	// OutsideVariance is the variance of OutsideObjects, as Site's
	// ObjectsVariance is of its Objects.
	OutsideVariance float64
}

// A Scope says which functions are the user's code.
type Scope []string

// Contains reports whether the fully qualified function name fn belongs to
// one of the scope's import-path prefixes (test packages included).
func (s Scope) Contains(fn string) bool {
	pkg := FuncPackage(fn)
	for _, p := range s {
		if pkg == p || pkg == p+"_test" || strings.HasPrefix(pkg, p+"/") {
			return true
		}
	}
	return false
}

// FuncPackage returns the import path of a fully qualified function name as
// pprof records it: "example.com/m/p.(*T).M" -> "example.com/m/p". The
// linker escapes dots in an import path's last element ("yaml%2ev3"), which
// is what makes the first dot after the last slash the separator.
func FuncPackage(fn string) string {
	if i := strings.IndexByte(fn, '['); i >= 0 {
		fn = fn[:i] // type arguments may contain slashes and dots
	}
	slash := strings.LastIndexByte(fn, '/')
	if dot := strings.IndexByte(fn[slash+1:], '.'); dot >= 0 {
		fn = fn[:slash+1+dot]
	}
	return unescape(fn)
}

// unescape undoes the linker's escape of dots in an import path's last
// element: gopkg.in/yaml%2ev3.(*parser).node is gopkg.in/yaml.v3's.
func unescape(fn string) string { return strings.ReplaceAll(fn, "%2e", ".") }

// Blame attributes every sample of an allocation profile to the first frame,
// counting from the allocation, that belongs to scope.
func Blame(p *profile.Profile, scope Scope) (*Attribution, error) {
	objIdx, byteIdx, err := allocIndexes(p)
	if err != nil {
		return nil, err
	}
	type key struct {
		fn, file string
		line     int64
	}
	sites := map[key]*Site{}
	mechs := map[key]map[string]*Mechanism{}
	callers := map[key]map[key]*Caller{}
	a := &Attribution{}
	rate := SampleRate(p)
	for _, s := range p.Sample {
		objs, bytes := s.Value[objIdx], s.Value[byteIdx]
		if objs == 0 && bytes == 0 {
			continue
		}
		size := sampleSize(s, objs, bytes)
		objsVar := Variance(objs, size, rate)
		a.Objects += objs
		a.Bytes += bytes
		deepest, shown, site, found, harness := "", "", profile.Line{}, false, false
		var inlines []Position  // the frames inlined into the site's, when it allocated in none below
		var outer *profile.Line // the function compiled, when site was inlined into it
		var caller *profile.Line
		depth := 0
	frames:
		for li, loc := range s.Location {
			// loc.Line[0] is the innermost of the functions inlined here,
			// the last one the function that was compiled.
			for i, l := range loc.Line {
				if l.Function == nil {
					continue
				}
				if scope.Contains(l.Function.Name) {
					site, found = l, true
					if li == 0 {
						for j := i - 1; j >= 0; j-- {
							if f := loc.Line[j].Function; f != nil {
								inlines = append(inlines, Position{f.Filename, int(loc.Line[j].Line)})
							}
						}
					}
					if last := len(loc.Line) - 1; i < last && loc.Line[last].Function != nil {
						outer = &loc.Line[last]
					}
					caller = callerOf(s.Location[li:], i+1, scope)
					break frames
				}
				if depth == 0 {
					deepest = l.Function.Name
				}
				harness = harness || harnessFrame(l.Function.Name)
				if shown == "" && !internalFrame(l.Function.Name) {
					shown = l.Function.Name
				}
				depth++
			}
		}
		if !found || harness {
			a.OutsideObjects += objs
			a.OutsideBytes += bytes
			a.OutsideVariance += objsVar
			continue
		}
		k := key{site.Function.Name, site.Function.Filename, site.Line}
		st := sites[k]
		if st == nil {
			st = &Site{Function: unescape(k.fn), Package: FuncPackage(k.fn), File: k.file, Line: int(k.line)}
			sites[k] = st
			mechs[k] = map[string]*Mechanism{}
			callers[k] = map[key]*Caller{}
		}
		st.Objects += objs
		st.Bytes += bytes
		st.ObjectsVariance += objsVar
		st.BytesVariance += size * size * objsVar
		if objectSize(s, objs, bytes) == TinyBlock {
			st.Blocks += objs
		}
		if outer == nil {
			st.Direct = true
		} else if p := (Position{outer.Function.Filename, int(outer.Line)}); !slices.Contains(st.InlinedAt, p) {
			st.InlinedAt = append(st.InlinedAt, p)
		}
		mech := ""
		if depth > 0 {
			mech = unescape(cmp.Or(shown, deepest))
		}
		m := mechs[k][mech]
		if m == nil {
			m = &Mechanism{Function: mech}
			mechs[k][mech] = m
		}
		m.Objects += objs
		m.Bytes += bytes
		if caller != nil {
			ck := key{caller.Function.Name, caller.Function.Filename, caller.Line}
			c := callers[k][ck]
			if c == nil {
				c = &Caller{Function: unescape(ck.fn), File: ck.file, Line: int(ck.line)}
				callers[k][ck] = c
			}
			c.Objects += objs
			c.Bytes += bytes
		}
		if depth > 0 && objs > 0 {
			if len(inlines) == 0 {
				m.Called = true
			} else {
				st.Inlines = addChain(st.Inlines, inlines)
				m.Inlines = addChain(m.Inlines, inlines)
			}
		}
	}
	for k, st := range sites {
		for _, m := range mechs[k] {
			st.Mechanisms = append(st.Mechanisms, *m)
		}
		slices.SortFunc(st.Mechanisms, func(x, y Mechanism) int {
			return cmp.Or(cmp.Compare(y.Objects, x.Objects), cmp.Compare(y.Bytes, x.Bytes), strings.Compare(x.Function, y.Function))
		})
		for _, c := range callers[k] {
			st.Callers = append(st.Callers, *c)
		}
		slices.SortFunc(st.Callers, func(x, y Caller) int {
			return cmp.Or(cmp.Compare(y.Objects, x.Objects), cmp.Compare(y.Bytes, x.Bytes),
				strings.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line), strings.Compare(x.Function, y.Function))
		})
		a.Sites = append(a.Sites, *st)
	}
	slices.SortFunc(a.Sites, func(x, y Site) int {
		return cmp.Or(cmp.Compare(y.Objects, x.Objects), cmp.Compare(y.Bytes, x.Bytes),
			strings.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line), strings.Compare(x.Function, y.Function))
	})
	return a, nil
}

// callerOf returns the first frame in scope above a site's frame: from the
// frame at index i of the first location on (the frames a location holds
// are inlined into the last, which called the next location), or nil.
func callerOf(locs []*profile.Location, i int, scope Scope) *profile.Line {
	for _, loc := range locs {
		for ; i < len(loc.Line); i++ {
			if l := &loc.Line[i]; l.Function != nil && scope.Contains(l.Function.Name) {
				return l
			}
		}
		i = 0
	}
	return nil
}

// addChain adds chain to chains unless it is there already.
func addChain(chains [][]Position, chain []Position) [][]Position {
	if slices.ContainsFunc(chains, func(c []Position) bool { return slices.Equal(c, chain) }) {
		return chains
	}
	return append(chains, chain)
}

// harnessFrame reports whether fn is a method of testing.B or of
// testing.BenchmarkResult: what they allocate when a benchmark calls them is
// the testing package's, not the benchmark's. b.Loop and the timer read the
// memory statistics, which stops the world, and starting it again now and
// then starts a thread (runtime.newm: one object in the 150,000 recorded
// iterations of a test's benchmark); b.Run runs and prints a sub-benchmark,
// which leaves a few objects in one attribution run and not the other. The
// user's line only calls them, and go test's allocs/op, an integer per op,
// does not show such objects either. A benchmark's b.Log and b.Error are
// methods of the embedded testing.common, and stay the benchmark's.
func harnessFrame(fn string) bool {
	return strings.HasPrefix(fn, "testing.(*B).") || strings.HasPrefix(fn, "testing.BenchmarkResult.")
}

// internalFrame reports whether fn is a function of the standard library
// that its callers reach only through another (internal/bytealg.MakeNoZero
// under strings.(*Builder).grow, reflect.unsafe_New under reflect.New): the
// caller says more as the mechanism.
func internalFrame(fn string) bool {
	return strings.HasPrefix(fn, "internal/") || strings.HasPrefix(fn, "vendor/") || strings.HasPrefix(fn, "reflect.unsafe_")
}

// SampleRate returns the memory-profile rate a Go heap profile was taken
// at, from its period (space/bytes): 1 if it recorded every allocation, R if
// one allocation per R bytes allocated on average (the runtime's default is
// 512 KiB), when its counts are estimates; 0 if p does not say.
func SampleRate(p *profile.Profile) int {
	if p.PeriodType == nil || p.PeriodType.Type != "space" || p.PeriodType.Unit != "bytes" || p.Period <= 0 {
		return 0
	}
	return int(min(p.Period, 1<<40))
}

// allocIndexes finds the allocated-objects and allocated-bytes sample types.
func allocIndexes(p *profile.Profile) (objs, bytes int, err error) {
	objs, bytes = -1, -1
	kinds := slices.Grow[[]string](nil, len(p.SampleType))
	for i, st := range p.SampleType {
		switch st.Type {
		case "alloc_objects":
			objs = i
		case "alloc_space":
			bytes = i
		}
		kinds = append(kinds, st.Type+"/"+st.Unit)
	}
	if objs < 0 || bytes < 0 {
		return 0, 0, fmt.Errorf("not an allocation profile (it holds %s): take one with go test -memprofile or from /debug/pprof/allocs", strings.Join(kinds, ", "))
	}
	return objs, bytes, nil
}
