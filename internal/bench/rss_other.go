//go:build !unix

package bench

import "os"

// maxRSS returns 0: the system gives no rusage with a peak resident set.
func maxRSS(*os.ProcessState) int64 { return 0 }
