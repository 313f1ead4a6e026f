package bench

import (
	"fmt"
	"strings"
	"time"
)

// timedOut returns the failure of a run that was ended after timeout, with
// out, its output, ending in the stacks that SIGQUIT made it print. It is
// named by the last benchmark name that -test.v printed, or else by the
// first benchmark function on a stack.
func (b *Binary) timedOut(out string, timeout time.Duration) *Failure {
	ls := strings.Split(out, "\n")
	name := ""
	for i := len(ls) - 1; i >= 0 && name == ""; i-- {
		if nameLine.MatchString(ls[i]) {
			name = ls[i]
		}
	}
	if name == "" {
		for _, l := range ls {
			if f := benchFrame.FindStringSubmatch(l); f != nil {
				name = f[1]
				break
			}
		}
	}
	return &Failure{
		Package:  b.Package.ImportPath,
		Name:     name,
		Output:   fmt.Sprintf("timed out after %v: raise -timeout if it needs longer", timeout),
		TimedOut: true,
	}
}
