package arena_test

import (
	"runtime"
	"testing"
	"weak"

	"github.com/squashgo/squash/arena"
)

// payload is big enough (not a tiny allocation) that each one is its own
// heap object, so a weak pointer to it tells exactly whether it was kept.
type payload struct {
	id  int
	pad [56]byte
}

// holder lives in the arena; its fields are the only references to the
// heap payloads.
type holder struct {
	next *holder
	p    *payload
	ps   []*payload
}

const holders = 3000 // enough to fill several chunks

// fill builds a chain of holders in a, each pointing at fresh heap payloads
// (one directly, two through an arena slice grown with Append), and returns
// the chain's head and weak pointers to every payload.
func fill(a *arena.Arena) (*holder, []weak.Pointer[payload]) {
	weaks := make([]weak.Pointer[payload], 0, 3*holders)
	var head *holder
	for i := range holders {
		h := arena.New[holder](a)
		h.next = head
		head = h
		h.p = &payload{id: 3 * i}
		h.ps = arena.MakeSlice[*payload](a, 0, 1)
		h.ps = arena.Append(a, h.ps, &payload{id: 3*i + 1}, &payload{id: 3*i + 2})
		weaks = append(weaks, weak.Make(h.p), weak.Make(h.ps[0]), weak.Make(h.ps[1]))
	}
	return head, weaks
}

// churn allocates garbage and collects, several times over, so that any
// object the collector wrongly thinks dead is reclaimed.
func churn() {
	for range 4 {
		garbage := make([][]byte, 0, 1000)
		for range 1000 {
			garbage = append(garbage, make([]byte, 64))
		}
		runtime.KeepAlive(garbage)
		runtime.GC()
	}
}

func TestPointersInArenaObjectsKeepTargetsAlive(t *testing.T) {
	for _, release := range []string{"Free", "Reset"} {
		t.Run(release, func(t *testing.T) {
			var a arena.Arena
			head, weaks := fill(&a)
			churn()

			n := 0
			for h := head; h != nil; h = h.next {
				for k, p := range []*payload{h.p, h.ps[0], h.ps[1]} {
					want := 3*(holders-1-n) + k
					if p.id != want {
						t.Fatalf("holder %d payload %d: id %d, want %d (memory reused while referenced)", n, k, p.id, want)
					}
				}
				n++
			}
			if n != holders {
				t.Fatalf("walked %d holders, want %d", n, holders)
			}
			for i, w := range weaks {
				if w.Value() == nil {
					t.Fatalf("payload %d was collected although an arena object points at it", i)
				}
			}

			head = nil
			if release == "Free" {
				a.Free()
			} else {
				a.Reset()
			}
			retireReusedChunk()
			churn()
			alive := 0
			for _, w := range weaks {
				if w.Value() != nil {
					alive++
				}
			}
			if alive != 0 {
				t.Fatalf("after %s, %d of %d payloads are still alive; want all collectable", release, alive, len(weaks))
			}
			runtime.KeepAlive(&a)
		})
	}
}
