package arena_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/squashgo/squash/arena"
)

// These tests hold in both builds: the region allocator and the runtime's
// arenas (GOEXPERIMENT=arenas).

type node struct {
	left, right *node
	name        string
	val         int
}

type big struct{ b [300 << 10]byte } // over the 256 KiB large-request limit

func TestNewIsZeroAndDistinct(t *testing.T) {
	tests := []struct {
		name  string
		alloc func(a *arena.Arena) (isZero bool, set func(), check func() bool)
	}{
		{"int", func(a *arena.Arena) (bool, func(), func() bool) {
			p := arena.New[int](a)
			return *p == 0, func() { *p = 7 }, func() bool { return *p == 7 }
		}},
		{"struct with pointers", func(a *arena.Arena) (bool, func(), func() bool) {
			p := arena.New[node](a)
			return *p == node{}, func() { p.name, p.val, p.left = "x", 3, p }, func() bool { return p.name == "x" && p.val == 3 && p.left == p }
		}},
		{"zero size", func(a *arena.Arena) (bool, func(), func() bool) {
			p := arena.New[struct{}](a)
			return p != nil, func() {}, func() bool { return p != nil }
		}},
		{"large", func(a *arena.Arena) (bool, func(), func() bool) {
			p := arena.New[big](a)
			return *p == big{}, func() { p.b[len(p.b)-1] = 9 }, func() bool { return p.b[len(p.b)-1] == 9 }
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a arena.Arena
			defer a.Free()
			// Many values, so that chunks fill up and new ones start; each
			// must be zero when handed out and keep what was written to it.
			const n = 5000
			checks := make([]func() bool, 0, n)
			for i := range n {
				if tt.name == "large" && i == 8 {
					break
				}
				zero, set, check := tt.alloc(&a)
				if !zero {
					t.Fatalf("value %d not zero when allocated", i)
				}
				set()
				checks = append(checks, check)
			}
			for i, check := range checks {
				if !check() {
					t.Fatalf("value %d lost what was written to it", i)
				}
			}
		})
	}
}

func TestMixedTypesDoNotOverlap(t *testing.T) {
	var a arena.Arena
	defer a.Free()
	var ints []*int
	var nodes []*node
	var strs []*string
	var slices_ [][]int64
	for i := range 20000 {
		switch i % 4 {
		case 0:
			p := arena.New[int](&a)
			*p = i
			ints = append(ints, p)
		case 1:
			p := arena.New[node](&a)
			p.val = i
			nodes = append(nodes, p)
		case 2:
			p := arena.New[string](&a)
			*p = strconv.Itoa(i)
			strs = append(strs, p)
		case 3:
			s := arena.MakeSlice[int64](&a, i%7, i%7+3)
			for j := range s {
				s[j] = int64(i)
			}
			slices_ = append(slices_, s)
		}
	}
	for k, p := range ints {
		if *p != 4*k {
			t.Fatalf("int %d = %d, want %d", k, *p, 4*k)
		}
	}
	for k, p := range nodes {
		if p.val != 4*k+1 {
			t.Fatalf("node %d val = %d, want %d", k, p.val, 4*k+1)
		}
	}
	for k, p := range strs {
		if want := strconv.Itoa(4*k + 2); *p != want {
			t.Fatalf("string %d = %q, want %q", k, *p, want)
		}
	}
	for k, s := range slices_ {
		for _, v := range s {
			if v != int64(4*k+3) {
				t.Fatalf("slice %d holds %d, want %d", k, v, 4*k+3)
			}
		}
	}
}

func TestMakeSlice(t *testing.T) {
	tests := []struct {
		length, capacity int
	}{
		{0, 0}, {0, 1}, {1, 1}, {3, 10}, {1000, 1000}, {0, 5000},
		{40 << 10, 40 << 10}, // 320 KiB of int64: large, from the heap
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("len=%d/cap=%d", tt.length, tt.capacity), func(t *testing.T) {
			var a arena.Arena
			defer a.Free()
			s := arena.MakeSlice[int64](&a, tt.length, tt.capacity)
			after := arena.MakeSlice[int64](&a, 4, 4)
			if s == nil {
				t.Fatal("MakeSlice returned nil")
			}
			if len(s) != tt.length || cap(s) != tt.capacity {
				t.Fatalf("len, cap = %d, %d; want %d, %d", len(s), cap(s), tt.length, tt.capacity)
			}
			full := s[:cap(s)]
			for i, v := range full {
				if v != 0 {
					t.Fatalf("element %d = %d, want 0", i, v)
				}
				full[i] = -1
			}
			for i, v := range after {
				if v != 0 {
					t.Fatalf("writing s reached the next slice: element %d = %d", i, v)
				}
			}
		})
	}
}

