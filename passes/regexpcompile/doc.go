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
// and MustCompilePOSIX get a fix, since Compile's error needs a decision.
// Package-level initialisers, init functions and main.main, which run once,
// are not reported.
package regexpcompile
