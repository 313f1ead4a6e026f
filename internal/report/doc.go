// Package report joins what squash measured into one ranked report and
// renders it as text or JSON.
//
// Make runs the pipeline of DESIGN.md for each package: internal/bench builds
// the test binary once and runs every benchmark twice, internal/profile blames
// the recorded allocations on the user's lines and measures the CPU share of
// allocation and GC. FromProfile does the same for a profile taken elsewhere.
//
// Per-op figures are estimates scaled from exact counts: a site's share of
// the objects (bytes) recorded in the attribution run, times the benchmark's
// measured allocs/op (B/op), so that a benchmark's sites add up to its
// allocs/op.
package report
