package guard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/squashgo/squash/internal/budget"
)

// writable returns the file that a budget at path is written to, through a
// symbolic link, and the mode to give it: that of the file there, or 0644
// for a new one. It refuses what is not a regular file (a directory, a
// device, a pipe) and a file that may not be written: -write replaces the
// file by renaming a new one over it, which would replace the device node
// or undo a read-only mode.
func writable(path string) (target string, perm fs.FileMode, err error) {
	target = path
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if target, err = filepath.EvalSymlinks(path); errors.Is(err, fs.ErrNotExist) {
			// A link to a file not written yet: it is made where it points.
			link, err := os.Readlink(path)
			if err != nil {
				return "", 0, err
			}
			if !filepath.IsAbs(link) {
				link = filepath.Join(filepath.Dir(path), link)
			}
			target = link
		} else if err != nil {
			return "", 0, err
		}
	}
	fi, err := os.Stat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return target, 0o644, nil
	case err != nil:
		return "", 0, err
	case !fi.Mode().IsRegular():
		return "", 0, fmt.Errorf("%s is not a regular file (%s): give -budget the path of a file", path, kind(fi.Mode()))
	case fi.Mode().Perm()&0o200 == 0 || !canWrite(target):
		return "", 0, fmt.Errorf("%s is read-only: make it writable (chmod u+w) to record budgets in it, or give -budget another file", path)
	}
	return target, fi.Mode().Perm(), nil
}

// kind names what a file of mode m is.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	}
	return "not a file"
}

// writeFile writes b to a temporary file beside target, with mode perm,
// and renames it over target: a reader sees the old budget or the new,
// never part of one.
func writeFile(target string, perm fs.FileMode, b *budget.Budget) error {
	tmp, err := os.CreateTemp(filepath.Dir(target), ".squash.budget-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if err := budget.Write(tmp, b); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp.Name(), perm); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), target)
}
