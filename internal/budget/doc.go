// Package budget reads, writes and checks allocation budgets: the
// squash.budget file that `squash guard -write` records at a module's root
// and `squash guard` checks benchmarks against.
//
// # Format
//
// A budget is UTF-8 text (a byte-order mark at its start is skipped, and
// lines may end in CRLF), one benchmark a line, sorted, so that a change to
// it reads well in a diff:
//
//	# squash allocation budget: written by `squash guard -write`.
//	squash budget v1
//	benchtime 100x
//
//	example.com/m/decoder BenchmarkNoAlloc 0 allocs/op 0 B/op
//	example.com/m/decoder BenchmarkSimple 12 allocs/op 4096 B/op
//		8 allocs/op decoder/decoder.go:31 decoder.Simple: out = append(out, r)
//		4 allocs/op decoder/decoder.go:40 decoder.parse: s := string(b)
//
// Blank lines and lines starting with # are comments. The first other line
// is the version, "squash budget v1". It may be followed by the -benchtime
// the figures were measured with, "benchtime 100x", which a check reuses:
// allocations amortised over iterations give other allocs/op at another
// benchtime. A benchmark line is not indented and has six fields: the
// package's import path, the benchmark's full name (as go test prints it,
// without the -GOMAXPROCS suffix), its allocs/op, the word allocs/op, its
// B/op and the word B/op, as go test measured them (the second highest of
// the runs). The indented lines below it are the sites that allocated when
// the budget was written, each with its estimated allocs/op, its file
// (relative to the module root) and line, its function and its source line.
//
// A site is identified by its function and its source text with runs of
// blanks folded to one, not by its line number: an edit elsewhere in the file
// that shifts lines leaves its sites known, and a failing check names only
// sites that are really new. The file:line is kept for display.
//
// Benchmarks and sites are sorted (by package and name; by file and line),
// and figures are printed in their shortest exact form, so that writing a
// budget twice from the same measurements gives the same bytes.
package budget
