// Package plugin registers squash's analyzers as a golangci-lint module
// plugin named squash. golangci-lint custom builds it into a golangci-lint
// binary, which then runs them beside golangci-lint's own linters, with
// their fixes under --fix:
//
//	# .custom-gcl.yml
//	version: v2.15.0
//	plugins:
//	  - module: github.com/squashgo/squash
//	    import: github.com/squashgo/squash/plugin
//	    version: latest
//
//	# .golangci.yml
//	version: "2"
//	linters:
//	  enable:
//	    - squash
//	  settings:
//	    custom:
//	      squash:
//	        type: module
//	        settings:
//	          disable: [constvar]
//
// The plugin runs squash's own analyzers: prealloc, mapsize, binarywrite,
// regexpcompile, poolput, buildergrow and constvar, and ignore, which
// reports a malformed //squash:ignore. staticcheck's, modernize's and
// perfsprint are golangci-lint linters already. A //squash:ignore silences
// a finding as it does under squash lint; golangci-lint's //nolint:squash
// does too.
package plugin

import (
	"fmt"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/squashgo/squash/internal/lint"
	"github.com/squashgo/squash/internal/text"
)

func init() {
	register.Plugin("squash", New)
}

// Analyzers are the names of the analyzers that the plugin runs, and that
// its settings choose from.
var Analyzers = []string{"prealloc", "mapsize", "binarywrite", "regexpcompile", "poolput", "buildergrow", "constvar", "ignore"}

// Settings are the plugin's settings in .golangci.yml, under
// linters.settings.custom.squash.settings.
type Settings struct {
	// Enable lists the analyzers that run. None means all of them.
	Enable []string `json:"enable"`
	// Disable lists analyzers that do not run.
	Disable []string `json:"disable"`
}

type plugin struct{ analyzers []*analysis.Analyzer }

// New returns the plugin with settings, as golangci-lint decodes them
// from its configuration. A name that no analyzer of the plugin has is an
// error, which golangci-lint prints before it runs anything.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, fmt.Errorf("squash: %w: the settings are enable and disable, lists of analyzers", err)
	}
	for _, name := range slices.Concat(s.Enable, s.Disable) {
		if !slices.Contains(Analyzers, name) {
			near := ""
			if n, ok := text.Near(name, Analyzers); ok {
				near = " (did you mean " + n + "?)"
			}
			return nil, fmt.Errorf("squash: no analyzer is named %s%s: name one of %s", name, near, strings.Join(Analyzers, ", "))
		}
	}
	var p plugin
	for _, a := range lint.Suite() {
		on := slices.Contains(Analyzers, a.Name) && (len(s.Enable) == 0 || slices.Contains(s.Enable, a.Name))
		if on && !slices.Contains(s.Disable, a.Name) {
			p.analyzers = append(p.analyzers, a)
		}
	}
	return &p, nil
}

// BuildAnalyzers returns the analyzers that the settings chose.
func (p *plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) { return p.analyzers, nil }

// GetLoadMode says that the analyzers need the packages' types.
func (p *plugin) GetLoadMode() string { return register.LoadModeTypesInfo }
