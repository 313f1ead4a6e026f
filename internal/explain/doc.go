// Package explain gives every decision of the compiler on a range of lines.
//
// Explain builds the package that holds a file with the compiler's
// diagnostics on, and returns an Explanation: for each line, the records
// made there, those of its copies inlined into other functions, and those
// whose flow passes through it, with what the types of the code add.
// WriteText prints it as squash explain does. It needs no benchmark.
// Compile and Build.Explain build once for the lines of several files of
// one directory. The copies of a line inlined elsewhere come from the test
// binary's DWARF: the compiler's records name only those where something
// escapes.
package explain
