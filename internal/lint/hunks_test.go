package lint

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// testdata/hunks.diff is what go vet -fix -diff printed (x/tools v0.52.0)
// for three fixes: the second and third hunks start at +12 and +21 in the
// new file, where diff -u says +19 and +28.
func TestMendHunkStarts(t *testing.T) {
	data, err := os.ReadFile("testdata/hunks.diff")
	if err != nil {
		t.Fatal(err)
	}
	got := mendHunkStarts(string(data))
	var headers []string
	for line := range strings.Lines(got) {
		if strings.HasPrefix(line, "@@") {
			headers = append(headers, strings.TrimSpace(line))
		}
	}
	if want := []string{"@@ -1,16 +1,16 @@", "@@ -19,7 +19,7 @@", "@@ -28,7 +28,7 @@"}; strings.Join(headers, "|") != strings.Join(want, "|") {
		t.Errorf("headers %q, want %q", headers, want)
	}
	if strings.Count(got, "\n") != strings.Count(string(data), "\n") || mendHunkStarts(got) != got {
		t.Errorf("mending changed more than headers, or a mended diff again:\n%s", got)
	}

	// A second file starts from its own first hunk; lines added before a
	// hunk move it down, deleted lines (one that reads like a header among
	// them) up, and an empty file's header stays.
	d := "--- a.go (old)\n+++ a.go (new)\n@@ -1,3 +1,4 @@\n a\n+b\n c\n d\n@@ -9,3 +1,3 @@\n x\n-y\n+z\n" +
		"--- b.go (old)\n+++ b.go (new)\n@@ -1,4 +1,2 @@\n k\n---- not a header\n-m\n n\n@@ -20,2 +3,2 @@ func F() {\n p\n-q\n+r\n" +
		"--- c.go (old)\n+++ c.go (new)\n@@ -0,0 +1 @@\n+only\n"
	want := strings.NewReplacer("@@ -9,3 +1,3 @@", "@@ -9,3 +10,3 @@", "@@ -20,2 +3,2 @@", "@@ -20,2 +18,2 @@").Replace(d)
	if got := mendHunkStarts(d); got != want {
		t.Errorf("mendHunkStarts:\n%s\nwant\n%s", got, want)
	}
}

// FuzzMendHunkStarts: any input comes back with the same lines, only hunk
// headers changed, and mending is idempotent.
func FuzzMendHunkStarts(f *testing.F) {
	if data, err := os.ReadFile("testdata/hunks.diff"); err == nil {
		f.Add(string(data))
	}
	f.Add("--- a (old)\n+++ a (new)\n@@ -3 +3 @@\n-x\n+y\n")
	f.Add("@@ -99999999999999999999,1 +1 @@\n")
	header := regexp.MustCompile(`^@@ -\d+(,\d+)? \+\d+(,\d+)? @@`)
	f.Fuzz(func(t *testing.T, d string) {
		got := mendHunkStarts(d)
		in, out := strings.SplitAfter(d, "\n"), strings.SplitAfter(got, "\n")
		if len(in) != len(out) {
			t.Fatalf("%d lines in, %d out", len(in), len(out))
		}
		for i := range in {
			if in[i] != out[i] && !(header.MatchString(in[i]) && header.MatchString(out[i])) {
				t.Fatalf("line %d changed: %q -> %q", i, in[i], out[i])
			}
		}
		if again := mendHunkStarts(got); again != got {
			t.Fatalf("not idempotent:\n%q\n%q", got, again)
		}
	})
}

// TestGitPaths: go vet's file headers become git's, relative to the
// directory; a file outside it and other lines stay.
func TestGitPaths(t *testing.T) {
	d := "--- /m/a.go (old)\n+++ /m/a.go (new)\n@@ -1 +1 @@\n-x\n+y\n" +
		"--- /m/sub/b.go (old)\n+++ /m/sub/b.go (new)\n@@ -1 +1 @@\n---- /m/c.go (old)\n++++ /m/c.go (new)\n" +
		"--- /elsewhere/c.go (old)\n+++ /elsewhere/c.go (new)\n@@ -1 +1 @@\n-x\n+y\n"
	want := "--- a/a.go\n+++ b/a.go\n@@ -1 +1 @@\n-x\n+y\n" +
		"--- a/sub/b.go\n+++ b/sub/b.go\n@@ -1 +1 @@\n---- /m/c.go (old)\n++++ /m/c.go (new)\n" +
		"--- /elsewhere/c.go (old)\n+++ /elsewhere/c.go (new)\n@@ -1 +1 @@\n-x\n+y\n"
	if got := gitPaths(d, "/m"); got != want {
		t.Errorf("gitPaths:\n%s\nwant\n%s", got, want)
	}
}

// FuzzGitPaths: any input comes back with the same number of lines, only
// file headers changed (to git's form), and rewriting is idempotent.
func FuzzGitPaths(f *testing.F) {
	f.Add("--- /m/a.go (old)\n+++ /m/a.go (new)\n@@ -1 +1 @@\n-x\n+y\n")
	f.Add("--- /m/a.go (old)\n+++ /m/b.go (new)\n")
	f.Add("--- /m/../a.go (old)\n+++ /m/../a.go (new)")
	f.Fuzz(func(t *testing.T, d string) {
		got := gitPaths(d, "/m")
		in, out := strings.SplitAfter(d, "\n"), strings.SplitAfter(got, "\n")
		if len(in) != len(out) {
			t.Fatalf("%d lines in, %d out", len(in), len(out))
		}
		for i := range in {
			if in[i] != out[i] && !strings.HasPrefix(out[i], "--- a/") && !strings.HasPrefix(out[i], "+++ b/") {
				t.Fatalf("line %d changed: %q -> %q", i, in[i], out[i])
			}
		}
		if again := gitPaths(got, "/m"); again != got {
			t.Fatalf("not idempotent:\n%q\n%q", got, again)
		}
	})
}
