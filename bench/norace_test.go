//go:build !race

package bench

// raceEnabled is set when the race detector is on: see BenchmarkPoolFloorParallel.
const raceEnabled = false
