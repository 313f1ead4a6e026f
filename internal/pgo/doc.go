// Package pgo measures what profile-guided optimisation does to a
// package's allocations.
//
// The go command's -pgo builds a program with a CPU profile: the inliner
// gives the calls that the profile shows hot a larger budget, and a value
// that a function returned through a pointer may then stay on the stack of
// its caller. Measure builds the test binaries twice, with -pgo=off and
// with the profile, measures both as squash report does, and sets the two
// reports side by side as squash diff does. For each site that PGO removed
// or added, it joins what each build's compiler recorded: the escape
// records of the line, the inlining decision on its function, and the
// calls the line was inlined into, read from each test binary's DWARF.
package pgo
