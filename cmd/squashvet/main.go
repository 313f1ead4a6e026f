// Command squashvet runs squash's allocation analyzers as a go vet tool:
//
//	go build -o squashvet github.com/squashgo/squash/cmd/squashvet
//	go vet -vettool=$(pwd)/squashvet ./...
//
// It is what `squash lint` runs; the analyzers are listed by `squashvet help`.
package main

import (
	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/squashgo/squash/internal/lint"
)

func main() { unitchecker.Main(lint.Suite()...) }
