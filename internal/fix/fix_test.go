package fix

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/lint"
)

// vettoolEnv makes this test binary go vet's tool, running squash's
// analyzers, so that the tests need no other binary.
const vettoolEnv = "SQUASH_FIX_TEST_VETTOOL"

func TestMain(m *testing.M) {
	if os.Getenv(vettoolEnv) == "1" {
		lint.Main() // exits
	}
	os.Exit(m.Run())
}

// copyModule copies the testdata module name into a new directory and
// returns it.
func copyModule(t *testing.T, name string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", name))); err != nil {
		t.Fatal(err)
	}
	return dir
}

// config runs fix in dir, quickly: a few short runs a side, as many as
// the Mann-Whitney U test needs to tell a change at alpha 0.05.
func config(dir string) Config {
	return Config{
		Dir:   dir,
		Bench: bench.Options{Benchtime: "2000x", Count: 4},
		Lint:  lint.Config{Tool: os.Args[0], Env: []string{vettoolEnv + "=1"}},
	}
}

// read returns the Go files of dir and their contents.
func read(t *testing.T, dir string) map[string]string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	files := make(map[string]string, len(names))
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		files[n] = string(data)
	}
	return files
}

// edit is a candidate that replaces old, in the file at path, by new.
func edit(t *testing.T, path, pass, old, new string) lint.Candidate {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := bytes.Index(src, []byte(old))
	if i < 0 {
		t.Fatalf("%s holds no %q", path, old)
	}
	line := bytes.Count(src[:i], []byte("\n")) + 1
	return lint.Candidate{
		Finding: lint.Finding{Pass: pass, File: path, Line: line, Lines: []int{line}, Message: pass},
		Edits:   []lint.Edit{{File: path, Start: i, End: i + len(old), New: new}},
	}
}

// TestRejections: each kind of bad fix is rejected for its own reason, and
// the tree is left as it was. The preallocation of the profile-guided
// tier is real: Count's loop ends early, so a capacity of its bound
// allocates fewer times but far more bytes, and is slower. The others are
// made for the test, in the same function: one that does not compile, one
// that breaks TestCollect, one that breaks the test of a package that
// imports it, and one that changes nothing that allocates.
func TestRejections(t *testing.T) {
	dir := copyModule(t, "collect")
	before := read(t, dir)
	src := filepath.Join(dir, "collect.go")
	cfg := config(dir)
	cfg.candidates = func(ctx context.Context, c lint.Config) ([]lint.Candidate, error) {
		found, err := lint.Candidates(ctx, c)
		return append(found,
			edit(t, src, "nobuild", "out = append(out, x)", "out = append(out, x, missing)"),
			edit(t, src, "breaks", "x < 0", "x <= 0"),
			edit(t, src, "nochange", "var out []int", "var out []int // grows"),
			edit(t, src, "breaksimporter", "var out []int", "out := []int{}"),
		), err
	}
	res, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]struct {
		verdict Verdict
		reason  string
	}{
		"preallocexit": {Slower, "slower: BenchmarkCount ns/op"},
		"nobuild":      {NoBuild, "undefined: missing"},
		"breaks":       {TestsFail, "TestCollect"},
		"nochange":     {NoGain, "no gain"},
		// Collect's own test does not tell nil from empty; an importer's
		// does.
		"breaksimporter": {TestsFail, "TestPrefixNil in example.com/collect/prefix"},
	}
	for _, c := range res.Candidates {
		w, ok := want[c.Pass]
		if !ok {
			t.Errorf("unexpected candidate %s at %s:%d: %s", c.Pass, c.File, c.Line, c.Reason)
			continue
		}
		delete(want, c.Pass)
		if c.Verdict != w.verdict || !strings.Contains(c.Reason, w.reason) || c.Pass == "preallocexit" && !strings.Contains(c.Reason, "it allocates less (BenchmarkCount allocs/op") {
			t.Errorf("%s: %s, %q; want %s, with %q", c.Pass, c.Verdict, c.Reason, w.verdict, w.reason)
		}
	}
	for pass := range want {
		t.Errorf("no candidate of %s", pass)
	}
	if len(res.Kept) != 0 || res.Diff != "" {
		t.Errorf("kept %v, diff:\n%s", res.Kept, res.Diff)
	}
	if after := read(t, dir); !equal(before, after) {
		t.Error("the tree changed")
	}
	if written, err := Apply(res); err != nil || len(written) != 0 {
		t.Errorf("Apply = %v, %v; want nothing written", written, err)
	}
}

