package gotool

import (
	"context"
	"slices"
	"testing"
)

// TestTestVet runs go test's vet checks on a package whose Example names
// no identifier, which compiles and which go test refuses to run, and on
// one that passes them.
func TestTestVet(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"go.mod":         "module example.com/v\n\ngo 1.26\n",
		"bad/bad.go":     "package bad\n\nfunc A() int { return 1 }\n",
		"bad/x_test.go":  "package bad\n\nfunc ExampleB() {}\n",
		"good/good.go":   "package good\n\nfunc A() int { return 1 }\n",
		"good/x_test.go": "package good\n\nfunc ExampleA() {}\n",
	})
	ctx := context.Background()
	pkgs, err := Resolve(ctx, dir, []string{"./bad", "./good"})
	if err != nil {
		t.Fatal(err)
	}
	if err := Compiles(ctx, pkgs...); err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"example.com/v/bad":  {"bad/x_test.go:3:1: ExampleB refers to unknown identifier: B"},
		"example.com/v/good": nil,
	}
	for _, p := range pkgs {
		got, err := TestVet(ctx, p)
		if err != nil || !slices.Equal(got, want[p.ImportPath]) {
			t.Errorf("TestVet(%s) = %q, %v; want %q", p.ImportPath, got, err, want[p.ImportPath])
		}
	}
}
