package main

import (
	"strings"
	"testing"
)

// TestFixBadInput: squash fix says what is wrong in one line and exits 2,
// before it measures anything. internal/fix tests what it does.
func TestFixBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"bad count", []string{"fix", "-count", "0", "./ok"}, "squash: -count must be at least 1\n"},
		{"negative timeout", []string{"fix", "-timeout", "-1s", "./ok"}, "squash: -timeout must not be negative\n"},
		{"no benchmarks", []string{"fix", "./onlytests"}, "squash: no benchmarks in example.com/sq/onlytests: add a `func BenchmarkX(b *testing.B)` in a _test.go file\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := squash(t, testMod, tc.args...)
			if code != exitError || stdout != "" || !strings.HasPrefix(stderr, tc.want) {
				t.Errorf("squash %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.want)
			}
		})
	}
}
