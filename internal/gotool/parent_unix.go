//go:build unix && !linux

package gotool

import "syscall"

// killWithParent does nothing: these systems have no Pdeathsig. A child
// outlives squash killed by SIGKILL, but not squash interrupted, which
// cancels its context.
func killWithParent(*syscall.SysProcAttr) {}
