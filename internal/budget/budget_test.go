package budget

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

const sample = `# comment
squash budget v1
benchtime 100x

example.com/m/dec BenchmarkSimple/n=10 12 allocs/op 4096 B/op
	8 allocs/op dec/dec.go:31 dec.Simple: out = append(out, r)
	4 allocs/op dec/dec.go:40 dec.(*R).parse: s := string(b)
	0.25 allocs/op dec/my file.go:7 dec.init.func1:
example.com/m/dec BenchmarkNoAlloc 0 allocs/op 0 B/op
`

func TestParseReadsEveryField(t *testing.T) {
	b, err := Parse(strings.NewReader(sample), "squash.budget")
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Benchmarks) != 2 {
		t.Fatalf("%d benchmarks, want 2", len(b.Benchmarks))
	}
	if b.Benchtime != "100x" {
		t.Errorf("benchtime %q, want 100x", b.Benchtime)
	}
	// Sorted by name: NoAlloc before Simple/n=10.
	if got := b.Benchmarks[0].Name; got != "BenchmarkNoAlloc" {
		t.Errorf("first benchmark %q, want BenchmarkNoAlloc", got)
	}
	s := b.Find("example.com/m/dec", "BenchmarkSimple/n=10")
	if s == nil {
		t.Fatal("Find did not find BenchmarkSimple/n=10")
	}
	if s.AllocsPerOp != 12 || s.BytesPerOp != 4096 || len(s.Sites) != 3 {
		t.Fatalf("got %+v", s)
	}
	want := []Site{
		{4, "dec/dec.go", 40, "dec.(*R).parse", "s := string(b)", false},
		{8, "dec/dec.go", 31, "dec.Simple", "out = append(out, r)", false},
		{0.25, "dec/my file.go", 7, "dec.init.func1", "", false},
	}
	// Sites are sorted by file, then line.
	want[0], want[1] = want[1], want[0]
	for i, w := range want {
		if s.Sites[i] != w {
			t.Errorf("site %d = %+v, want %+v", i, s.Sites[i], w)
		}
	}
	if b.Find("example.com/m/dec", "BenchmarkNope") != nil {
		t.Error("Find found a benchmark that is not there")
	}
}

func TestParseSkipsByteOrderMark(t *testing.T) {
	for _, in := range []string{
		"\ufeff" + sample,
		"\ufeff" + strings.ReplaceAll(sample, "\n", "\r\n"),
		"\ufeffsquash budget v1\n",
	} {
		if _, err := Parse(strings.NewReader(in), "squash.budget"); err != nil {
			t.Errorf("Parse(%.30q): %v", in, err)
		}
	}
}

func TestWriteThenParseIsTheSame(t *testing.T) {
	b, err := Parse(strings.NewReader(sample), "in")
	if err != nil {
		t.Fatal(err)
	}
	var first bytes.Buffer
	if err := Write(&first, b); err != nil {
		t.Fatal(err)
	}
	b2, err := Parse(bytes.NewReader(first.Bytes()), "out")
	if err != nil {
		t.Fatalf("Parse of Write's output: %v\n%s", err, first.String())
	}
	var second bytes.Buffer
	if err := Write(&second, b2); err != nil {
		t.Fatal(err)
	}
	if first.String() != second.String() {
		t.Errorf("writing twice differs:\n%s\n---\n%s", first.String(), second.String())
	}
	if !strings.Contains(first.String(), "squash budget v1\nbenchtime 100x\n\n") {
		t.Errorf("benchtime not written after the version:\n%s", first.String())
	}
	if !strings.Contains(first.String(), "\nexample.com/m/dec BenchmarkNoAlloc 0 allocs/op 0 B/op\nexample.com/m/dec BenchmarkSimple/n=10 12 allocs/op 4096 B/op\n\t8 allocs/op dec/dec.go:31 dec.Simple: out = append(out, r)\n") {
		t.Errorf("unexpected layout:\n%s", first.String())
	}
}

