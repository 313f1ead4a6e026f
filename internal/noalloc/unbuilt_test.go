package noalloc

import (
	"strings"
	"testing"
)

// TestUnbuiltRace: a file left out by the race tag names the flag that
// sets it, GOFLAGS=-race, with which guard checks it; other constraints, and
// a tag that only contains "race", keep the general advice.
func TestUnbuiltRace(t *testing.T) {
	for _, tc := range []struct {
		constraint string
		race       bool
	}{
		{"//go:build race", true},
		{"//go:build linux && !race", true},
		{"// +build amd64; // +build race", true},
		{"//go:build purego", false},
		{"//go:build racey", false},
		{"", false},
	} {
		got := Unbuilt{Function: "p.F", Constraint: tc.constraint}.Why("f.go")
		if has := strings.Contains(got, "GOFLAGS=-race"); has != tc.race {
			t.Errorf("%q: %q: GOFLAGS=-race named %v, want %v", tc.constraint, got, has, tc.race)
		}
	}
}
