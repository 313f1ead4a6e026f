package main

import (
	"os/exec"
	"testing"
)

// BenchmarkLintStd times squash lint and go vet of the standard library,
// with their caches warm: what squash adds to go vet's own work is its
// overhead, the ratio of the two. Run the two with -count 6 and compare
// them with benchstat.
func BenchmarkLintStd(b *testing.B) {
	exe := squashBinary(b)
	for _, tc := range []struct {
		impl string
		cmd  []string
	}{
		{"squash", []string{exe, "lint", "std"}},
		{"govet", []string{"go", "vet", "std"}},
	} {
		b.Run("impl="+tc.impl, func(b *testing.B) {
			run := func() {
				// Both exit 1 on findings: only their time counts here.
				exec.Command(tc.cmd[0], tc.cmd[1:]...).Run()
			}
			run() // warm the caches
			for b.Loop() {
				run()
			}
		})
	}
}
