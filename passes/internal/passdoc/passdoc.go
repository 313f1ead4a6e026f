// Package passdoc reads an Analyzer's documentation from its package
// comment, as golang.org/x/tools' passes do.
package passdoc

import "strings"

// Doc returns the text after the "# Analyzer NAME" heading of the package
// comment in src (the text of a doc.go file), without comment markers.
func Doc(src string) string {
	_, after, ok := strings.Cut(src, "# Analyzer ")
	if !ok {
		return strings.TrimSpace(src)
	}
	_, body, _ := strings.Cut(after, "\n")
	var lines []string
	for l := range strings.SplitSeq(body, "\n") {
		if strings.HasPrefix(l, "package ") {
			break
		}
		lines = append(lines, strings.TrimPrefix(strings.TrimPrefix(l, "//"), " "))
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}
