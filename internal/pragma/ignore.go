package pragma

import (
	"fmt"
	"slices"
	"strings"
)

// IgnoreDirective silences the findings of the analyzers it names on one
// line: //squash:ignore NAME[,NAME...] REASON.
const IgnoreDirective = "//squash:ignore"

// An Ignore is what a //squash:ignore comment says.
type Ignore struct {
	Names  []string
	Reason string
}

// ParseIgnore reads the text of a comment, as ast.Comment holds it. It
// reports false for a comment that is not meant as a //squash:ignore, and
// otherwise what the directive says or, as err, what is wrong with it in
// one line: it takes the near misses that Read names, "// squash:ignore",
// which Go reads as prose, "/*squash:ignore …*/" and
// "//squash:ignore:NAME", for attempts at it, not for other comments.
// Whether the names are analyzers' is for the caller to check.
func ParseIgnore(text string) (ig Ignore, ok bool, err error) {
	kind, rest := Read(text, IgnoreDirective)
	switch kind {
	case Other:
		return Ignore{}, false, nil
	case Block:
		return Ignore{}, true, fmt.Errorf("a /* */ comment is not a directive: write %s NAME REASON at the end of the line, or alone on the line above it", IgnoreDirective)
	case Spaced:
		return Ignore{}, true, fmt.Errorf("// %s, with a space after //, is a comment, not a directive: write %s", strings.TrimPrefix(IgnoreDirective, "//"), IgnoreDirective)
	case Joined:
		return Ignore{}, true, fmt.Errorf("%s is not a directive: write %s NAME REASON, with a space before the analyzers' names", rest, IgnoreDirective)
	}
	names, reason := strings.TrimLeft(rest, " \t"), ""
	if i := strings.IndexAny(names, " \t"); i >= 0 {
		names, reason = names[:i], names[i:]
	}
	if names == "" {
		return Ignore{}, true, fmt.Errorf("%s names no analyzer: write %s NAME REASON, with NAME as squash lint prints it in brackets", IgnoreDirective, IgnoreDirective)
	}
	ig.Names = strings.Split(names, ",")
	if slices.Contains(ig.Names, "") {
		return Ignore{}, true, fmt.Errorf("%s has an empty name in %q: separate the names by commas alone, as in prealloc,mapsize", IgnoreDirective, names)
	}
	// The reason may follow a "//", as golangci-lint's nolint writes it.
	ig.Reason = strings.TrimSpace(reason)
	if strings.Trim(ig.Reason, "/ \t") == "" {
		return Ignore{}, true, fmt.Errorf("%s %s has no reason: say after the names why the finding is deliberate", IgnoreDirective, names)
	}
	return ig, true, nil
}

// Silences reports whether text, a comment, is a well-formed
// //squash:ignore that names the analyzer name, with a reason.
func Silences(text, name string) bool {
	ig, ok, err := ParseIgnore(text)
	return ok && err == nil && slices.Contains(ig.Names, name)
}
