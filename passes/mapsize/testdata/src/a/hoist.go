package a

// Reported: a map filled by a loop over a call's result. The fix holds the
// result in a variable just before the loop, as prealloc's does.

func loadedByID(load func() []*user) map[int]*user {
	m := map[int]*user{} // want `m gets one entry per iteration of a loop of len\(load\(\)\) iterations: make it with that size, the call's result held in a variable$`
	for _, u := range load() {
		m[u.ID] = u
	}
	return m
}

// A slice declared first, which the loop fills too, holds the result in
// prealloc's fix; the map's waits for the next round.
func namesAndIndex(load func() []*user) ([]string, map[string]int) {
	var names []string
	index := map[string]int{} // want `index gets one .* \(no fix offered yet: names's, which the loop fills too, holds the result first; squash lint -fix makes this one after it\)`
	for i, u := range load() {
		names = append(names, u.Name)
		index[u.Name] = i
	}
	return names, index
}
