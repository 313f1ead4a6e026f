package ignorefix

type user struct{ ID int }

// The fixes of the findings left are made; the silenced one's is not.
func fixed(users []user) ([]int, map[int]bool) {
	ids := []int{}         //squash:ignore prealloc the caller appends to it after
	seen := map[int]bool{} // want `seen gets one entry per iteration`
	for _, u := range users {
		ids = append(ids, u.ID)
		seen[u.ID] = true
	}
	return ids, seen
}

// The loop ranges over a call, whose result the first declaration's fix
// would hold: silenced, it makes none, and the next one's holds it
// (mitchellh/mapstructure's dataValKeys and dataValKeysUnused).
func fixedHeld(load func() []user) (map[int]bool, map[int]bool) {
	seen := map[int]bool{} //squash:ignore mapsize the caller adds to it
	left := map[int]bool{} // want `left gets one entry per iteration .*held in a variable$`
	for _, u := range load() {
		seen[u.ID] = true
		left[u.ID] = false
	}
	return seen, left
}
