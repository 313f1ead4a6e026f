package main

import (
	"flag"
	"fmt"

	"github.com/squashgo/squash/internal/bench"
)

// timeoutFlag defines -timeout on fs, for the commands that run test
// binaries, with go test's meaning and default; set gives the value to
// bench.Options.Timeout once fs is parsed.
func timeoutFlag(fs *flag.FlagSet, extra string) (set func(*bench.Options) error) {
	d := fs.Duration("timeout", bench.DefaultTimeout, "end a test binary that runs longer than `d`, and fail its benchmark, as go test -timeout; 0 means no limit"+extra)
	return func(opts *bench.Options) error {
		switch {
		case *d < 0:
			return fmt.Errorf("-timeout must not be negative: 0 means no limit, as in go test")
		case *d == 0:
			opts.Timeout = bench.NoTimeout
		default:
			opts.Timeout = *d
		}
		return nil
	}
}
