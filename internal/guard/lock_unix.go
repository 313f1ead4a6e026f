//go:build unix

package guard

import (
	"fmt"
	"os"
	"syscall"
)

// lockDir takes an advisory lock on the directory dir, where the budget
// is, and returns what releases it. Two runs of guard -write that would
// each read, merge and write the budget do it one after the other. The
// directory is locked, not a file beside the budget, so that nothing is
// left in the user's tree.
func lockDir(dir string) (unlock func(), err error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("cannot lock %s to write the budget: %w", dir, err)
	}
	return func() {
		syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
		f.Close()
	}, nil
}

// canWrite reports whether this process may write file, as the kernel
// judges it for the user it runs as.
func canWrite(file string) bool {
	return syscall.Access(file, 2 /* W_OK */) == nil
}
