// Package bench compares squash's library packages with their peers.
//
// It is a separate module so that the main module keeps no peer
// dependencies. Benchmarks are named BenchmarkX/key=value/impl=NAME so that
// benchstat can project on any key:
//
//	go test -run '^$' -bench . -count 6 > new.txt
//	benchstat -col /impl new.txt
package bench
