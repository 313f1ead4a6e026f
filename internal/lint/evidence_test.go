package lint

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	pprof "github.com/google/pprof/profile"
)

// TestEvidencedMainPackage: a profile of a service built from package main
// names its functions main.work; lint -profile finds them on the lines of
// the package main whose directory holds their file.
func TestEvidencedMainPackage(t *testing.T) {
	dir := t.TempDir()
	src := "package main\n\nfunc main() { work() }\n\nfunc work() []int {\n\treturn make([]int, 10)\n}\n"
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/svc\n\ngo 1.26\n"), 0o644)
	file := filepath.Join(dir, "main.go")
	os.WriteFile(file, []byte(src), 0o644)

	fn := &pprof.Function{ID: 1, Name: "main.work", Filename: file}
	loc := &pprof.Location{ID: 1, Line: []pprof.Line{{Function: fn, Line: 6}}}
	p := &pprof.Profile{
		SampleType: []*pprof.ValueType{{Type: "alloc_objects", Unit: "count"}, {Type: "alloc_space", Unit: "bytes"}},
		Function:   []*pprof.Function{fn},
		Location:   []*pprof.Location{loc},
		Sample:     []*pprof.Sample{{Location: []*pprof.Location{loc}, Value: []int64{10, 800}}},
	}
	var gz bytes.Buffer
	if err := p.Write(&gz); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "mem.pprof")
	os.WriteFile(path, gz.Bytes(), 0o644)

	findings := []Finding{{Pass: "x", File: file, Line: 6, Lines: []int{6}}}
	kept, err := Evidenced(context.Background(), Config{Dir: dir, Patterns: []string{"."}}, path, findings)
	if err != nil {
		t.Fatal(err)
	}
	if len(kept) != 1 || kept[0].Share != 1 {
		t.Errorf("kept %+v, want the finding on main.go:6 with all of the profile", kept)
	}
}
