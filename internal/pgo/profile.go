package pgo

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	pprof "github.com/google/pprof/profile"

	"github.com/squashgo/squash/internal/gotool"
)

// preprofile begins a profile that go tool preprofile wrote, which -pgo
// reads as it reads a CPU profile.
const preprofile = "GO PREPROFILE V1\n"

// maxProfile bounds what Check reads; CPU profiles are a few megabytes.
const maxProfile = 256 << 20

// Check reports whether the file at path is a profile that -pgo reads: a
// pprof CPU profile, gzipped or not, or one that go tool preprofile wrote.
func Check(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("-pgo %s: %w: give a CPU profile, such as go test -cpuprofile writes", path, unwrapPath(err))
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxProfile))
	if err != nil {
		return fmt.Errorf("-pgo %s: %w", path, err)
	}
	return CheckData(data, path)
}

// CheckData is Check of a profile's bytes; name names it in errors.
func CheckData(data []byte, name string) error {
	if bytes.HasPrefix(data, []byte(preprofile)) {
		return nil
	}
	p, err := pprof.ParseData(data)
	if err != nil {
		return fmt.Errorf("-pgo %s is not a pprof profile: give a CPU profile, such as go test -cpuprofile writes", name)
	}
	for _, st := range p.SampleType {
		if st.Type == "cpu" && st.Unit == "nanoseconds" {
			if len(p.Sample) == 0 {
				return fmt.Errorf("-pgo %s is a CPU profile with no samples: profile a longer run, such as go test -bench . -benchtime 5s -cpuprofile FILE", name)
			}
			return nil
		}
	}
	types := make([]string, 0, len(p.SampleType))
	for _, st := range p.SampleType {
		types = append(types, st.Type+"/"+st.Unit)
	}
	return fmt.Errorf("-pgo %s is not a CPU profile (it samples %s): give one that go test -cpuprofile or /debug/pprof/profile writes", name, strings.Join(types, ", "))
}

// unwrapPath drops the path that an *fs.PathError repeats.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// Auto finds the profile that -pgo=auto names for pkgs: a default.pgo in
// one of their directories or, failing that, in the directory of a main
// package of their modules. It is an error where there is none, or several.
func Auto(ctx context.Context, dir string, pkgs []gotool.Package) (string, error) {
	var found []string
	add := func(d string) {
		f := filepath.Join(d, "default.pgo")
		if _, err := os.Stat(f); err == nil && !slices.Contains(found, f) {
			found = append(found, f)
		}
	}
	for _, p := range pkgs {
		add(p.Dir)
	}
	if len(found) == 0 {
		var roots []string
		for _, p := range pkgs {
			if !p.Standard && !slices.Contains(roots, p.Root) {
				roots = append(roots, p.Root)
			}
		}
		for _, root := range roots {
			all, err := gotool.Resolve(ctx, root, []string{"./..."})
			if err != nil {
				return "", err
			}
			for _, p := range all {
				if p.Name == "main" {
					add(p.Dir)
				}
			}
		}
	}
	switch len(found) {
	case 0:
		return "", fmt.Errorf("-pgo auto: no default.pgo in the packages' directories nor in a main package's: pass -pgo FILE, a CPU profile such as go test -cpuprofile writes")
	case 1:
		return found[0], nil
	}
	for i := range found {
		found[i] = relTo(dir, found[i])
	}
	return "", fmt.Errorf("-pgo auto: %d profiles, %s: pass -pgo with the one to use", len(found), strings.Join(found, ", "))
}

func relTo(dir, path string) string {
	if dir == "" {
		dir, _ = os.Getwd()
	}
	if r, err := filepath.Rel(dir, path); err == nil && filepath.IsLocal(r) {
		return r
	}
	return path
}
