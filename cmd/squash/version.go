package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"

	"github.com/squashgo/squash/internal/sarif"
)

func init() {
	register(&command{
		name:    "version",
		summary: "print squash's version and the Go version that built it",
		run:     runVersion,
	})
}

// A buildVersion is what squash version prints: the module's version, as
// go install stamps it, and the toolchain's.
type buildVersion struct {
	Path      string `json:"path"`    // the command's import path
	Version   string `json:"version"` // "(devel)" for a build from a clone
	Sum       string `json:"sum,omitempty"`
	GoVersion string `json:"go_version"`
	Platform  string `json:"platform"` // GOOS/GOARCH
	Revision  string `json:"vcs_revision,omitempty"`
	Modified  bool   `json:"vcs_modified,omitempty"`
}

func readVersion() buildVersion {
	v := buildVersion{Version: "(devel)", GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi, ok := debug.ReadBuildInfo(); ok {
		v.Path, v.Version, v.Sum = bi.Path, bi.Main.Version, bi.Main.Sum
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Revision = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	return v
}

func runVersion(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("squash version", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the version as JSON")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: squash version [-json]")
		fmt.Fprintln(stderr, "\nPrints squash's module version, as go install stamps it, the Go version that built")
		fmt.Fprintln(stderr, "it, and the platform. 'squash -V=full' adds a hash of the binary, as go vet asks a tool.")
		fmt.Fprintln(stderr)
		fs.PrintDefaults()
	}
	if code, ok := parseFlags(fs, args, stderr); !ok {
		return code
	}
	if fs.NArg() > 0 {
		return fail(ctx, stderr, fmt.Errorf("version takes no arguments: run 'squash version'"))
	}
	v := readVersion()
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(v); err != nil {
			return fail(ctx, stderr, err)
		}
		return exitClean
	}
	fmt.Fprintf(stdout, "squash version %s %s %s\n", v.Version, v.GoVersion, v.Platform)
	return exitClean
}

// printV answers -V and -V=full as the go command's tools do. go vet runs
// its -vettool with -V=full and keys its cache by the line, so the line
// ends with a hash of the binary: two builds of one version differ.
func printV(ctx context.Context, arg string, stdout, stderr io.Writer) int {
	v := readVersion()
	if arg == "-V" {
		fmt.Fprintf(stdout, "squash version %s\n", v.Version)
		return exitClean
	}
	exe, err := os.Executable()
	if err != nil {
		return fail(ctx, stderr, err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return fail(ctx, stderr, err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return fail(ctx, stderr, err)
	}
	fmt.Fprintf(stdout, "squash version %s %s %s buildID=%x\n", v.Version, v.GoVersion, v.Platform, h.Sum(nil))
	return exitClean
}

// sarifTool is squash as a SARIF log names its tool.
func sarifTool() sarif.Tool {
	return sarif.Tool{Name: "squash", Version: readVersion().Version, InformationURI: "https://github.com/squashgo/squash"}
}
