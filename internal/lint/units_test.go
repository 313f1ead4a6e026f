package lint

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestReplayed: a unit analysed for facts is analysed in full where go vet
// would replay its output for the package linted itself. That is where the
// package has no _test.go file of its own that the build takes, or is in a
// module without a version, whose test files may change.
func TestReplayed(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	own := write("own/p.go", "package p\n")
	write("own/p_test.go", "package p\n")
	ext := write("ext/p.go", "package p\n")
	write("ext/p_test.go", "package p_test\n")
	left := write("left/p.go", "package p\n")
	ignored := write("left/p_test.go", "//go:build never\n\npackage p\n")
	write("left/_p_test.go", "package p\n")
	none := write("none/p.go", "package p\n")
	for _, tc := range []struct {
		name string
		cfg  vetConfig
		want bool
	}{
		{"own tests", vetConfig{Dir: filepath.Join(dir, "own"), GoFiles: []string{own}, ModulePath: "m", ModuleVersion: "v1.0.0"}, false},
		{"external tests alone", vetConfig{Dir: filepath.Join(dir, "ext"), GoFiles: []string{ext}, ModulePath: "m", ModuleVersion: "v1.0.0"}, true},
		{"tests the build leaves out", vetConfig{Dir: filepath.Join(dir, "left"), GoFiles: []string{left}, IgnoredFiles: []string{ignored}, ModulePath: "m", ModuleVersion: "v1.0.0"}, true},
		{"no tests, standard library", vetConfig{Dir: filepath.Join(dir, "none"), GoFiles: []string{none}}, true},
		{"own tests, standard library", vetConfig{Dir: filepath.Join(dir, "own"), GoFiles: []string{own}}, false},
		{"own tests, the user's module", vetConfig{Dir: filepath.Join(dir, "own"), GoFiles: []string{own}, ModulePath: "m"}, true},
		{"own tests, the user's module as go1.27 says it", vetConfig{Dir: filepath.Join(dir, "own"), GoFiles: []string{own}, Module: &struct{ Path, Version string }{Path: "m"}}, true},
	} {
		if got := replayed(tc.cfg); got != tc.want {
			t.Errorf("%s: replayed = %v, want %v", tc.name, got, tc.want)
		}
	}
}

// TestInFull: the config of a unit that needs it is copied with VetxOnly
// false and its other fields as they were; others are left alone.
func TestInFull(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "p.go")
	os.WriteFile(src, []byte("package p\n"), 0o644)
	cfg := func(vetxOnly bool) string {
		data, _ := json.Marshal(map[string]any{"ID": "m/p", "Dir": dir, "GoFiles": []string{src}, "ModulePath": "m", "VetxOnly": vetxOnly, "VetxOutput": "/w/vet.out"})
		name := filepath.Join(dir, "vet.cfg")
		os.WriteFile(name, data, 0o644)
		return name
	}
	name := cfg(true)
	args, err := inFull([]string{"tool", "-json", "-lint=findings", name})
	if err != nil || len(args) != 4 || args[3] == name || !slices.Equal(args[:3], []string{"tool", "-json", "-lint=findings"}) {
		t.Fatalf("inFull = %q, %v", args, err)
	}
	var got map[string]any
	data, _ := os.ReadFile(args[3])
	if err := json.Unmarshal(data, &got); err != nil || got["VetxOnly"] != false || got["VetxOutput"] != "/w/vet.out" || got["ID"] != "m/p" {
		t.Errorf("the copy holds %s (%v)", data, err)
	}
	name = cfg(false)
	if args, err := inFull([]string{"tool", name}); err != nil || args[1] != name {
		t.Errorf("inFull of a full unit = %q, %v", args, err)
	}
	if args, err := inFull([]string{"tool", "-flags"}); err != nil || !slices.Equal(args, []string{"tool", "-flags"}) {
		t.Errorf("inFull without a config = %q, %v", args, err)
	}
	os.WriteFile(name, []byte("{not json"), 0o644)
	if _, err := inFull([]string{"tool", name}); err == nil || !strings.Contains(err.Error(), "vet.cfg") {
		t.Errorf("inFull of a broken config: %v", err)
	}
}

func TestLintMode(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-json", "-lint=fixes", "x.cfg"}, lintFixes},
		{[]string{"--lint", "findings", "x.cfg"}, lintFindings},
		{[]string{"-json", "x.cfg"}, ""},
		{[]string{"-lintx=1", "lint=fixes"}, ""},
	} {
		if got := lintMode(tc.args); got != tc.want {
			t.Errorf("lintMode(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

// TestTargetsOf: of go vet's output, the units of the packages given are
// read, the first of each; a package alone, which go vet analyses for a
// package that imports it, is not where the package with its tests is
// given.
func TestTargetsOf(t *testing.T) {
	out := []byte(`# example.com/m/p
squash: unit: {"pkg":"example.com/m/p","tests":false}
{"example.com/m/p": {"prealloc": [{"posn": "/m/p/p.go:3:2", "message": "alone"}]}}
squash: unit: {"pkg":"example.com/m/p","tests":true}
{
	"example.com/m/p": {"prealloc": [{"posn": "/m/p/p.go:3:2", "message": "with tests"}]}
}
squash: unit: {"pkg":"example.com/m/q","tests":false}
{"example.com/m/q": {}}
squash: unit: {"pkg":"example.com/m/p","tests":true}
{"example.com/m/p": {"prealloc": [{"posn": "/m/p/p.go:3:2", "message": "again"}]}}
`)
	units := readUnits(append([]byte("{\"before\": {}}\n"), out...))
	if len(units) != 4 || !units[1].head.Tests || units[0].head.Tests {
		t.Fatalf("readUnits = %+v", units)
	}
	tg := targets{units: map[unitKey]bool{{"example.com/m/p", true}: true}}
	got := tg.of(units)
	if len(got) != 1 || !strings.Contains(string(got[0].json), "with tests") {
		t.Errorf("of = %+v, want p with its tests, once", got)
	}
}

// FuzzReadUnits: any output splits into units without a panic, and a
// unit holds lines of the output that are neither go vet's "# pkg" lines
// nor heads.
func FuzzReadUnits(f *testing.F) {
	f.Add([]byte("squash: unit: {\"pkg\":\"p\",\"tests\":true,\"made\":1}\n{\"p\": {}}\n"))
	f.Add([]byte("# p\nsquash: unit: {not json\n{}\nsquash: unit: {}\n"))
	f.Fuzz(func(t *testing.T, out []byte) {
		lines := map[string]bool{}
		for l := range bytes.Lines(out) {
			lines[string(l)] = true
		}
		for _, u := range readUnits(out) {
			for l := range bytes.Lines(u.json) {
				rest, head := bytes.CutPrefix(l, []byte(unitPrefix))
				if !lines[string(l)] || bytes.HasPrefix(l, []byte("#")) || head && json.Unmarshal(rest, new(unitLine)) == nil {
					t.Fatalf("unit %+v holds %q", u.head, l)
				}
			}
		}
	})
}
