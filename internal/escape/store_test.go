package escape

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/escape/escapetest"
	"github.com/squashgo/squash/internal/gotool"
)

// built returns this package's records, built once for the tests that read
// them.
func built(t *testing.T) *Index {
	return escapetest.Built(t, "escape", func() (*Index, error) {
		ctx := context.Background()
		pkgs, err := gotool.Resolve(ctx, ".", []string{"."})
		if err != nil {
			return nil, err
		}
		return Build(ctx, nil, pkgs[0])
	})
}

// storesDir returns the absolute directory of testdata/stores, and skips t
// in -short mode, as the tests that type-check it take a while.
func storesDir(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("type-checks testdata/stores")
	}
	dir, err := filepath.Abs("testdata/stores")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// markedLine returns the line of file that ends in the comment marker.
func markedLine(t *testing.T, file, marker string) int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	for i, l := range strings.Split(string(data), "\n") {
		if strings.HasSuffix(l, "// "+marker) {
			return i + 1
		}
	}
	t.Fatalf("no line of %s is marked %q", file, marker)
	return 0
}

// TestReadStores: ReadStores reads the types of the files it is given that
// ReadTypes did not, those of a package's tests only when it is given a
// test file, and notes each file's stores once.
func TestReadStores(t *testing.T) {
	ctx := context.Background()
	dir := storesDir(t)
	src, test := filepath.Join(dir, "stores.go"), filepath.Join(dir, "stores_test.go")
	line := func(file, marker string) int { return markedLine(t, file, marker) }
	ix := &Index{}
	// No record of a value that escapes: nothing for ReadTypes to read.
	if err := ReadTypes(ctx, nil, dir, ix); err != nil {
		t.Fatal(err)
	}
	if _, ok := ix.Store(src, line(src, "a map")); ok {
		t.Fatal("ReadTypes read the types of a package with no record")
	}
	if err := ReadStores(ctx, nil, dir, ix, []string{src, "stores.go"}); err != nil {
		t.Fatal(err)
	}
	if s, ok := ix.Store(src, line(src, "a map")); !ok || !s.Map {
		t.Errorf("the map store has Store %+v, %v; want Map", s, ok)
	}
	if _, ok := ix.Store(test, line(test, "concatenated")); ok {
		t.Error("the types of a test file were read when no test file was asked for")
	}
	if err := ReadStores(ctx, nil, dir, ix, []string{test, src}); err != nil {
		t.Fatal(err)
	}
	if s, ok := ix.Store(test, line(test, "concatenated")); !ok || !s.Concat || s.Map {
		t.Errorf("the concatenation has Store %+v, %v; want Concat", s, ok)
	}
	if s, _ := ix.Store(src, line(src, "boxed")); len(s.Boxed) != 1 {
		t.Errorf("the boxed store has Store %+v after its package was read twice; want one boxed value", s)
	}
}

// TestReadStoresTestsOf: a directory is type-checked with its tests only
// where a test file in it is asked for. The others, such as the standard
// library's, are loaded without, as the go command builds the packages
// that their tests import.
func TestReadStoresTestsOf(t *testing.T) {
	ctx := context.Background()
	dir := storesDir(t)
	test, other := filepath.Join(dir, "stores_test.go"), filepath.Join(dir, "other", "other.go")
	var ld gotool.Loader
	ix := &Index{}
	if err := ReadStores(ctx, &ld, dir, ix, []string{test, other}); err != nil {
		t.Fatal(err)
	}
	for file, marker := range map[string]string{test: "concatenated", other: "a map"} {
		if _, ok := ix.Store(file, markedLine(t, file, marker)); !ok {
			t.Errorf("%s: the line marked %q has no Store", file, marker)
		}
	}
	// What the Loader kept with tests it hands out again; a directory it
	// kept without them it loads anew.
	for _, tc := range []struct {
		dir   string
		tests bool
	}{{dir, true}, {filepath.Dir(other), false}} {
		plain, err := ld.Load(ctx, dir, false, tc.dir)
		if err != nil || len(plain) != 1 {
			t.Fatalf("%s: %d packages, %v", tc.dir, len(plain), err)
		}
		all, err := ld.Load(ctx, dir, true, tc.dir)
		if err != nil {
			t.Fatal(err)
		}
		if kept := slices.Contains(all, plain[0]); kept != tc.tests {
			t.Errorf("%s: loaded with its tests %v, want %v", tc.dir, kept, tc.tests)
		}
	}
}