func TestParseErrorsNameTheLine(t *testing.T) {
	const v = "squash budget v1\n"
	for _, tc := range []struct {
		name, in string
		line     int
		want     string
	}{
		{"empty", "", 1, "no \"squash budget v1\" line"},
		{"only comments", "# a\n# b\n", 2, "no \"squash budget v1\" line"},
		{"not a budget", "module example.com/m\n", 1, `want "squash budget v1" before anything else, found "module example.com/m": check that this is a squash budget`},
		{"binary", "\x00\x01binary\n", 1, `found "\x00\x01binary": check that this is a squash budget`},
		{"newer version", "squash budget v2\n", 1, `found "squash budget v2": check that this is a squash budget`},
		{"too few fields", v + "p BenchmarkA 1 allocs/op\n", 2, "want \"PACKAGE BENCHMARK N allocs/op N B/op\""},
		{"units swapped", v + "p BenchmarkA 1 B/op 2 allocs/op\n", 2, "want \"PACKAGE BENCHMARK N allocs/op N B/op\""},
		{"not a package", v + "p/ BenchmarkA 1 allocs/op 2 B/op\n", 2, `want a package path, found "p/"`},
		{"mark after the start", v + "\ufeffp BenchmarkA 1 allocs/op 2 B/op\n", 2, `want a package path, found "\ufeffp"`},
		{"not a benchmark", v + "p TestA 1 allocs/op 2 B/op\n", 2, `want a benchmark name, which starts with Benchmark, found "TestA"`},
		{"negative", v + "\np BenchmarkA -1 allocs/op 2 B/op\n", 3, "allocs/op must be a number that is not negative"},
		{"words", v + "p BenchmarkA one allocs/op 2 B/op\n", 2, `not "one"`},
		{"NaN bytes", v + "p BenchmarkA 1 allocs/op NaN B/op\n", 2, "B/op must be a number"},
		{"infinite", v + "p BenchmarkA 1e999 allocs/op 0 B/op\n", 2, "allocs/op must be a number"},
		{"twice", v + "p BenchmarkA 1 allocs/op 2 B/op\n# x\np BenchmarkA 1 allocs/op 2 B/op\n", 4, `"p BenchmarkA" is budgeted twice, here and on line 2: keep one of the lines`},
		{"benchtime after benchmarks", v + "p BenchmarkA 1 allocs/op 2 B/op\nbenchtime 1s\n", 3, "must come before the benchmark lines"},
		{"benchtime twice", v + "benchtime 1s\nbenchtime 2s\n", 3, "a second benchtime line: keep one of them"},
		{"benchtime with blanks", v + "benchtime 1 s\n", 2, "want \"benchtime T\""},
		{"benchtime go test refuses", v + "benchtime 3q\n", 2, "benchtime \"3q\" is neither a duration (1s, 500ms) nor a count of iterations (100x): fix the line"},
		{"benchtime of no iterations", v + "benchtime 0x\n", 2, "benchtime \"0x\" is out of range, as a count of iterations must be at least 1x: fix the line"},
		{"site first", v + "\t1 allocs/op a.go:1 p.F: x\n", 2, "before any benchmark line"},
		{"site without figure", v + "p BenchmarkA 1 allocs/op 2 B/op\n\ta.go:1 p.F: x\n", 3, "want \"N allocs/op FILE:LINE FUNCTION: CODE\""},
		{"site without line", v + "p BenchmarkA 1 allocs/op 2 B/op\n\t1 allocs/op a.go p.F: x\n", 3, `want "FILE:LINE" after "allocs/op" on a site line, found "a.go p.F: x"`},
		{"site line zero", v + "p BenchmarkA 1 allocs/op 2 B/op\n\t1 allocs/op a.go:0 p.F: x\n", 3, "bad line number"},
		{"site without function", v + "p BenchmarkA 1 allocs/op 2 B/op\n\t1 allocs/op a.go:3 x = 1\n", 3, `want "FUNCTION: CODE" after "a.go:3" on a site line, found "x = 1"`},
		{"site without blank", v + "p BenchmarkA 1 allocs/op 2 B/op\n\t1 allocs/op a.go:3 p.F:x\n", 3, `want a blank after "p.F:" on a site line`},
		{"site negative", v + "p BenchmarkA 1 allocs/op 2 B/op\n\t-2 allocs/op a.go:3 p.F: x\n", 3, "site allocs/op must be a number"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tc.in), "squash.budget")
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("error %v, want a *SyntaxError", err)
			}
			if se.Line != tc.line {
				t.Errorf("line %d, want %d (%v)", se.Line, tc.line, err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, "squash.budget:") || !strings.Contains(msg, tc.want) || !strings.Contains(msg, "squash guard -write") {
				t.Errorf("error %q, want squash.budget:LINE: …%s… and the way out", msg, tc.want)
			}
			checkSentence(t, se)
		})
	}
}

