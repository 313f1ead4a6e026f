package pgo

import (
	"bytes"
	"context"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/bench"
	"github.com/squashgo/squash/internal/compare"
	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/report"
)

// cpuProfile profiles testdata/hot's benchmarks as a user would before
// building with PGO, and returns the profile's path. A second of each
// gives the hot calls about a hundred samples, also on a loaded machine,
// where a benchmark's second of wall time is less of CPU time.
func cpuProfile(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	prof := filepath.Join(dir, "cpu.pprof")
	cmd := gotool.Command(context.Background(), "testdata/hot", "test", "-run=^$", "-bench=.", "-benchtime=1s",
		"-pgo=off", "-o", filepath.Join(dir, "hot.test"), "-cpuprofile", prof)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("profiling testdata/hot: %v\n%s", err, out)
	}
	return prof
}

// TestMeasureRemovesSite: newPoint's Point escapes through its result
// without PGO, and with a profile of the benchmark the hot call in Sum is
// inlined, and the Point stays on Sum's stack. The site is gone, and each
// build's records say why.
func TestMeasureRemovesSite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs benchmarks")
	}
	prof := cpuProfile(t)
	e, err := Measure(context.Background(), report.Config{Dir: "testdata/hot", Bench: bench.Options{Benchtime: "2000x", Count: 2}}, prof)
	if err != nil {
		t.Fatal(err)
	}
	var gone *Site
	for i, s := range e.Sites {
		if s.Change == compare.Gone && s.Old.File == "hot.go" && s.Old.Line == 13 {
			gone = &e.Sites[i]
		}
	}
	if gone == nil {
		t.Fatalf("no site gone at hot.go:13; sites that changed: %+v", e.Sites)
	}
	// One object more or less over the recorded iterations is the
	// runtime's, not the site's: the site makes 100 an op.
	if math.Abs(gone.Old.AllocsPerOp-100) > 0.01 {
		t.Errorf("the site made %v allocs/op without PGO, want 100", gone.Old.AllocsPerOp)
	}
	if !strings.HasPrefix(gone.Off.Inline, "cannotInlineFunction: function too complex") {
		t.Errorf("without PGO, the inlining record is %q, want cannotInlineFunction", gone.Off.Inline)
	}
	if !slices.ContainsFunc(gone.Off.Escapes, func(r Record) bool {
		return r.Pos == "hot.go:13:7" && strings.HasPrefix(r.Summary, "&Point{...} escapes to heap")
	}) {
		t.Errorf("without PGO, no record that &Point{...} escapes at hot.go:13:7: %+v", gone.Off.Escapes)
	}
	if !strings.HasPrefix(gone.On.Inline, "canInlineFunction: cost:") {
		t.Errorf("with PGO, the inlining record is %q, want canInlineFunction", gone.On.Inline)
	}
	if !slices.ContainsFunc(gone.On.Copies, func(c Copy) bool { return slices.Equal(c.Calls, []string{"hot.go:43"}) && !c.Escapes }) {
		t.Errorf("with PGO, no copy inlined at hot.go:43 where nothing escapes: %+v", gone.On.Copies)
	}
	if !slices.Equal(gone.Inlined, []string{"hot.go:43"}) {
		t.Errorf("PGO inlined %q, want the call at hot.go:43", gone.Inlined)
	}
	for _, b := range e.Comparison.Packages[0].Benchmarks {
		if b.Metrics[2].New.Center != 0 {
			t.Errorf("%s with PGO: %v allocs/op, want 0", b.Name, b.Metrics[2].New.Center)
		}
	}
	// The Square that Areas converts to a Shape escapes, as scaled calls
	// a method of it; inlined, the method is Square's, and nothing does.
	var square *Site
	for i, s := range e.Sites {
		if s.Change == compare.Gone && s.Old.File == "hot.go" && s.Old.Line == 86 {
			square = &e.Sites[i]
		}
	}
	switch {
	case square == nil:
		t.Errorf("no site gone at hot.go:86; sites that changed: %+v", e.Sites)
	case !slices.ContainsFunc(square.Off.Escapes, func(r Record) bool { return strings.HasPrefix(r.Summary, "Square{...} escapes to heap") }):
		t.Errorf("without PGO, no record that Square{...} escapes: %+v", square.Off.Escapes)
	case len(square.On.Escapes) != 0:
		t.Errorf("with PGO, escape records %+v, want none", square.On.Escapes)
	case !slices.Equal(square.InlinedHere, []string{"hot.scaled"}):
		t.Errorf("PGO inlined %q at the line, want hot.scaled", square.InlinedHere)
	}
	if e.Interleaved != 2 || e.Off.Packages[0].Benchmarks[0].Runs != 2 || e.On.Packages[0].Benchmarks[0].Runs != 2 {
		t.Errorf("%d interleaved runs, %d and %d runs in the reports; want 2 of each build", e.Interleaved, e.Off.Packages[0].Benchmarks[0].Runs, e.On.Packages[0].Benchmarks[0].Runs)
	}
	var out bytes.Buffer
	if err := WriteText(&out, e); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"BenchmarkSum gone hot.go:13 hot.newPoint",
		"escape at hot.go:13:7: &Point{...} escapes to heap",
		"inlined at hot.go:43: nothing escapes there",
		"PGO inlined it at hot.go:43",
		"BenchmarkAreas gone hot.go:86 hot.Areas",
		"escape at hot.go:86:21: Square{...} escapes to heap",
		"PGO inlined hot.scaled here",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the text lacks %q:\n%s", want, out.String())
		}
	}
	t.Logf("\n%s", out.String())
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, tc := range []struct {
		path, want string
	}{
		{filepath.Join(dir, "none.pprof"), "no such file or directory"},
		{write("text.pprof", "not a profile"), "is not a pprof profile"},
		{write("pre.pprof", preprofile+"x\n"), ""},
	} {
		err := Check(tc.path)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("Check(%s) = %v, want nil", tc.path, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("Check(%s) = %v, want %q", tc.path, err, tc.want)
		case err != nil && strings.Contains(err.Error(), "\n"):
			t.Errorf("Check(%s): more than one line: %v", tc.path, err)
		}
	}
}

func FuzzCheckData(f *testing.F) {
	f.Add([]byte(preprofile))
	f.Add([]byte("not a profile"))
	f.Add([]byte{0x1f, 0x8b, 0x08, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		if err := CheckData(data, "f"); err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("more than one line: %v", err)
		}
	})
}
