package noalloc

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var wantRE = regexp.MustCompile("// want `([^`]*)`")

// TestTestdata checks the violations in testdata/mod/a against the want
// comments in its files: each line with one must be reported, with a
// matching reason, and no other line.
func TestTestdata(t *testing.T) {
	dir, _ := filepath.Abs("testdata/mod")
	res, err := Check(context.Background(), nil, dir, []string{"./a"})
	if err != nil {
		t.Fatal(err)
	}
	vs := res.Violations
	if len(res.Functions) != 51 || res.Functions[0] != "example.com/noalloc/a.EscapeToHeap" || res.Functions[50] != "example.com/noalloc/a_test.box" {
		t.Errorf("checked %v, want the 51 marked functions of a.go, free.go, next.go, panics.go, results.go, sig.go, sized.go, wrap.go, helper_test.go and x_test.go", res.Functions)
	}
	type line struct {
		file string
		n    int
	}
	want := map[line]*regexp.Regexp{}
	for _, name := range []string{"a.go", "free.go", "next.go", "panics.go", "results.go", "sig.go", "sized.go", "wrap.go", "helper_test.go", "x_test.go"} {
		file := filepath.Join(dir, "a", name)
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for i, text := range strings.Split(string(src), "\n") {
			if m := wantRE.FindStringSubmatch(text); m != nil {
				want[line{file, i + 1}] = regexp.MustCompile(m[1])
			}
		}
	}
	got := map[line]bool{}
	for _, v := range vs {
		at := line{v.Pos.File, v.Pos.Line}
		re, ok := want[at]
		if !ok {
			t.Errorf("unexpected: %v", v)
			continue
		}
		if !re.MatchString(v.Reason) {
			t.Errorf("%s:%d: reason %q does not match %q", filepath.Base(at.file), at.n, v.Reason, re)
		}
		if got[at] {
			t.Errorf("%s:%d: reported twice (one allocation a line in the testdata): %v", filepath.Base(at.file), at.n, v)
		}
		got[at] = true
	}
	for at, re := range want {
		if !got[at] {
			t.Errorf("%s:%d: not reported, want %q", filepath.Base(at.file), at.n, re)
		}
	}
	for _, v := range vs {
		t.Log(v)
	}
}

// TestGeneric: a generic marked function is checked in the packages named
// that instantiate it (helper-2: Box passed unchecked, as its own package
// compiles no instance), and one that none instantiates is said to be
// unchecked. A method inlined into its instantiation's wrapper has each
// allocation reported once, at its line.
func TestGeneric(t *testing.T) {
	dir, _ := filepath.Abs("testdata/mod")
	for _, tc := range []struct {
		patterns  []string
		violation bool
		unchecked []string
	}{
		{[]string{"./gen", "./genuser"}, true, []string{"example.com/noalloc/gen.Unused"}},
		{[]string{"./gen"}, false, []string{"example.com/noalloc/gen.Box", "example.com/noalloc/gen.Same", "example.com/noalloc/gen.(*Stack).Top", "example.com/noalloc/gen.Unused", "example.com/noalloc/gen.Fill", "example.com/noalloc/gen.(*Pair).Clone"}},
	} {
		res, err := Check(context.Background(), nil, dir, tc.patterns)
		if err != nil {
			t.Fatal(err)
		}
		where := slices.Grow[[]string](nil, len(res.Violations))
		for _, v := range res.Violations {
			where = append(where, fmt.Sprintf("%s:%d %s: %s", filepath.Base(v.Pos.File), v.Pos.Line, v.Function, v.Reason))
		}
		// The size check reads the source: it holds with instances or not.
		want := []string{"gen.go:36 Fill: make([]byte, n), which does not escape, goes to the heap above 32 bytes, as its size is not a constant"}
		if tc.violation {
			want = append([]string{"gen.go:9 Box: gen.v escapes to heap"}, want...) // compiled in genuser, the compiler names it by its package
			// Each once, at its line: the copies of Clone's body
			// inlined into its instantiation's wrapper are recorded
			// at the declaration, which is not where they are.
			want = append(want, "gen.go:49 (*Pair).Clone: gen.a escapes to heap", "gen.go:50 (*Pair).Clone: gen.b escapes to heap", "gen.go:51 (*Pair).Clone: gen.out escapes to heap")
		}
		if !slices.Equal(where, want) {
			t.Errorf("%v: violations %q, want %q", tc.patterns, where, want)
		}
		if !slices.Equal(res.Unchecked, tc.unchecked) {
			t.Errorf("%v: unchecked %q, want %q", tc.patterns, res.Unchecked, tc.unchecked)
		}
		for _, f := range append(res.Functions, res.Unchecked...) {
			if filepath.Base(res.Files[f]) != "gen.go" || !filepath.IsAbs(res.Files[f]) {
				t.Errorf("%v: the file of %s is %q, want the absolute path of gen.go", tc.patterns, f, res.Files[f])
			}
		}
	}
}

