// Package bench builds a package's test binary once and runs its benchmarks.
//
// A package, as internal/gotool resolves it, is built with Build into a
// Binary whose compilation also wrote the compiler's escape-analysis
// diagnostics. Each benchmark is then run by Binary.Measure: a timing run at
// the normal memory-profile rate with a CPU profile, and two attribution
// runs with every allocation recorded (-test.memprofilerate=1), or, for a
// benchmark that allocates too much to record each one, about a million of
// them sampled (Options.Record). Results are read with
// golang.org/x/perf/benchfmt.
package bench
