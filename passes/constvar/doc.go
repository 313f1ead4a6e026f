// Package constvar defines an Analyzer that reports package-level
// variables that could be constants, where converting them to an interface
// copies their value to the heap.
//
// # Analyzer constvar
//
// constvar: make a package-level variable that nothing assigns a const
//
// A variable passed where an interface is expected, such as an argument of
// fmt.Fprint, returned as an interface or stored in one, is copied to the
// heap by the conversion (runtime.convT*) wherever the interface escapes.
// A constant is not: the interface points at read-only data. A variable
// that nothing assigns could be that constant:
//
//	var greeting = "hello, world"
//
//	func Greet(w io.Writer) { fmt.Fprint(w, greeting) }
//
// becomes
//
//	const greeting = "hello, world"
//
// It reports an unexported package-level variable of a string, boolean or
// integer type, set by a constant expression, that the package converts to
// an interface somewhere, and never assigns, increments, takes the address
// of (&v, or a method with a pointer receiver called on it), nor names in a
// //go:linkname directive. Its finding is at the declaration, with each
// conversion as related information. A variable whose value the runtime
// boxes from static memory anyway, a number from 0 to 255 or the empty
// string, is not reported: the conversion allocates nothing.
//
// The fix replaces var with const. It keeps the variable's type where its
// initializer is an untyped number, so that n / 2.0 still divides integers.
// A variable declared in a group with others that must stay variables is
// moved into a const declaration of its own after the group. One declared
// in one spec with another name (var a, b = 1, f()) gets no fix: the
// message says why.
//
// What it does not see: an analyzer sees one package. An exported variable
// may be assigned by the packages that import it, even in an internal
// package, so it is not reported. The package's test files count where go
// vet gives them, as it does by default; the files that the build leaves
// out are read without types, and any assignment there to a name of the
// variable's counts. Nor does it see whether the interface escapes: where
// it does not, the conversion is on the stack, and the const saves nothing
// but is no worse. Floats are not reported: constant arithmetic is exact,
// so an expression of several steps may round otherwise than at run time.
// The fix may fail to compile where the code relied on the variable's
// arithmetic at run time, such as a shift that overflows, which a constant
// refuses.
package constvar
