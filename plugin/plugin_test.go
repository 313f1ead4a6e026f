package plugin

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

// names returns the names of the analyzers that settings choose.
func names(t *testing.T, settings any) ([]string, error) {
	t.Helper()
	p, err := New(settings)
	if err != nil {
		return nil, err
	}
	as, err := p.BuildAnalyzers()
	if err != nil || p.GetLoadMode() != register.LoadModeTypesInfo {
		t.Fatalf("BuildAnalyzers: %v; load mode %s", err, p.GetLoadMode())
	}
	out := slices.Grow[[]string](nil, len(as))
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out, nil
}

// TestSettings: enable and disable choose among squash's own analyzers;
// a name that none has, or a setting that the plugin lacks, is an error
// that says what to write.
func TestSettings(t *testing.T) {
	for _, tc := range []struct {
		settings string
		want     []string
		err      string
	}{
		{`null`, Analyzers, ""},
		{`{}`, Analyzers, ""},
		{`{"enable": ["prealloc", "mapsize"]}`, []string{"prealloc", "mapsize"}, ""},
		{`{"disable": ["constvar", "ignore"]}`, Analyzers[:len(Analyzers)-2], ""},
		{`{"enable": ["prealloc"], "disable": ["prealloc"]}`, nil, ""},
		{`{"enable": ["prealoc"]}`, nil, "squash: no analyzer is named prealoc (did you mean prealloc?): name one of prealloc, mapsize,"},
		{`{"disable": ["perfsprint"]}`, nil, "squash: no analyzer is named perfsprint: name one of"},
		{`{"analyzers": ["prealloc"]}`, nil, `squash: decoding settings: json: unknown field "analyzers": the settings are enable and disable`},
	} {
		var settings any
		if err := json.Unmarshal([]byte(tc.settings), &settings); err != nil {
			t.Fatal(err)
		}
		got, err := names(t, settings)
		switch {
		case tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)):
			t.Errorf("%s: error %v, want %s…", tc.settings, err, tc.err)
		case tc.err == "" && (err != nil || !slices.Equal(got, tc.want)):
			t.Errorf("%s: %q, %v; want %q", tc.settings, got, err, tc.want)
		}
	}
}

// testMod is a module with a finding of each analyzer of the plugin.
const testMod = "testdata/mod"

// TestAnalyzers runs the plugin's analyzers under go/analysis's checker on
// testdata/mod, and prints their findings as golangci-lint's text output
// prints them, a related place as an issue of its own. They must be testdata/mod/run.golden, which the test of the
// custom golangci-lint binary compares its own output with too.
func TestAnalyzers(t *testing.T) {
	p, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, _ := p.BuildAnalyzers()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadAllSyntax | packages.NeedModule, Dir: testMod}, "./...")
	if err != nil || packages.PrintErrors(pkgs) > 0 {
		t.Fatalf("loading %s: %v", testMod, err)
	}
	g, err := checker.Analyze(as, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(testMod)
	var got []string
	line := func(act *checker.Action, p token.Pos, name, msg string) {
		pos := act.Package.Fset.Position(p)
		file, _ := filepath.Rel(abs, pos.Filename)
		got = append(got, fmt.Sprintf("%s:%d:%d: %s: %s (squash)", filepath.ToSlash(file), pos.Line, pos.Column, name, msg))
	}
	for _, act := range g.Roots {
		for _, d := range act.Diagnostics {
			line(act, d.Pos, act.Analyzer.Name, d.Message)
			// golangci-lint reports each related place as an issue too.
			for _, r := range d.Related {
				line(act, r.Pos, act.Analyzer.Name+"(related information)", r.Message)
			}
		}
	}
	slices.SortFunc(got, compareFindings)
	want := golden(t, filepath.Join(testMod, "run.golden"))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant (run.golden):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// golden returns the lines of a golden file.
func golden(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

// compareFindings orders lines FILE:LINE:COL: … by file, line and column.
func compareFindings(a, b string) int {
	key := func(s string) (string, int, int) {
		parts := strings.SplitN(s, ":", 4)
		if len(parts) < 4 {
			return s, 0, 0
		}
		line, _ := strconv.Atoi(parts[1])
		col, _ := strconv.Atoi(parts[2])
		return parts[0], line, col
	}
	fa, la, ca := key(a)
	fb, lb, cb := key(b)
	return cmp.Or(strings.Compare(fa, fb), cmp.Compare(la, lb), cmp.Compare(ca, cb), strings.Compare(a, b))
}

// FuzzSettings: whatever golangci-lint decodes from a configuration, New
// returns an error or a plugin of squash's analyzers, and does not panic.
func FuzzSettings(f *testing.F) {
	for _, s := range []string{`null`, `{"enable": ["prealloc"]}`, `{"disable": ["x", 1]}`, `[1, 2]`, `"enable"`, `{"enable": null}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		var settings any
		if json.Unmarshal([]byte(data), &settings) != nil {
			return
		}
		p, err := New(settings)
		if err != nil {
			return
		}
		as, _ := p.BuildAnalyzers()
		for _, a := range as {
			if !slices.Contains(Analyzers, a.Name) {
				t.Errorf("%s: analyzer %s is not the plugin's", data, a.Name)
			}
		}
	})
}

// TestDocumentedConfig: the configurations that docs/integrations.md shows
// are those that .ci/golangci-lint builds and runs, but for the plugin's
// version, which a user names where the test names this checkout; and the
// output it shows is some of run.golden.
func TestDocumentedConfig(t *testing.T) {
	doc, err := os.ReadFile("../docs/integrations.md")
	if err != nil {
		t.Fatal(err)
	}
	var yamls, texts []string
	parts := strings.Split(string(doc), "```")
	for i := 1; i < len(parts); i += 2 { // the fenced blocks
		switch lang, body, _ := strings.Cut(parts[i], "\n"); lang {
		case "yaml":
			yamls = append(yamls, body)
		case "":
			texts = append(texts, body)
		}
	}
	custom, err := os.ReadFile("testdata/.custom-gcl.yml")
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for l := range strings.Lines(string(custom)) {
		if !strings.HasPrefix(l, "#") {
			kept = append(kept, strings.Replace(l, "path: ../..", "version: latest", 1))
		}
	}
	golangci, err := os.ReadFile(filepath.Join(testMod, ".golangci.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(yamls) != 2 || yamls[0] != strings.Join(kept, "") || yamls[1] != string(golangci) {
		t.Errorf("docs/integrations.md's YAML:\n%s\nwant testdata's .custom-gcl.yml, with a version, and .golangci.yml:\n%s\n%s", strings.Join(yamls, "\n"), strings.Join(kept, ""), golangci)
	}
	run := golden(t, filepath.Join(testMod, "run.golden"))
	for _, text := range texts {
		for l := range strings.Lines(text) {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, "users/") && !slices.Contains(run, l) {
				t.Errorf("docs/integrations.md shows %q, which run.golden lacks", l)
			}
		}
	}
}
