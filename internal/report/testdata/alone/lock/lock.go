// Package lock fails a benchmark when another process of its test binary
// runs: it locks the file lock in the package's directory until the
// process exits.
package lock

import (
	"os"
	"sync"
	"syscall"
	"testing"
)

var held = sync.OnceValues(func() (*os.File, error) {
	f, err := os.Open("lock")
	if err == nil {
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
	}
	return f, err
})

// Alone fails b if another process holds the lock.
func Alone(b *testing.B) {
	if _, err := held(); err != nil {
		b.Fatalf("another run of this test binary is under way: %v", err)
	}
}
