// Package fixes holds, for each of squash's analyzers, the shape it reports
// and the same code after its fix, with a benchmark of each pair showing that
// the fix lowers allocs/op:
//
//	go test -run '^$' -bench . -benchmem ./examples/fixes
//
// squash lint reports every "before" function here on purpose.
package fixes
