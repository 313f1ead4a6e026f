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

// A declaration first filled by the loop whose finding //squash:ignore
// silences makes no fix, which the others would wait for in vain
// (mitchellh/mapstructure's dataValKeys and dataValKeysUnused): the next
// one holds the result itself. One silenced by a directive alone on the
// line above it, too.

func idsAndNames(load func() []*user) (map[int]bool, map[string]bool) {
	ids := map[int]bool{}      //squash:ignore mapsize the caller adds to it // want `ids gets one .*, the call's result held in a variable$`
	names := map[string]bool{} // want `names gets one entry per iteration of a loop of len\(load\(\)\) iterations: make it with that size, the call's result held in a variable$`
	for _, u := range load() {
		ids[u.ID] = true
		names[u.Name] = true
	}
	return ids, names
}

func idsAndNamesAbove(load func() []*user) (map[int]bool, map[string]bool) {
	//squash:ignore mapsize the caller adds to it
	// (more words)
	ids := map[int]bool{}      // want `ids gets one .*, the call's result held in a variable$`
	names := map[string]bool{} // want `names gets one entry per iteration of a loop of len\(load\(\)\) iterations: make it with that size, the call's result held in a variable$`
	for _, u := range load() {
		ids[u.ID] = true
		names[u.Name] = true
	}
	return ids, names
}

// Not silenced, the first still makes its fix first: a directive with no
// reason, one that names another analyzer, one above a blank line, and
// one that is not the directive.

func noReason(load func() []*user) (map[int]bool, map[string]bool) {
	//squash:ignore mapsize
	ids := map[int]bool{}      // want `ids gets one .*, the call's result held in a variable$`
	names := map[string]bool{} // want `names gets one .* \(no fix offered yet: ids's, .*\)`
	for _, u := range load() {
		ids[u.ID] = true
		names[u.Name] = true
	}
	return ids, names
}

func otherName(load func() []*user) (map[int]bool, map[string]bool) {
	//squash:ignore prealloc,stringsseq not this one
	ids := map[int]bool{}      // want `ids gets one .*, the call's result held in a variable$`
	names := map[string]bool{} // want `names gets one .* \(no fix offered yet: ids's, .*\)`
	for _, u := range load() {
		ids[u.ID] = true
		names[u.Name] = true
	}
	return ids, names
}

func aboveBlank(load func() []*user) (map[int]bool, map[string]bool) {
	//squash:ignore mapsize above a blank line

	ids := map[int]bool{}      // want `ids gets one .*, the call's result held in a variable$`
	names := map[string]bool{} // want `names gets one .* \(no fix offered yet: ids's, .*\)`
	for _, u := range load() {
		ids[u.ID] = true
		names[u.Name] = true
	}
	return ids, names
}

func notDirective(load func() []*user) (map[int]bool, map[string]bool) {
	// squash:ignore mapsize not a directive
	ids := map[int]bool{}      // want `ids gets one .*, the call's result held in a variable$`
	names := map[string]bool{} // want `names gets one .* \(no fix offered yet: ids's, .*\)`
	for _, u := range load() {
		ids[u.ID] = true
		names[u.Name] = true
	}
	return ids, names
}