func TestMakeSliceBadSizesPanic(t *testing.T) {
	tests := []struct{ length, capacity int }{{-1, 0}, {2, 1}, {0, -1}}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("len=%d/cap=%d", tt.length, tt.capacity), func(t *testing.T) {
			var a arena.Arena
			defer func() {
				msg := fmt.Sprint(recover())
				if !strings.Contains(msg, "need 0 <= len <= cap") {
					t.Fatalf("panic = %q, want one naming the rule 0 <= len <= cap", msg)
				}
			}()
			arena.MakeSlice[int](&a, tt.length, tt.capacity)
		})
	}
}

func TestAppend(t *testing.T) {
	tests := []struct {
		name string
		// interleave allocates something else between appends, so that the
		// slice can no longer grow in place.
		interleave bool
		batch      int
		n          int
	}{
		{"one at a time", false, 1, 3000},
		{"one at a time, interleaved", true, 1, 3000},
		{"batches of 7", false, 7, 3000},
		{"batches of 7, interleaved", true, 7, 3000},
		{"one big batch", false, 50000, 50000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var a arena.Arena
			defer a.Free()
			var got, want []int
			var others []*int
			for i := 0; i < tt.n; i += tt.batch {
				vals := make([]int, min(tt.batch, tt.n-i))
				for j := range vals {
					vals[j] = i + j
				}
				got = arena.Append(&a, got, vals...)
				want = append(want, vals...)
				if tt.interleave {
					p := arena.New[int](&a)
					*p = -i
					others = append(others, p)
					s := arena.MakeSlice[int](&a, 1, 1)
					s[0] = -i
				}
			}
			if !slices.Equal(got, want) {
				t.Fatalf("Append result differs from append: len %d vs %d", len(got), len(want))
			}
			for k, p := range others {
				if *p != -k*tt.batch {
					t.Fatalf("Append overwrote another value: %d, want %d", *p, -k*tt.batch)
				}
			}
		})
	}
}

func TestAppendDoesNotTouchSharedSlice(t *testing.T) {
	// Appending to a prefix of a slice must not overwrite its tail when the
	// prefix has room, exactly like append; and growing must leave the
	// original alone.
	var a arena.Arena
	defer a.Free()
	s := arena.MakeSlice[int](&a, 4, 4)
	copy(s, []int{1, 2, 3, 4})
	grown := arena.Append(&a, s, 5)
	grown[0] = 100
	if s[0] != 1 {
		t.Fatalf("growing shared the old array: s[0] = %d, want 1", s[0])
	}
	if !slices.Equal(grown, []int{100, 2, 3, 4, 5}) {
		t.Fatalf("grown = %v", grown)
	}
}

func TestClone(t *testing.T) {
	var a arena.Arena
	p := arena.New[node](&a)
	p.name, p.val = "root", 42
	q := arena.Clone(p)
	p.val = 0
	if q == p || q.val != 42 || q.name != "root" {
		t.Fatalf("Clone = %+v (same pointer: %v), want an independent copy", q, q == p)
	}
	s := arena.MakeSlice[int](&a, 3, 3)
	copy(s, []int{1, 2, 3})
	c := arena.CloneSlice(s)
	s[0] = 9
	a.Free()
	if !slices.Equal(c, []int{1, 2, 3}) {
		t.Fatalf("CloneSlice = %v, want [1 2 3]", c)
	}
	if arena.Clone[node](nil) != nil || arena.CloneSlice([]int(nil)) != nil {
		t.Fatal("Clone of nil must be nil")
	}
	if e := arena.CloneSlice([]int{}); e == nil || len(e) != 0 {
		t.Fatalf("CloneSlice of empty = %#v, want empty non-nil", e)
	}
}

func TestString(t *testing.T) {
	tests := []string{"", "a", "hello, arena", strings.Repeat("x", 5000), strings.Repeat("y", 300<<10)}
	for _, want := range tests {
		t.Run(fmt.Sprint("len=", len(want)), func(t *testing.T) {
			var a arena.Arena
			defer a.Free()
			b := []byte(want)
			got := arena.String(&a, b)
			clear(b)
			if got != want {
				t.Fatalf("String changed with its input, or lost it: %.20q", got)
			}
		})
	}
}

func TestResetAndFreeHandOutZeroValues(t *testing.T) {
	for _, release := range []string{"Reset", "Free"} {
		t.Run(release, func(t *testing.T) {
			var a arena.Arena
			defer a.Free()
			for round := range 3 {
				for i := range 3000 {
					p := arena.New[node](&a)
					if *p != (node{}) {
						t.Fatalf("round %d: value %d not zero: %+v", round, i, *p)
					}
					p.name, p.val, p.left = "used", i+1, p
					s := arena.MakeSlice[int](&a, 2, 5)
					if !slices.Equal(s[:5], []int{0, 0, 0, 0, 0}) {
						t.Fatalf("round %d: slice %d not zero: %v", round, i, s[:5])
					}
					s[0], s[:5][4] = 1, 1
				}
				if release == "Reset" {
					a.Reset()
				} else {
					a.Free()
				}
			}
		})
	}
}
