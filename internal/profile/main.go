package profile

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/google/pprof/profile"

	"github.com/squashgo/squash/internal/gotool"
)

// A Main is a package main of the user's code.
type Main struct {
	ImportPath string // example.com/srv/cmd/srv
	Dir        string // its directory on this machine
}

// Mains returns the packages main among pkgs.
func Mains(pkgs []gotool.Package) []Main {
	var mains []Main
	for _, p := range pkgs {
		if p.Name == "main" {
			mains = append(mains, Main{ImportPath: p.ImportPath, Dir: p.Dir})
		}
	}
	return mains
}

// QualifyMain returns a copy of p in which the functions of the packages
// mains are named by their import paths, as the user's other functions
// are: the linker names them main.work, which no scope of import paths
// holds. A function of package main is one of mains where its file is in
// that package's directory (or, built with -trimpath, under its import
// path), or, failing that, when mains is a single package: the program
// profiled is then taken to be that one. p is returned as it is where no
// name changes.
func QualifyMain(p *profile.Profile, mains []Main) *profile.Profile {
	renamed := map[uint64]string{}
	for _, fn := range p.Function {
		if FuncPackage(fn.Name) != "main" {
			continue
		}
		m, ok := mainOf(fn.Filename, mains)
		if !ok {
			continue
		}
		renamed[fn.ID] = escapeLast(m.ImportPath) + strings.TrimPrefix(fn.Name, "main")
	}
	if len(renamed) == 0 {
		return p
	}
	c := p.Copy()
	for _, fn := range c.Function {
		if name, ok := renamed[fn.ID]; ok {
			fn.Name, fn.SystemName = name, name
		}
	}
	return c
}

// mainOf returns the package of mains that holds file, a path as the
// profile recorded it.
func mainOf(file string, mains []Main) (Main, bool) {
	for _, m := range mains {
		if filepath.Dir(file) == filepath.Clean(m.Dir) || path.Dir(filepath.ToSlash(file)) == m.ImportPath {
			return m, true
		}
	}
	if len(mains) == 1 {
		return mains[0], true
	}
	return Main{}, false
}

// escapeLast escapes the dots in the last element of an import path, as
// the linker does in symbol names (see FuncPackage).
func escapeLast(importPath string) string {
	i := strings.LastIndexByte(importPath, '/')
	return importPath[:i+1] + strings.ReplaceAll(importPath[i+1:], ".", "%2e")
}
