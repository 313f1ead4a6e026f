package main

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/version"
)

// TestUnknownCommand: a word that is neither a command nor a package the go
// command resolves is refused as a command; package patterns, words among
// them, go on to report.
func TestUnknownCommand(t *testing.T) {
	for arg, want := range map[string]bool{
		"gaurd":          true,
		"verison":        true,
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
}

// TestBadFlag: a flag a command does not have, or a bad value, gets one line
// that names the command and -h, and exit status 2, not the whole usage.
func TestBadFlag(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{"-nosuchflag", "squash report: flag provided but not defined: -nosuchflag: run 'squash report -h' for its flags"},
		{"lint -nosuchflag", "squash lint: flag provided but not defined: -nosuchflag: run 'squash lint -h' for its flags"},
		{"guard -count x", `squash guard: invalid value "x" for flag -count: parse error: run 'squash guard -h' for its flags`},
		{"explain -in", "squash explain: flag needs an argument: -in: run 'squash explain -h' for its flags"},
	} {
		code, stdout, stderr := squash(t, testMod, strings.Fields(tc.args)...)
		if code != exitError || stdout != "" || stderr != tc.want+"\n" {
			t.Errorf("squash %s: exit %d, stdout %q, stderr %q; want exit 2 and %q", tc.args, code, stdout, stderr, tc.want)
		}
	}
	if code, _, stderr := squash(t, testMod, "lint", "-h"); code != exitClean || !strings.HasPrefix(stderr, "usage: squash lint") {
		t.Errorf("squash lint -h: exit %d, stderr %q; want the usage and exit 0", code, stderr)
	}
}

// TestFlagsAfterPackages: flags may follow the packages, as go test takes
// them; a flag's value stays with it, and "--" ends the flags.
func TestFlagsAfterPackages(t *testing.T) {
	for _, tc := range []struct{ args, flags, rest, err string }{
		{". -bench Key", "bench=Key count=1 json=false", ".", ""},
		{"-json ./a ./b -count 3 -bench=X", "bench=X count=3 json=true", "./a ./b", ""},
		{"./a -json -- -b ./c", "bench=. count=1 json=true", "./a -b ./c", ""},
		{"./a -nosuch x", "", "", "flag provided but not defined: -nosuch"},
		{"./a -bench", "", "", "flag needs an argument: -bench"},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		fs.String("bench", ".", "")
		fs.Bool("json", false, "")
		fs.Int("count", 1, "")
		err := parseInterleaved(fs, strings.Fields(tc.args))
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: error %v, want %s", tc.args, err, tc.err)
			}
			continue
		}
		var flags []string
		fs.VisitAll(func(f *flag.Flag) { flags = append(flags, f.Name+"="+f.Value.String()) })
		if err != nil || strings.Join(flags, " ") != tc.flags || strings.Join(fs.Args(), " ") != tc.rest {
			t.Errorf("%s: flags %v, arguments %q, error %v; want %s and %s", tc.args, flags, fs.Args(), err, tc.flags, tc.rest)
		}
	}
	code, stdout, stderr := squash(t, testMod, "./ok", "-count", "0")
	if code != exitError || stdout != "" || stderr != "squash: -count must be at least 1\n" {
		t.Errorf("squash ./ok -count 0: exit %d, stdout %q, stderr %q; want the flag read after the package", code, stdout, stderr)
	}
}

// TestHelpCommand: help COMMAND prints the command's usage on stdout, as
// go help does; a command squash lacks gets one line and exit 2.
func TestHelpCommand(t *testing.T) {
	for _, name := range commandNames() {
		code, stdout, stderr := squash(t, testMod, "help", name)
		if code != exitClean || !strings.HasPrefix(stdout, "usage: squash ") || !strings.Contains(stdout, name) || stderr != "" {
			t.Errorf("squash help %s: exit %d, stdout %q, stderr %q", name, code, stdout, stderr)
		}
	}
	code, stdout, stderr := squash(t, testMod, "help", "gaurd")
	if code != exitError || stdout != "" || stderr != "squash: help takes one command, one of diff, explain, fix, gc, guard, lint, report, version\n" {
		t.Errorf("squash help gaurd: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

// TestVersion: squash version, -V and -V=full give the module's version and
// the Go version from the binary's build information; -V=full ends with
// the hash of the binary, by which go vet keys its cache.
func TestVersion(t *testing.T) {
	exe := squashBinary(t)
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	goVersion := runtime.Version()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"version"}, "squash version (devel) " + goVersion + " " + runtime.GOOS + "/" + runtime.GOARCH + "\n"},
		{[]string{"-V"}, "squash version (devel)\n"},
		{[]string{"-V=full"}, fmt.Sprintf("squash version (devel) %s %s/%s buildID=%x\n", goVersion, runtime.GOOS, runtime.GOARCH, sha256.Sum256(data))},
	} {
		code, stdout, stderr := runSquash(t, testMod, tc.args...)
		if code != exitClean || stdout != tc.want || stderr != "" {
			t.Errorf("squash %s: exit %d, stdout %q, stderr %q; want %q", strings.Join(tc.args, " "), code, stdout, stderr, tc.want)
		}
	}
	code, stdout, _ := runSquash(t, testMod, "version", "-json")
	var v version.Build
	if err := json.Unmarshal([]byte(stdout), &v); code != exitClean || err != nil || v.GoVersion != goVersion || v.Path != "github.com/squashgo/squash/cmd/squash" || v.Version == "" {
		t.Errorf("squash version -json: exit %d, %v, %+v", code, err, v)
	}
}

// TestVettool: go vet -vettool=$(which squash) runs squash's analyzers, as
// it runs cmd/squashvet, and caches by squash -V=full.
func TestVettool(t *testing.T) {
	cmd := exec.Command("go", "vet", "-vettool="+squashBinary(t), "./ok")
	cmd.Dir = filepath.Join(packageDir, testMod)
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 1 || !strings.Contains(string(out), "ok/ok.go:9:2: out grows once per iteration") {
		t.Errorf("go vet -vettool=squash ./ok: %v\n%s", err, out)
	}
	cmd = exec.Command("go", "vet", "-vettool="+squashBinary(t), "-prealloc=false", "./ok")
	cmd.Dir = filepath.Join(packageDir, testMod)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go vet -vettool=squash -prealloc=false ./ok: %v\n%s", err, out)
	}
}
