package lint

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/squashgo/squash/internal/gotool"
	"github.com/squashgo/squash/internal/text"
)

// A Finding is one diagnostic of one analyzer.
type Finding struct {
	Pass    string `json:"pass"` // analyzer name
	File    string `json:"file"` // absolute path (see ModuleRelative)
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	EndLine int    `json:"end_line"` // last line the finding covers (>= Line)
	// Lines are the lines the finding concerns: its own and those of its
	// related information (for prealloc, the append that grows the slice),
	// where a measured allocation site may be.
	Lines   []int  `json:"lines"`
	Message string `json:"message"`
	// Fix is the first suggested fix in words and the new text, or "" when
	// the analyzer offers none.
	Fix string `json:"fix,omitempty"`
	// Share is, with lint -profile, the share of the profile's
	// allocations on the finding's lines.
	Share float64 `json:"share,omitempty"`

	endCol int        // the column where the finding ends, 0 if unknown
	edits  []jsonEdit // the first fix's edits, for a SARIF log
}

// String returns the finding as go vet prints it: FILE:LINE:COL: MESSAGE [PASS].
func (f Finding) String() string {
	return fmt.Sprintf("%s:%d:%d: %s [%s]", f.File, f.Line, f.Col, f.Message, f.Pass)
}

// ModuleRelative returns a copy of findings with each file named as squash
// report's JSON names it: relative to the root of its package's module
// (GOROOT/src for the standard library), with slashes. pkgs are the
// packages linted, as gotool.Resolve gives them; a file in none of their
// directories keeps its absolute path, as does one outside its root.
func ModuleRelative(findings []Finding, pkgs []gotool.Package) []Finding {
	roots := make(map[string]string, len(pkgs)) // directory -> root
	for _, p := range pkgs {
		roots[p.Dir] = p.Root
	}
	out := slices.Clone(findings)
	for i, f := range out {
		if r, ok := text.Within(roots[filepath.Dir(f.File)], f.File); ok {
			out[i].File = r
		}
	}
	return out
}

// A Config says where and how to run the analyzers.
type Config struct {
	Dir      string   // where the go command runs
	Patterns []string // package patterns; none means "."
	// Tool is the vet tool to run: a binary that runs unitchecker.Main over
	// Suite (cmd/squashvet, or squash itself with Env set so that it acts
	// as one).
	Tool string
	Env  []string // added to the environment of go vet
	// Analyzers are the analyzers set on or off by name, as a Selection
	// returns them; nil runs them all.
	Analyzers map[string]bool
}

