package binarywrite_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/squashgo/squash/passes/binarywrite"
)

// Test runs the analyzer in modules that can import binenc, where it fixes,
// and in those that cannot, where it only reports. Each case sets GOWORK as
// analysistest sets it for the go command, so that a go.work above the
// repository does not change what the analyzer finds.
func Test(t *testing.T) {
	dir := analysistest.TestData()
	// binenc is available: a module that requires squash, squash itself,
	// and a workspace that uses squash.
	for _, c := range []struct{ dir, pkg, gowork string }{
		{"requires", "example.com/requires/a", "off"},
		{"squash", "github.com/squashgo/squash/self", "off"},
		{"work", "example.com/work/w", filepath.Join(dir, "work", "go.work")},
	} {
		t.Run(c.dir, func(t *testing.T) {
			t.Setenv("GOWORK", c.gowork)
			analysistest.RunWithSuggestedFixes(t, filepath.Join(dir, c.dir), binarywrite.Analyzer, c.pkg)
		})
	}

	// binenc is not available: the message says why, and there is no fix.
	for _, c := range []struct{ dir, pkg string }{
		{"plain", "example.com/plain/p"},
		{"vendored", "example.com/vendored/v"},
		{"gopath", "g"},
	} {
		t.Run(c.dir, func(t *testing.T) {
			t.Setenv("GOWORK", "off")
			for _, r := range analysistest.Run(t, filepath.Join(dir, c.dir), binarywrite.Analyzer, c.pkg) {
				for _, d := range r.Diagnostics {
					if len(d.SuggestedFixes) > 0 {
						t.Errorf("%s: fix offered, but binenc cannot be imported", d.Message)
					}
				}
			}
		})
	}
}
