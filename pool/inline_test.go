package pool

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/noalloc"
)

// hotCaller is a user of the hot paths, as a caller outside the package
// would write it; TestHotPathsInline and TestHotPathsDoNotAllocate read what
// the compiler did with it.
//
//squash:noalloc
func hotCaller(p *Buffers, s string) {
	b := p.Get()
	b.WriteString(s)
	b.Write([]byte(s))
	b.WriteByte('x')
	p.Put(b)
	c := Get()
	Put(c)
}

var _ = hotCaller

// TestHotPathsInline: Get, Put and Buffer's writing methods are written so
// that the compiler inlines them, and the helpers they pass their fast halves
// to, into their callers (see get); a change to them, or to the compiler's
// budget, must not quietly undo that. "can inline" of the methods alone is
// not enough: get stays inlinable with a real call to pop in it.
func TestHotPathsInline(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package's tests with the compiler's inlining report")
	}
	out, err := exec.Command("go", "test", "-c", "-o", os.DevNull, "-gcflags=-m", ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go test -c -gcflags=-m: %v\n%s", err, out)
	}
	inlined := make(map[string]bool)
	for line := range strings.Lines(string(out)) {
		if _, fn, ok := strings.Cut(line, ": inlining call to "); ok && strings.Contains(line, "inline_test.go:") {
			inlined[strings.TrimSpace(fn)] = true
		}
	}
	for _, fn := range []string{
		"Get", "Put", "(*Buffers).Get", "(*Buffers).Put",
		"get", "pop", "(*calibrator).defaultClass",
		"put", "(*holder).admits", "(*holder).pool", "push",
		"(*Buffer).Write", "(*Buffer).WriteString", "(*Buffer).WriteByte",
		"appendOr[go.shape.[]uint8]", "appendOr[go.shape.string]", "appendByteOr",
	} {
		if !inlined[fn] {
			t.Errorf("%s is no longer inlined into hotCaller: go build -gcflags=-m=2 ./pool says why", fn)
		}
	}
}

// TestHotPathsDoNotAllocate: squash's own //squash:noalloc check, of the
// compiler's escape analysis, finds nothing allocated in hotCaller, into
// which the hot paths are inlined: no growth path of an append compiled
// into it (WriteByte's append(s, c) under len(s) < cap(s) was one), no
// boxing of a Buffer on Put. A slow half called through a func argument is
// not inlined, and not followed.
func TestHotPathsDoNotAllocate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package's tests with the compiler's escape analysis")
	}
	res, err := noalloc.Check(t.Context(), nil, ".", []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	if want := "github.com/squashgo/squash/pool.hotCaller"; !slices.Contains(res.Functions, want) {
		t.Fatalf("checked %q, want %s among them", res.Functions, want)
	}
	for _, v := range res.Violations {
		t.Error(v)
	}
}
