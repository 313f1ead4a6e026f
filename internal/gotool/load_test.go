package gotool

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestLoader loads a directory with its tests, then without them, then
// with another: what was kept is handed out again, not type-checked anew,
// and a load without tests leaves out the test variants.
func TestLoader(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"go.mod":      "module example.com/l\n\ngo 1.26\n",
		"a/a.go":      "package a\n\nfunc A() int { return 1 }\n",
		"a/a_test.go": "package a\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) { A() }\n",
		"a/x_test.go": "package a_test\n\nimport \"testing\"\n\nfunc TestX(t *testing.T) {}\n",
		"b/b.go":      "package b\n\nvar B = \"b\"\n",
	})
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	ctx := context.Background()
	ids := func(pkgs []*packages.Package) []string {
		out := slices.Grow[[]string](nil, len(pkgs))
		for _, p := range pkgs {
			if len(p.Errors) > 0 || p.TypesInfo == nil {
				t.Errorf("%s: not type-checked: %v", p.ID, p.Errors)
			}
			out = append(out, p.ID)
		}
		slices.Sort(out)
		return out
	}

	var ld Loader
	withTests, err := ld.Load(ctx, dir, true, a)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"example.com/l/a", "example.com/l/a [example.com/l/a.test]", "example.com/l/a_test [example.com/l/a.test]"}
	if got := ids(withTests); !slices.Equal(got, want) {
		t.Errorf("with tests: %q, want %q (the test main package is in no directory loaded)", got, want)
	}
	plain, err := ld.Load(ctx, dir, false, a)
	if err != nil {
		t.Fatal(err)
	}
	if len(plain) != 1 || !slices.Contains(withTests, plain[0]) {
		t.Errorf("without tests: %q, want the package kept with its tests", ids(plain))
	}
	both, err := ld.Load(ctx, dir, false, b, a)
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(both); !slices.Equal(got, []string{"example.com/l/a", "example.com/l/b"}) || both[1] != plain[0] {
		t.Errorf("b and a: %q, want b loaded and a as kept", got)
	}

	// A nil Loader loads the same and keeps nothing.
	var none *Loader
	again, err := none.Load(ctx, dir, true, a)
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(again); !slices.Equal(got, want) || slices.Contains(withTests, again[0]) {
		t.Errorf("nil Loader: %q, want %q loaded anew", got, want)
	}
}
