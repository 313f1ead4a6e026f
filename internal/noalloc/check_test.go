package noalloc

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

func TestCheckBadInput(t *testing.T) {
	dir, _ := filepath.Abs("testdata/mod")
	for _, tc := range []struct {
		name     string
		patterns []string
		want     string // in the error; "" for none
		found    int
	}{
		{"does not compile", []string{"./broken"}, `example.com/noalloc/broken does not compile:`, 0},
		{"quotes the compiler", []string{"./broken"}, `cannot use "not an int"`, 0},
		{"no such package", []string{"./nosuch"}, "./nosuch: no such directory", 0},
		{"nothing marked", []string{"./clean"}, "", 0},
		{"several packages", []string{"./a", "./clean"}, "", 30}, // the want comments of package a and its tests
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Check(context.Background(), dir, tc.patterns)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("error %v, want …%s…", err, tc.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Violations) != tc.found {
				t.Errorf("%d violations, want %d: %v", len(res.Violations), tc.found, res.Violations)
			}
		})
	}
}

func TestCheckCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	dir, _ := filepath.Abs("testdata/mod")
	if _, err := Check(ctx, dir, []string{"./a"}); err == nil {
		t.Fatal("no error from a cancelled check")
	}
}

func TestViolationText(t *testing.T) {
	v := Violation{
		Pos:      Position{File: "/m/a.go", Line: 43, Column: 14},
		Function: "InlinedCallee",
		Reason:   "&T{...} escapes to heap",
		Inlined:  []Position{{File: "/m/a.go", Line: 36, Column: 9}},
		Flow:     []Step{{Pos: Position{File: "/m/a.go", Line: 43}, Text: "from psink = ~r0 (assign)"}},
	}
	want := "/m/a.go:43:14: InlinedCallee is //squash:noalloc but the compiler reports: &T{...} escapes to heap (at a.go:36, inlined here)\n\tfrom psink = ~r0 (assign) at a.go:43"
	if got := v.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	misplaced := Violation{Pos: Position{File: "/m/a.go", Line: 1, Column: 1}, Reason: "misplaced //squash:noalloc: it must be a line of a function's doc comment"}
	if got := misplaced.Message(); got != misplaced.Reason {
		t.Errorf("misplaced message %q", got)
	}
}
