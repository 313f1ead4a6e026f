package report

import (
	"go/parser"
	"go/token"
	"os"
	pathpkg "path"
	"path/filepath"
	"strings"

	"github.com/squashgo/squash/internal/profile"
	"github.com/squashgo/squash/internal/text"
)

// sources reads source lines for sites, caching each file.
type sources struct {
	root   string
	module string // the module path at root, "std" for GOROOT/src
	files  map[string][]string
	names  map[string]string // package names, by file
}

func newSources(root, module string) *sources {
	return &sources{root: root, module: module, files: map[string][]string{}, names: map[string]string{}}
}

// site converts a profile site whose file lies under the root.
func (s *sources) site(p profile.Site) Site {
	return s.siteIn(p, p.Package, "")
}

// siteIn converts a profile site. When the profile's file name is not under
// the root (a binary built elsewhere, or with -trimpath), the file is found
// from the function's import path relative to the module prefix; so is a
// relative name, which a //line directive gave.
func (s *sources) siteIn(p profile.Site, pkg, prefix string) Site {
	file, ok := text.Within(s.root, p.File)
	abs := p.File
	if !ok && prefix == "" && !filepath.IsAbs(p.File) {
		// A //line directive's name (//line scan_tokens.rl:19), which the
		// compiler keeps as written: a file of the function's package.
		prefix = s.module
	}
	if !ok && prefix != "" && s.root != "" {
		sub := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSuffix(pkg, "_test"), prefix), "/")
		file = pathpkg.Join(sub, pathpkg.Base(filepath.ToSlash(p.File)))
		abs = filepath.Join(s.root, filepath.FromSlash(file))
	}
	site := Site{
		File:     file,
		Line:     p.Line,
		Function: p.Function,
		Code:     s.line(abs, p.Line),
		abs:      abs,
	}
	site.Label, site.Package, site.PackagePath = s.label(p.Function, file, abs)
	site.Mechanism = p.Mechanism()
	if len(p.Mechanisms) > 1 {
		for _, m := range p.Mechanisms {
			site.Mechanisms = append(site.Mechanisms, Mechanism{Function: m.Function, Share: float64(m.Objects) / float64(p.Objects)})
		}
	}
	if len(p.Callers) > 1 {
		for _, c := range p.Callers {
			file, _ := text.Within(s.root, c.File)
			label, _, _ := s.label(c.Function, file, c.File)
			site.Callers = append(site.Callers, Caller{File: file, Line: c.Line, Function: c.Function, Label: label, Share: float64(c.Objects) / float64(p.Objects)})
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

// label returns fn, a function of the file abs (file relative to the
// root), as the text report names it: its package's name, from the file's
// package clause, in place of its import path, whose last element can be
// another word (github.com/json-iterator/go.NewStream is
// jsoniter.NewStream), with type arguments shortened (see shortFunc). It
// also returns that name and the import path it replaced, or "" and "".
func (s *sources) label(fn, file, abs string) (label, pkg, path string) {
	ip := pathpkg.Dir(file)
	switch {
	case s.module == "" || file == "":
		return shortFunc(fn), "", ""
	case s.module != "std" && ip == ".":
		ip = s.module
	case s.module != "std":
		ip = s.module + "/" + ip
	}
	name, ok := s.names[abs]
	if !ok {
		f, err := parser.ParseFile(token.NewFileSet(), abs, nil, parser.PackageClauseOnly)
		if err == nil {
			name = f.Name.Name
		}
		s.names[abs] = name
	}
	if name != "" {
		for _, p := range []string{ip, ip + "_test"} {
			if rest, ok := strings.CutPrefix(fn, p+"."); ok {
				return shortFunc(name + "." + rest), name, p
			}
		}
	}
	return shortFunc(fn), "", ""
}
