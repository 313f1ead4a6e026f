package gotool

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/packages"
)

// LoadMode is what a Loader loads of each package: its files, syntax,
// types, type information and sizes, which every stage that reads the
// types of the code needs.
const LoadMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles | packages.NeedSyntax |
	packages.NeedTypes | packages.NeedTypesInfo | packages.NeedTypesSizes

// A Loader type-checks the packages of directories and keeps them, so that
// a directory asked for again, by the same stage or another, is not
// type-checked again. A Loader is for one run of squash over code that does
// not change while it runs. It is safe for concurrent use. A nil *Loader
// loads what it is asked for and keeps nothing.
type Loader struct {
	mu   sync.Mutex
	dirs map[loaded][]*packages.Package
}

// loaded is a directory type-checked with its tests or without.
type loaded struct {
	dir   string
	tests bool
}

// Load type-checks, from dir (where the go command runs), the packages in
// dirs (absolute directories), with their test variants, external tests
// and test main package when tests is set. A package that does not
// type-check is returned with its Errors, as packages.Load returns it.
// The packages of one directory keep the order packages.Load gave them.
func (l *Loader) Load(ctx context.Context, dir string, tests bool, dirs ...string) ([]*packages.Package, error) {
	if l == nil {
		l = &Loader{}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var need []string
	for _, d := range dirs {
		if _, ok := l.lookup(d, tests); !ok && !slices.Contains(need, d) {
			need = append(need, d)
		}
	}
	if len(need) > 0 {
		pkgs, err := load(ctx, dir, tests, need)
		if err != nil {
			return nil, err
		}
		if l.dirs == nil {
			l.dirs = map[loaded][]*packages.Package{}
		}
		byDir := map[string][]*packages.Package{}
		for _, p := range pkgs {
			if d, ok := dirOf(p, need); ok {
				byDir[d] = append(byDir[d], p)
			}
		}
		for _, d := range need {
			l.dirs[loaded{d, tests}] = byDir[d]
		}
	}
	var out []*packages.Package
	for _, d := range dirs {
		pkgs, _ := l.lookup(d, tests)
		out = append(out, pkgs...)
	}
	return out, nil
}

// lookup returns the packages of d kept with tests as asked, or without
// tests from those kept with them.
func (l *Loader) lookup(d string, tests bool) ([]*packages.Package, bool) {
	if pkgs, ok := l.dirs[loaded{d, tests}]; ok {
		return pkgs, true
	}
	if tests {
		return nil, false
	}
	pkgs, ok := l.dirs[loaded{d, true}]
	if !ok {
		return nil, false
	}
	var plain []*packages.Package
	for _, p := range pkgs {
		if !testVariant(p) {
			plain = append(plain, p)
		}
	}
	return plain, true
}

// testVariant reports whether p is a package that a load with tests adds:
// a package compiled with its tests ("p [p.test]"), an external test
// package, or a test main package ("p.test").
func testVariant(p *packages.Package) bool {
	return strings.Contains(p.ID, " [") || strings.HasSuffix(p.ID, ".test")
}

// dirOf returns which of dirs holds p's files. A test main package, whose
// file the go command writes in its cache, is in none.
func dirOf(p *packages.Package, dirs []string) (string, bool) {
	for _, f := range slices.Concat(p.GoFiles, p.CompiledGoFiles) {
		if d := filepath.Dir(f); slices.Contains(dirs, d) {
			return d, true
		}
	}
	return "", false
}

func load(ctx context.Context, dir string, tests bool, dirs []string) ([]*packages.Package, error) {
	cfg := &packages.Config{Context: ctx, Dir: dir, Env: Env(), Mode: LoadMode, Tests: tests}
	pkgs, err := packages.Load(cfg, dirs...)
	if err != nil && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	return pkgs, err
}
