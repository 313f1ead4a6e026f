package mechanism

import (
	"context"
	"testing"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/escape/escapetest"
)

// The functions below each make a value of a type whose name does not say
// what it is, on the line marked "// the make" (logrus's
// `data := make(Fields, len(entry.Data)+defaultFields)`, where Fields is a
// map). TestNamedMakes reads what the types say of each line.

type (
	fields      map[string]any
	names       []string
	events      chan int
	fieldsAlias = fields
	countsAlias = map[string]int
)

var (
	sinkFields fields
	sinkNames  names
	sinkEvents events
	sinkCounts countsAlias
)

//go:noinline
func makeFields(n int) {
	sinkFields = make(fields, n+6) // the make
}

//go:noinline
func makeNames(n int) {
	sinkNames = make(names, n) // the make
}

//go:noinline
func makeEvents(n int) {
	sinkEvents = make(events, n) // the make
}

//go:noinline
func makeEventsUnbuffered() {
	sinkEvents = make(events) // the make
}

//go:noinline
func makeAlias(n int) {
	sinkFields = make(fieldsAlias, n) // the make
}

//go:noinline
func makeCountsAlias(n int) {
	sinkCounts = make(countsAlias, n) // the make
}

//go:noinline
func makeGeneric[S ~[]E, E any](n int) S {
	return make(S, n) // the make
}

//go:noinline
func makeNamesCap(n int) {
	sinkNames = make(names, 0, n) // the make
}

//go:noinline
func makeTwo(n int) {
	sinkNames, sinkFields = make(names, n), make(fields, n) // the make
}

func TestNamedMakes(t *testing.T) {
	ix := built(t)
	file, lines, marked := escapetest.MarkedLines(t, "make_test.go", "the make")
	if err := escape.ReadStores(context.Background(), nil, ".", ix, []string{file}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		fn   string
		want string // the mechanism, with the types
		text string // the mechanism, from the text alone
	}{
		{"makeFields", makesMap, ""},
		{"makeNames", makesSlice, ""},
		{"makeEvents", makesChan, ""},
		{"makeEventsUnbuffered", makesChan, ""},
		{"makeAlias", makesMap, ""},
		{"makeCountsAlias", makesMap, ""},
		{"makeGeneric", makesSlice, ""},
		// A capacity is a slice's alone.
		{"makeNamesCap", makesSlice, makesSlice},
		// Of two makes, the map's is named, as the text would name a
		// literal map type's before a slice's.
		{"makeTwo", makesMap, ""},
	} {
		s, code, line := markedStore(t, ix, file, lines, marked, tc.fn)
		if got := Of("", code, &s, nil); got != tc.want {
			t.Errorf("%s: Mechanism = %q, want %q", tc.fn, got, tc.want)
		}
		// With the compiler's records of the line, as the report has them.
		if got := Of("", code, &s, ix.Here(file, line)); got != tc.want {
			t.Errorf("%s: Mechanism with the records = %q, want %q", tc.fn, got, tc.want)
		}
		// Without the types, the text says what it can, and no more.
		if got := Of("", code, nil, nil); got != tc.text {
			t.Errorf("%s: Mechanism without types = %q, want %q", tc.fn, got, tc.text)
		}
		if !ReadsTypes(code) != (tc.text != "") {
			t.Errorf("%s: ReadsTypes(%q) = %v", tc.fn, code, ReadsTypes(code))
		}
	}
}
