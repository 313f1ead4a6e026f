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
