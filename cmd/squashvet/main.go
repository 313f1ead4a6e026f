// Command squashvet runs squash's allocation analyzers as a go vet tool:
//
//	go build -o squashvet github.com/squashgo/squash/cmd/squashvet
//	go vet -vettool=$(pwd)/squashvet ./...
//
// It is what `squash lint` runs; the analyzers are listed by `squashvet help`.
// A deliberate finding is kept by //squash:ignore NAME REASON at the end of
// its line or alone on the line above it, as in squash lint.
package main

import (
	"github.com/squashgo/squash/internal/lint"
)

func main() { lint.Main() }
