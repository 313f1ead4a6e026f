package lint

import (
	"os"
	"os/exec"
	"path/filepath"
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

// TestFailurePaths: a finding of the Sprint family is not reported on a
// path that runs only when something failed, and is elsewhere, also next
// to one.
func TestFailurePaths(t *testing.T) {
	analysistest.Run(t, analysistest.TestData(), FixSuite(Suite()...)[0], "failurepath")
}

// TestFailurePathFixes: where a perfsprint finding on a failure path is
// dropped, the other fixes in its file are not made, as perfsprint's fix of
// the file's imports allows for the dropped one too.
func TestFailurePathFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, analysistest.TestData(), FixSuite(Suite()...)[0], "failurepathfix")
}