func TestWriteRefusesWhatCannotBeRead(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    Benchmark
		want string
	}{
		{"blank in name", Benchmark{Package: "p", Name: "BenchmarkA b"}, "has blanks"},
		{"empty package", Benchmark{Package: "", Name: "BenchmarkA"}, "package name"},
		{"not a package", Benchmark{Package: "p//q", Name: "BenchmarkA"}, "not an import path"},
		{"negative", Benchmark{Package: "p", Name: "BenchmarkA", AllocsPerOp: -1}, "not negative"},
		{"function with blank", Benchmark{Package: "p", Name: "BenchmarkA", Sites: []Site{{File: "a.go", Line: 1, Function: "p.F G"}}}, "would not read back"},
		{"site line zero", Benchmark{Package: "p", Name: "BenchmarkA", Sites: []Site{{File: "a.go", Function: "p.F"}}}, "would not read back"},
		{"file with line-like part", Benchmark{Package: "p", Name: "BenchmarkA", Sites: []Site{{File: "a:1 b.go", Line: 2, Function: "p.F"}}}, "would not read back"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := Write(&buf, &Budget{Benchmarks: []Benchmark{tc.b}})
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v, want …%s…", err, tc.want)
			}
			if buf.Len() != 0 {
				t.Errorf("wrote %q on error", buf.String())
			}
		})
	}
}

func TestUpdateKeepsOtherPackages(t *testing.T) {
	b := &Budget{Benchmarks: []Benchmark{
		{Package: "a", Name: "BenchmarkX", AllocsPerOp: 1},
		{Package: "b", Name: "BenchmarkGone", AllocsPerOp: 2},
		{Package: "b", Name: "BenchmarkY", AllocsPerOp: 3},
		{Package: "b", Name: "BenchmarkSkips/n=1", AllocsPerOp: 6},
		{Package: "b", Name: "BenchmarkSkipsNot", AllocsPerOp: 7},
	}}
	b.Update([]string{"b"}, []Benchmark{
		{Package: "b", Name: "BenchmarkZ", AllocsPerOp: 5, Sites: []Site{{File: "z.go", Line: 9, Function: "b.Z", Code: "x  :=   f()", AllocsPerOp: 4},
			{File: "z.go", Line: 2, Function: "b.Z", AllocsPerOp: 1}, {File: "z.go", Line: 5, Function: "b.Z", AllocsPerOp: 0.004}}},
		{Package: "b", Name: "BenchmarkY", AllocsPerOp: 4},
	}, []Skip{{Package: "b", Name: "BenchmarkSkips", Reason: "x_test.go:9: no data"}})
	got := slices.Grow[[]string](nil, len(b.Benchmarks))
	for _, x := range b.Benchmarks {
		got = append(got, x.ID())
	}
	// A benchmark that skipped itself keeps its budget, and its
	// sub-benchmarks theirs (golang/snappy's without its testdata).
	if strings.Join(got, ",") != "a BenchmarkX,b BenchmarkSkips/n=1,b BenchmarkY,b BenchmarkZ" {
		t.Errorf("benchmarks %v", got)
	}
	// Without the package, only the measured benchmark is replaced.
	b.Update(nil, []Benchmark{{Package: "a", Name: "BenchmarkX", AllocsPerOp: 9}}, nil)
	if x := b.Find("a", "BenchmarkX"); x == nil || x.AllocsPerOp != 9 || len(b.Benchmarks) != 4 {
		t.Errorf("after updating a BenchmarkX: %+v", b.Benchmarks)
	}
	if y := b.Find("b", "BenchmarkY"); y == nil || y.AllocsPerOp != 4 {
		t.Errorf("BenchmarkY = %+v, want the new figure 4", y)
	}
	z := b.Find("b", "BenchmarkZ")
	if len(z.Sites) != 2 || z.Sites[0].Line != 2 || z.Sites[1].Code != "x := f()" {
		t.Errorf("sites not sorted, not folded, or one of 0.004 allocs/op kept: %+v", z.Sites)
	}
}

// TestUpdateRecordsHighest: a measurement's lowest figures are what Compare
// judges; the budget records its highest.
func TestUpdateRecordsHighest(t *testing.T) {
	b := &Budget{}
	m := Benchmark{Package: "a", Name: "BenchmarkFlip", AllocsPerOp: 3, BytesPerOp: 106, RecordAllocsPerOp: 4, RecordBytesPerOp: 12152}
	b.Update(nil, []Benchmark{m}, nil)
	if x := b.Find("a", "BenchmarkFlip"); x == nil || x.AllocsPerOp != 4 || x.BytesPerOp != 12152 || x.RecordAllocsPerOp != 0 || x.RecordBytesPerOp != 0 {
		t.Fatalf("recorded %+v, want 4 allocs/op and 12152 B/op", x)
	}
	if v := Compare(b, []Benchmark{m}, Options{ByteTolerance: 0.1}); len(v.Over) != 0 || len(v.Within) != 1 {
		t.Errorf("the same runs again: %d over, %d within", len(v.Over), len(v.Within))
	}
	m.AllocsPerOp, m.BytesPerOp = 5, 20000
	if v := Compare(b, []Benchmark{m}, Options{ByteTolerance: 0.1}); len(v.Over) != 1 || !v.Over[0].Allocs || !v.Over[0].Bytes {
		t.Errorf("every run over: %+v", v)
	}
}

