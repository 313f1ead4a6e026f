// Package bench builds a package's test binary once and runs its benchmarks.
//
// A Package is resolved with the go command, built with Build into a Binary
// whose compilation also wrote the compiler's escape-analysis diagnostics,
// and then each benchmark is run twice by Binary.Measure: a timing run at the
// normal memory-profile rate with a CPU profile, and an attribution run with
// every allocation recorded (-test.memprofilerate=1). Results are read with
// golang.org/x/perf/benchfmt.
package bench
