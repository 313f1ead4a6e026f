package loops

import (
	"testing"
)

// fillPrelude declares out, a slice, and m, a map, for the loop that each
// case's statements make the body of.
const fillPrelude = `package p

func f(xs []int, other []int, m, m2 map[int]int) ([]int, []int, map[int]int) {
	var out []int
	for _, x := range xs {
`

const fillEnd = `
	}
	return out, other, m
}
`

// TestAppendsOnce: every iteration appends exactly one element to the
// slice, by s = append(s, x), and does nothing else with it.
func TestAppendsOnce(t *testing.T) {
	for _, c := range []struct {
		body string
		want bool
	}{
		{"out = append(out, x)", true},
		{"y := x * 2\nout = append(out, y)", true},
		{"out = append(out, x)\nother = append(other, x)", true},
		{"out = append(out, x, x)", false},
		{"out = append(out, other[x:]...)", false},
		{"out = append(out, x)\nout = append(out, x)", false},
		{"if x > 0 { out = append(out, x) }", false},
		{"out = append(out, x+len(out))", false},
		{"out = append(out[:0], x)", false},
		{"other = append(out, x)", false},
		{"out = append(other, x)", false},
		{"out = append(out, x)\n_ = out", false},
		{"out = append(out, x)\nif x < 0 { continue }", false},
		{"out = append(out, x)\nif x < 0 { break }", false},
		{"append := func(s []int, _ int) []int { return s }\nout = append(out, x)", false},
		{"_ = x", false},
	} {
		pass := load(t, fillPrelude+c.body+fillEnd)
		b := loopBodyAt(t, body(t, pass, "f"))
		if got := AppendsOnce(pass.TypesInfo, b, object(t, pass, "out")); got != c.want {
			t.Errorf("%q: AppendsOnce = %v, want %v", c.body, got, c.want)
		}
	}
}

// TestStores counts the top-level m[k] = v of a loop's body, or returns -1
// where the body uses the map otherwise. Whether the loop may end early is
// the caller's to ask (MayExit).
func TestStores(t *testing.T) {
	for _, c := range []struct {
		body string
		want int
	}{
		{"m[x] = 1", 1},
		{"m[x] = 1\nm[x+1] = 2", 2},
		{"m[x] = 1\nif x < 0 { break }", 1},
		{"_ = x", 0},
		{"m2[x] = 1", 0},
		{"m[x]++", -1},
		{"m[x] += 1", -1},
		{"m[x], m2[x] = 1, 2", -1},
		{"if x > 0 { m[x] = 1 }", -1},
		{"m[len(m)] = x", -1},
		{"m[x] = m[x-1]", -1},
		{"m2[x] = len(m)", -1},
		{"delete(m, x)", -1},
		{"m = map[int]int{x: 1}", -1},
	} {
		pass := load(t, fillPrelude+c.body+fillEnd)
		b := loopBodyAt(t, body(t, pass, "f"))
		if got := Stores(pass.TypesInfo, b, object(t, pass, "m")); got != c.want {
			t.Errorf("%q: Stores = %d, want %d", c.body, got, c.want)
		}
	}
}

// TestFirstFilled: the slice or map declared above odds that the same
// loop over a call fills as prealloc and mapsize report, and whose fix is
// not silenced, holds the call's result first.
func TestFirstFilled(t *testing.T) {
	const loop = "for _, x := range next() {\n"
	for _, c := range []struct {
		name, decls, body string
		want              string // the variable; "" for none
	}{
		{
			name:  "a slice above",
			decls: "var evens []int\nvar odds []int",
			body:  "evens = append(evens, 2*x)\nodds = append(odds, 2*x+1)",
			want:  "evens",
		},
		{
			name:  "a slice below",
			decls: "var odds []int\nvar evens []int",
			body:  "evens = append(evens, 2*x)\nodds = append(odds, 2*x+1)",
		},
		{
			name:  "an empty literal",
			decls: "evens := []int{}\nvar odds []int",
			body:  "evens = append(evens, 2*x)\nodds = append(odds, 2*x+1)",
			want:  "evens",
		},
		{
			name:  "made with a size that is evaluated",
			decls: "evens := make([]int, 0, len(odds0))\nvar odds []int",
			body:  "evens = append(evens, 2*x)\nodds = append(odds, 2*x+1)",
		},
		{
			name:  "appended under a condition",
			decls: "var evens []int\nvar odds []int",
			body:  "if x > 0 { evens = append(evens, 2*x) }\nodds = append(odds, 2*x+1)",
		},
		{
			name:  "used before the loop",
			decls: "var evens []int\nevens = append(evens, 0)\nvar odds []int",
			body:  "evens = append(evens, 2*x)\nodds = append(odds, 2*x+1)",
		},
		{
			name:  "silenced",
			decls: "var evens []int //squash:ignore prealloc appended to later\nvar odds []int",
			body:  "evens = append(evens, 2*x)\nodds = append(odds, 2*x+1)",
		},
		{
			name:  "silenced for another analyzer",
			decls: "var evens []int //squash:ignore mapsize not a map\nvar odds []int",
			body:  "evens = append(evens, 2*x)\nodds = append(odds, 2*x+1)",
			want:  "evens",
		},
		{
			name:  "silenced without a reason",
			decls: "var evens []int //squash:ignore prealloc\nvar odds []int",
			body:  "evens = append(evens, 2*x)\nodds = append(odds, 2*x+1)",
			want:  "evens",
		},
		{
			name:  "the silenced one passed over",
			decls: "//squash:ignore prealloc appended to later\nvar evens []int\nvar halves []int\nvar odds []int",
			body:  "evens = append(evens, 2*x)\nhalves = append(halves, x/2)\nodds = append(odds, 2*x+1)",
			want:  "halves",
		},
		{
			name:  "a map",
			decls: "seen := map[int]bool{}\nvar odds []int",
			body:  "seen[x] = true\nodds = append(odds, 2*x+1)",
			want:  "seen",
		},
		{
			name:  "a map silenced",
			decls: "seen := map[int]bool{} //squash:ignore mapsize the caller adds to it\nvar odds []int",
			body:  "seen[x] = true\nodds = append(odds, 2*x+1)",
		},
		{
			name:  "a map silenced for prealloc",
			decls: "seen := map[int]bool{} //squash:ignore prealloc not a slice\nvar odds []int",
			body:  "seen[x] = true\nodds = append(odds, 2*x+1)",
			want:  "seen",
		},
		{
			name:  "a map stored to twice",
			decls: "seen := map[int]bool{}\nvar odds []int",
			body:  "seen[x] = true\nseen[-x] = true\nodds = append(odds, 2*x+1)",
		},
		{
			name:  "a map, the loop may end early",
			decls: "seen := map[int]bool{}\nvar odds []int",
			body:  "seen[x] = true\nodds = append(odds, 2*x+1)\nif x > 9 { break }",
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass := load(t, "package p\n\nvar odds0 []int\n\nfunc f(next func() []int) {\n"+
				c.decls+"\n"+loop+c.body+"\n}\n}\n")
			list := body(t, pass, "f")
			i := declaring(t, pass, list, "odds")
			j, _ := loopAt(t, list)
			got := ""
			if obj := FirstFilled(pass, list, i, j); obj != nil {
				got = obj.Name()
			}
			if got != c.want {
				t.Errorf("FirstFilled = %q, want %q", got, c.want)
			}
		})
	}
}
