package bench

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// CheckBenchtime returns an error if t is not a -benchtime the testing
// package accepts: a positive duration (1s, 500ms) or a positive count of
// iterations (100x), as its flag parses them. Checking it first saves
// building a test binary that would refuse it.
func CheckBenchtime(t string) error {
	if n, ok := strings.CutSuffix(t, "x"); ok {
		i, err := strconv.ParseInt(n, 10, 0)
		switch {
		case err == nil && i > 0:
			return nil
		case err == nil:
			return fmt.Errorf("-benchtime %q: a count of iterations must be at least 1x", t)
		}
	} else if d, err := time.ParseDuration(t); err == nil && d > 0 {
		return nil
	} else if err == nil {
		return fmt.Errorf("-benchtime %q: a duration must be above 0", t)
	}
	return fmt.Errorf("-benchtime %q is neither a duration (1s, 500ms) nor a count of iterations (100x)", t)
}

// CheckBench returns an error if the -bench regexp pattern is one the
// testing package would refuse: it splits the pattern at each slash and
// bar outside brackets and parentheses, as it does, and compiles each
// element as it rewrites it. Checking it first saves building a test binary
// that would fail.
func CheckBench(pattern string) error {
	i := 0
	for _, alt := range benchAlternatives(pattern) {
		for _, e := range alt {
			i++
			if _, err := regexp.Compile(rewrite(e)); err != nil {
				return fmt.Errorf("-bench %q: element %d, %q, is not a regexp: %v", pattern, i, e, strings.TrimPrefix(err.Error(), "error parsing regexp: "))
			}
		}
	}
	return nil
}

// rewrite makes an element of a -bench pattern what the testing package
// compiles: blanks become underscores, as in benchmark names, and other
// characters that do not print are quoted.
func rewrite(e string) string {
	var b strings.Builder
	for _, r := range e {
		switch {
		case unicode.IsSpace(r):
			b.WriteByte('_')
		case !strconv.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// benchAlternatives splits a -bench pattern as the testing package does:
// into alternatives at the bars, and each into elements, one per level of
// sub-benchmarks, at the slashes, both outside brackets and parentheses.
func benchAlternatives(s string) [][]string {
	var alts [][]string
	var elems []string
	brackets, parens := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '[':
			brackets++
		case ']':
			brackets = max(brackets-1, 0) // an unmatched ] is legal
		case '(':
			if brackets == 0 {
				parens++
			}
		case ')':
			if brackets == 0 {
				parens--
			}
		case '\\':
			i++
		case '/', '|':
			if brackets == 0 && parens == 0 {
				elems = append(elems, s[:i])
				if s[i] == '|' {
					alts, elems = append(alts, elems), nil
				}
				s, i = s[i+1:], -1
			}
		}
	}
	return append(alts, append(elems, s))
}

// only returns the -test.bench pattern that selects, of what pattern
// selects, the top-level benchmark top and its sub-benchmarks: each
// alternative of pattern whose first element matches top, with that element
// replaced by top's exact name.
func only(top, pattern string) string {
	var alts []string
	for _, alt := range benchAlternatives(pattern) {
		if re, err := regexp.Compile(rewrite(alt[0])); err == nil && re.MatchString(top) {
			alts = append(alts, strings.Join(append([]string{ExactRegexp(top)}, alt[1:]...), "/"))
		}
	}
	if len(alts) == 0 {
		return ExactRegexp(top)
	}
	return strings.Join(alts, "|")
}

// SelectsAll reports whether go test -bench pattern runs every benchmark:
// "" (squash's default) or ".".
func SelectsAll(pattern string) bool { return pattern == "" || pattern == "." }

// A NoBenchmarksError says that packages have no benchmark that the
// -bench pattern selects, and what to do.
type NoBenchmarksError struct {
	Where string // the packages, as the go command takes them
	Bench string // the -bench pattern; "" selects all
	// Or, when set, is another way out than adding a benchmark, as the
	// command that measures names it: "pass -profile FILE".
	Or string
}

// Error says where no benchmark was found for the -bench pattern, and what
// to do: "no benchmarks in ./x: add a `func BenchmarkX…`" where it selects
// all, "no benchmarks in ./x match -bench "B": run 'go test -list . ./x' to
// see them" otherwise.
func (e *NoBenchmarksError) Error() string {
	if !SelectsAll(e.Bench) {
		return fmt.Sprintf("no benchmarks in %s match -bench %q: run 'go test -list . %s' to see them", e.Where, e.Bench, e.Where)
	}
	msg := fmt.Sprintf("no benchmarks in %s: add a `func BenchmarkX(b *testing.B)` in a _test.go file", e.Where)
	if e.Or != "" {
		msg += " or " + e.Or
	}
	return msg
}

// Unwrap returns ErrNoBenchmarks.
func (e *NoBenchmarksError) Unwrap() error { return ErrNoBenchmarks }

// Selects reports whether go test -bench pattern runs the benchmark name
// (BenchmarkX/a): whether, in an alternative of the pattern, each element
// matches the name's level of the same depth, and the name has a level for
// each element. It is sure of a name none of whose sub-benchmarks' names
// hold a slash, which the testing package takes for levels too.
func Selects(pattern, name string) bool {
	if SelectsAll(pattern) {
		return true
	}
	levels := strings.Split(name, "/")
	for _, alt := range benchAlternatives(pattern) {
		if len(alt) > len(levels) {
			continue
		}
		all := true
		for i, e := range alt {
			re, err := regexp.Compile(rewrite(e))
			if err != nil || !re.MatchString(levels[i]) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// covers reports whether one of names is the benchmark top or one of its
// sub-benchmarks.
func covers(top string, names []string) bool {
	return slices.ContainsFunc(names, func(n string) bool { return n == top || strings.HasPrefix(n, top+"/") })
}

// benchRegexp returns the -test.bench value for a user's -bench flag.
func benchRegexp(bench string) string {
	if bench == "" {
		return "."
	}
	return bench
}

// ExactRegexp returns the -test.bench regexp that selects exactly the
// benchmark with the given full name, sub-benchmarks included:
// BenchmarkA/n=1 becomes ^BenchmarkA$/^n=1$.
func ExactRegexp(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.=-]+`)

func sanitize(name string) string {
	return unsafeName.ReplaceAllString(name, "_")
}

// ErrNoBenchmarks is wrapped by every error that says that packages have
// no benchmark to measure: a NoBenchmarksError, when there is none that
// -bench selects, and ErrNoneRan, which wraps it, when -bench selects some
// but none of them ran an iteration.
var (
	ErrNoBenchmarks = errors.New("no benchmarks")
	ErrNoneRan      = fmt.Errorf("%w ran", ErrNoBenchmarks)
)
