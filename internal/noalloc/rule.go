package noalloc

import "github.com/squashgo/squash/internal/sarif"

// Rule is the SARIF rule of a Violation, which squash lint and squash
// guard report alike.
var Rule = sarif.Rule{
	ID:    "noalloc",
	Short: "a function marked //squash:noalloc sends a value to the heap",
	Help: "The compiler's escape analysis reports something inside a function marked //squash:noalloc, or in a callee inlined into it, " +
		"escaping to the heap or moved to it. The message gives the compiler's reason, and a next step where the fix is clear. " +
		"Take the marker off a function that may allocate.",
	HelpURI: "https://github.com/squashgo/squash/blob/main/docs/guard.md#squashnoalloc",
	Level:   "error",
}
