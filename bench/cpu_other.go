//go:build !linux || !amd64

package bench

// hasRDPID is false where the floors have no cheap way to learn the CPU a
// thread runs on: impl=percpu is skipped.
const hasRDPID = false

// rdpid is never called where hasRDPID is false.
func rdpid() int { return 0 }
