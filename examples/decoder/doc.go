// Package decoder decodes space-separated decimal byte values ("79 75" is
// "OK") in the stages of the article "Squashing memory allocations in Go",
// each allocating less than the one before:
//
//   - Simple reads everything, converts it to a string, splits it and parses
//     each token: several allocations per call, plus one per growth of the
//     output slice.
//   - Prealloc (a Decoder) reuses its input and output buffers across calls.
//   - NoAlloc (a StreamDecoder) parses the byte stream as it reads it, into a
//     buffer the caller owns: no allocation at all.
//   - Dynamic appends to a bytes.Buffer, so the output has no fixed bound.
//   - Concurrent decodes many inputs on several goroutines, each with its own
//     buffers.
//
// Unlike the article's, every stage rejects bad input with a *SyntaxError:
// a token that is empty (a leading, trailing or doubled space, or no input at
// all), holds anything but ASCII digits, or is over 255. All stages agree with
// Simple on every input (FuzzStagesAgree).
//
// It is squash's demo target:
//
//	go run ./cmd/squash ./examples/decoder
package decoder
