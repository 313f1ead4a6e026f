package grow

// Names is a slice and Set a map, under names: the text of their makes
// does not say which is which.
type (
	Names []string
	Set   map[int]struct{}
)

// Local makes a Names that does not escape, of a size that is not a
// constant: on the heap when it is over 32 bytes.
//
//go:noinline
func Local(n int) int {
	s := make(Names, n)
	return len(s)
}

// Members makes a Set that does not escape, with room for n members: on
// the heap when n is over 8.
//
//go:noinline
func Members(n int) int {
	s := make(Set, n)
	for i := range n {
		s[i] = struct{}{}
	}
	return len(s)
}
