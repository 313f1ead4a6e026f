package escape

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/squashgo/squash/internal/gotool"
)

// TestCopies reads from testdata/inl's test binary where its lines were
// inlined. mk's &T{…} has one copy with code, in BenchmarkKeep through
// Keep, which its record is of; Count's make has one in BenchmarkCount,
// which no record names: the make does not escape there.
func TestCopies(t *testing.T) {
	if testing.Short() {
		t.Skip("builds testdata/inl")
	}
	ctx := context.Background()
	dir, err := filepath.Abs("testdata/inl")
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := gotool.Resolve(ctx, dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	ix, err := CompileCopies(ctx, dir, pkgs[0], dir)
	if err != nil {
		t.Fatal(err)
	}
	inl, local, test := filepath.Join(dir, "inl.go"), filepath.Join(dir, "local.go"), filepath.Join(dir, "inl_test.go")
	at := func(file string, line int) Position { return Position{File: file, Line: line} }
	copies := ix.Copies(inl, 11)
	if got, want := fmt.Sprint(copies), fmt.Sprint([]Copy{{at(test, 13), at(inl, 25)}}); got != want {
		t.Fatalf("copies of inl.go:11 = %s, want %s", got, want)
	}
	recs := ix.InlinedAt(inl, 11, test, 13)
	if len(recs) != 1 || !copies[0].Of(recs[0]) {
		t.Errorf("records of the copy in BenchmarkKeep: %+v, want one of %v", recs, copies[0])
	}
	if alone := ix.Here(inl, 11); len(alone) == 0 || copies[0].Of(alone[0]) {
		t.Errorf("mk's record compiled alone %+v is taken for the copy's", alone)
	}
	if got, want := fmt.Sprint(ix.Copies(local, 7)), fmt.Sprint([]Copy{{at(test, 21)}}); got != want {
		t.Errorf("copies of local.go:7 = %s, want %s", got, want)
	}
	if recs := ix.InlinedAt(local, 7, test, 21); len(recs) != 0 {
		t.Errorf("records of Count's make inlined into BenchmarkCount: %+v, want none", recs)
	}
}
