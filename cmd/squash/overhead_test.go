package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var (
	warmOnce  sync.Once
	warmCache string // removed by TestMain
	warmErr   error
)

// BenchmarkReportOverhead times a report of testdata/overhead against go
// test -bench of the same benchmarks, with an empty build cache (cold) and a
// filled one (warm). Run it six times with -count 1, not once with -count
// 6, which repeats each sub-benchmark in a row. The two then alternate, and
// the machine's load weighs on both alike. Compare them with benchstat -col
// /impl.
func BenchmarkReportOverhead(b *testing.B) {
	exe := squashBinary(b)
	dir := filepath.Join(packageDir, "testdata", "overhead")
	commands := map[string][]string{
		"squash": {exe, "./..."},
		"gotest": {"go", "test", "-run", "^$", "-bench", ".", "-benchmem", "./..."},
	}
	run := func(impl, cache string) error {
		args := commands[impl]
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOCACHE="+cache)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("%s: %v\n%s", args, err, out.Bytes())
		}
		return nil
	}
	warm := func() (string, error) {
		warmOnce.Do(func() {
			// Both fill the cache: squash the test binaries built with the
			// compiler's diagnostics and the analyzers' results, go test
			// its own build.
			if warmCache, warmErr = os.MkdirTemp("", "squash-warm-cache-"); warmErr == nil {
				if warmErr = run("squash", warmCache); warmErr == nil {
					warmErr = run("gotest", warmCache)
				}
			}
		})
		return warmCache, warmErr
	}
	for _, cache := range []string{"cold", "warm"} {
		for _, impl := range []string{"squash", "gotest"} {
			b.Run("cache="+cache+"/impl="+impl, func(b *testing.B) {
				gocache, err := warm()
				if err != nil {
					b.Fatal(err)
				}
				for b.Loop() {
					if cache == "cold" {
						b.StopTimer()
						if gocache, err = os.MkdirTemp("", "squash-cold-cache-"); err != nil {
							b.Fatal(err)
						}
						b.StartTimer()
					}
					err := run(impl, gocache)
					if cache == "cold" {
						b.StopTimer()
						os.RemoveAll(gocache)
						b.StartTimer()
					}
					if err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
