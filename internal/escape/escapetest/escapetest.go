// Package escapetest holds what the tests of packages that read the
// compiler's escape decisions share: a package's own records, built once,
// and the lines of its test files marked for a test.
package escapetest

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

var (
	mu    sync.Mutex
	built = map[string]func() (any, error){}
)

// Built returns what build returns, called once per test binary for every
// test that asks for key: building a package's test binary with the
// compiler's diagnostics takes seconds. It skips t in -short mode.
func Built[T any](t *testing.T, key string, build func() (T, error)) T {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the package")
	}
	mu.Lock()
	once, ok := built[key]
	if !ok {
		once = sync.OnceValues(func() (any, error) { return build() })
		built[key] = once
	}
	mu.Unlock()
	v, err := once()
	if err != nil {
		t.Fatal(err)
	}
	return v.(T)
}

// MarkedLines reads name, a test file of the package under test, and
// returns its absolute path, its lines, and the line marked "// "+marker
// in each of its functions, by the function's name.
func MarkedLines(t *testing.T, name, marker string) (string, []string, map[string]int) {
	t.Helper()
	file, err := filepath.Abs(name)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	marked := map[string]int{}
	fn := ""
	for i, l := range lines {
		if name, ok := strings.CutPrefix(l, "func "); ok {
			fn, _, _ = strings.Cut(name, "(")
			fn, _, _ = strings.Cut(fn, "[")
		}
		if strings.HasSuffix(l, "// "+marker) {
			marked[fn] = i + 1
		}
	}
	return file, lines, marked
}
