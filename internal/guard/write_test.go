//go:build unix

package guard

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/squashgo/squash/internal/budget"
)

// TestWritable: a budget is written through a symbolic link to its target,
// with the target's mode; what is not a regular file, and a read-only file,
// are refused, and left as they are.
func TestWritable(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "squash.budget")
	os.WriteFile(file, []byte("squash budget v1\n"), 0o640)
	link := filepath.Join(dir, "link.budget")
	os.Symlink("squash.budget", link)
	dangling := filepath.Join(dir, "new.budget")
	os.Symlink("ci/new.budget", dangling)
	readOnly := filepath.Join(dir, "ro.budget")
	os.WriteFile(readOnly, []byte("squash budget v1\n"), 0o444)
	pipe := filepath.Join(dir, "pipe.budget")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name, path, target string
		perm               fs.FileMode
		err                string
	}{
		{"file", file, file, 0o640, ""},
		{"new file", filepath.Join(dir, "none.budget"), filepath.Join(dir, "none.budget"), 0o644, ""},
		{"symbolic link", link, file, 0o640, ""},
		{"link to a file not written yet", dangling, filepath.Join(dir, "ci", "new.budget"), 0o644, ""},
		{"read-only", readOnly, "", 0, "is read-only: make it writable (chmod u+w)"},
		{"directory", dir, "", 0, "is not a regular file (a directory)"},
		{"named pipe", pipe, "", 0, "is not a regular file (a named pipe)"},
		{"device", os.DevNull, "", 0, "is not a regular file (a device)"},
	} {
		target, perm, err := writable(tc.path)
		switch {
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want one with %q", tc.name, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.err == "" && (target != tc.target || perm != tc.perm):
			t.Errorf("%s: writes %s with %v, want %s with %v", tc.name, target, perm, tc.target, tc.perm)
		}
	}

	// Written through the link, the link stays one, and the file keeps its
	// mode.
	target, perm, err := writable(link)
	if err != nil {
		t.Fatal(err)
	}
	if err := writeFile(target, perm, &budget.Budget{Benchtime: "100x"}); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Errorf("the link is no longer one: %v, %v", fi.Mode(), err)
	}
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("the file's mode is %v, want 0640 (%v)", fi.Mode().Perm(), err)
	}
	if data, _ := os.ReadFile(file); !strings.Contains(string(data), "benchtime 100x") {
		t.Errorf("the target was not written:\n%s", data)
	}
	if data, _ := os.ReadFile(readOnly); string(data) != "squash budget v1\n" {
		t.Errorf("the read-only file changed:\n%s", data)
	}
}

// TestReadBudgetRefusesDevices: a check and -write read the budget first,
// and a device is refused there, not read without end.
func TestReadBudgetRefusesDevices(t *testing.T) {
	if _, err := readBudget("/dev/zero"); err == nil || !strings.Contains(err.Error(), "is not a regular file (a device)") {
		t.Errorf("readBudget(/dev/zero): %v, want it refused as a device", err)
	}
}
