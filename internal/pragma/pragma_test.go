package pragma

import (
	"strings"
	"testing"
	"unicode"
)

func TestRead(t *testing.T) {
	for _, tc := range []struct {
		text, d string
		kind    Kind
		rest    string
	}{
		{"//squash:ignore prealloc why", "//squash:ignore", Exact, " prealloc why"},
		{"//squash:ignore\tprealloc why", "//squash:ignore", Exact, "\tprealloc why"},
		{"//squash:noalloc", "//squash:noalloc", Exact, ""},
		{"//squash:noalloc // why", "//squash:noalloc", Exact, " // why"},
		{"//squash:noallocs", "//squash:noalloc", Joined, "//squash:noallocs"},
		{"//squash:ignore:prealloc why", "//squash:ignore", Joined, "//squash:ignore:prealloc"},
		{"//squash:ignored\tprealloc why", "//squash:ignore", Joined, "//squash:ignored"}, // the word alone, not what follows a tab
		{"// squash:ignore prealloc why", "//squash:ignore", Spaced, ""},
		{"//\tsquash:noalloc", "//squash:noalloc", Spaced, ""},
		{"// squash:noallocs", "//squash:noalloc", Spaced, ""},
		{"/*squash:noalloc*/", "//squash:noalloc", Block, ""},
		{"/* squash:ignore prealloc why */", "//squash:ignore", Block, ""},
		{"// squash the ignore", "//squash:ignore", Other, ""},
		{"/* squash the ignore */", "//squash:ignore", Other, ""},
		{"//squash:noalloc", "//squash:ignore", Other, ""},
		{"////squash:noalloc", "//squash:noalloc", Other, ""},
		{"// see squash:noalloc", "//squash:noalloc", Other, ""},
		{"//", "//squash:noalloc", Other, ""},
		// Prose that quotes the directive, as the doc comments of
		// internal/lint/ignore.go and of this package do, wrapped so that
		// a line begins with it.
		{`// squash:ignore", which Go reads as prose`, "//squash:ignore", Other, ""},
		{"// squash:ignore, with a space after //, is a comment", "//squash:ignore", Other, ""},
		{"// squash:noalloc) and more", "//squash:noalloc", Other, ""},
		{"/* squash:ignore. */", "//squash:ignore", Other, ""},
		{"// squash:ignore", "//squash:ignore", Spaced, ""},
		{"// squash:ignore:prealloc why", "//squash:ignore", Spaced, ""},
		{"// squash:noalloc\u00a0x", "//squash:noalloc", Spaced, ""},
		{"// squash:ignoreé", "//squash:ignore", Spaced, ""},
	} {
		if kind, rest := Read(tc.text, tc.d); kind != tc.kind || rest != tc.rest {
			t.Errorf("Read(%q, %q) = %d, %q; want %d, %q", tc.text, tc.d, kind, rest, tc.kind, tc.rest)
		}
	}
}

func TestReadAllocs(t *testing.T) {
	texts := []string{"//squash:ignored\tprealloc why", "// squash:ignore x", "/* squash:ignore */", "//squash:ignore x y"}
	if n := testing.AllocsPerRun(100, func() {
		for _, text := range texts {
			Read(text, "//squash:ignore")
		}
	}); n != 0 {
		t.Errorf("Read allocates %v times per run, want 0", n)
	}
}

// FuzzRead: Exact is d and a blank or nothing, the rest what follows it;
// Joined's word is where d was written, and begins with it; a near miss is
// never the directive.
func FuzzRead(f *testing.F) {
	for _, s := range []string{"//squash:ignore x y", "// squash:ignore", "/*squash:ignore*/", "//squash:ignores", "//squash:ignore", "// plain", "//", "/**/", "//\t//squash:ignore"} {
		f.Add(s)
	}
	const d = "//squash:ignore"
	f.Fuzz(func(t *testing.T, text string) {
		kind, rest := Read(text, d)
		switch kind {
		case Exact:
			if text != d+rest || rest != "" && rest[0] != ' ' && rest[0] != '\t' {
				t.Errorf("Read(%q) = Exact, %q", text, rest)
			}
		case Joined:
			// d alone where a space other than a blank or a tab follows it
			if !strings.HasPrefix(rest, d) || !strings.HasPrefix(text, rest) || strings.ContainsAny(rest, " \t") ||
				rest == d && strings.IndexFunc(text[len(d):], unicode.IsSpace) != 0 {
				t.Errorf("Read(%q) = Joined, %q", text, rest)
			}
		case Spaced, Block:
			if strings.HasPrefix(text, d) || rest != "" {
				t.Errorf("Read(%q) = %d, %q", text, kind, rest)
			}
		case Other:
			if strings.HasPrefix(text, d) || rest != "" {
				t.Errorf("Read(%q) = Other, %q", text, rest)
			}
		}
	})
}
