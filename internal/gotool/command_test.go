package gotool

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCompiles builds several packages at once, and names the one that does
// not compile.
func TestCompiles(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"go.mod": "module example.com/c\n\ngo 1.26\n",
		"a/a.go": "package a\n\nfunc A() int { return 1 }\n",
		"b/b.go": "package b\n\nvar B int = \"not an int\"\n",
		"c/c.go": "package c\n\nimport \"example.com/c/a\"\n\nvar C = a.A()\n",
	})
	ctx := context.Background()
	pkgs, err := Resolve(ctx, dir, []string{"./..."})
	if err != nil {
		t.Fatal(err)
	}
	byName := make(map[string]Package, len(pkgs))
	for _, p := range pkgs {
		byName[strings.TrimPrefix(p.ImportPath, "example.com/c/")] = p
	}
	if err := Compiles(ctx); err != nil {
		t.Errorf("no packages: %v", err)
	}
	if err := Compiles(ctx, byName["a"], byName["c"]); err != nil {
		t.Errorf("a, c: %v", err)
	}
	for _, set := range [][]string{{"b"}, {"a", "b", "c"}, {"c", "b"}} {
		ps := slices.Grow[[]Package](nil, len(set))
		for _, n := range set {
			ps = append(ps, byName[n])
		}
		err := Compiles(ctx, ps...)
		if err == nil || !strings.HasPrefix(err.Error(), "example.com/c/b does not compile:\n") || !strings.Contains(err.Error(), `"not an int"`) {
			t.Errorf("%v: %v", set, err)
		}
	}
}

// writeTree writes files, by their slash-separated names, into a new
// temporary directory, and returns it.
func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TestImporters finds the packages that import one in their code or in
// either kind of test, and not the others.
func TestImporters(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"go.mod":          "module example.com/i\n\ngo 1.26\n",
		"a/a.go":          "package a\n\nfunc A() int { return 1 }\n",
		"b/b.go":          "package b\n\nimport \"example.com/i/a\"\n\nvar B = a.A()\n",
		"c/c.go":          "package c\n",
		"c/c_test.go":     "package c\n\nimport (\n\t\"testing\"\n\n\t\"example.com/i/a\"\n)\n\nfunc TestC(t *testing.T) { a.A() }\n",
		"d/d.go":          "package d\n",
		"d/d_ext_test.go": "package d_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/i/a\"\n)\n\nfunc TestD(t *testing.T) { a.A() }\n",
		"e/e.go":          "package e\n",
	})
	got, err := Importers(t.Context(), dir, "example.com/i/a")
	if want := []string{"example.com/i/b", "example.com/i/c", "example.com/i/d"}; err != nil || !slices.Equal(got, want) {
		t.Errorf("Importers = %v, %v; want %v", got, err, want)
	}
}
