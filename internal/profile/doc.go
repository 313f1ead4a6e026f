// Package profile turns pprof profiles into allocation sites blamed on the
// user's own lines.
//
// Profiles are read with github.com/google/pprof/profile; this package never
// parses pprof bytes itself. A Site is one line of the user's code and the
// objects and bytes allocated on its behalf: each sample is blamed on the
// first stack frame, counting from the allocation, whose function belongs to
// the user's code, and the deepest frame is kept as the Mechanism when it is
// not that line itself.
package profile
