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

// Reported: statements that do not use the map stand between it and its
// loop, loops among them. The fix moves the declaration down to the loop,
// where the size is read just as the loop reads its length, so what those
// statements do to the length does not matter.

type attrSchema struct{ Name string }

type blockSchema struct{ Type string }

type bodySchema struct {
	Attributes []attrSchema
	Blocks     []blockSchema
}

// From hashicorp/hcl, json/structure.go: blocks's loop comes after attrs's.
func schemas(schema *bodySchema) (map[string]attrSchema, map[string]blockSchema) {
	attrs := map[string]attrSchema{}   // want `attrs gets one entry per iteration of a loop of len\(schema.Attributes\) iterations`
	blocks := map[string]blockSchema{} // want `blocks gets one entry per iteration of a loop of len\(schema.Blocks\) iterations`
	for _, a := range schema.Attributes {
		attrs[a.Name] = a
	}
	for _, b := range schema.Blocks {
		blocks[b.Type] = b
	}
	return attrs, blocks
}

func compute(users []*user) int { return len(users) }

func several(users []*user, log func(string)) (map[string]*user, int) {
	m := map[string]*user{} // want `m gets one entry per iteration of a loop of len\(users\) iterations`
	total := compute(users)
	log("indexing")
	var names []string
	for _, u := range users {
		names = append(names, u.Name)
	}
	if total > 100 {
		log("many")
	}
	for _, u := range users {
		m[u.Name] = u
	}
	return m, total
}

func errorBetween(load func() ([]*user, error)) (map[int]*user, error) {
	m := map[int]*user{} // want `m gets one entry per iteration of a loop of len\(users\) iterations`
	users, err := load()
	if err != nil {
		return nil, err
	}
	for _, u := range users {
		m[u.ID] = u
	}
	return m, nil
}

func boundChanged(users []*user) map[int]*user {
	m := map[int]*user{} // want `m gets one entry per iteration of a loop of len\(users\) iterations`
	users = users[1:]
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

type queue struct{ items []int }

func (q *queue) push(v int) { q.items = append(q.items, v) }

func pushedBetween(q *queue) map[int]bool {
	seen := map[int]bool{} // want `seen gets one entry per iteration of a loop of len\(q.items\) iterations`
	q.push(0)
	for _, x := range q.items {
		seen[x] = true
	}
	return seen
}

func closureBetween(n int) map[int]int {
	sq := map[int]int{} // want `sq gets one entry per iteration of a loop of n iterations`
	halve := func() { n /= 2 }
	halve()
	for i := range n {
		sq[i] = i * i
	}
	return sq
}

// Not reported: a statement in between uses the map.

func use(map[int]*user) {}

func readBetween(users []*user) map[int]*user {
	m := map[int]*user{}
	users = users[1:]
	_ = len(m)
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

func passedBetween(users []*user) map[int]*user {
	m := map[int]*user{}
	n := compute(users)
	use(m)
	for _, u := range users[:n] {
		m[u.ID] = u
	}
	return m
}

func addressBetween(users []*user) map[int]*user {
	m := map[int]*user{}
	p := &m
	for _, u := range users {
		m[u.ID] = u
	}
	return *p
}

func closedOverBetween(users []*user) map[int]*user {
	m := map[int]*user{}
	add := func(u *user) { m[u.ID] = u }
	for _, u := range users {
		m[u.ID] = u
	}
	add(&user{})
	return m
}

func deferredBetween(users []*user, log func(int)) map[int]*user {
	m := map[int]*user{}
	defer func() { log(len(m)) }()
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

func loopReadsBetween(users, more []*user) (map[int]*user, int) {
	m := map[int]*user{}
	known := 0
	for _, u := range more {
		known += len(m) + u.ID
	}
	for _, u := range users {
		m[u.ID] = u
	}
	return m, known
}

func loopFillsBetween(users, more []*user) map[int]*user {
	m := map[int]*user{}
	for _, u := range more {
		if u != nil {
			m[u.ID] = u
		}
	}
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

func headerBetween(users []*user) map[int]*user {
	m := map[int]*user{}
	for i := 0; i < len(m); i++ {
		users = users[1:]
	}
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

// Not reported: moved down to the loop, the declaration would run again on
// each jump back to a label between it and the loop, and the map, filled
// once per pass, would keep only the last pass's entries.
func gotoBackOver(users []*user) map[int]*user {
	m := map[int]*user{}
	pass := 0
Again:
	pass++
	for _, u := range users {
		m[u.ID+pass] = u
	}
	if pass < 2 {
		goto Again
	}
	return m
}

// A goto back to a label before the declaration does not jump over it.
func gotoBackBefore(users []*user) map[int]*user {
	pass := 0
Again:
	pass++
	m := map[int]*user{} // want `m gets one entry per iteration of a loop of len\(users\) iterations`
	if pass < 2 {
		goto Again
	}
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

// A label between that only gotos in between jump back to stays before the
// moved declaration.
func gotoWithinBetween(users []*user) map[int]*user {
	m := map[int]*user{} // want `m gets one entry per iteration of a loop of len\(users\) iterations`
	tries := 0
Retry:
	tries++
	if tries < 3 {
		goto Retry
	}
	for _, u := range users {
		m[u.ID] = u
	}
	return m
}

// A map and a slice filled by the same loop: the map stays above the slice
// (it used to move below it, as the slice stands between it and the loop).
func mapThenSlice(users []*user) (map[int]*user, []int) {
	m := map[int]*user{} // want `m gets one entry per iteration of a loop of len\(users\) iterations`
	ids := []int{}
	for _, u := range users {
		m[u.ID] = u
		ids = append(ids, u.ID)
	}
	return m, ids
}

// Two maps moved down to one loop keep their order, whatever order the
// fixes are merged in (analysistest merges them by message).
func twoMoved(users []*user, f func()) (map[int]*user, map[string]int) {
	zm := map[int]*user{}  // want `zm gets one entry per iteration of a loop of len\(users\) iterations`
	am := map[string]int{} // want `am gets one entry per iteration of a loop of len\(users\) iterations`
	f()
	for i, u := range users {
		zm[u.ID] = u
		am[u.Name] = i
	}
	return zm, am
}
