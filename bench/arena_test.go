package bench

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/squashgo/squash/arena"
)

// treeNode is the small object of BenchmarkArena: pointers to its children
// and to a heap string, as a parser's syntax tree has.
type treeNode struct {
	left, right *treeNode
	name        string
	val         int
}

// nodeAllocator hands out treeNodes; each impl is one allocator type, so
// that build is compiled once per impl.
type nodeAllocator interface {
	node() *treeNode
}

// build makes a balanced tree of n nodes whose names point into names.
func build[A nodeAllocator](al A, n int, names []string) *treeNode {
	if n == 0 {
		return nil
	}
	t := al.node()
	t.name = names[n%len(names)]
	t.val = n
	left := (n - 1) / 2
	t.left = build(al, left, names)
	t.right = build(al, n-1-left, names)
	return t
}

// walk visits every node, reading its string, and returns a checksum.
func walk(t *treeNode) int {
	if t == nil {
		return 0
	}
	return t.val + len(t.name) + walk(t.left) + walk(t.right)
}

type heapNodes struct{}

func (heapNodes) node() *treeNode { return new(treeNode) }

type squashNodes struct{ a *arena.Arena }

func (s squashNodes) node() *treeNode { return arena.New[treeNode](s.a) }

// arenaImpl is one way of making and releasing the tree. cycle builds a
// tree of n nodes, walks it, releases it and returns the walk's checksum.
type arenaImpl struct {
	name  string
	cycle func() (cycle func(n int, names []string) int, stop func())
}

var arenaImpls = []arenaImpl{
	{"heap", func() (func(int, []string) int, func()) {
		return func(n int, names []string) int {
			return walk(build(heapNodes{}, n, names)) // released: nothing points at it
		}, func() {}
	}},
	{"squash", func() (func(int, []string) int, func()) {
		a := new(arena.Arena)
		return func(n int, names []string) int {
			sum := walk(build(squashNodes{a}, n, names))
			a.Reset() // the same arena serves the next op
			return sum
		}, a.Free
	}},
	{"squash-free", func() (func(int, []string) int, func()) {
		a := new(arena.Arena)
		return func(n int, names []string) int {
			sum := walk(build(squashNodes{a}, n, names))
			a.Free() // drop the region; the next op starts from nothing
			return sum
		}, a.Free
	}},
}

var arenaSink int

// BenchmarkArena builds a tree of objs small nodes that point at each other
// and at heap strings, walks it and releases it. impl=heap allocates each
// node with new; impl=squash uses an arena.Arena reset after every op;
// impl=squash-free frees it instead; impl=goarena (GOEXPERIMENT=arenas
// builds only) uses the runtime's arena package directly. Besides ns/op and
// allocs/op it reports gcs/op, the garbage collections per op.
func BenchmarkArena(b *testing.B) {
	names := make([]string, 4096)
	for i := range names {
		names[i] = fmt.Sprint("node-", i)
	}
	for _, objs := range []int{1000, 100000, 1000000} {
		want := walk(build(heapNodes{}, objs, names))
		for _, impl := range arenaImpls {
			b.Run(fmt.Sprintf("objs=%d/impl=%s", objs, impl.name), func(b *testing.B) {
				cycle, stop := impl.cycle()
				defer stop()
				if got := cycle(objs, names); got != want {
					b.Fatalf("checksum %d, want %d", got, want)
				}
				b.ReportAllocs()
				// Start every impl from a collected heap, so that none pays
				// for the garbage of the one before it.
				runtime.GC()
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for b.Loop() {
					arenaSink += cycle(objs, names)
				}
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(after.NumGC-before.NumGC)/float64(b.N), "gcs/op")
			})
		}
	}
}
