package escape

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/squashgo/squash/internal/bench"
)

// A Line is every compiler decision about one source line.
type Line struct {
	Line int
	Code string // the source text, trimmed

	// Here are the decisions reported on this line, for the function
	// compiled here (a record of code inlined into this line from elsewhere
	// is here too, with Inlined set).
	Here []Record
	// Copies are the decisions for this line's code where it was inlined
	// into other functions, each at its call.
	Copies []Record
	// Through are escapes reported on other lines whose flow passes here.
	Through []Record
}

// An Explanation is the compiler's decisions on a range of lines of one file.
type Explanation struct {
	Package bench.Package
	File    string // absolute
	Lines   []Line
}

// Explain builds the package that holds file with the compiler's
// diagnostics on and returns its decisions on lines from to to (inclusive).
// It needs no benchmark.
func Explain(ctx context.Context, file string, from, to int) (*Explanation, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(abs, ".go") {
		return nil, fmt.Errorf("%s is not a Go file: give FILE.go:LINE", file)
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, fmt.Errorf("cannot read %s: %w", file, unwrapPath(err))
	}
	src := strings.Split(string(data), "\n")
	if strings.HasSuffix(string(data), "\n") {
		src = src[:len(src)-1]
	}
	if from >= 1 && to < from {
		return nil, fmt.Errorf("%s:%d-%d runs backwards: give %s:%d-%d", file, from, to, file, to, from)
	}
	if from < 1 || to > len(src) {
		return nil, fmt.Errorf("%s has lines 1 to %d; %s is out of range", file, len(src), lineRange(from, to))
	}
	pkgs, err := bench.Resolve(ctx, filepath.Dir(abs), []string{"."})
	if err != nil {
		return nil, err
	}
	ix, err := Build(ctx, pkgs[0])
	if err != nil {
		return nil, err
	}
	e := &Explanation{Package: pkgs[0], File: abs}
	for n := from; n <= to; n++ {
		l := Line{Line: n, Code: strings.TrimSpace(src[n-1]), Here: ix.Here(abs, n)}
		for _, r := range ix.At(abs, n) {
			if r.Pos.File != abs || r.Pos.Line != n {
				l.Copies = append(l.Copies, r)
			}
		}
		l.Through = ix.Through(abs, n)
		e.Lines = append(e.Lines, l)
	}
	return e, nil
}

func lineRange(from, to int) string {
	if from == to {
		return fmt.Sprint("line ", from)
	}
	return fmt.Sprintf("lines %d-%d", from, to)
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}