// vet runs go vet with the tool and extra flags, returning its standard
// output, also with an error, as go vet goes on past a package that fails.
// go vet exits 1 when a tool reports (and with -diff when there is a diff);
// that is an error only when it also wrote to standard error, where compile
// errors and missing packages go.
func (c Config) vet(ctx context.Context, flags ...string) ([]byte, error) {
	if c.Tool == "" {
		return nil, errors.New("lint: no vet tool configured")
	}
	patterns := c.Patterns
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	if err := gotool.CheckPatterns(c.Dir, patterns); err != nil {
		return nil, err
	}
	args := append(append([]string{"vet", "-vettool=" + c.Tool}, selectionFlags(c.Analyzers)...), flags...)
	cmd := gotool.Command(ctx, c.Dir, append(append(args, "--"), patterns...)...)
	cmd.Env = append(cmd.Env, c.Env...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	var exit *exec.ExitError
	if err != nil && !(errors.As(err, &exit) && exit.ExitCode() == 1 && len(bytes.TrimSpace(stderr.Bytes())) == 0) {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		what := "cannot lint " + strings.Join(patterns, " ")
		if lines := strings.Split(msg, "\n"); len(slices.DeleteFunc(lines, isHeader)) == 1 {
			// Such as a pattern that matches no directory: one line.
			return stdout.Bytes(), fmt.Errorf("%s: %s", what, lines[0])
		}
		// Compile errors, under their packages' headers.
		return stdout.Bytes(), fmt.Errorf("%s:\n\t%s", what, strings.ReplaceAll(msg, "\n", "\n\t"))
	}
	return stdout.Bytes(), nil
}

// newLines returns the lines that the edits of one fix write, trimmed,
// in the order of the edits: each line of the file that an edit touches as
// the fix leaves it, but for those it leaves as they were, so that an edit
// of part of a line (perfsprint's "strconv.Itoa(" for `fmt.Sprintf("%d", `)
// reads as the line it makes, return strconv.Itoa(n). Where read cannot
// give an edit's file as the offsets expect, that edit's own text stands.
func newLines(edits []jsonEdit, read func(string) ([]byte, error)) []string {
	var out []string
	add := func(text string) {
		for line := range strings.Lines(text) {
			if t := strings.TrimSpace(line); t != "" && !slices.Contains(out, t) {
				out = append(out, t)
			}
		}
	}
	files := map[string][]byte{}
	for i, e := range edits {
		src, ok := files[e.Filename]
		if !ok {
			src, _ = read(e.Filename)
			files[e.Filename] = src
		}
		if e.Start < 0 || e.Start > e.End || e.End > len(src) {
			add(e.New)
			continue
		}
		// The whole lines the edit touches, with the fix's other edits
		// within them, which an earlier one may have shown.
		from := bytes.LastIndexByte(src[:e.Start], '\n') + 1
		to := len(src)
		if k := bytes.IndexByte(src[e.End:], '\n'); k >= 0 {
			to = e.End + k
		}
		var in []jsonEdit
		for _, o := range edits {
			if o.Filename == e.Filename && o.Start >= from && o.End <= to && o.Start <= o.End {
				in = append(in, o)
			}
		}
		slices.SortStableFunc(in, func(a, b jsonEdit) int { return a.Start - b.Start })
		var b strings.Builder
		at := from
		for _, o := range in {
			if o.Start < at {
				break // overlapping edits, which one fix does not make
			}
			b.Write(src[at:o.Start])
			b.WriteString(o.New)
			at = o.End
		}
		if at < e.End {
			add(edits[i].New)
			continue
		}
		b.Write(src[at:to])
		old := strings.Split(string(src[from:to]), "\n")
		for line := range strings.Lines(b.String()) {
			if t := strings.TrimSpace(line); !slices.ContainsFunc(old, func(o string) bool { return strings.TrimSpace(o) == t }) {
				add(t)
			}
		}
	}
	return out
}

// isHeader reports whether a line of the go command's errors is a
// package's header, such as "# example.com/m/p".
func isHeader(line string) bool { return strings.HasPrefix(line, "# ") }

// Run runs every analyzer of Suite over the packages and returns their
// findings, sorted by file and line. The go command caches the results, so a
// second run on an unchanged tree is fast. They are the same whatever ran
// before (see lintFlag).
func Run(ctx context.Context, c Config) ([]Finding, error) {
	out, err := c.vet(ctx, "-json", "-"+lintFlag+"="+lintFindings)
	if err != nil {
		return nil, err
	}
	t, err := c.targets(ctx, false)
	if err != nil {
		return nil, err
	}
	var kept []byte
	for _, u := range t.of(readUnits(out)) {
		kept = append(kept, u.json...)
	}
	return parseJSON(kept, os.ReadFile)
}

// jsonDiagnostic is unitchecker's JSON form of a diagnostic.
type jsonDiagnostic struct {
	Category string `json:"category"`
	Posn     string `json:"posn"`
	End      string `json:"end"`
	Message  string `json:"message"`
	Related  []struct {
		Posn string `json:"posn"`
	} `json:"related"`
	SuggestedFixes []struct {
		Message string     `json:"message"`
		Edits   []jsonEdit `json:"edits"`
	} `json:"suggested_fixes"`
}

// jsonEdit is unitchecker's JSON form of a text edit: bytes start to end
// of the file replaced by new.
type jsonEdit struct {
	Filename string `json:"filename"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
	New      string `json:"new"`
}

// parseJSON reads go vet -json output: a stream of objects, package to
// analyzer to diagnostics, between which go vet may print "# pkg" lines.
func parseJSON(out []byte, read func(string) ([]byte, error)) ([]Finding, error) {
	var findings []Finding
	err := eachDiagnostic(out, func(pass string, d jsonDiagnostic) {
		findings = append(findings, readFinding(pass, d, read))
	})
	if err != nil {
		return nil, err
	}
	slices.SortFunc(findings, func(a, b Finding) int {
		return cmpFindings(a, b)
	})
	return findings, nil
}

// eachDiagnostic calls fn with each diagnostic of go vet -json output, and
// the analyzer that reported it.
func eachDiagnostic(out []byte, fn func(pass string, d jsonDiagnostic)) error {
	var kept bytes.Buffer
	for line := range bytes.Lines(out) {
		if !bytes.HasPrefix(line, []byte("#")) {
			kept.Write(line)
		}
	}
	dec := json.NewDecoder(&kept)
	for {
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); errors.Is(err, io.EOF) {
			return nil
		} else if err != nil {
			return fmt.Errorf("reading go vet -json output: %w", err)
		}
		for _, byPass := range tree {
			for pass, raw := range byPass {
				var diags []jsonDiagnostic
				if err := json.Unmarshal(raw, &diags); err != nil {
					continue // {"error": ...} for a package that failed
				}
				for _, d := range diags {
					fn(pass, d)
				}
			}
		}
	}
}

// readFinding returns the Finding of d, a diagnostic of pass, reading the
// files its fix edits with read.
func readFinding(pass string, d jsonDiagnostic, read func(string) ([]byte, error)) Finding {
	f := Finding{Pass: pass, Message: d.Message}
	f.File, f.Line, f.Col = splitPosn(d.Posn)
	_, f.EndLine, f.endCol = splitPosn(d.End)
	if f.EndLine < f.Line {
		f.EndLine, f.endCol = f.Line, 0
	}
	f.Lines = []int{f.Line}
	for _, r := range d.Related {
		if file, line, _ := splitPosn(r.Posn); file == f.File && !slices.Contains(f.Lines, line) {
			f.Lines = append(f.Lines, line)
		}
	}
	if len(d.SuggestedFixes) > 0 {
		fix := d.SuggestedFixes[0]
		f.Fix, f.edits = fix.Message, fix.Edits
		if news := newLines(fix.Edits, read); len(news) > 0 {
			f.Fix += ": " + strings.Join(news, " … ")
		}
	}
	return f
}

func cmpFindings(a, b Finding) int {
	if c := strings.Compare(a.File, b.File); c != 0 {
		return c
	}
	if a.Line != b.Line {
		return a.Line - b.Line
	}
	if a.Col != b.Col {
		return a.Col - b.Col
	}
	return strings.Compare(a.Pass, b.Pass)
}

// splitPosn splits "file:line:col".
func splitPosn(p string) (file string, line, col int) {
	i := strings.LastIndexByte(p, ':')
	if i < 0 {
		return p, 0, 0
	}
	j := strings.LastIndexByte(p[:i], ':')
	if j < 0 {
		line, _ = strconv.Atoi(p[i+1:])
		return p[:i], line, 0
	}
	line, _ = strconv.Atoi(p[j+1 : i])
	col, _ = strconv.Atoi(p[i+1:])
	return p[:j], line, col
}
