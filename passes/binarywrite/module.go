package binarywrite

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"

	"golang.org/x/mod/modfile"
	"golang.org/x/tools/go/analysis"
)

// squashModule is the module that provides binenc.
const squashModule = "github.com/squashgo/squash"

// binencAvailable reports whether the package of pass, with a file named
// filename, can import binenc without a change to any go.mod: the import the
// fix adds would otherwise fail to build ("no required module provides
// package"). If not, it says why.
//
// go/analysis tells an analyzer its package's module path (Pass.Module), and
// with some drivers its go.mod, but not the build list, so this reads the
// go.mod files the go command would:
//
//   - binenc is there when the package is in squash's own module;
//   - in workspace mode (a go.work above the module, or $GOWORK), when a
//     module of the workspace is squash or requires it;
//   - otherwise when the module's go.mod requires squash, and, if the module
//     has a vendor directory, that lists binenc.
//
// Outside a module (GOPATH mode, or a driver that does not say) the answer
// is no. The version required is not checked against binenc's first.
func binencAvailable(pass *analysis.Pass, filename string) (ok bool, why string) {
	m := pass.Module
	if m == nil || m.Path == "" {
		return false, "the package is not in a module that requires " + squashModule
	}
	if m.Path == squashModule {
		return true, ""
	}
	notRequired := m.Path + " does not require " + squashModule
	gomod := m.GoMod
	if gomod == "" {
		gomod = findUp(filepath.Dir(filename), "go.mod")
	}
	mf := readMod(gomod)
	if mf == nil || mf.Module == nil || mf.Module.Mod.Path != m.Path {
		return false, "the go.mod of " + m.Path + " was not found"
	}
	dir := filepath.Dir(gomod)
	if work := goWork(dir); work != "" {
		if workProvides(work) {
			return true, ""
		}
		return false, "no module of the workspace " + work + " requires " + squashModule
	}
	if !provides(mf) {
		return false, notRequired
	}
	if vendored, listed := inVendor(dir, binencPath); vendored && !listed {
		return false, binencPath + " is not in the vendor directory of " + m.Path
	}
	return true, ""
}

// provides reports whether the module of go.mod f is squash or requires it.
func provides(f *modfile.File) bool {
	if f.Module != nil && f.Module.Mod.Path == squashModule {
		return true
	}
	for _, r := range f.Require {
		if r.Mod.Path == squashModule {
			return true
		}
	}
	return false
}

// workProvides reports whether a module of the go.work file named work is
// squash or requires it.
func workProvides(work string) bool {
	data, err := os.ReadFile(work)
	if err != nil {
		return false
	}
	wf, err := modfile.ParseWork(work, data, nil)
	if err != nil {
		return false
	}
	for _, u := range wf.Use {
		dir := u.Path
		if !filepath.IsAbs(dir) {
			dir = filepath.Join(filepath.Dir(work), dir)
		}
		if mf := readMod(filepath.Join(dir, "go.mod")); mf != nil && provides(mf) {
			return true
		}
	}
	return false
}

// goWork returns the go.work file the go command uses for the module in
// dir, or "" if it works in module mode: $GOWORK, unless "off", or the
// first go.work in dir or above.
func goWork(dir string) string {
	switch w := os.Getenv("GOWORK"); w {
	case "off":
		return ""
	case "":
		return findUp(dir, "go.work")
	default:
		return w
	}
}

// inVendor reports whether the module in dir has a vendor/modules.txt, and
// if so whether it lists the package path.
func inVendor(dir, path string) (vendored, listed bool) {
	data, err := os.ReadFile(filepath.Join(dir, "vendor", "modules.txt"))
	if err != nil {
		return false, false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if sc.Text() == path {
			return true, true
		}
	}
	return true, false
}

// readMod parses the go.mod file named name, or returns nil.
func readMod(name string) *modfile.File {
	if name == "" {
		return nil
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return nil
	}
	f, err := modfile.ParseLax(name, data, nil)
	if err != nil {
		return nil
	}
	return f
}

// findUp returns the path of the file called name in dir or the nearest
// directory above it that has one, or "".
func findUp(dir, name string) string {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
