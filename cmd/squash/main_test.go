package main

import (
	"context"
	"testing"
)

// TestUnknownCommand: a word that is neither a command nor a package the go
// command resolves is refused as a command; package patterns, words among
// them, go on to report.
func TestUnknownCommand(t *testing.T) {
	for arg, want := range map[string]bool{
		"gaurd":          true,
		"version":        true,
		"strings":        false,
		"net":            false,
		"std":            false,
		"./ok":           false,
		"./...":          false,
		"example.com/m":  false,
		"encoding/json":  false,
		"-bench":         false,
		"BenchmarkThing": false,
	} {
		if _, got := unknownCommand(context.Background(), arg); got != want {
			t.Errorf("unknownCommand(%q) = %v, want %v", arg, got, want)
		}
	}
	for a, b := range map[[2]string]int{{"gaurd", "guard"}: 2, {"explian", "explain"}: 2, {"lnt", "lint"}: 1, {"version", "report"}: 6, {"", "lint"}: 4} {
		if got := editDistance(a[0], a[1]); got != b {
			t.Errorf("editDistance(%q, %q) = %d, want %d", a[0], a[1], got, b)
		}
	}
}
