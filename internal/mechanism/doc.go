// Package mechanism names, in plain words, how a line allocates.
//
// A heap profile names the function that allocated, but hides the
// runtime's own frames: a line's append that grows, its make, its
// conversion to an interface or its map's growth show as the line itself.
// Of reads the mechanism from what the report has of the line: the
// function the profile shows allocating on its behalf, the line's text,
// what the types of the code say of it (an escape.Store), and the
// compiler's records of what the line allocates itself. Unrecorded says why
// a line the compiler has no record for may allocate all the same.
package mechanism
