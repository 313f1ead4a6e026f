// Package genuser instantiates gen's generic functions.
package genuser

import "example.com/noalloc/gen"

// Use instantiates gen.Box, gen.Same, Stack.Top and gen.Fill with int.
func Use(n int, s *gen.Stack[int]) (any, int, int, int) {
	return gen.Box(n), gen.Same(n), s.Top(), gen.Fill(n, n)
}

// Clone instantiates Pair.Clone with int.
func Clone(p *gen.Pair[int]) *gen.Pair[int] {
	return p.Clone()
}
