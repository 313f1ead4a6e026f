// Package buildergrow defines an Analyzer that reports a strings.Builder or
// bytes.Buffer written once per iteration of a loop of known length without
// Grow.
//
// # Analyzer buildergrow
//
// buildergrow: grow a builder once before a loop that writes a bounded amount
//
// A strings.Builder or bytes.Buffer that starts empty doubles its buffer as
// it is written, copying what it holds each time. When a loop of known length
// writes at most a constant number of bytes per iteration, one Grow before
// the loop sizes it for all of them:
//
//	var b strings.Builder
//	for _, id := range ids {
//		b.WriteByte(',')
//		b.WriteRune(id)
//	}
//
// becomes
//
//	var b strings.Builder
//	b.Grow(len(ids) * 5)
//	for _, id := range ids {
//		b.WriteByte(',')
//		b.WriteRune(id)
//	}
//
// Only WriteByte (1 byte), WriteRune (at most 4, or the length of a constant
// rune) and WriteString of a constant count as bounded; a loop that writes
// anything else, writes under a condition, may exit early, or a builder that
// is grown anywhere in the function is not reported. A builder written
// before the loop is reported too: Grow makes room for the loop's bytes
// beyond what it holds, in one reallocation at most, which saves nothing
// when the loop writes only a few bytes in all. Each such loop after the
// declaration is reported, with a Grow of its own before it, whatever the
// loops between write: a Grow before the first sizes the builder for that
// loop alone.
//
// Grow panics on a negative count, which a loop bound such as n or
// len(ids)-1 can be when the loop does not run: the fix then grows by
// max(0, n) times the bytes per iteration. Where the builtin max is not
// available (before Go 1.21, or hidden by a declaration of max) such a loop
// is reported without a fix, and the message says why. A
// count that is len or cap of something, a constant, unsigned, or a local
// variable set to such a value and not assigned since is used as it is. Nor
// is a loop reported where the code declares len or int itself, hiding the
// builtin or the type that the fix may write. The Grow calls of several
// builders written by one loop, and the declarations that prealloc and
// mapsize move down to it, come in the order of the declarations they are
// about.
package buildergrow
