// Package sexpr parses S-expressions into a tree, either on the heap
// ([Parse]) or with every node, list and decoded string taken from an
// [arena.Arena] ([ParseArena]). It is squash's worked example of the arena
// package: the same parser, two allocators, benchmarked side by side.
//
// The format:
//
//	expr   = list | string | symbol
//	list   = "(" { expr } ")"
//	string = '"' { char | "\\" | "\"" | "\n" | "\t" } '"'
//	symbol = a run of bytes other than space, tab, CR, LF, ( ) " and ;
//
// Space, tab, CR and LF separate expressions; ';' starts a comment that runs
// to the end of the line.
package sexpr
