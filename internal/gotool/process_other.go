//go:build !unix

package gotool

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup does nothing here: these systems have no process groups that
// squash can signal, and no Pdeathsig.
func ownGroup(*exec.Cmd) {}

// signalGroup signals p alone, or kills it where p cannot take sig.
func signalGroup(p *os.Process, sig syscall.Signal) error {
	if err := p.Signal(sig); err != nil {
		return p.Kill()
	}
	return nil
}
