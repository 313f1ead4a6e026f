package a

type user struct {
	ID   int
	Name string
}

// Reported.

func byID(users []*user) map[int]*user {
	m := map[int]*user{} // want `m gets one entry per iteration of a loop of len\(users\) iterations`
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

func squares(n int) map[int]int {
	sq := make(map[int]int) // want `sq gets one entry per iteration of a loop of n iterations`
	for i := range n {
		sq[i] = i * i
	}
	return sq
}

func invert(in map[string]int) map[int]string {
	out := make(map[int]string) // want `out gets one entry per iteration of a loop of len\(in\) iterations`
	for k, v := range in {
		out[v] = k
	}
	return out
}

func loadedBetween(load func() []user) map[string]int {
	index := map[string]int{} // want `index gets one entry per iteration of a loop of len\(users\) iterations`
	users := load()
	for i := 0; i < len(users); i++ {
		index[users[i].Name] = i
	}
	return index
}

func commentBetween(load func() []user) map[string]int {
	index := map[string]int{} // want `index gets one entry per iteration of a loop of len\(users\) iterations`
	// users come from load.
	users := load()
	for i, u := range users {
		index[u.Name] = i
	}
	return index
}

func maybeNegative(n int) map[int]bool {
	seen := map[int]bool{} // want `seen gets one entry per iteration of a loop of n - 1 iterations`
	for i := 0; i < n-1; i++ {
		seen[i] = true
	}
	return seen
}

// Not reported.

func conditional(users []*user) map[int]*user {
	m := map[int]*user{}
	for _, u := range users {
		if u.ID > 0 {
			m[u.ID] = u
		}
	}
	return m
}

func counting(words []string) map[string]int {
	m := map[string]int{}
	for _, w := range words {
		m[w]++
	}
	return m
}

func readBack(users []*user) map[int]*user {
	m := map[int]*user{}
	for _, u := range users {
		m[u.ID] = u
		_ = len(m)
	}
	return m
}

func earlyReturn(users []*user) map[int]*user {
	m := map[int]*user{}
	for _, u := range users {
		if u == nil {
			return nil
		}
		m[u.ID] = u
	}
	return m
}

func withBreak(users []*user) map[int]*user {
	m := map[int]*user{}
	for _, u := range users {
		m[u.ID] = u
		if u.ID == 0 {
			break
		}
	}
	return m
}

func filledBefore(users []*user) map[int]*user {
	m := map[int]*user{}
	m[0] = nil
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

func sized(users []*user) map[int]*user {
	m := make(map[int]*user, len(users))
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

func fromChannel(ch chan *user) map[int]*user {
	m := map[int]*user{}
	for u := range ch {
		m[u.ID] = u
	}
	return m
}

func literal() map[string]int {
	m := map[string]int{"a": 1}
	for i := range 3 {
		m[string(rune('b'+i))] = i
	}
	return m
}

func neverRuns() map[int]int {
	m := map[int]int{}
	for i := range -1 {
		m[i] = i
	}
	return m
}

// Not reported: the fix would write len and make, which the code hides.

func makeShadowed(xs map[string]int) map[string]int {
	make := 1
	m := map[string]int{}
	for k, v := range xs {
		m[k] = v + make
	}
	return m
}

func lenShadowed(xs []string, len func([]string) int) map[string]bool {
	m := map[string]bool{}
	for _, x := range xs {
		m[x] = true
	}
	return m
}

type key string

// Not reported: a local declared between the map and its loop hides the key
// type that the moved declaration would name.
func typeHidden(xs []key) map[key]bool {
	m := map[key]bool{}
	key := 0
	_ = key
	for _, x := range xs {
		m[x] = true
	}
	return m
}

// Not reported: moved down to the loop, the declaration would stand between
// the goto and its label, which does not compile.
func gotoOver(xs []int) map[int]int {
	m := map[int]int{}
	if len(xs) > 10 {
		goto End
	}
	xs = xs[:1]
	for _, x := range xs {
		m[x] = x
	}
End:
	return m
}
