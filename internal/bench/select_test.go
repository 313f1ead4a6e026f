package bench

import (
	"flag"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

func TestExactRegexp(t *testing.T) {
	for _, tc := range []struct{ name, want string }{
		{"BenchmarkSimple", "^BenchmarkSimple$"},
		{"BenchmarkEncode/n=10/impl=binary.Write", "^BenchmarkEncode$/^n=10$/^impl=binary\\.Write$"},
		{"BenchmarkA/x+y(1)", `^BenchmarkA$/^x\+y\(1\)$`},
	} {
		if got := ExactRegexp(tc.name); got != tc.want {
			t.Errorf("ExactRegexp(%q) = %q, want %q", tc.name, got, tc.want)
		}
	}
}

func TestOnly(t *testing.T) {
	for _, tc := range []struct{ top, pattern, want string }{
		{"BenchmarkA", ".", "^BenchmarkA$"},
		{"BenchmarkA", "A/n=1", "^BenchmarkA$/n=1"},
		{"BenchmarkAltX", "Panic|AltX/x|^BenchmarkA$", "^BenchmarkAltX$/x"},
		{"BenchmarkA", "Panic|AltX/x|^BenchmarkA$", "^BenchmarkA$"},
		{"BenchmarkZ", "AltX/x|Panic|Z", "^BenchmarkZ$"},
		{"BenchmarkX", "[/]|X", "^BenchmarkX$"},
		{"Benchmark.Odd", "Nope", `^Benchmark\.Odd$`},
	} {
		if got := only(tc.top, tc.pattern); got != tc.want {
			t.Errorf("only(%q, %q) = %q, want %q", tc.top, tc.pattern, got, tc.want)
		}
	}
}

func TestCheckBench(t *testing.T) {
	for _, tc := range []struct {
		pattern string
		ok      bool
	}{
		{".", true}, {"", true}, {"Decode/n=10", true}, {"A|B/x", true}, {"[/]", true}, {"(a/b)", true}, {`a\/b`, true}, {"]", true},
		{"[", false}, {"A/(", false}, {"A|*", false}, {"a(b", false},
		{"[!- ]", true}, // a blank is an underscore: [!-_] is a range
		{"[_-!]", false}, {"[ -!]", false},
	} {
		if err := CheckBench(tc.pattern); (err == nil) != tc.ok {
			t.Errorf("CheckBench(%q) = %v", tc.pattern, err)
		} else if err != nil && !strings.Contains(err.Error(), strconv.Quote(tc.pattern)) {
			t.Errorf("error %q does not name %q", err, tc.pattern)
		}
	}
}

// FuzzCheckBench: CheckBench never panics; it accepts a pattern only if
// every element compiles, and a pattern with no separator or bracket
// exactly when regexp accepts it.
func FuzzCheckBench(f *testing.F) {
	for _, s := range []string{".", "[", "A/B|C", "[/]", "(a/b", `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		err := CheckBench(p)
		if err == nil {
			for _, alt := range benchAlternatives(p) {
				for _, e := range alt {
					if _, cerr := regexp.Compile(rewrite(e)); cerr != nil {
						t.Errorf("CheckBench(%q) accepted element %q: %v", p, e, cerr)
					}
				}
			}
		}
		if !strings.ContainsAny(p, "/|[]()\\") && rewrite(p) == p {
			if _, cerr := regexp.Compile(p); (cerr == nil) != (err == nil) {
				t.Errorf("CheckBench(%q) = %v, regexp says %v", p, err, cerr)
			}
		}
	})
}

func TestCheckBenchtime(t *testing.T) {
	for bt, ok := range map[string]bool{
		"1s": true, "500ms": true, "1m30s": true, "100x": true, "1x": true,
		"+5x": true, "0100x": true, "+1s": true,
		"": false, "xyz": false, "0x": false, "-5x": false, "x": false,
		"0s": false, "-1s": false, "10": false, "1.5x": false, "100X": false,
	} {
		if err := CheckBenchtime(bt); (err == nil) != ok {
			t.Errorf("CheckBenchtime(%q) = %v, want ok %v", bt, err, ok)
		}
	}
}

// FuzzCheckBenchtime: CheckBenchtime accepts exactly what this test
// binary's own -test.benchtime flag accepts, and its error names what it
// refuses.
func FuzzCheckBenchtime(f *testing.F) {
	for _, s := range []string{"1s", "100x", "xyz", "0x", "-1s", "+5x", "1.5x", "9999999999999999999999x"} {
		f.Add(s)
	}
	fl := flag.Lookup("test.benchtime")
	if fl == nil {
		f.Fatal("no -test.benchtime flag in this test binary")
	}
	old := fl.Value.String()
	f.Fuzz(func(t *testing.T, bt string) {
		err := CheckBenchtime(bt)
		goErr := fl.Value.Set(bt)
		if err := fl.Value.Set(old); err != nil {
			t.Fatal(err)
		}
		if (err == nil) != (goErr == nil) {
			t.Errorf("CheckBenchtime(%q) = %v, but the testing flag says %v", bt, err, goErr)
		}
		if err != nil && !strings.Contains(err.Error(), strconv.Quote(bt)) {
			t.Errorf("error %q does not name %q", err, bt)
		}
	})
}

func TestSelects(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{".", "BenchmarkMarshalTo/small", true},
		{"Marshal/(small|medium)$", "BenchmarkMarshalTo/small", true},
		{"Marshal/(small|medium)$", "BenchmarkMarshalTo/large", false},
		{"Marshal/(small|medium)$", "BenchmarkMarshalTo", false}, // a level for each element
		{"Parse$|ObjectGet", "BenchmarkObjectGet/items_10/lookups_0", true},
		{"Parse$|ObjectGet", "BenchmarkParseRawString", false},
		{"Parse$/small/fastjson$", "BenchmarkParse/small/fastjson-get", false},
		{"Decode with spaces", "BenchmarkDecode_with_spaces", true},
	} {
		if got := Selects(tc.pattern, tc.name); got != tc.want {
			t.Errorf("Selects(%q, %q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}
