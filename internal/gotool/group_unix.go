//go:build unix

package gotool

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// ownGroup makes cmd the leader of a new process group, and, where the
// system allows, has the kernel kill it when squash dies.
func ownGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	killWithParent(cmd.SysProcAttr)
}

// signalGroup sends sig to the process group that p leads (see ownGroup).
// A group already gone is no error.
func signalGroup(p *os.Process, sig syscall.Signal) error {
	if err := syscall.Kill(-p.Pid, sig); err != nil && !errors.Is(err, syscall.ESRCH) {
		return err
	}
	return nil
}
