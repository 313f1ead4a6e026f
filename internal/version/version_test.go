package version

import (
	"crypto/sha256"
	"fmt"
	"os"
	"runtime"
	"testing"
)

// TestV: -V names the module's version, and -V=full the Go version, the
// platform and the hash of the running binary.
func TestV(t *testing.T) {
	b := Read()
	if b.GoVersion != runtime.Version() || b.Version == "" {
		t.Fatalf("Read() = %+v", b)
	}
	short, err := b.V(false)
	if err != nil || short != "squash version "+b.Version {
		t.Errorf("V(false) = %q, %v", short, err)
	}
	exe, _ := os.Executable()
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	full, err := b.V(true)
	want := fmt.Sprintf("squash version %s %s %s/%s buildID=%x", b.Version, runtime.Version(), runtime.GOOS, runtime.GOARCH, sha256.Sum256(data))
	if err != nil || full != want {
		t.Errorf("V(true) = %q, %v; want %q", full, err, want)
	}
}
