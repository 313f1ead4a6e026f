// Package report joins what squash measured into one ranked report and
// renders it as text, JSON or an HTML page.
//
// Make runs the pipeline of DESIGN.md for each package: internal/bench builds
// the test binary once and runs every benchmark twice, internal/profile blames
// the recorded allocations on the user's lines and measures the CPU share of
// allocation and GC. FromProfile does the same for a profile taken elsewhere.
//
// Per-op figures are exact counts: what the difference of the two recorded
// runs holds, divided by the iterations it covers; for a benchmark that
// allocates too much to record each allocation, estimates from a sample
// (Benchmark.MemProfileRate), each with its error (Site.AllocsPerOpError).
// A benchmark's sites, the allocations outside the module and
// Benchmark.UnrecordedAllocsPerOp add up to its allocs/op.
package report