func equal(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// TestKeepAndApply: a fix that removes an allocation is kept, verified
// together, and written by Apply; Apply refuses a file edited after it was
// measured, and writes nothing.
func TestKeepAndApply(t *testing.T) {
	dir := copyModule(t, "sum")
	src := filepath.Join(dir, "sum.go")
	was, _ := os.ReadFile(src)
	res, err := Run(t.Context(), config(dir))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Kept) != 1 || res.Candidates[res.Kept[0]].Pass != "splitcut" {
		for _, c := range res.Candidates {
			t.Logf("%s %s: %s", c.Pass, c.Verdict, c.Reason)
		}
		t.Fatalf("kept %v; want splitcut's fix", res.Kept)
	}
	allocs := res.Benchmarks[0].Metrics[2]
	if allocs.Unit != "allocs/op" || allocs.Before != 1 || allocs.After != 0 {
		t.Errorf("allocs/op %+v; want 1 before, 0 after", allocs)
	}
	if !strings.Contains(res.Diff, "+\t\tf, rest, more = strings.Cut(rest, \",\")") {
		t.Errorf("diff:\n%s", res.Diff)
	}
	if now, _ := os.ReadFile(src); !bytes.Equal(now, was) {
		t.Fatal("Run changed the file")
	}

	// Edited after it was measured: refused, and left as the user made it.
	edited := append(bytes.Clone(was), "\n// edited\n"...)
	if err := os.WriteFile(src, edited, 0o644); err != nil {
		t.Fatal(err)
	}
	var changed *ChangedError
	if written, err := Apply(res); !errors.As(err, &changed) || changed.File != "sum.go" || len(written) != 0 {
		t.Errorf("Apply after an edit = %v, %v; want a ChangedError naming sum.go", written, err)
	}
	if now, _ := os.ReadFile(src); !bytes.Equal(now, edited) {
		t.Error("Apply wrote a file edited after it was measured")
	}

	if err := os.WriteFile(src, was, 0o644); err != nil {
		t.Fatal(err)
	}
	written, err := Apply(res)
	if err != nil || len(written) != 1 || written[0] != "sum.go" {
		t.Fatalf("Apply = %v, %v; want sum.go written", written, err)
	}
	now, _ := os.ReadFile(src)
	if !bytes.Equal(now, res.files[src].fixed) {
		t.Errorf("sum.go holds:\n%s\nwant what was verified:\n%s", now, res.files[src].fixed)
	}
}

// TestBadInput: fix refuses, with one line, a baseline it cannot verify
// against.
func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		file string // written into a copy of the module collect
		src  string
		want string
		ok   func(error) bool
	}{
		{"failing test", "fail_test.go", "package collect\nimport \"testing\"\nfunc TestFails(t *testing.T) { t.Fatal(\"no\") }\n",
			"the tests of example.com/collect fail before any change (TestFails in example.com/collect)", nil},
		{"does not build", "broken.go", "package collect\nfunc Broken() int { return \"\" }\n",
			"does not compile", nil},
		{"no benchmarks", "collect_test.go", "package collect\n",
			"", func(err error) bool { return errors.As(err, new(*bench.NoBenchmarksError)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyModule(t, "collect")
			if err := os.WriteFile(filepath.Join(dir, tc.file), []byte(tc.src), 0o644); err != nil {
				t.Fatal(err)
			}
			before := read(t, dir)
			_, err := Run(t.Context(), config(dir))
			if err == nil || !strings.Contains(err.Error(), tc.want) || tc.ok != nil && !tc.ok(err) {
				t.Errorf("Run = %v; want an error with %q", err, tc.want)
			}
			if after := read(t, dir); !equal(before, after) {
				t.Error("the tree changed")
			}
		})
	}
}

// TestTimeout: candidates left when -timeout runs out are not tried, and
// say so; nothing is kept.
func TestTimeout(t *testing.T) {
	cfg := config(copyModule(t, "sum"))
	cfg.Timeout = time.Nanosecond
	res, err := Run(t.Context(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Candidates) == 0 || len(res.Kept) != 0 {
		t.Fatalf("%d candidates, kept %v; want some, none kept", len(res.Candidates), res.Kept)
	}
	for _, c := range res.Candidates {
		if c.Verdict != NotTried || !strings.Contains(c.Reason, "-timeout") {
			t.Errorf("%s: %s, %q; want not tried", c.Pass, c.Verdict, c.Reason)
		}
	}
}