// TestGcassertRuleOnGo126 shows, on the Go that runs the test, why the -m
// text is not read: gcassert's noescape rule (a line of `-gcflags=-m=2`
// output on the marked line that ends in "escapes to heap:" or contains
// "leaking param:") passes MovedToHeap, which Check fails, and fails Tail,
// which allocates nothing and Check passes.
func TestGcassertRuleOnGo126(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles the testdata twice")
	}
	dir, _ := filepath.Abs("testdata/mod")
	cmd := exec.Command("go", "build", "-o", os.DevNull, "-gcflags=-m=2", "./a")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	src, _ := os.ReadFile(filepath.Join(dir, "a", "a.go"))
	lineOf := func(text string) int {
		for i, l := range strings.Split(string(src), "\n") {
			if strings.Contains(l, text) {
				return i + 1
			}
		}
		t.Fatalf("no line %q in a.go", text)
		return 0
	}
	gcassertFails := func(line int) (fails bool, msgs []string) {
		// The path is relative to where the package was first compiled
		// with these flags: the build cache replays that text, ./a.go
		// after a go build -gcflags=-m=2 in testdata/mod/a.
		prefix := fmt.Sprintf("a.go:%d:", line)
		for l := range strings.SplitSeq(string(out), "\n") {
			before, after, ok := strings.Cut(l, prefix)
			if !ok || before != "" && !strings.HasSuffix(before, "/") {
				continue
			}
			_, msg, _ := strings.Cut(after, ": ") // drop the column
			msgs = append(msgs, msg)
			if strings.HasSuffix(msg, "escapes to heap:") || strings.Contains(msg, "leaking param:") {
				fails = true
			}
		}
		return fails, msgs
	}
	res, err := Check(context.Background(), nil, dir, []string{"./a"})
	if err != nil {
		t.Fatal(err)
	}
	vs := res.Violations
	reported := func(line int) bool {
		for _, v := range vs {
			if v.Pos.Line == line {
				return true
			}
		}
		return false
	}

	moved := lineOf("x := 3")
	fails, msgs := gcassertFails(moved)
	if !slices.Contains(msgs, "moved to heap: x") {
		t.Fatalf("the compiler's -m=2 text for a.go:%d changed: %q", moved, msgs)
	}
	if fails {
		t.Errorf("gcassert's rule now catches a.go:%d (%q): update the package doc", moved, msgs)
	}
	if !reported(moved) {
		t.Errorf("Check does not report a.go:%d", moved)
	}

	tail := lineOf("func Tail(")
	fails, msgs = gcassertFails(tail)
	if !fails {
		t.Errorf("gcassert's rule passes a.go:%d (%q): update the testdata comment", tail, msgs)
	}
	if reported(tail) {
		t.Errorf("Check reports Tail, which allocates nothing")
	}
}

// TestWritten: where the compiler's message names an inlined call's result
// within an expression ("overflow: " + ~r0, json-iterator/go's ReadInt64),
// the message gives the source as written.
func TestWritten(t *testing.T) {
	dir, _ := filepath.Abs("testdata/mod")
	res, err := Check(context.Background(), nil, dir, []string{"./a"})
	if err != nil {
		t.Fatal(err)
	}
	want := `Overflow is //squash:noalloc but the compiler reports: "overflow: " + ~r0 escapes to heap (the compiler's ~r0 is the result of a call it inlined: in the source, "overflow: " + strconv.FormatUint(v, 10))`
	for _, v := range res.Violations {
		if v.Function == "Overflow" {
			if got := v.Message(); got != want {
				t.Errorf("message\n%s\nwant\n%s", got, want)
			}
			return
		}
	}
	t.Errorf("Overflow not reported: %v", res.Violations)
}
