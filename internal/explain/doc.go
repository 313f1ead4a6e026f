// Package explain gives every decision of the compiler on a range of lines.
//
// Explain builds the package that holds a file with the compiler's
// diagnostics on, and returns an Explanation: for each line, the records
// made there, those of its copies inlined into other functions, and those
// whose flow passes through it, with what the types of the code add.
// WriteText prints it as squash explain does. It needs no benchmark.
package explain
