package report

import (
	"path/filepath"
	"slices"

	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/lint"
	"github.com/squashgo/squash/internal/text"
)

// attach gives each site the findings that concern its line, and keeps the
// rest, on lines no benchmark saw allocate, in r.Unmeasured.
func (r *Report) attach(findings []lint.Finding, pkgs []gotool.Package) {
	roots := make(map[string]string, len(pkgs)) // import path -> root
	for _, p := range pkgs {
		roots[p.ImportPath] = p.Root
	}
	root := ""
	if len(pkgs) > 0 {
		root = pkgs[0].Root
	}
	used := make([]bool, len(findings))
	for pi := range r.Packages {
		proot := roots[r.Packages[pi].Path]
		if proot == "" {
			proot = root
		}
		for bi := range r.Packages[pi].Benchmarks {
			b := &r.Packages[pi].Benchmarks[bi]
			for si := range b.Sites {
				s := &b.Sites[si]
				abs := filepath.Join(proot, filepath.FromSlash(s.File))
				for fi, f := range findings {
					if f.File == abs && slices.Contains(f.Lines, s.Line) {
						s.Findings = append(s.Findings, reportFinding(f, proot))
						used[fi] = true
						if f.Fix != "" && s.FixSaves == nil {
							s.FixSaves = &Saving{AllocsPerOp: s.AllocsPerOp, BytesPerOp: s.BytesPerOp, Share: s.Share, CPUShare: s.Share * b.AllocCPUShare}
						}
					}
				}
			}
		}
	}
	for fi, f := range findings {
		if !used[fi] {
			r.Unmeasured = append(r.Unmeasured, reportFinding(f, root))
		}
	}
}

func reportFinding(f lint.Finding, root string) Finding {
	file, _ := text.Within(root, f.File)
	return Finding{Pass: f.Pass, Message: f.Message, Fix: f.Fix, File: file, Line: f.Line}
}
