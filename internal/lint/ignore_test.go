package lint

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"
)

// TestIgnore: //squash:ignore silences the findings of the analyzers it
// names on its line, at the end of it or alone above it; a malformed one,
// or one that silences nothing, is a finding itself. The suite runs as one
// analyzer, FixSuite's, which reports every analyzer's diagnostics.
func TestIgnore(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), FixSuite(Suite()...)[0], "ignore")
}

// TestIgnoreFixes: the fix of a silenced finding is not made, nor one that
// would change its line (poolput's of its pool's other Put), nor
// perfsprint's others in its file, whose fix of the imports allows for it;
// the others are.
func TestIgnoreFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), FixSuite(Suite()...)[0], "ignorefix")
}

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
		// The rules of pragma.Read, which //squash:noalloc's near misses
		// follow too: a tab after //, a word that only begins with the
		// directive's, and the word alone before a tab.
		{text: "//\tsquash:ignore prealloc x", ok: true, err: "// squash:ignore, with a space after //, is a comment"},
		{text: "// squash:ignored prealloc x", ok: true, err: "// squash:ignore, with a space after //, is a comment"},
		{text: "//squash:ignored\tprealloc x", ok: true, err: "//squash:ignored is not a directive: write"},
	} {
		ig, ok, err := parseIgnore(tc.text)
		if ok != tc.ok || strings.Join(ig.names, ",") != strings.Join(tc.names, ",") || ig.reason != tc.reason ||
			(err == nil) != (tc.err == "") || err != nil && !strings.HasPrefix(err.Error(), tc.err) {
			t.Errorf("parseIgnore(%q) = %q, %q, %v, %v; want %q, %q, %v, %s", tc.text, ig.names, ig.reason, ok, err, tc.names, tc.reason, tc.ok, tc.err)
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
		ig, ok, err := parseIgnore(text)
		if !ok || err != nil {
			if len(ig.names) > 0 || ig.reason != "" {
				t.Fatalf("parseIgnore(%q) = %q, %q with ok %v, error %v", text, ig.names, ig.reason, ok, err)
			}
			return
		}
		if len(ig.names) == 0 || strings.Trim(ig.reason, "/ \t") == "" || strings.TrimSpace(ig.reason) != ig.reason {
			t.Fatalf("parseIgnore(%q) = %q, %q", text, ig.names, ig.reason)
		}
		for _, n := range ig.names {
			if n == "" || strings.ContainsAny(n, ", \t") {
				t.Fatalf("parseIgnore(%q): name %q", text, n)
			}
		}
		again, ok, err := parseIgnore(ignoreDirective + " " + strings.Join(ig.names, ",") + " " + ig.reason)
		if !ok || err != nil || !slices.Equal(again.names, ig.names) || again.reason != ig.reason {
			t.Fatalf("parseIgnore(%q) = %q, %q, but written back reads %q, %q, %v", text, ig.names, ig.reason, again.names, again.reason, err)
		}
	})
}

// TestVetToolIgnore: squashvet under go vet silences what //squash:ignore
// names, in a package and its tests, and reports a directive that
// silences nothing; from go vet's cache the second time, alike.
func TestVetToolIgnore(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/ign\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "ign.go"), []byte(`package ign

import (
	"encoding/binary"
	"io"
)

// Write writes xs with binary.Write, deliberately.
func Write(w io.Writer, xs []uint64) error {
	return binary.Write(w, binary.LittleEndian, xs) //squash:ignore binarywrite the "before" variant
}
`), 0o644)
	os.WriteFile(filepath.Join(dir, "ign_test.go"), []byte(`package ign

import (
	"bytes"
	"encoding/binary"
	"testing"
)

func TestWrite(t *testing.T) {
	var want, got bytes.Buffer
	//squash:ignore binarywrite the reference Write must match
	binary.Write(&want, binary.LittleEndian, []uint64{1})
	Write(&got, []uint64{1}) //squash:ignore binarywrite nothing to silence here
}
`), 0o644)
	for range 2 {
		cmd := exec.Command("go", "vet", "-vettool="+vettool, ".")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if cmd.ProcessState.ExitCode() != 1 || strings.Count(string(out), ".go:") != 1 ||
			!strings.Contains(string(out), "ign_test.go:13:27: //squash:ignore names binarywrite, but binarywrite reports nothing on line 13") {
			t.Errorf("go vet -vettool=squashvet: %v\n%s", err, out)
		}
	}
}

// TestVetToolStaticcheck: squashvet under go vet runs staticcheck's
// analyzers under their own names, and a //squash:ignore naming one
// silences it.
func TestVetToolStaticcheck(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/sc\n\ngo 1.26\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "sc.go"), []byte(`package sc

import (
	"fmt"
	"io"
	"strings"
)

// Label writes n's label to w.
func Label(w io.Writer, n float64) { w.Write([]byte(fmt.Sprint(n, "s"))) }

// Same compares a and b, ignoring case.
func Same(a, b string) bool {
	return strings.ToLower(a) == strings.ToLower(b) //squash:ignore SA6005 the "before" variant
}
`), 0o644)
	cmd := exec.Command("go", "vet", "-vettool="+vettool, "-json", ".")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), `"QF1012": [`) || !strings.Contains(string(out), "Use fmt.Fprint(...) instead of Write([]byte(fmt.Sprint(...)))") ||
		strings.Contains(string(out), "SA6005") {
		t.Errorf("go vet -vettool=squashvet -json: %v\n%s", err, out)
	}
}
