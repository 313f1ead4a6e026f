package profile

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/google/pprof/profile"
)

// maxProfileBytes bounds what Load reads; real allocation profiles are a few
// megabytes at most.
const maxProfileBytes = 512 << 20

// maxUnzipped bounds what a gzipped profile may decompress to: a few
// megabytes of gzip can hold gigabytes of zeros, which would take as much
// memory. A real profile of hundreds of megabytes is already extreme. A
// variable, so that a test can lower it.
var maxUnzipped int64 = 512 << 20

// Load reads a profile from a file (gzipped or not) or from an http(s) URL
// such as http://127.0.0.1:6060/debug/pprof/allocs, as Fetch{}.Load does.
func Load(ctx context.Context, src string) (*profile.Profile, error) {
	return Fetch{}.Load(ctx, src)
}

// Parse reads a profile in any format github.com/google/pprof/profile reads
// (protobuf, gzipped or not) and checks it.
func Parse(data []byte) (*profile.Profile, error) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, fmt.Errorf("empty profile: take one with go test -memprofile or from /debug/pprof/allocs")
	}
	if bytes.HasPrefix(data, []byte{0x1f, 0x8b}) {
		var err error
		if data, err = gunzip(data); err != nil {
			return nil, err
		}
	}
	p, err := profile.ParseData(data)
	if err != nil {
		return nil, fmt.Errorf("not a pprof profile (%v): take one with go test -memprofile or from /debug/pprof/allocs", err)
	}
	if err := p.CheckValid(); err != nil {
		return nil, fmt.Errorf("corrupt profile: %v", err)
	}
	return p, nil
}

// gunzip decompresses data, up to maxUnzipped bytes. It counts the bytes
// first, and keeps none of them: what a gzip bomb would take is refused
// before any of it is held.
func gunzip(data []byte) ([]byte, error) {
	unzip := func(w io.Writer) (int64, error) {
		zr, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return 0, fmt.Errorf("not a pprof profile (a broken gzip header: %v): take one with go test -memprofile or from /debug/pprof/allocs", err)
		}
		n, err := io.Copy(w, io.LimitReader(zr, maxUnzipped+1))
		if err != nil {
			return 0, fmt.Errorf("not a pprof profile (%v): take one with go test -memprofile or from /debug/pprof/allocs", err)
		}
		return n, nil
	}
	n, err := unzip(io.Discard)
	switch {
	case err != nil:
		return nil, err
	case n > maxUnzipped:
		return nil, fmt.Errorf("the profile decompresses to more than %d MiB, more than any profile squash reads: take a shorter one", maxUnzipped>>20)
	}
	var out bytes.Buffer
	out.Grow(int(n))
	if _, err := unzip(&out); err != nil {
		return nil, err
	}
	return out.Bytes(), nil
}

// rootCause strips the *url.Error wrapping, which repeats the URL.
func rootCause(err error) error {
	for {
		u, ok := err.(*url.Error)
		if !ok {
			return err
		}
		err = u.Err
	}
}

// Diff returns p minus base, as go tool pprof -diff_base does: the samples of
// base are negated and merged into a copy of p. Neither input is modified.
func Diff(p, base *profile.Profile) (*profile.Profile, error) {
	neg := base.Copy()
	if err := neg.ScaleN(negate(len(neg.SampleType))); err != nil {
		return nil, err
	}
	d, err := profile.Merge([]*profile.Profile{p.Copy(), neg})
	if err != nil {
		return nil, fmt.Errorf("profiles of different programs: %w", err)
	}
	return d, nil
}

// WithoutInit returns a copy of p without the samples of package
// initialization (runtime.doInit on the stack). In a test binary, packages
// are initialized before the testing package sets -test.memprofilerate, so
// their allocations are sampled at the default rate, with weights that vary
// from run to run: a difference of two runs keeps some of them, as if they
// were made in the benchmark's loop, which they never are.
func WithoutInit(p *profile.Profile) *profile.Profile {
	c := p.Copy()
	c.FilterSamplesByName(nil, doInit, nil, nil)
	return c
}

var doInit = regexp.MustCompile(`^runtime\.doInit1?$`)

// WithoutParent returns a copy of p without the samples that the benchmark
// function top (BenchmarkX, of a package in scope) made in its own body, as
// the testing package ran it (testing.(*B).runN called it): for a profile of
// one of its sub-benchmarks (BenchmarkX/n=10), whose function is another (a
// closure, run on a goroutine of its own). top then runs once per process,
// with b.N = 1, to call b.Run, and go test counts none of what it
// allocates. Two attribution runs make the same set-up, but a pool refilled
// in one and not the other (fmt.Sprintf's, for a b.Run name) leaves some of
// it in their difference, as if the sub-benchmark's loop made it.
func WithoutParent(p *profile.Profile, scope Scope, top string) *profile.Profile {
	c := p.Copy()
	c.Sample = slices.DeleteFunc(c.Sample, func(s *profile.Sample) bool {
		var caller string // the function of the frame before, toward the leaf
		for _, loc := range s.Location {
			for _, l := range loc.Line {
				if l.Function == nil {
					continue
				}
				if l.Function.Name == "testing.(*B).runN" {
					return scope.Contains(caller) && strings.TrimPrefix(unescape(caller), FuncPackage(caller)+".") == top
				}
				caller = l.Function.Name
			}
		}
		return false
	})
	return c
}

func negate(n int) []float64 {
	r := make([]float64, n)
	for i := range r {
		r[i] = -1
	}
	return r
}