func TestKeyIgnoresLinesAndBlanks(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b Site
		same bool
	}{
		{"moved", Site{File: "a.go", Line: 3, Function: "p.F", Code: "x := f()"}, Site{File: "a.go", Line: 30, Function: "p.F", Code: "x := f()"}, true},
		{"reindented", Site{Function: "p.F", Code: "x := f(a,  b)"}, Site{Function: "p.F", Code: "x\t:= f(a, b)"}, true},
		{"other function", Site{Function: "p.F", Code: "x := f()"}, Site{Function: "p.G", Code: "x := f()"}, false},
		{"other code", Site{Function: "p.F", Code: "x := f()"}, Site{Function: "p.F", Code: "x := g()"}, false},
		{"unreadable, same line", Site{File: "a.go", Line: 3, Function: "p.F"}, Site{File: "a.go", Line: 3, Function: "p.F"}, true},
		{"unreadable, moved", Site{File: "a.go", Line: 3, Function: "p.F"}, Site{File: "a.go", Line: 4, Function: "p.F"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.a.Key() == tc.b.Key(); got != tc.same {
				t.Errorf("same key = %v, want %v", got, tc.same)
			}
		})
	}
}

// checkSentence checks that a syntax error reads as one sentence: the
// file and line, what is wrong, one colon, the next step; no other colon
// or closing punctuation outside the quoted text.
func checkSentence(t *testing.T, se *SyntaxError) {
	t.Helper()
	head := fmt.Sprintf("%s:%d: ", se.File, se.Line)
	msg, ok := strings.CutPrefix(se.Error(), head)
	if !ok {
		t.Errorf("error %q does not start with %q", se.Error(), head)
		return
	}
	bare := quoted.ReplaceAllString(msg, `""`)
	if strings.Count(bare, ":") != 1 || strings.ContainsAny(bare, "?!;") || strings.Contains(bare, ".:") || strings.HasSuffix(bare, ".") {
		t.Errorf("error %q is not one sentence with one colon before the next step", se.Error())
	}
}

// quoted matches a string as %q quotes it.
var quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)

func FuzzParse(f *testing.F) {
	f.Add(sample)
	f.Add("squash budget v1\np BenchmarkA 1 allocs/op 2 B/op\n\t1 allocs/op a.go:1 p.F: x\n")
	f.Add("squash budget v1\r\np BenchmarkA 0x10 allocs/op 1e3 B/op\r\n\t 1.5 allocs/op  a b.go:3:4 c.go:5 p.F:\r\n")
	f.Add("squash budget v1\np BenchmarkA 1 allocs/op 2 B/op\n\t1 allocs/op a.go:1 p.F:x:y\n")
	f.Add("squash budget v1\nbenchtime  3x \r\n")
	f.Add("\ufeffsquash budget v1\n\ufeffp BenchmarkA 1 allocs/op 2 B/op\n")
	f.Fuzz(func(t *testing.T, in string) {
		b, err := Parse(strings.NewReader(in), "fuzz")
		if err != nil {
			var se *SyntaxError
			if errors.As(err, &se) {
				if se.Line < 1 {
					t.Fatalf("error on line %d: %v", se.Line, err)
				}
				checkSentence(t, se)
			}
			return
		}
		// What Parse accepts, Write writes, and writing is then stable.
		var first, second bytes.Buffer
		if err := Write(&first, b); err != nil {
			t.Fatalf("Write of a parsed budget: %v", err)
		}
		b2, err := Parse(bytes.NewReader(first.Bytes()), "first")
		if err != nil {
			t.Fatalf("Parse of Write's output: %v\n%s", err, first.String())
		}
		if err := Write(&second, b2); err != nil {
			t.Fatal(err)
		}
		if first.String() != second.String() {
			t.Fatalf("unstable:\n%s\n---\n%s", first.String(), second.String())
		}
	})
}
