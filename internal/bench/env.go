package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// A Process is one timing run of a benchmark in a process of its own, with
// what the process printed to its standard error and what the operating
// system says of it.
type Process struct {
	Result *Result // go test's figures of the one run, and its CPU profile
	// Stderr is what the process wrote to its standard error: the
	// runtime's traces, such as those of GODEBUG=gctrace=1.
	Stderr string
	// MaxRSS is the process's peak resident set size in bytes, from the
	// rusage that wait4 returns; 0 where the system gives none.
	MaxRSS int64
}

// TimeIn runs the timing run of the benchmark called name once, in a
// process of its own with env added to its environment (GOGC=50, for
// example), for benchtime ("" means 1s), writing its CPU profile to
// cpuProfile. If the benchmark fails, the error is a *Failure.
func (b *Binary) TimeIn(ctx context.Context, name string, env []string, benchtime, cpuProfile string) (*Process, error) {
	if benchtime == "" {
		benchtime = "1s"
	}
	cmd, timedOut, cancel := b.command(ctx, "-test.run=^$", "-test.bench="+ExactRegexp(name), "-test.benchmem",
		"-test.benchtime="+benchtime, "-test.count=1", "-test.cpuprofile="+cpuProfile)
	defer cancel()
	cmd.Env = append(os.Environ(), env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if timedOut() {
		return nil, b.timedOut(stdout.String()+stderr.String(), b.timeout())
	}
	if err != nil {
		if exit := (*exec.ExitError)(nil); errors.As(err, &exit) {
			f := b.failures(stdout.String() + stderr.String())[0]
			return nil, named(&f, name)
		}
		return nil, fmt.Errorf("running the test binary of %s: %w", b.Package.ImportPath, err)
	}
	rs, err := Parse(&stdout, name)
	if err != nil {
		return nil, err
	}
	res, err := summarize(name, rs)
	if err != nil {
		return nil, err
	}
	res.CPUProfile = cpuProfile
	res.GoVersion = b.GoVersion
	return &Process{Result: res, Stderr: stderr.String(), MaxRSS: maxRSS(cmd.ProcessState)}, nil
}
