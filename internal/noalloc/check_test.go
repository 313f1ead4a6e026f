package noalloc

import (
	"context"
	"fmt"
	"go/ast"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/escape"
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
		{"several packages", []string{"./a", "./clean"}, "", 41}, // the want comments of package a and its tests
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Check(context.Background(), nil, dir, tc.patterns)
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
	if _, err := Check(ctx, nil, dir, []string{"./a"}); err == nil {
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
	// The compiler gives some steps no place: file://__unnamed__ at line 0
	// in its JSON (rs/zerolog's var buf bytes.Buffer, globals.go:97).
	v.Flow = append(v.Flow, Step{Pos: escapePosition(escape.Position{File: "__unnamed__"}), Text: "flow: {heap} ← *{temp}"})
	if got, want := v.String(), want+"\n\tflow: {heap} ← *{temp}"; got != want {
		t.Errorf("step with no place: got\n%s\nwant\n%s", got, want)
	}
	misplaced := Violation{Pos: Position{File: "/m/a.go", Line: 1, Column: 1}, Reason: "misplaced //squash:noalloc: it must be a line of a function's doc comment"}
	if got := misplaced.Message(); got != misplaced.Reason {
		t.Errorf("misplaced message %q", got)
	}
}

// TestBuildConstraints: the marked functions checked are those of the files
// the go command builds, with the tags in GOFLAGS (cespare/xxhash's pure Go
// Sum64, in xxhash_other.go, which only -tags=purego builds on amd64, was
// passed over without a word, and with -tags=purego the assembly Sum64 of
// xxhash_asm.go, which that build leaves out, was said to have no Go body);
// the others are listed as not built.
func TestBuildConstraints(t *testing.T) {
	dir, _ := filepath.Abs("testdata/mod")
	for _, tc := range []struct {
		goflags   string
		checked   []string
		violation string // the function reported, or ""
		unbuilt   string
	}{
		{"", []string{"example.com/noalloc/tags.Fast", "example.com/noalloc/tags.Sum"}, "", "example.com/noalloc/tags.Slow purego.go //go:build purego"},
		{"-tags=purego", []string{"example.com/noalloc/tags.Slow", "example.com/noalloc/tags.Sum"}, "Slow", "example.com/noalloc/tags.Fast fast.go //go:build !purego"},
	} {
		t.Run("GOFLAGS="+tc.goflags, func(t *testing.T) {
			t.Setenv("GOFLAGS", tc.goflags)
			res, err := Check(context.Background(), nil, dir, []string{"./tags"})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(res.Functions, tc.checked) {
				t.Errorf("checked %q, want %q", res.Functions, tc.checked)
			}
			got := slices.Grow[[]string](nil, len(res.Violations))
			for _, v := range res.Violations {
				got = append(got, v.Function)
			}
			if want := []string{tc.violation}; tc.violation == "" && len(got) > 0 || tc.violation != "" && !slices.Equal(got, want) {
				t.Errorf("violations in %q, want %q: %v", got, tc.violation, res.Violations)
			}
			unbuilt := slices.Grow[[]string](nil, len(res.Unbuilt))
			for _, u := range res.Unbuilt {
				unbuilt = append(unbuilt, u.Function+" "+filepath.Base(u.File)+" "+u.Constraint)
			}
			if !slices.Equal(unbuilt, []string{tc.unbuilt}) {
				t.Errorf("unbuilt %q, want %q", unbuilt, tc.unbuilt)
			}
		})
	}
}

// FuzzNearDirective: a comment is the directive, a near miss of it with a
// reason, or neither; never both, and every near miss names the directive.
func FuzzNearDirective(f *testing.F) {
	for _, s := range []string{"//squash:noalloc", "// squash:noalloc", "/*squash:noalloc*/", "//squash:noallocs", "//squash:noalloc // x", "// plain", "//", "/**/", "//\t//squash:noalloc"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		c := &ast.Comment{Text: text}
		why := nearDirective(c)
		if isDirective(c) && why != "" {
			t.Errorf("%q is the directive and a near miss: %s", text, why)
		}
		if why != "" && !strings.Contains(why, Directive) {
			t.Errorf("%q: %q does not name %s", text, why, Directive)
		}
	})
}

// TestUnbuiltWhy: an unbuilt file's constraint is what leaves it out. A
// file with only // +build lines (golang/snappy's encode_other.go) was said
// to be left out by its name's _GOOS or _GOARCH, which it has none of; a
// file that imports "C", left out with cgo off, was said the same.
func TestUnbuiltWhy(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":       "module example.com/unbuilt\n\ngo 1.22\n",
		"u.go":         "package u\n",
		"plus.go":      "// +build !amd64,!arm64 appengine\n// +build !noasm\n\npackage u\n\n//squash:noalloc\nfunc Plus() {}\n",
		"both.go":      "//go:build purego\n// +build purego\n\npackage u\n\n//squash:noalloc\nfunc Both() {}\n",
		"cgo.go":       "package u\n\nimport \"C\"\n\n//squash:noalloc\nfunc Cgo() {}\n",
		"u_windows.go": "package u\n\n//squash:noalloc\nfunc Windows() {}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("CGO_ENABLED", "0")
	t.Setenv("GOOS", "linux")
	t.Setenv("GOARCH", "amd64")
	t.Setenv("GOFLAGS", "")
	res, err := Check(context.Background(), nil, dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	got := slices.Grow[[]string](nil, len(res.Unbuilt))
	for _, u := range res.Unbuilt {
		got = append(got, fmt.Sprintf("%s %s %q cgo=%v", u.Function, filepath.Base(u.File), u.Constraint, u.Cgo))
	}
	slices.Sort(got)
	want := []string{
		`example.com/unbuilt.Both both.go "//go:build purego" cgo=false`,
		`example.com/unbuilt.Cgo cgo.go "" cgo=true`,
		`example.com/unbuilt.Plus plus.go "// +build !amd64,!arm64 appengine; // +build !noasm" cgo=false`,
		`example.com/unbuilt.Windows u_windows.go "" cgo=false`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("unbuilt\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if !res.Marked() || len(res.Functions) != 0 {
		t.Errorf("Marked() = %v with %d functions checked, want true and 0: the marked functions are all unbuilt", res.Marked(), len(res.Functions))
	}
}
