package profile

import (
	"bytes"
	"compress/gzip"
	"context"
	"net"
	"net/http"
	httppprof "net/http/pprof"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strings"
	"testing"
	"time"

	"github.com/google/pprof/profile"
)

var sink []byte

//go:noinline
func allocateMegabytes(n int) {
	for range n {
		sink = make([]byte, 1<<20)
	}
}

// heapProfile returns this process's allocation profile after allocating
// in allocateMegabytes, in the gzipped protobuf form of WriteTo(w, 0).
func heapProfile(t *testing.T) []byte {
	t.Helper()
	allocateMegabytes(64)
	runtime.GC() // the profile shows allocations as of the last GC
	var buf bytes.Buffer
	if err := pprof.Lookup("allocs").WriteTo(&buf, 0); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func checkHasAllocateSite(t *testing.T, a *Attribution) {
	t.Helper()
	for _, s := range a.Sites {
		if strings.HasSuffix(s.Function, ".allocateMegabytes") && filepath.Base(s.File) == "load_test.go" {
			if s.Bytes < 32<<20 {
				t.Errorf("site %s:%d holds %d bytes, want at least 32 MiB of the 64 allocated", s.File, s.Line, s.Bytes)
			}
			return
		}
	}
	t.Fatalf("no site in allocateMegabytes among %d sites", len(a.Sites))
}

const thisPackage = "github.com/squashgo/squash/internal/profile"

func TestLoadFromPprofServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", httppprof.Index)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go srv.Serve(ln)
	defer srv.Close()

	heapProfile(t) // allocate before the server takes its profile
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	p, err := Load(ctx, "http://"+ln.Addr().String()+"/debug/pprof/allocs")
	if err != nil {
		t.Fatal(err)
	}
	a, err := Blame(p, Scope{thisPackage})
	if err != nil {
		t.Fatal(err)
	}
	checkHasAllocateSite(t, a)

	// A page that is not a profile, and a missing one.
	for _, path := range []string{"/debug/pprof/", "/debug/pprof/nosuchprofile"} {
		if _, err := Load(ctx, "http://"+ln.Addr().String()+path); err == nil {
			t.Errorf("Load(%s): no error", path)
		}
	}
}

func TestLoadFiles(t *testing.T) {
	gz := heapProfile(t)
	p, err := Parse(gz)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var plain bytes.Buffer
	if err := p.WriteUncompressed(&plain); err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{"allocs.pb.gz": gz, "allocs.pb": plain.Bytes()} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := Load(context.Background(), path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		a, err := Blame(p, Scope{thisPackage})
		if err != nil {
			t.Fatal(err)
		}
		checkHasAllocateSite(t, a)
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	var cpu bytes.Buffer
	if err := pprof.StartCPUProfile(&cpu); err != nil {
		t.Fatal(err)
	}
	pprof.StopCPUProfile()
	gz := heapProfile(t)

	ctx := context.Background()
	for _, tc := range []struct {
		src, want string
	}{
		{filepath.Join(dir, "missing.pb.gz"), "cannot read profile"},
		{write("empty", nil), "empty profile"},
		{write("text", []byte("this is not a profile\n")), "not a pprof profile"},
		{write("truncated.pb.gz", gz[:len(gz)/2]), "not a pprof profile"},
		{"http://127.0.0.1:1/debug/pprof/allocs", "cannot fetch profile"},
	} {
		_, err := Load(ctx, tc.src)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Load(%s) error = %v, want it to say %q", filepath.Base(tc.src), err, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("Load(%s) error spans lines: %q", filepath.Base(tc.src), err)
		}
	}
	p, err := Load(ctx, write("cpu.pprof", cpu.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Blame(p, Scope{thisPackage}); err == nil || !strings.Contains(err.Error(), "not an allocation profile") {
		t.Errorf("Blame of a CPU profile: %v, want 'not an allocation profile'", err)
	}
}

func FuzzParse(f *testing.F) {
	var cpu bytes.Buffer
	if err := pprof.StartCPUProfile(&cpu); err == nil {
		pprof.StopCPUProfile()
		f.Add(cpu.Bytes())
	}
	var heap bytes.Buffer
	pprof.Lookup("allocs").WriteTo(&heap, 0)
	f.Add(heap.Bytes())
	f.Add([]byte{0x1f, 0x8b, 0x08, 0x00})
	f.Add([]byte("heap profile: 1: 2 [3: 4] @ heap/1048576\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Parse(data)
		if err != nil {
			return
		}
		// Whatever parses must be safe to blame and measure.
		Blame(p, Scope{"example.com/m"})
		AllocCPUShare(p)
	})
}

// TestParseGzipBomb: a gzipped file that decompresses to more than the
// limit is refused in one line, having decompressed no more than the limit;
// a real profile, gzipped as the runtime writes it, is read as before.
func TestParseGzipBomb(t *testing.T) {
	defer func(n int64) { maxUnzipped = n }(maxUnzipped)
	maxUnzipped = 1 << 20
	var bomb bytes.Buffer
	zw := gzip.NewWriter(&bomb)
	zw.Write(make([]byte, 8<<20))
	zw.Close()
	_, err := Parse(bomb.Bytes())
	if err == nil || !strings.Contains(err.Error(), "decompresses to more than 1 MiB") || strings.Contains(err.Error(), "\n") {
		t.Errorf("a gzip of 8 MiB of zeros: %v", err)
	}
	var real bytes.Buffer
	p := &profile.Profile{SampleType: []*profile.ValueType{{Type: "alloc_objects", Unit: "count"}, {Type: "alloc_space", Unit: "bytes"}}}
	if err := p.Write(&real); err != nil { // Write gzips
		t.Fatal(err)
	}
	if _, err := Parse(real.Bytes()); err != nil {
		t.Errorf("a real gzipped profile: %v", err)
	}
}
