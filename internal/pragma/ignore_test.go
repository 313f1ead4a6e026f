package pragma

import (
	"slices"
	"strings"
	"testing"
)

func TestParseIgnore(t *testing.T) {
	for _, tc := range []struct {
		text   string
		ok     bool
		names  []string
		reason string
		err    string
	}{
		{text: "// an ordinary comment"},
		{text: "//squash:noalloc"},
		{text: "/* squash:ignore prealloc x */", ok: true, err: "a /* */ comment is not a directive: write //squash:ignore NAME REASON"},
		{text: "/*squash:ignore prealloc x*/", ok: true, err: "a /* */ comment is not a directive"},
		{text: "/* squash the ignore */"},
		{text: "//squash:ignore prealloc the caller appends", ok: true, names: []string{"prealloc"}, reason: "the caller appends"},
		{text: "//squash:ignore\tprealloc,mapsize\tsmall", ok: true, names: []string{"prealloc", "mapsize"}, reason: "small"},
		{text: "//squash:ignore prealloc // small", ok: true, names: []string{"prealloc"}, reason: "// small"},
		{text: "//squash:ignore prealloc", ok: true, err: "//squash:ignore prealloc has no reason"},
		{text: "//squash:ignore prealloc //", ok: true, err: "//squash:ignore prealloc has no reason"},
		{text: "//squash:ignore ", ok: true, err: "//squash:ignore names no analyzer"},
		{text: "//squash:ignore", ok: true, err: "//squash:ignore names no analyzer"},
		{text: "//squash:ignore ,prealloc x", ok: true, err: `//squash:ignore has an empty name in ",prealloc"`},
		{text: "//squash:ignored prealloc x", ok: true, err: "//squash:ignored is not a directive"},
		{text: "//squash:ignore:prealloc x", ok: true, err: "//squash:ignore:prealloc is not a directive"},
		{text: "// squash:ignore prealloc x", ok: true, err: "// squash:ignore, with a space after //, is a comment"},
		// The rules of Read, which //squash:noalloc's near misses
		// follow too: a tab after //, a word that only begins with the
		// directive's, and the word alone before a tab.
		{text: "//\tsquash:ignore prealloc x", ok: true, err: "// squash:ignore, with a space after //, is a comment"},
		{text: "// squash:ignored prealloc x", ok: true, err: "// squash:ignore, with a space after //, is a comment"},
		{text: "//squash:ignored\tprealloc x", ok: true, err: "//squash:ignored is not a directive: write"},
	} {
		ig, ok, err := ParseIgnore(tc.text)
		if ok != tc.ok || strings.Join(ig.Names, ",") != strings.Join(tc.names, ",") || ig.Reason != tc.reason ||
			(err == nil) != (tc.err == "") || err != nil && !strings.HasPrefix(err.Error(), tc.err) {
			t.Errorf("ParseIgnore(%q) = %q, %q, %v, %v; want %q, %q, %v, %s", tc.text, ig.Names, ig.Reason, ok, err, tc.names, tc.reason, tc.ok, tc.err)
		}
	}
}

// FuzzParseIgnore: a directive read without error has names, none empty
// or holding a blank or comma, and a reason, and reads the same written
// back.
func FuzzParseIgnore(f *testing.F) {
	for _, s := range []string{
		"//squash:ignore prealloc the caller appends",
		"//squash:ignore prealloc,mapsize // small",
		"//squash:ignore\tprealloc",
		"// squash:ignore x y",
		"//squash:ignore:x y",
		"//squash:ignore ,, x",
		"//squash:ignore a ////x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		ig, ok, err := ParseIgnore(text)
		if !ok || err != nil {
			if len(ig.Names) > 0 || ig.Reason != "" {
				t.Fatalf("ParseIgnore(%q) = %q, %q with ok %v, error %v", text, ig.Names, ig.Reason, ok, err)
			}
			return
		}
		if len(ig.Names) == 0 || strings.Trim(ig.Reason, "/ \t") == "" || strings.TrimSpace(ig.Reason) != ig.Reason {
			t.Fatalf("ParseIgnore(%q) = %q, %q", text, ig.Names, ig.Reason)
		}
		for _, n := range ig.Names {
			if n == "" || strings.ContainsAny(n, ", \t") {
				t.Fatalf("ParseIgnore(%q): name %q", text, n)
			}
		}
		again, ok, err := ParseIgnore(IgnoreDirective + " " + strings.Join(ig.Names, ",") + " " + ig.Reason)
		if !ok || err != nil || !slices.Equal(again.Names, ig.Names) || again.Reason != ig.Reason {
			t.Fatalf("ParseIgnore(%q) = %q, %q, but written back reads %q, %q, %v", text, ig.Names, ig.Reason, again.Names, again.Reason, err)
		}
	})
}
