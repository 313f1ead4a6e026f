package gotool

import "syscall"

// killWithParent has the kernel kill the child when squash dies, even by
// SIGKILL, which no handler sees. Pdeathsig fires when the thread that
// started the child exits; the Go runtime ends no thread that a goroutine
// has not locked, and squash locks none.
func killWithParent(attr *syscall.SysProcAttr) {
	attr.Pdeathsig = syscall.SIGKILL
}
