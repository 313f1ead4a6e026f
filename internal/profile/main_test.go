package profile

import (
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

// TestQualifyMain: a function of package main is named by the import path
// of the main package whose directory (or, built with -trimpath, whose
// import path) holds its file, or of the only main package named.
func TestQualifyMain(t *testing.T) {
	srv := Main{ImportPath: "example.com/srv", Dir: "/src/srv"}
	tool := Main{ImportPath: "example.com/srv/cmd/my.tool", Dir: "/src/srv/cmd/my.tool"}
	for _, tc := range []struct {
		fn, file string
		mains    []Main
		want     string
	}{
		{"main.work", "/src/srv/main.go", []Main{srv, tool}, "example.com/srv.work"},
		{"main.(*T).M", "/src/srv/cmd/my.tool/t.go", []Main{srv, tool}, "example.com/srv/cmd/my%2etool.(*T).M"},
		{"main.main.func1", "example.com/srv/main.go", []Main{tool, srv}, "example.com/srv.main.func1"}, // -trimpath
		{"main.work", "/build/elsewhere/main.go", []Main{srv}, "example.com/srv.work"},
		{"main.work", "/build/elsewhere/main.go", []Main{srv, tool}, "main.work"}, // which one is unknown
		{"main.work", "/src/srv/main.go", nil, "main.work"},
		{"example.com/srv/lib.F", "/src/srv/lib/f.go", []Main{srv}, "example.com/srv/lib.F"},
	} {
		p := &profile.Profile{Function: []*profile.Function{{ID: 1, Name: tc.fn, SystemName: tc.fn, Filename: tc.file}}}
		q := QualifyMain(p, tc.mains)
		if got := q.Function[0].Name; got != tc.want {
			t.Errorf("%s in %s: %s, want %s", tc.fn, tc.file, got, tc.want)
		}
		if p.Function[0].Name != tc.fn {
			t.Errorf("%s: the profile given was changed", tc.fn)
		}
	}
}

// TestMergeDifferentBinaries: profiles of different builds, by build ID
// or, without one, by file name, are not merged.
func TestMergeDifferentBinaries(t *testing.T) {
	of := func(file, id string) *profile.Profile {
		m := &profile.Mapping{ID: 1, File: file, BuildID: id}
		return &profile.Profile{
			SampleType: []*profile.ValueType{{Type: "alloc_objects", Unit: "count"}, {Type: "alloc_space", Unit: "bytes"}},
			Mapping:    []*profile.Mapping{m},
		}
	}
	for _, tc := range []struct {
		a, b *profile.Profile
		err  string
	}{
		{of("/bin/srv", "abc"), of("/opt/srv", "abc"), ""},
		{of("/bin/srv", "abc"), of("/bin/srv", "def"), "a and b are profiles of different binaries (build ID abc, build ID def): merge profiles of one build only"},
		{of("/bin/srv", ""), of("/opt/srv", ""), ""},
		{of("/bin/srv", ""), of("/bin/other", ""), "a and b are profiles of different binaries (srv, other)"},
		{of("/bin/srv", "abc"), of("/bin/srv", ""), ""},
	} {
		_, err := Merge([]string{"a", "b"}, []*profile.Profile{tc.a, tc.b})
		if tc.err == "" && err != nil || tc.err != "" && (err == nil || !strings.HasPrefix(err.Error(), tc.err)) {
			t.Errorf("%s %s, %s %s: err = %v, want %q", tc.a.Mapping[0].File, tc.a.Mapping[0].BuildID, tc.b.Mapping[0].File, tc.b.Mapping[0].BuildID, err, tc.err)
		}
	}
}
