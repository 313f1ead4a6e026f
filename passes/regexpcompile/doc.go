// Package regexpcompile defines an Analyzer that reports regular
// expressions compiled from a constant pattern inside a function.
//
// # Analyzer regexpcompile
//
// regexpcompile: compile constant regular expressions once, at package level
//
// regexp.MustCompile parses and compiles its pattern on every call, with
// dozens of allocations. A constant pattern compiled inside a function that
// runs many times pays that again and again; a package-level variable pays
// it once:
//
//	func valid(s string) bool {
//		return regexp.MustCompile(`^[a-z]+$`).MatchString(s)
//	}
//
// becomes
//
//	var validRe = regexp.MustCompile(`^[a-z]+$`)
//
//	func valid(s string) bool {
//		return validRe.MatchString(s)
//	}
//
// regexp.Compile and the POSIX variants are reported too; only MustCompile
// and MustCompilePOSIX get a fix, since Compile's error needs a decision:
// the message says that MustCompile can take its place.
// The variable is named after the function, in mixedCaps (a method's name
// is prefixed by its receiver type's), and after the local variable that
// the compile initializes, if any, so that several compiles in one
// function get names that tell them apart (anchorRe := … in links becomes
// linksAnchorRe; a local named re, rx or regexp adds nothing), and never
// collides with a name declared or imported in the package or declared in
// the function.
//
// No fix is offered either when the pattern uses a constant or type
// declared inside the function, which the package-level variable could not
// see (the message names it), or when the compiled Regexp may have its Longest method called:
// Longest modifies the Regexp, so a shared one would change every caller's
// matches and race. Calls of Longest are followed through assignments,
// struct fields and functions returning the Regexp within the package, not
// through other function arguments, slices or maps.
//
// A constant pattern that does not compile is reported with the regexp
// package's error and no fix: the call fails every time, and a hoisted
// MustCompile would panic when the package is initialized, in every program
// that imports it, whether or not the function is ever called.
//
// Code that runs once is not reported: package-level initialisers, init
// functions, main.main, function literals passed to sync.Once.Do,
// sync.OnceFunc, sync.OnceValue and sync.OnceValues, and in _test.go files
// the Test functions (with their subtests), examples and TestMain, where
// a package-level variable would only move the cost to every run of the
// test binary. Nor are the functions that only init, main.main and
// package-level initialisers call, or functions that only those call, and
// so on: a function whose every use is a call outside loops and function
// literals, such as a method of package main that only main.main calls. A
// function that other packages could call (an exported one outside package
// main), or an interface (an exported method, or one whose name an
// interface of the package has), or that is used as a value, is reported.
// In init, main.main and the functions that run once with them, a compile
// in a loop, or in a function literal (a handler that main registers), runs
// many times all the same, and is reported; so is one in a function literal
// that a package-level variable holds (var Handler = func…, or a table of
// handlers), named after the variable, with its Regexp hoisted before it. A
// literal called where it is written, func() { … }(), runs once with the
// code around it: only its loops are reported.
// In a benchmark, a compile outside its timed loop is set-up, which runs a
// few times and is not timed per op: it is not reported either, even in a
// loop around b.Run; one in the loop of b.Loop, b.N (in the loop's clauses,
// or through a variable set from b.N) or RunParallel's pb.Next, or a loop
// within it, is. Fuzz targets and test helpers are
// reported: calls from tests do not count towards running once, as tests
// may call a helper many times, even where only one test does.
package regexpcompile
