// Package version says which build of squash is running: its module's
// version, from the binary's build information, and the Go version that
// built it. squash version prints it, go vet keys its cache by it, and a
// SARIF log names it.
package version

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/squashgo/squash/internal/sarif"
)

// A Build is the version of a binary of squash.
type Build struct {
	Path      string `json:"path"`    // the command's import path
	Version   string `json:"version"` // "(devel)" for a build from a clone
	Sum       string `json:"sum,omitempty"`
	GoVersion string `json:"go_version"`
	Platform  string `json:"platform"` // GOOS/GOARCH
	Revision  string `json:"vcs_revision,omitempty"`
	Modified  bool   `json:"vcs_modified,omitempty"`
}

// Read returns the version of the running binary. go install of a module
// version stamps it; a build from a clone is "(devel)".
func Read() Build {
	b := Build{Version: "(devel)", GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		b.Path, b.Version, b.Sum = bi.Path, bi.Main.Version, bi.Main.Sum
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				b.Revision = s.Value
			case "vcs.modified":
				b.Modified = s.Value == "true"
			}
		}
	}
	return b
}

// String returns the version as squash version prints it, as go version
// prints the go command's.
func (b Build) String() string {
	return fmt.Sprintf("squash version %s %s %s", b.Version, b.GoVersion, b.Platform)
}

// V returns the line that the go command's tools print for -V, or with
// full for -V=full: String and a hash of the binary. go vet runs its
// -vettool with -V=full and keys its cache by the line, so two builds of
// one version must differ in it.
func (b Build) V(full bool) (string, error) {
	if !full {
		return "squash version " + b.Version, nil
	}
	exe, err := os.Executable()
	if err != nil {
		return "", err
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return fmt.Sprintf("%s buildID=%x", b, h.Sum(nil)), nil
}

// Tool returns squash as a SARIF log names its tool.
func (b Build) Tool() sarif.Tool {
	return sarif.Tool{Name: "squash", Version: b.Version, InformationURI: "https://github.com/squashgo/squash"}
}
