//go:build goexperiment.arenas

package bench

import goarena "arena"

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
