//go:build unix

package bench

import (
	"os"
	"runtime"
	"syscall"
)

// maxRSS returns the peak resident set size of the process that ps
// describes, in bytes: Linux and the BSDs give it in kilobytes, Darwin in
// bytes.
func maxRSS(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok || ru == nil {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss)
	}
	return int64(ru.Maxrss) * 1024
}
