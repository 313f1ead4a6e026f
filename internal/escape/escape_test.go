package escape

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/escape/escapetest"
	"github.com/squashgo/squash/internal/gotool"
)

// sample.json is what go1.26's compiler wrote for testdata/sample.go.txt
// (built as /tmp/esc/a.go), kept so that the reader is tested without a build.
func readSample(t *testing.T) *Index {
	t.Helper()
	f, err := os.Open("testdata/sample.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	h, recs, err := Read(f, "sample.json")
	if err != nil {
		t.Fatal(err)
	}
	if h.File != "/tmp/esc/a.go" || h.Package != "example.com/esc" || h.GCVersion == "" {
		t.Errorf("header = %+v", h)
	}
	ix := newIndex()
	ix.add(recs)
	return ix
}

const sampleFile = "/tmp/esc/a.go"

func TestReadSample(t *testing.T) {
	ix := readSample(t)
	for _, tc := range []struct {
		line    int
		code    string
		message string
		short   string
	}{
		{8, "escape", "&T{...} escapes to heap", "return &T{...} (return) → the result"},
		{21, "escape", "x escapes to heap", "return &x (return) at a.go:22 → the result"},
		{26, "escape", "n escapes to heap", "return n (return) → the result"},
		{29, "leak", "parameter n leaks to {storage for func literal} with derefs=0", "n (captured by a closure) at a.go:30 → {storage for func literal}"},
		{30, "escape", "func literal escapes to heap", "return func literal (return) → the result"},
		{36, "escape", "append(out, x) escapes to heap", "return out (return) at a.go:38 → the result"},
	} {
		var found *Record
		for _, r := range ix.Here(sampleFile, tc.line) {
			if r.Code == tc.code && r.Message == tc.message {
				found = &r
			}
		}
		if found == nil {
			t.Errorf("line %d: no %s record %q in %+v", tc.line, tc.code, tc.message, ix.Here(sampleFile, tc.line))
			continue
		}
		if got := found.ShortFlow(); got != tc.short {
			t.Errorf("line %d: ShortFlow = %q, want %q", tc.line, got, tc.short)
		}
	}
	if got := ix.Here(sampleFile, 21); len(got) != 1 || got[0].Message != "x escapes to heap" {
		// The compiler reports a moved-to-heap variable at its declaration.
		t.Errorf("line 21 (x := 5, moved to heap) records = %+v", got)
	}
}

func TestInlinedRecords(t *testing.T) {
	ix := readSample(t)
	// mk's &T{...} (line 8) is inlined into Keep at line 12, where it escapes.
	copies := ix.InlinedAt(sampleFile, 8, sampleFile, 12)
	if len(copies) != 1 || copies[0].Pos.Line != 12 || copies[0].Source().Line != 8 || !copies[0].Allocates() {
		t.Fatalf("inlined copy of line 8 at line 12 = %+v", copies)
	}
	if got := copies[0].String(); got != "&T{...} escapes to heap: sink = ~r0 (assign) → {heap}" && !strings.Contains(got, "{heap}") {
		t.Errorf("inlined copy String = %q", got)
	}
	// At(8) holds the standalone decision and the inlined copy.
	if n := len(ix.At(sampleFile, 8)); n != 2 {
		t.Errorf("At(8) has %d records, want 2 (standalone and inlined at 12)", n)
	}
	// Inlined into Local at line 16, &T stays on the stack: no record there.
	if got := ix.InlinedAt(sampleFile, 8, sampleFile, 16); len(got) != 0 {
		t.Errorf("records for the copy inlined into Local: %+v, want none", got)
	}
	// The slice appended on line 36 is returned on line 38.
	if got := ix.Through(sampleFile, 38); len(got) != 1 || got[0].Pos.Line != 36 {
		t.Errorf("Through(38) = %+v, want the append on line 36", got)
	}
}

// TestAddDuplicates: the same record read twice (a generic function's,
// decided on once per shape and in each package that instantiates it) is
// kept once; records that differ only in their flow are of two values (from
// yaml.v3's decode.go:743, the slice's copy in an interface and the make's
// backing array that goes into it), kept both.
func TestAddDuplicates(t *testing.T) {
	at := Position{File: "/m/decode.go", Line: 743, Col: 29}
	// The slice's copy goes to the call; the backing array goes into it.
	boxed := escapeAt(at, "make([]interface {}, l) escapes to heap",
		"flow: {heap} ← &{storage for make([]interface {}, l)}",
		"from make([]interface {}, l) (spill)",
		"from settableValueOf(make([]interface {}, l)) (call parameter)")
	array := escapeAt(at, boxed.Message,
		"flow: {storage for make([]interface {}, l)} ← &{storage for make([]interface {}, l)}",
		"from make([]interface {}, l) (spill)",
		"from make([]interface {}, l) (interface-converted)")
	ix := newIndex()
	ix.add([]Record{boxed, array})
	ix.add([]Record{boxed, array})
	if got := ix.Here(at.File, at.Line); len(got) != 2 || got[0].ShortFlow() == got[1].ShortFlow() {
		t.Errorf("records at %s = %+v, want the two flows once each", at, got)
	}
}

// escapeAt returns a record that the value of msg escapes at pos, whose
// flow has the steps of texts, all at pos.
func escapeAt(pos Position, msg string, texts ...string) Record {
	r := Record{Code: "escapes", Message: msg, Pos: pos}
	for _, text := range texts {
		r.Flow = append(r.Flow, Step{Pos: pos, Text: text})
	}
	return r
}

func TestReadErrors(t *testing.T) {
	header := `{"version":0,"package":"p","goos":"linux","goarch":"amd64","gc_version":"go1.26","file":"/x.go"}` + "\n"
	for _, tc := range []struct{ in, want string }{
		{"", "empty file"},
		{"not json\n", "not a header line"},
		{`{"version":1,"file":"/x.go"}` + "\n", "version 1"},
		{header + "{\"range\":", "x.json:2"},
		{header + `{"range":{"start":{"line":1}}}` + "\n", "without a code"},
		{header + `[1,2]` + "\n", "x.json:2"},
	} {
		_, _, err := Read(strings.NewReader(tc.in), "x.json")
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Read(%.30q) error = %v, want %q", tc.in, err, tc.want)
		}
	}
}

