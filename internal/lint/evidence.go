package lint

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/profile"
	"github.com/squashgo/squash/internal/text"
)

// Evidenced keeps the findings on lines that src shows allocating, most
// first, each with the share of the line it is on (the largest, for a
// finding on several). src is an allocation or CPU profile, a file or a
// URL, or a file of squash report's JSON. The violations of
// //squash:noalloc are not findings of a profile's, and are not among
// findings here: Print adds them after.
func Evidenced(ctx context.Context, cfg Config, src string, findings []Finding) ([]Finding, error) {
	patterns, _ := packageOfFiles(cfg.Patterns)
	pkgs, err := gotool.Resolve(ctx, cfg.Dir, patterns)
	if err != nil {
		return nil, err
	}
	lines, err := allocating(ctx, src, pkgs)
	if err != nil {
		return nil, err
	}
	roots := make(map[string]string, len(pkgs)) // directory -> module root
	for _, p := range pkgs {
		roots[p.Dir] = p.Root
	}
	var kept []Finding
	for _, f := range findings {
		rel, ok := text.Within(roots[filepath.Dir(f.File)], f.File)
		for _, l := range lines {
			if slices.Contains(f.Lines, l.Line) && (l.File == f.File || ok && strings.HasSuffix(filepath.ToSlash(l.File), "/"+rel)) {
				f.Share = max(f.Share, l.Share)
			}
		}
		if f.Share > 0 {
			kept = append(kept, f)
		}
	}
	slices.SortStableFunc(kept, func(a, b Finding) int { return cmp.Compare(b.Share, a.Share) })
	return kept, nil
}

// allocating reads the lines of pkgs' modules that src shows allocating.
func allocating(ctx context.Context, src string, pkgs []gotool.Package) ([]profile.Allocating, error) {
	if data, err := os.ReadFile(src); err == nil && bytes.HasPrefix(bytes.TrimSpace(data), []byte("{")) {
		return reportLines(src, data, pkgs)
	}
	p, err := profile.Load(ctx, src)
	if err != nil {
		return nil, err
	}
	p = profile.QualifyMain(p, profile.Mains(pkgs)) // a service's main.work
	var scope profile.Scope
	for _, pkg := range pkgs {
		if !slices.Contains(scope, pkg.Scope()) {
			scope = append(scope, pkg.Scope())
		}
	}
	lines, err := profile.AllocatingLines(p, scope)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("%s shows no allocation in %s: is it a profile of this code?", src, strings.Join(scope, ", "))
	}
	return lines, nil
}

// reportLines reads the sites of a squash report's JSON, whose files are
// relative to the module root of the packages linted; a line in several
// benchmarks has the largest of its shares.
func reportLines(src string, data []byte, pkgs []gotool.Package) ([]profile.Allocating, error) {
	var rep struct {
		Packages []struct {
			Benchmarks []struct {
				Sites []struct {
					File     string  `json:"file"`
					Line     int     `json:"line"`
					Function string  `json:"function"`
					Share    float64 `json:"share"`
				} `json:"sites"`
			} `json:"benchmarks"`
		} `json:"packages"`
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("%s is neither a profile nor a squash report's JSON (%v): give squash -json's output, or a profile", src, err)
	}
	share := map[profile.Allocating]float64{}
	for _, p := range rep.Packages {
		for _, b := range p.Benchmarks {
			for _, s := range b.Sites {
				file := s.File
				if !filepath.IsAbs(file) && len(pkgs) > 0 {
					file = filepath.Join(pkgs[0].Root, filepath.FromSlash(file))
				}
				k := profile.Allocating{File: file, Line: s.Line, Function: s.Function}
				share[k] = max(share[k], s.Share)
			}
		}
	}
	out := slices.Grow[[]profile.Allocating](nil, len(share))
	for k, v := range share {
		k.Share = v
		out = append(out, k)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s has no allocation sites: give the JSON of a report that measured some", src)
	}
	return out, nil
}

// share formats a share as a percentage.
func share(v float64) string {
	return text.Num(100*v) + "%"
}
