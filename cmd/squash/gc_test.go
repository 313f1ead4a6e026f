package main

import (
	"strings"
	"testing"
)

// TestGCBadInput: a GOGC or GOMEMLIMIT value the runtime would not take
// is one line and exit 2, before anything is built.
func TestGCBadInput(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{"gc -gogc 0 ./ok", `-gogc "0": "0" is not a GOGC value`},
		{"gc -gogc 50,fast ./ok", `"fast" is not a GOGC value`},
		{"gc -memlimit 64MB ./ok", `-memlimit "64MB": "64MB" is not a GOMEMLIMIT value`},
		{"gc -count 0 ./ok", "-count must be at least 1"},
	} {
		code, stdout, stderr := squash(t, testMod, strings.Fields(tc.args)...)
		if code != exitError || stdout != "" || !strings.Contains(stderr, tc.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("squash %s: exit %d, stdout %q, stderr %q; want exit 2 and one line with %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
}
