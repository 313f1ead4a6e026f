package lint

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// mendHunkStarts returns the unified diff d, as go vet -fix -diff prints it,
// with each hunk's new-file start line worked out again from the hunks
// before it in the same file: the old-file start plus the lines those
// hunks added, less those they removed. golang.org/x/tools v0.52.0's
// internal/diff leaves the new-file start short after a hunk that joins
// nearby edits (golang/go#81453), so that git apply only applies the diff
// "at offset". Headers of an empty file (-0,0 or +0,0) and lines that are
// not hunk headers are left as they are.
func mendHunkStarts(d string) string {
	lines := strings.SplitAfter(d, "\n")
	var out strings.Builder
	out.Grow(len(d))
	net := 0 // lines added less lines removed by the file's hunks so far
	inHunk := false
	for i, line := range lines {
		switch {
		case strings.HasPrefix(line, "--- ") && i+2 < len(lines) &&
			strings.HasPrefix(lines[i+1], "+++ ") && strings.HasPrefix(lines[i+2], "@@ "):
			net, inHunk = 0, false // a file's header
		case strings.HasPrefix(line, "@@ "):
			m := hunkHeader.FindStringSubmatch(line)
			if m != nil && m[1] != "0,0" && m[3] != "0,0" {
				// Not below 0, as no diff of go vet's would be.
				if from, err := strconv.Atoi(m[2]); err == nil && from+net >= 0 {
					line = fmt.Sprintf("@@ -%s +%d%s @@%s", m[1], from+net, m[4], line[len(m[0]):])
				}
			}
			inHunk = true
		case inHunk && strings.HasPrefix(line, "+"):
			net++
		case inHunk && strings.HasPrefix(line, "-"):
			net--
		case inHunk && !strings.HasPrefix(line, " ") && !strings.HasPrefix(line, `\`):
			inHunk = false
		}
		out.WriteString(line)
	}
	return out.String()
}

// hunkHeader matches a hunk's header, "@@ -FROM[,COUNT] +TO[,COUNT] @@":
// the old-file range, its start, the new-file range, and the new count.
var hunkHeader = regexp.MustCompile(`^@@ -((\d+)(?:,\d+)?) \+(\d+(,\d+)?) @@`)

// gitPaths returns the unified diff d with each file's header pair, which
// go vet -diff writes "--- /abs/f.go (old)" and "+++ /abs/f.go (new)", in
// git's form, "--- a/f.go" and "+++ b/f.go", relative to dir (absolute),
// when a hunk follows:
// git apply reads " (old)" as part of the name, and patch needs -p with the
// depth of dir. A file outside dir, or a header of another form, is left as
// it is.
func gitPaths(d, dir string) string {
	lines := strings.SplitAfter(d, "\n")
	for i := 0; i+2 < len(lines); i++ {
		if !strings.HasPrefix(lines[i+2], "@@ ") {
			continue
		}
		old, ok1 := strings.CutPrefix(strings.TrimSuffix(lines[i], "\n"), "--- ")
		new, ok2 := strings.CutPrefix(strings.TrimSuffix(lines[i+1], "\n"), "+++ ")
		if !ok1 || !ok2 {
			continue
		}
		old, ok1 = strings.CutSuffix(old, " (old)")
		new, ok2 = strings.CutSuffix(new, " (new)")
		if !ok1 || !ok2 || old != new || !filepath.IsAbs(old) {
			continue
		}
		rel, err := filepath.Rel(dir, old)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || strings.ContainsAny(rel, "\t\n") {
			continue
		}
		rel = filepath.ToSlash(rel)
		lines[i], lines[i+1] = "--- a/"+rel+"\n", "+++ b/"+rel+"\n"
		i++
	}
	return strings.Join(lines, "")
}
