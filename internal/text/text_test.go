package text

import "testing"

func TestNum(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 1: "1", 0.5: "0.5", 1.25: "1.25", 12.34: "12.3", 64: "64", 2410.4: "2410", 0.001: "0"} {
		if got := Num(v); got != want {
			t.Errorf("Num(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestPerOp(t *testing.T) {
	for v, want := range map[float64]string{0: "0", 0.001: "<0.01", 0.004: "<0.01", 0.005: "0.01", 0.5: "0.5", 232: "232"} {
		if got := PerOp(v); got != want {
			t.Errorf("PerOp(%v) = %q, want %q", v, got, want)
		}
	}
}

func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want string
	}{{0, "0 fixes"}, {1, "1 fix"}, {2, "2 fixes"}} {
		if got := Plural(tc.n, "fix", "fixes"); got != tc.want {
			t.Errorf("Plural(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
}

func TestWithin(t *testing.T) {
	for _, tc := range []struct {
		dir, path, want string
		in              bool
	}{
		{"/m", "/m/a/b.go", "a/b.go", true},
		{"/m", "/m", ".", true},
		{"/m", "/mod/a.go", "/mod/a.go", false},
		{"/m", "/a.go", "/a.go", false},
		{"/m/a", "/m/..x/b.go", "/m/..x/b.go", false},
		{"", "/m/a.go", "/m/a.go", false},
	} {
		if got, in := Within(tc.dir, tc.path); got != tc.want || in != tc.in || Rel(tc.dir, tc.path) != got {
			t.Errorf("Within(%q, %q) = %q, %v, want %q, %v", tc.dir, tc.path, got, in, tc.want, tc.in)
		}
	}
}

func TestEstimate(t *testing.T) {
	for _, tc := range []struct {
		v, err           float64
		value, plusMinus string
	}{
		{320763, 1634, "320800", "± 1600"},
		{650373.4, 21000, "650000", "± 21000"},
		{18.3, 10.2, "18", "± 10"},
		{4.7, 6.14, "4.7", "± 6.1"},
		{0.35, 0.123, "0.35", "± 0.12"},
		{1234.5, 99.6, "1230", "± 100"}, // the error rounds up a place
		{-3.2, 5.5, "-3.2", "± 5.5"},
		{56, 0, "56", "± 0"},
		{0.004, 0.01, "0.004", "± 0.010"},
	} {
		value, pm := Estimate(tc.v, tc.err)
		if value != tc.value || pm != tc.plusMinus {
			t.Errorf("Estimate(%v, %v) = %q, %q; want %q, %q", tc.v, tc.err, value, pm, tc.value, tc.plusMinus)
		}
	}
}

func TestShellWord(t *testing.T) {
	for in, want := range map[string]string{
		"./...":          "./...",
		"100x":           "100x",
		"Decode$":        "'Decode$'",
		"my budget":      "'my budget'",
		"it's":           `'it'\''s'`,
		"":               "''",
		"Bench/size=1KB": "Bench/size=1KB",
	} {
		if got := ShellWord(in); got != want {
			t.Errorf("ShellWord(%q) = %s, want %s", in, got, want)
		}
	}
	if got, want := Command("go", "test", "-run", "^$", "./x y"), `go test -run '^$' './x y'`; got != want {
		t.Errorf("Command = %s, want %s", got, want)
	}
}

func TestNear(t *testing.T) {
	names := []string{"explain", "guard", "lint", "report"}
	for word, want := range map[string]string{"gaurd": "guard", "explian": "explain", "lnt": "lint", "version": "", "": ""} {
		if got, ok := Near(word, names); got != want || ok != (want != "") {
			t.Errorf("Near(%q) = %q, %v; want %q", word, got, ok, want)
		}
	}
	for a, b := range map[[2]string]int{{"gaurd", "guard"}: 2, {"explian", "explain"}: 2, {"lnt", "lint"}: 1, {"version", "report"}: 6, {"", "lint"}: 4} {
		if got := distance(a[0], a[1]); got != b {
			t.Errorf("distance(%q, %q) = %d, want %d", a[0], a[1], got, b)
		}
	}
}
