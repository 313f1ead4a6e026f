// Package text formats the figures and counts that squash prints, the same
// way in every command.
package text

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
)

// Num formats a figure per op: whole from 100, with at most one decimal
// from 10, and with at most two below.
func Num(v float64) string {
	switch {
	case v == 0:
		return "0"
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0")
	default:
		return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.2f", v), "0"), ".")
	}
}

// PerOp is Num for a figure per op that may be small, such as a site's: it
// says "<0.01" where Num would round a figure above zero to "0".
func PerOp(v float64) string {
	if v > 0 && Num(v) == "0" {
		return "<0.01"
	}
	return Num(v)
}

// Plural returns n and the word for n things: "1 fix", "2 fixes".
func Plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Rel returns path relative to dir, with forward slashes, when it lies
// inside dir, and otherwise path as it is. Files are named so relative to
// their module's root.
func Rel(dir, path string) string {
	r, _ := Within(dir, path)
	return r
}

// Within is Rel, and reports whether path lies inside dir; a dir of ""
// holds nothing.
func Within(dir, path string) (string, bool) {
	if dir == "" {
		return path, false
	}
	r, err := filepath.Rel(dir, path)
	if err != nil || !filepath.IsLocal(r) {
		return path, false
	}
	return filepath.ToSlash(r), true
}

// ShellWord returns s as one word of a POSIX shell command: as it is when
// no character in it is special, else in single quotes.
func ShellWord(s string) string {
	plain := s != "" && !strings.ContainsFunc(s, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || strings.ContainsRune("_-./=:,+@%", r))
	})
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// Command returns words as a command line that a POSIX shell runs as
// they are, each quoted by ShellWord. Every command squash suggests is
// written by it, so that it runs as printed.
func Command(words ...string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = ShellWord(w)
	}
	return strings.Join(quoted, " ")
}

// Near returns the first of names within two edits of word, for a "did you
// mean" after a misspelt name, and whether there is one.
func Near(word string, names []string) (string, bool) {
	for _, n := range names {
		if distance(word, n) <= 2 {
			return n, true
		}
	}
	return "", false
}

// distance returns the Levenshtein distance between a and b, which are
// short.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			sub := prev[j-1]
			if a[i-1] != b[j-1] {
				sub++
			}
			cur[j] = min(sub, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// Estimate formats an estimate v and the half-width err of its interval
// as "320800" and "± 1600": err to two significant digits, and v to the
// same place, as the digits after it say nothing. A v with no error is
// formatted as Num does, and "± 0".
func Estimate(v, err float64) (value, plusMinus string) {
	if err <= 0 || math.IsInf(err, 0) || math.IsNaN(err) {
		return Num(v), "± 0"
	}
	place := int(math.Floor(math.Log10(err))) - 1 // of the error's second digit
	unit := math.Pow10(place)
	err = math.Round(err/unit) * unit
	if e := int(math.Floor(math.Log10(err))) - 1; e > place {
		place, unit = e, math.Pow10(e) // 99.6 rounded up to 100
		err = math.Round(err/unit) * unit
	}
	v = math.Round(v/unit) * unit
	decimals := max(0, -place)
	return strconv.FormatFloat(v, 'f', decimals, 64), "± " + strconv.FormatFloat(err, 'f', decimals, 64)
}
