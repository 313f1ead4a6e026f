//go:build goexperiment.arenas

package bench

import (
	goarena "arena"
	"testing"

	"github.com/squashgo/squash/arena"
)

type goarenaNodes struct{ ra *goarena.Arena }

func (g goarenaNodes) node() *treeNode { return goarena.New[treeNode](g.ra) }

func init() {
	arenaImpls = append(arenaImpls, arenaImpl{"goarena", func() (func(int, []string) int, func()) {
		g := goarenaNodes{goarena.NewArena()}
		return func(n int, names []string) int {
				sum := walk(build(g, n, names))
				g.ra.Free() // the runtime's arenas cannot be reused: a new one per op
				g.ra = goarena.NewArena()
				return sum
			}, func() {
				g.ra.Free()
			}
	}})
}

// BenchmarkArenaNew measures one New of a treeNode through squash's wrapper
// and through the runtime's arena directly, starting a fresh arena every
// 65536 nodes: the wrapper's overhead without the tree around it.
func BenchmarkArenaNew(b *testing.B) {
	const batch = 1 << 16
	b.Run("impl=squash", func(b *testing.B) {
		var a arena.Arena
		defer a.Free()
		for i := 0; b.Loop(); i++ {
			arena.New[treeNode](&a).val = i
			if i%batch == batch-1 {
				a.Reset()
			}
		}
	})
	b.Run("impl=goarena", func(b *testing.B) {
		ra := goarena.NewArena()
		for i := 0; b.Loop(); i++ {
			goarena.New[treeNode](ra).val = i
			if i%batch == batch-1 {
				ra.Free()
				ra = goarena.NewArena()
			}
		}
		ra.Free()
	})
}
