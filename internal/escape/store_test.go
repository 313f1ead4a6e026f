package escape

import (
	"context"
	"os"
	"path/filepath"
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

// TestReadStores: ReadStores reads the types of the files it is given that
// ReadTypes did not, those of a package's tests only when it is given a
// test file, and notes each file's stores once.
func TestReadStores(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks testdata/stores")
	}
	ctx := context.Background()
	dir, err := filepath.Abs("testdata/stores")
	if err != nil {
		t.Fatal(err)
	}
	src, test := filepath.Join(dir, "stores.go"), filepath.Join(dir, "stores_test.go")
	line := func(file, marker string) int {
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
