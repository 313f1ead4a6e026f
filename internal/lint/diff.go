package lint

import (
	"fmt"
	"strconv"
	"strings"
)

// A change replaces lines [a0, a1) of one text by lines [b0, b1) of
// another, counted from 0.
type change struct{ a0, a1, b0, b1 int }

// maxDistance bounds the lines lineChanges deletes and inserts. The memory
// it takes grows with the square of their count.
const maxDistance = 2000

// lineChanges returns the changes that turn the lines a into the lines b,
// in order: the fewest lines deleted and inserted, as Myers' algorithm
// finds them. Past maxDistance such lines, it returns all the lines
// between their common prefix and suffix as one change, and false.
func lineChanges(a, b []string) ([]change, bool) {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	a, b = a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(a), len(b)
	whole := []change{{pre, pre + n, pre, pre + m}}
	switch {
	case n == 0 && m == 0:
		return nil, true
	case n == 0 || m == 0:
		return whole, true
	}
	// v[off+k] is the furthest x reached on diagonal k = x-y; trace[d]
	// keeps it after d deletions and insertions, for k in [-d, d].
	maxD := min(n+m, maxDistance)
	off := maxD + 1
	v := make([]int, 2*maxD+3)
	var trace [][]int32
	for d := 0; d <= maxD; d++ {
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				x = v[off+k+1] // down: insert b[y]
			} else {
				x = v[off+k-1] + 1 // right: delete a[x]
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[off+k] = x
			if x >= n && y >= m {
				trace = append(trace, snapshot(v[off-d:off+d+1]))
				return fromMatches(backtrack(trace, n, m), pre, n, m), true
			}
		}
		trace = append(trace, snapshot(v[off-d:off+d+1]))
	}
	return whole, false
}

func snapshot(v []int) []int32 {
	s := make([]int32, len(v))
	for i, x := range v {
		s[i] = int32(x)
	}
	return s
}

// backtrack returns the lines that the path lineChanges found matches, as
// pairs of indexes into a and b, in order.
func backtrack(trace [][]int32, n, m int) [][2]int {
	var matches [][2]int
	x, y := n, m
	for d := len(trace) - 1; d > 0; d-- {
		prev := trace[d-1]
		at := func(k int) int { return int(prev[k+d-1]) }
		k := x - y
		pk := k - 1
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
		}
		px := at(pk)
		py := px - pk
		mx := px + 1 // after the move, where the diagonal starts
		if pk == k+1 {
			mx = px
		}
		for x > mx {
			x, y = x-1, y-1
			matches = append(matches, [2]int{x, y})
		}
		x, y = px, py
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		matches = append(matches, [2]int{x, y})
	}
	for i, j := 0, len(matches)-1; i < j; i, j = i+1, j-1 {
		matches[i], matches[j] = matches[j], matches[i]
	}
	return matches
}

// fromMatches returns the changes between the matched lines of texts of n
// and m lines, moved down by pre.
func fromMatches(matches [][2]int, pre, n, m int) []change {
	var cs []change
	i, j := 0, 0
	for _, mt := range append(matches, [2]int{n, m}) {
		if mt[0] > i || mt[1] > j {
			cs = append(cs, change{pre + i, pre + mt[0], pre + j, pre + mt[1]})
		}
		i, j = mt[0]+1, mt[1]+1
	}
	return cs
}

// lines splits s after each newline; the last line may have none.
func lines(s string) []string {
	ls := strings.SplitAfter(s, "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	}
	return ls
}

// diffContext is the lines of context around a hunk's changes.
const diffContext = 3

// unified returns the unified diff that turns old into new, under the
// headers "--- OLDNAME" and "+++ NEWNAME", with three lines of context, as
// diff -u and git write it; "" when old and new are equal.
func unified(oldName, newName, old, new string) string {
	a, b := lines(old), lines(new)
	cs, _ := lineChanges(a, b)
	if len(cs) == 0 {
		return ""
	}
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", oldName, newName)
	write := func(prefix byte, line string) {
		out.WriteByte(prefix)
		out.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
	for i := 0; i < len(cs); {
		// A hunk joins the changes whose contexts meet.
		j := i
		for j+1 < len(cs) && cs[j+1].a0-cs[j].a1 <= 2*diffContext {
			j++
		}
		a0, a1 := max(0, cs[i].a0-diffContext), min(len(a), cs[j].a1+diffContext)
		b0, b1 := cs[i].b0-(cs[i].a0-a0), cs[j].b1+(a1-cs[j].a1)
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(a0, a1-a0), hunkRange(b0, b1-b0))
		at := a0
		for _, c := range cs[i : j+1] {
			for _, l := range a[at:c.a0] {
				write(' ', l)
			}
			for _, l := range a[c.a0:c.a1] {
				write('-', l)
			}
			for _, l := range b[c.b0:c.b1] {
				write('+', l)
			}
			at = c.a1
		}
		for _, l := range a[at:a1] {
			write(' ', l)
		}
		i = j + 1
	}
	return out.String()
}

// hunkRange returns the range of n lines from line start (counted from 0)
// as a hunk's header gives it: the first line, and the count unless it is
// 1. An empty range names the line before it.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return strconv.Itoa(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}
