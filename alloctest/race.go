//go:build race

package alloctest

// raceEnabled is set when the race detector is on: it makes code allocate
// (sync.Pool drops items at random, for one), so counts mean nothing.
const raceEnabled = true
