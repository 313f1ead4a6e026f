package pool

import (
	"os/exec"
	"strings"
	"testing"
)

// TestHotPathsInline: Get, Put and Buffer's writing methods are written so
// that the compiler inlines them into their callers (see get); a change to
// them, or to the compiler's budget, must not quietly undo that.
func TestHotPathsInline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package with the compiler's inlining report")
	}
	out, err := exec.Command("go", "build", "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build -gcflags=-m: %v\n%s", err, out)
	}
	for _, fn := range []string{
		"(*Buffers).Get", "(*Buffers).Put",
		"(*Buffer).Write", "(*Buffer).WriteString", "(*Buffer).WriteByte",
	} {
		if !strings.Contains(string(out), ": can inline "+fn+"\n") {
			t.Errorf("%s is no longer inlined: go build -gcflags=-m=2 ./pool says why", fn)
		}
	}
}
