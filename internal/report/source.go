package report

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/squashgo/squash/internal/profile"
)

// sources reads source lines for sites, caching each file.
type sources struct {
	root  string
	files map[string][]string
}

func newSources(root string) *sources {
	return &sources{root: root, files: map[string][]string{}}
}

// site converts a profile site whose file lies under the root.
func (s *sources) site(p profile.Site) Site {
	return s.siteIn(p, profile.FuncPackage(p.Function), "")
}

// siteIn converts a profile site. When the profile's file name is not under
// the root (a binary built elsewhere, or with -trimpath), the file is found
// from the function's import path relative to the module prefix.
func (s *sources) siteIn(p profile.Site, pkg, prefix string) Site {
	file, ok := rel(s.root, p.File)
	abs := p.File
	if !ok && prefix != "" && s.root != "" {
		sub := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSuffix(pkg, "_test"), prefix), "/")
		file = path.Join(sub, path.Base(filepath.ToSlash(p.File)))
		abs = filepath.Join(s.root, filepath.FromSlash(file))
	}
	site := Site{
		File:     file,
		Line:     p.Line,
		Function: p.Function,
		Code:     s.line(abs, p.Line),
	}
	site.Mechanism = p.Mechanism()
	if len(p.Mechanisms) > 1 {
		for _, m := range p.Mechanisms {
			site.Mechanisms = append(site.Mechanisms, Mechanism{Function: m.Function, Share: float64(m.Objects) / float64(p.Objects)})
		}
	}
	return site
}

// line returns line n of file, trimmed, or "" when it cannot be read.
func (s *sources) line(file string, n int) string {
	lines, ok := s.files[file]
	if !ok {
		data, err := os.ReadFile(file)
		if err == nil {
			lines = strings.Split(string(data), "\n")
		}
		s.files[file] = lines
	}
	if n < 1 || n > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[n-1])
}
