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
