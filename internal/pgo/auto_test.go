package pgo

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/gotool"
)

// TestAuto: a default.pgo in a package's directory is the one; two are
// one too many, and -pgo must name one.
func TestAuto(t *testing.T) {
	a, b := t.TempDir(), t.TempDir()
	for _, d := range []string{a, b} {
		if err := os.WriteFile(filepath.Join(d, "default.pgo"), []byte(preprofile), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := Auto(context.Background(), "", []gotool.Package{{Dir: a}})
	if err != nil || got != filepath.Join(a, "default.pgo") {
		t.Errorf("Auto = %q, %v; want %s", got, err, filepath.Join(a, "default.pgo"))
	}
	_, err = Auto(context.Background(), "", []gotool.Package{{Dir: a}, {Dir: b}})
	if err == nil || !strings.Contains(err.Error(), "2 profiles") || !strings.Contains(err.Error(), "pass -pgo with the one to use") {
		t.Errorf("Auto of two = %v, want an error that asks for one", err)
	}
}