func FuzzRead(f *testing.F) {
	data, err := os.ReadFile("testdata/sample.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	lines := strings.SplitAfter(string(data), "\n")
	f.Add([]byte(strings.Join(lines[:3], "")))
	f.Add([]byte(lines[0] + lines[3][:len(lines[3])/2]))
	f.Add([]byte(`{"version":0,"file":"/a.go"}` + "\n" + `{"code":"escape","message":"x","relatedInformation":[{"message":"inlineLoc"},{"message":"escflow: flow: a ← b:"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		_, recs, err := Read(strings.NewReader(string(data)), "fuzz.json")
		if err != nil {
			if recs != nil {
				t.Fatal("records and an error")
			}
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error spans lines: %q", err)
			}
			return
		}
		ix := newIndex()
		ix.add(recs)
		for _, r := range recs {
			_ = r.String()
			ix.At(r.Pos.File, r.Pos.Line)
			ix.Through(r.Pos.File, r.Pos.Line)
		}
	})
}

// TestBuildInlining builds testdata/inl with the compiler's diagnostics: mk's
// allocation escapes when mk is compiled alone and in the copy inlined into
// Keep, but not in the copy inlined into Sum.
func TestBuildInlining(t *testing.T) {
	ctx := context.Background()
	pkgs, err := gotool.Resolve(ctx, "testdata/inl", []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	ix, err := Build(ctx, nil, pkgs[0])
	if err != nil {
		t.Fatal(err)
	}
	file, err := filepath.Abs("testdata/inl/inl.go")
	if err != nil {
		t.Fatal(err)
	}
	alone := ix.Here(file, 11)
	if len(alone) == 0 || !alone[0].Allocates() {
		t.Fatalf("mk compiled alone: %+v, want &T{...} escapes", alone)
	}
	if got := ix.InlinedAt(file, 11, file, 25); len(got) != 1 || !got[0].Allocates() {
		t.Errorf("mk inlined into Keep (line 25): %+v, want one escape", got)
	}
	if got := ix.InlinedAt(file, 11, file, 18); len(got) != 0 {
		t.Errorf("mk inlined into Sum (line 18): %+v, want no record: it stays on the stack", got)
	}
}

func TestLoadMissing(t *testing.T) {
	if _, err := Load(filepath.Join(t.TempDir(), "nothing")); err == nil || !strings.Contains(err.Error(), "no compiler diagnostics") {
		t.Errorf("Load of a missing directory: %v", err)
	}
}

// TestShortFlow: a store into an element or a field is a step worth
// showing; an assignment to a variable is not.
func TestShortFlow(t *testing.T) {
	r := Record{Message: "string(buf[:]) escapes to heap", Flow: []Step{
		{Text: "flow: ~r0 ← &{storage for string(buf[:])}"},
		{Text: "from string(buf[:]) (spill)"},
		{Text: "from ~r0 = string(buf[:]) (assign)"},
		{Text: "flow: {heap} ← ~r0"},
		{Text: "from s := ~r0 (assign)"},
		{Text: "from uuids[i] = ~r0 (assign)"},
		{Text: "from p.name = s (assign)"},
	}}
	if got, want := r.ShortFlow(), "uuids[i] = ~r0 (assign) → p.name = s (assign) → {heap}"; got != want {
		t.Errorf("ShortFlow = %q, want %q", got, want)
	}
}

// TestShortFlowDecisiveStep: the step where the value leaves for its
// destination is kept with its file and line where it is on another line
// than the record, even where it is an assignment to a variable, as a
// store to a package-level variable is; on the record's line, it is not.
func TestShortFlowDecisiveStep(t *testing.T) {
	at := func(line, col int) Position { return Position{File: "/m/parse.go", Line: line, Col: col} }
	r := Record{Pos: at(38, 7), Message: "string(b) escapes to heap", Flow: []Step{
		{Pos: at(38, 7), Text: "flow: s ← &{storage for string(b)}"},
		{Pos: at(38, 7), Text: "from string(b) (spill)"},
		{Pos: at(38, 4), Text: "from s := string(b) (assign)"},
		{Pos: at(41, 7), Text: "flow: {heap} ← s"},
		{Pos: at(41, 7), Text: "from fail(s) (call parameter)"},
	}}
	if got, want := r.ShortFlow(), "fail(…) (call parameter) at parse.go:41 → {heap}"; got != want {
		t.Errorf("ShortFlow = %q, want %q", got, want)
	}
	r.Flow[4] = Step{Pos: at(43, 8), Text: "from sink = s (assign)"}
	if got, want := r.ShortFlow(), "sink = s (assign) at parse.go:43 → {heap}"; got != want {
		t.Errorf("ShortFlow = %q, want %q", got, want)
	}
	r.Flow[4] = Step{Pos: at(38, 20), Text: "from fail(s) (call parameter)"}
	if got, want := r.ShortFlow(), "fail(…) (call parameter) → {heap}"; got != want {
		t.Errorf("ShortFlow on the record's line = %q, want %q", got, want)
	}
}

func TestAllocates(t *testing.T) {
	for msg, want := range map[string]bool{
		"string(b) escapes to heap":           true,
		`"nil context" escapes to heap`:       false,
		`"a \"quoted\" word" escapes to heap`: false,
		"`raw` escapes to heap":               false,
		"12345 escapes to heap":               false,
		"-1 escapes to heap":                  false,
		"'x' escapes to heap":                 false,
		`"a" + s escapes to heap`:             true,
		`"m6: Checked called with a negative count, which is never allowed her... escapes to heap`: false,
		"1e+100 escapes to heap":              false,
		"int64(100000) escapes to heap":       false,
		"(1 + 2i) escapes to heap":            false,
		`errKind("negative") escapes to heap`: true, // or a call: the message does not say
		"strconv.Itoa(5) escapes to heap":     true,
		"n escapes to heap":                   true,
	} {
		r := Record{Code: "escapes", Message: msg}
		if got := r.Allocates(); got != want {
			t.Errorf("Allocates(%q) = %v, want %v", msg, got, want)
		}
	}
}

// namedResults has the shape of julienschmidt/httprouter's getValue,
// (handle Handle, p Params, tsr bool): what escapes into a named result
// ends its flow at the result's name.
//
//go:noinline
func namedResults(n int) (ok bool, p []int) {
	p = make([]int, 0, n) // named result
	return true, p
}

// TestToResult: a record whose flow ends at a named result says so in
// short, as one that ends at the compiler's ~r0 does.
func TestToResult(t *testing.T) {
	ix := built(t)
	file, _, marked := escapetest.MarkedLines(t, "escape_test.go", "named result")
	recs := ix.Here(file, marked["namedResults"])
	if len(recs) != 1 || !recs[0].ToResult || recs[0].ShortFlow() != "the result p" {
		t.Errorf("records of p = make([]int, 0, n): %+v, want one ToResult, in short \"the result p\"", recs)
	}
}

// TestShortFlowResults: a flow that ends at any of the function's unnamed
// results says "the result", the fourth as the first: alecthomas/chroma's
// regexp.go:505, namedGroups := make(map[string]string), returned fourth
// by matchRules, read '… (return) → ~r3'.
func TestShortFlowResults(t *testing.T) {
	for _, dest := range []string{"~r0", "~r2", "~r3", "~r12"} {
		r := Record{Message: "make(map[string]string) escapes to heap", Flow: []Step{
			{Text: "flow: " + dest + " ← &{storage for make(map[string]string)}"},
			{Text: "from make(map[string]string) (spill)"},
			{Text: "from return i, rule, groups, namedGroups (return)"},
		}}
		if got, want := r.ShortFlow(), "return i, rule, groups, namedGroups (return) → the result"; got != want {
			t.Errorf("ShortFlow to %s = %q, want %q", dest, got, want)
		}
	}
}

// TestReadTypesOnly: explain reads the types of the files its lines'
// records are in, and of no other (on sirupsen/logrus, type-checking every
// package and test the build compiled took 9 of explain's 14 seconds),
// with the same result for those files as ReadTypes.
func TestReadTypesOnly(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the package")
	}
	ctx := context.Background()
	pkgs, err := gotool.Resolve(ctx, "testdata/inl", []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	inl, err := filepath.Abs("testdata/inl/inl.go")
	if err != nil {
		t.Fatal(err)
	}
	full, err := Build(ctx, nil, pkgs[0])
	if err != nil {
		t.Fatal(err)
	}
	none, err := Compile(ctx, pkgs[0].Dir, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if err := ReadTypesIn(ctx, nil, pkgs[0].Dir, none, map[string]bool{}); err != nil {
		t.Fatal(err)
	}
	if len(none.typed) != 0 {
		t.Errorf("readTypes of no file type-checked %v", none.typed)
	}
	some, err := Compile(ctx, pkgs[0].Dir, pkgs)
	if err != nil {
		t.Fatal(err)
	}
	if err := ReadTypesIn(ctx, nil, pkgs[0].Dir, some, map[string]bool{inl: true}); err != nil {
		t.Fatal(err)
	}
	if !some.typed[inl] {
		t.Fatalf("readTypes of %s did not type-check it", inl)
	}
	for i, r := range full.records {
		if r.Source().File != inl {
			continue
		}
		if got := some.records[i]; got.Free != r.Free || got.Tiny != r.Tiny || got.MaybeTiny != r.MaybeTiny || got.ResultOf != r.ResultOf {
			t.Errorf("record %s: %s read alone: %+v, with every file: %+v", r.Pos, r.Message, got, r)
		}
	}
}
