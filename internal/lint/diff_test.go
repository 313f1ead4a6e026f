package lint

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestUnified(t *testing.T) {
	// num returns the lines from to to, with some replaced.
	num := func(from, to int, with map[int]string) string {
		var b strings.Builder
		for i := from; i <= to; i++ {
			if s, ok := with[i]; ok {
				b.WriteString(s)
			} else {
				fmt.Fprintf(&b, "%d\n", i)
			}
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"one line", num(1, 10, nil), num(1, 10, map[int]string{5: "five\n"}),
			"--- a/f.go\n+++ b/f.go\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n"},
		// Nearby changes share a hunk; the second hunk's new start counts
		// the lines the first added.
		{"two hunks", num(1, 30, nil), num(1, 30, map[int]string{2: "2\nx\ny\n", 6: "", 25: "z\n"}),
			"--- a/f.go\n+++ b/f.go\n@@ -1,9 +1,10 @@\n 1\n 2\n+x\n+y\n 3\n 4\n 5\n-6\n 7\n 8\n 9\n" +
				"@@ -22,7 +23,7 @@\n 22\n 23\n 24\n-25\n+z\n 26\n 27\n 28\n"},
		{"insert at the top", "a\n", "b\na\n", "--- a/f.go\n+++ b/f.go\n@@ -1 +1,2 @@\n+b\n a\n"},
		{"from nothing", "", "a\n", "--- a/f.go\n+++ b/f.go\n@@ -0,0 +1 @@\n+a\n"},
		{"no newline at the end", "a\nb", "a\nc", "--- a/f.go\n+++ b/f.go\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
	} {
		if got := unified("a/f.go", "b/f.go", tc.old, tc.new); got != tc.want {
			t.Errorf("%s:\n%s\nwant\n%s", tc.name, got, tc.want)
		}
		if got, err := patch(tc.old, unified("a/f.go", "b/f.go", tc.old, tc.new)); err != nil || got != tc.new {
			t.Errorf("%s: the diff applies as %q, %v", tc.name, got, err)
		}
	}
}

// FuzzUnified: the diff of any two texts turns the first into the second,
// with hunk headers that count right (git apply checks them), and
// lineChanges deletes and inserts no more lines than need be.
func FuzzUnified(f *testing.F) {
	f.Add("a\nb\nc\n", "a\nc\nd")
	f.Add("x\n\n\nx\n", "\nx\nx\n\n")
	f.Add("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n3\n4\n5\n6\n7\n8\n0\n9\n")
	f.Fuzz(func(t *testing.T, old, new string) {
		d := unified("a/f", "b/f", old, new)
		got, err := patch(old, d)
		if err != nil || got != new {
			t.Fatalf("the diff applies as %q, %v:\n%s", got, err, d)
		}
		a, b := lines(old), lines(new)
		if len(a)*len(b) > 10000 {
			return
		}
		cs, ok := lineChanges(a, b)
		n := 0
		for _, c := range cs {
			n += c.a1 - c.a0 + c.b1 - c.b0
		}
		if want := len(a) + len(b) - 2*lcs(a, b); ok && n != want {
			t.Fatalf("%d lines deleted and inserted, want %d", n, want)
		}
	})
}

// lcs returns the length of the longest common subsequence of a and b.
func lcs(a, b []string) int {
	row := make([]int, len(b)+1)
	for i := range a {
		prev := 0
		for j := range b {
			cur := row[j+1]
			if a[i] == b[j] {
				row[j+1] = prev + 1
			} else {
				row[j+1] = max(row[j+1], row[j])
			}
			prev = cur
		}
	}
	return row[len(b)]
}

var hunkHead = regexp.MustCompile(`^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@`)

// patch applies the unified diff d to old, as strictly as git apply: each
// hunk where its header says, with its context and its counts.
func patch(old, d string) (string, error) {
	if d == "" {
		return old, nil
	}
	a := lines(old)
	var out []string
	at := 0 // lines of a used
	ls := lines(d)
	if len(ls) < 2 || !strings.HasPrefix(ls[0], "--- ") || !strings.HasPrefix(ls[1], "+++ ") {
		return "", fmt.Errorf("no file header")
	}
	count := func(s string) int {
		if s == "" {
			return 1
		}
		n, _ := strconv.Atoi(s)
		return n
	}
	for i := 2; i < len(ls); {
		m := hunkHead.FindStringSubmatch(ls[i])
		if m == nil {
			return "", fmt.Errorf("line %d: %q is no hunk header", i+1, ls[i])
		}
		from, n := count(m[1]), count(m[2])
		to, k := count(m[3]), count(m[4])
		start := from - 1
		if n == 0 {
			start = from
		}
		if start < at || start > len(a) {
			return "", fmt.Errorf("hunk %q out of order", ls[i])
		}
		out = append(out, a[at:start]...)
		at = start
		if want := to - 1; k > 0 && len(out) != want || k == 0 && len(out) != to {
			return "", fmt.Errorf("hunk %q: new start %d, but %d lines come before it", ls[i], to, len(out))
		}
		i++
		gotN, gotK := 0, 0
		for ; i < len(ls) && !strings.HasPrefix(ls[i], "@@"); i++ {
			line := ls[i][1:]
			if i+1 < len(ls) && ls[i+1] == "\\ No newline at end of file\n" {
				line = strings.TrimSuffix(line, "\n")
			}
			switch ls[i][0] {
			case ' ', '-':
				if at >= len(a) || a[at] != line {
					return "", fmt.Errorf("hunk line %q does not match %q", ls[i], a[min(at, len(a)-1)])
				}
				if ls[i][0] == ' ' {
					out = append(out, line)
					gotK++
				}
				at++
				gotN++
			case '+':
				out = append(out, line)
				gotK++
			case '\\':
			default:
				return "", fmt.Errorf("line %q", ls[i])
			}
		}
		if gotN != n || gotK != k {
			return "", fmt.Errorf("hunk of %d and %d lines says %d and %d", gotN, gotK, n, k)
		}
	}
	return strings.Join(append(out, a[at:]...), ""), nil
}

// TestLineChangesBound: past maxDistance lines deleted and inserted, the
// lines between the common prefix and suffix are one change, and the diff
// still applies.
func TestLineChangesBound(t *testing.T) {
	var old, new strings.Builder
	old.WriteString("same\n")
	new.WriteString("same\n")
	for i := range maxDistance {
		fmt.Fprintf(&old, "a%d\n", i)
		fmt.Fprintf(&new, "b%d\n", i)
	}
	old.WriteString("end\n")
	new.WriteString("end\n")
	cs, ok := lineChanges(lines(old.String()), lines(new.String()))
	if ok || len(cs) != 1 || cs[0] != (change{1, 1 + maxDistance, 1, 1 + maxDistance}) {
		t.Errorf("lineChanges = %v, %v", cs, ok)
	}
	if got, err := patch(old.String(), unified("a/f", "b/f", old.String(), new.String())); err != nil || got != new.String() {
		t.Errorf("the diff does not apply: %v", err)
	}
}
