package fixes

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"slices"
	"testing"
)

var users = func() []User {
	us := make([]User, 1000)
	for i := range us {
		us[i] = User{ID: i * 7, Name: fmt.Sprint("user", i)}
	}
	return us
}()

var samples = func() []uint64 {
	xs := make([]uint64, 4096)
	for i := range xs {
		xs[i] = uint64(i) * 0x9E3779B97F4A7C15
	}
	return xs
}()

// pair is one analyzer's shape before and after its fix, as one operation.
type pair struct {
	pass          string
	before, fixed func()
}

var (
	sinkInts []int
	sinkInt  int
	sinkMap  map[int]*User
	sinkStr  string
	sinkBool bool
	buf      bytes.Buffer
)

var pairs = []pair{
	{"prealloc/fix=grow", func() { sinkInts = IDs(users) }, func() { sinkInts = IDsFixed(users) }},
	{"prealloc/fix=make", func() { sinkInt = NthID(users, 500) }, func() { sinkInt = NthIDFixed(users, 500) }},
	{"mapsize", func() { sinkMap = Index(users) }, func() { sinkMap = IndexFixed(users) }},
	{"binarywrite", func() { buf.Reset(); WriteSamples(&buf, samples) }, func() { buf.Reset(); WriteSamplesFixed(&buf, samples) }},
	{"regexpcompile", func() { sinkBool = Valid("squash_2026") }, func() { sinkBool = ValidFixed("squash_2026") }},
	{"poolput", func() { WithBuffer(fill) }, func() { WithBufferFixed(fill) }},
	{"buildergrow", func() { sinkStr = Stars(1000) }, func() { sinkStr = StarsFixed(1000) }},
	{"constvar", func() { Greet(io.Discard) }, func() { GreetFixed(io.Discard) }},
}

func fill(b []byte) []byte { return append(b, "payload"...) }

func TestFixesAgree(t *testing.T) {
	if !slices.Equal(IDs(users), IDsFixed(users)) {
		t.Error("IDs and IDsFixed disagree")
	}
	if IDs(nil) != nil || IDsFixed(nil) != nil || IDsFixed([]User{}) != nil {
		t.Error("IDsFixed of no users is not nil, as IDs's is")
	}
	if NthID(users, 500) != NthIDFixed(users, 500) || NthID(users, 500) != users[500].ID {
		t.Error("NthID and NthIDFixed disagree")
	}
	if !maps.Equal(Index(users), IndexFixed(users)) {
		t.Error("Index and IndexFixed disagree")
	}
	var a, b bytes.Buffer
	if WriteSamples(&a, samples) != nil || WriteSamplesFixed(&b, samples) != nil || !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("WriteSamples and WriteSamplesFixed disagree")
	}
	for _, s := range []string{"ok_1", "Not OK", ""} {
		if Valid(s) != ValidFixed(s) {
			t.Errorf("Valid(%q) and ValidFixed disagree", s)
		}
	}
	if Stars(5) != "*****" || StarsFixed(5) != "*****" {
		t.Error("Stars is wrong")
	}
	var g, gf bytes.Buffer
	Greet(&g)
	GreetFixed(&gf)
	if g.String() != "hello, squash" || gf.String() != g.String() {
		t.Errorf("Greet wrote %q, GreetFixed %q", g.String(), gf.String())
	}
}

// TestFixesLowerAllocs is the claim the benchmarks show, as a test: each
// fix allocates less per operation than the shape it replaces. squash fix
// rewrites the shapes as their fixes, and must keep the tests passing:
// a shape that allocates as its fix has been fixed, and is said so.
func TestFixesLowerAllocs(t *testing.T) {
	for _, p := range pairs {
		p.before()
		p.fixed()
		before := testing.AllocsPerRun(50, p.before)
		fixed := testing.AllocsPerRun(50, p.fixed)
		switch {
		case fixed > before:
			t.Errorf("%s: the fix allocates %v times per op, the original %v", p.pass, fixed, before)
		case fixed == before:
			t.Logf("%s: the original allocates as the fix does, %v times per op: it has been fixed", p.pass, fixed)
		}
	}
}

// TestGrowOnce is what prealloc's slices.Grow fix relies on, as Go's
// slices.Grow does it: Grow(nil, 0) is nil, and Grow(nil, n) and n appends
// allocate once, with room for the n elements.
func TestGrowOnce(t *testing.T) {
	if s := slices.Grow[[]int](nil, 0); s != nil {
		t.Errorf("slices.Grow(nil, 0) = %#v, want nil", s)
	}
	for _, n := range []int{1, 7, 1000, 1 << 16} {
		var s []int
		allocs := testing.AllocsPerRun(20, func() {
			s = slices.Grow[[]int](nil, n)
			for i := range n {
				s = append(s, i)
			}
		})
		if allocs != 1 || len(s) != n || cap(s) < n {
			t.Errorf("Grow(nil, %d) and %d appends: %v allocations, len %d, cap %d; want 1, %d, at least %d", n, n, allocs, len(s), cap(s), n, n)
		}
	}
}

func BenchmarkFix(b *testing.B) {
	for _, p := range pairs {
		for _, v := range []struct {
			fixed bool
			op    func()
		}{{false, p.before}, {true, p.fixed}} {
			b.Run(fmt.Sprintf("pass=%s/fixed=%t", p.pass, v.fixed), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					v.op()
				}
			})
		}
	}
}
