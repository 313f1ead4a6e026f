// Package annotation prints GitHub Actions workflow commands that place a
// message on a line of a file. GitHub shows each one on the pull request's
// diff, at that line. squash guard and squash lint print them when
// GITHUB_ACTIONS is true.
package annotation

import (
	"fmt"
	"io"
	"strings"

	"github.com/squashgo/squash/internal/text"
)

// A Printer prints annotations to W.
type Printer struct {
	W    io.Writer
	Root string // the module root, which files are relative to outside Workspace
	// Workspace is GITHUB_WORKSPACE, the repository's checkout, or "".
	Workspace string
}

// Print prints one annotation of level "error", "warning" or "notice". file
// is absolute, or "" for none; line and col are 0 when unknown.
func (p Printer) Print(level, file string, line, col int, msg string) {
	var props []string
	if file != "" {
		props = append(props, "file="+escapeProperty(p.File(file)))
		if line > 0 {
			props = append(props, fmt.Sprintf("line=%d", line))
		}
		if col > 0 {
			props = append(props, fmt.Sprintf("col=%d", col))
		}
	}
	sep := ""
	if len(props) > 0 {
		sep = " "
	}
	fmt.Fprintf(p.W, "::%s%s%s::%s\n", level, sep, strings.Join(props, ","), escapeData(msg))
}

// File returns the absolute path file as an annotation names it. GitHub
// places an annotation by a path relative to the repository's root. The
// runner makes a path under GITHUB_WORKSPACE (where actions/checkout puts
// the repository) relative to it, and leaves any other absolute path as it
// is, which places it nowhere. So the path is relative to the workspace when
// the file is under it, else to the module root. That is the best guess at
// the repository's root where the workspace is not known; the working
// directory is no better, as a step may run in any directory.
func (p Printer) File(file string) string {
	if p.Workspace != "" {
		if r, ok := text.Within(p.Workspace, file); ok {
			return r
		}
	}
	return text.Rel(p.Root, file)
}

// escapeData and escapeProperty escape a workflow command's message and
// properties as the GitHub Actions runner expects.
func escapeData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func escapeProperty(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}
