package report

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	"golang.org/x/perf/benchfmt"

	"github.com/squashgo/squash/internal/profile"
)

// Names of what keep writes at the top of its directory.
const (
	KeptReport = "report.json"
	KeptBench  = "bench.txt"
)

// describe sets where r's benchmarks ran, from the first one measured:
// the Go that built its test binary, and the configuration lines that go
// test printed before its results.
func (r *Report) describe() {
	for _, p := range r.Packages {
		for _, b := range p.Benchmarks {
			if b.measured == nil || len(b.measured.Records) == 0 {
				continue
			}
			rec := b.measured.Records[0]
			r.GoVersion = b.measured.GoVersion
			r.GOOS, r.GOARCH, r.CPU = rec.GetConfig("goos"), rec.GetConfig("goarch"), rec.GetConfig("cpu")
			return
		}
	}
}

// keep writes into dir what r's runs measured, so that the tools people
// already use can open it:
//
//   - report.json, the report as -json prints it, with every site;
//   - bench.txt, every timing run's result line in the Go benchmark format,
//     which benchstat reads;
//   - for each benchmark, under its package's import path, NAME.cpu.pprof,
//     the CPU profile of its timing run, and NAME.alloc.pprof, the
//     difference of its attribution runs as squash blamed it (go tool pprof
//     -diff_base shows the same), where it allocated.
//
// NAME is the benchmark's name with its slashes escaped. Each file is
// written whole or not at all; files already in dir are written over.
func keep(dir string, r *Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("-keep: %w", err)
	}
	err := WriteFile(filepath.Join(dir, KeptBench), func(w io.Writer) error {
		bw := benchfmt.NewWriter(w)
		for _, p := range r.Packages {
			for _, b := range p.Benchmarks {
				if b.measured == nil {
					continue
				}
				for _, rec := range b.measured.Records {
					if err := bw.Write(rec); err != nil {
						return err
					}
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	for _, p := range r.Packages {
		for _, b := range p.Benchmarks {
			if b.measured == nil {
				continue
			}
			if err := keepProfiles(filepath.Join(dir, filepath.FromSlash(p.Path)), &b); err != nil {
				return fmt.Errorf("-keep: %s: %w", b.Name, err)
			}
		}
	}
	return WriteFile(filepath.Join(dir, KeptReport), func(w io.Writer) error { return WriteJSON(w, r) })
}

// keepProfiles writes b's CPU profile, as the benchmark wrote it, and its
// allocation difference into dir.
func keepProfiles(dir string, b *Benchmark) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name := filepath.Join(dir, url.PathEscape(b.Name))
	cpu, err := os.ReadFile(b.measured.CPUProfile)
	if err != nil {
		return err
	}
	if err := WriteFile(name+".cpu.pprof", func(w io.Writer) error { _, err := w.Write(cpu); return err }); err != nil {
		return err
	}
	if b.measured.MemProfile == "" {
		return nil // it did not allocate, or could not be recorded alone
	}
	mem, base, err := recorded(b.measured, b.scope)
	if err != nil {
		return err
	}
	d, err := profile.Diff(mem, base)
	if err != nil {
		return err
	}
	return WriteFile(name+".alloc.pprof", d.Write)
}

// WriteFile writes the file at path with write: into a temporary file in
// the same directory, renamed to path once write and the close succeed.
// The file at path is then whole, the old one or the new one, whenever
// squash stops.
func WriteFile(path string, write func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".squash-")
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		// The temporary file's name would only puzzle.
		return fmt.Errorf("cannot write %s: %w", path, pe.Err)
	}
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriter(tmp)
	if err := write(bw); err != nil {
		return err
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	// CreateTemp makes the file readable by its owner only.
	if err := tmp.Chmod(0o644); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}
