// Package gcsweep measures what the collector's two knobs, GOGC and
// GOMEMLIMIT, trade: CPU time against memory, per benchmark.
//
// Run builds a package's test binary once and runs each benchmark once per
// setting, each run in a process of its own with the setting in its
// environment and GODEBUG=gctrace=1, the settings interleaved. Every figure
// comes from outside the benchmark, as nothing can be added to a user's
// test binary:
//
//   - ns/op, B/op and allocs/op: go test's result line.
//   - the CPU shares of collecting and allocating: the run's CPU profile,
//     split as squash report splits it, but for the assists that
//     allocations make, which count as collecting
//     (internal/profile.CollectorShare).
//   - GCs per op: the collections the runtime started on its own, the
//     lines of GODEBUG=gctrace=1 without "(forced)", counted after the
//     testing package's last forced collection, which it makes before the
//     round of b.N iterations whose figures go test prints, over that b.N.
//   - peak RSS: the process's peak resident set, from the rusage of wait4:
//     what the machine had to give the whole test binary, heap, stacks,
//     the runtime's own and the binary's pages, to the kilobyte.
//   - peak heap: the largest heap that gctrace printed at the end of a
//     collection in that last round, which the runtime rounds down to a
//     whole megabyte.
//
// Peak RSS is the memory figure of the curve: it is exact where gctrace's
// is rounded to a megabyte, coarse for benchmarks whose heaps are a few
// megabytes, and it is what a container's limit counts.
package gcsweep
