package fixes

import (
	"bytes"
	"fmt"
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
	sinkMap  map[int]*User
	sinkStr  string
	sinkBool bool
	buf      bytes.Buffer
)

var pairs = []pair{
	{"prealloc", func() { sinkInts = IDs(users) }, func() { sinkInts = IDsFixed(users) }},
	{"mapsize", func() { sinkMap = Index(users) }, func() { sinkMap = IndexFixed(users) }},
	{"binarywrite", func() { buf.Reset(); WriteSamples(&buf, samples) }, func() { buf.Reset(); WriteSamplesFixed(&buf, samples) }},
	{"regexpcompile", func() { sinkBool = Valid("squash_2026") }, func() { sinkBool = ValidFixed("squash_2026") }},
	{"poolput", func() { WithBuffer(fill) }, func() { WithBufferFixed(fill) }},
	{"buildergrow", func() { sinkStr = Stars(1000) }, func() { sinkStr = StarsFixed(1000) }},
}

func fill(b []byte) []byte { return append(b, "payload"...) }

func TestFixesAgree(t *testing.T) {
	if !slices.Equal(IDs(users), IDsFixed(users)) {
		t.Error("IDs and IDsFixed disagree")
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
}

// TestFixesLowerAllocs is the claim the benchmarks show, as a test: each
// fix allocates less per operation than the shape it replaces.
func TestFixesLowerAllocs(t *testing.T) {
	for _, p := range pairs {
		p.before()
		p.fixed()
		before := testing.AllocsPerRun(50, p.before)
		fixed := testing.AllocsPerRun(50, p.fixed)
		if fixed >= before {
			t.Errorf("%s: the fix allocates %v times per op, the original %v", p.pass, fixed, before)
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
