package mechanism

import (
	"strings"
	"testing"

	"github.com/squashgo/squash/internal/escape"
)

func TestUnrecorded(t *testing.T) {
	for code, want := range map[string]string{
		"return string(buf[:])":        "longer than 32 bytes",
		"b := []byte(s)":               "(one that is only read shares the string's bytes)",
		"r := []rune(s)":               "more than 32 runes",
		"k := make(Key, 0, len(c)+1)":  "not a constant and is over 32 bytes",
		"m := make(map[string]int, n)": "still gets its table from the heap when made for more than 8 entries",
		"m := make(map[string]int)":    "",
		"s := make([]int, 3)":          "", // a constant size: on the stack
		"s := make([]int, 0, 8)":       "",
		"s := f(make([]byte, 0, n+1))": "not a constant and is over 32 bytes",
		"out = append(out, p)":         "only a slice that starts empty may get its first 32 bytes on the stack",
		"out = append(out, string(b))": "only a slice that starts empty may get its first 32 bytes on the stack", // the append is what the line is read as
		"s := a + \"-\" + b":           "a concatenation that does not escape still goes to the heap when it is longer than 32 bytes",
		"c := make(chan int)":          "runtime.makechan always allocates", // a channel is always on the heap, whatever its size
		"c := make(chan int, n)":       "runtime.makechan always allocates",
		"k := make(Key, n)":            "", // a slice or a map: the text does not say
	} {
		if got := Unrecorded(code); !strings.HasSuffix(got, want) || (want == "") != (got == "") {
			t.Errorf("Unrecorded(%q) = %q, want …%q", code, got, want)
		}
	}
	// With the mechanism read from the types.
	if got := UnrecordedAs("k := make(Key, n)", makesSlice); !strings.HasSuffix(got, "not a constant and is over 32 bytes") {
		t.Errorf("UnrecordedAs of a named slice type's make = %q", got)
	}
	if got := UnrecordedAs("m := make(Fields, n)", makesMap); !strings.HasSuffix(got, "more than 8 entries") {
		t.Errorf("UnrecordedAs of a named map type's make = %q, want its size on the heap", got)
	}
	if got := UnrecordedAs("m[k] = v", growsMap); !strings.HasSuffix(got, "a map on the stack has room for 8 entries") {
		t.Errorf("UnrecordedAs of a map's insert = %q, want when it grows on the heap", got)
	}
	if got := Unrecorded("m[k] = v"); got != "" {
		t.Errorf("Unrecorded(m[k] = v) = %q: the text alone does not tell a map from a slice", got)
	}
}

func TestMechanism(t *testing.T) {
	isMap := &escape.Store{Map: true}
	for _, tc := range []struct{ fn, code, want string }{
		{"strings.genSplit", `parts := strings.Split(s, " ")`, "allocated inside strings.genSplit, called here"},
		{"", "out = append(out, byte(v))", "slice grows past its capacity (runtime.growslice)"},
		{"", "m := make(map[string]int)", "map allocated (runtime.makemap)"},
		{"", "go worker(ch)", "go statement: the closure that carries the new goroutine's function and arguments (runtime.newproc)"},
		// From helper-1's runs on lz4 and msgpack: a channel is no slice,
		// a slice store of a conversion is the conversion, and a method
		// named string is no conversion.
		{"", "c := make(chan *lz4stream.FrameDataBlock)", "channel allocated (runtime.makechan)"},
		{"", "done := make(<-chan struct{}, n)", "channel allocated (runtime.makechan)"},
		{"", "out[i] = string(b)", "string conversion copies the bytes (runtime.slicebytetostring)"},
		{"", `m[k] = "x" + v`, "string concatenation (runtime.concatstrings)"},
		{"", "out[i] = make([]byte, n)", "make allocates its backing array (runtime.makeslice)"},
		{"", "return d.string(c)", ""},
		{"", "x.append(v)", ""},
		{"", "b := p.make(n)", ""},
		{"", "s := mystring(b)", ""},
		{"", "buf := make([]byte, n)", "make allocates its backing array (runtime.makeslice)"},
		// A make of a named type is a slice, a map or a channel: the text
		// says which only when it gives a capacity, which only a slice
		// has (logrus's Fields is a map).
		{"", "data := make(Fields, len(entry.Data)+defaultFields)", ""},
		{"", "done := make(Events)", ""},
		{"", "m[k] = make(Inner)", ""},
		{"", "k := make(Key, 0, len(c)+1)", "make allocates its backing array (runtime.makeslice)"},
		{"", "k := make(\tKey, 0,", ""}, // the call goes on past the line
		{"", `s := "a" + b`, "string concatenation (runtime.concatstrings)"},
		{"", "return out, nil", ""}, // no record: nothing to say
		{"", "return string(buf[:])", "string conversion copies the bytes (runtime.slicebytetostring)"},
		{"", "b := []byte(s)", "conversion copies the string (runtime.stringtoslicebyte)"},
		{"", "r := []rune(s)", "conversion decodes the string into runes (runtime.stringtoslicerune)"},
		{"", "x := mystring(b)", ""},
		{"", "x := f()", ""},
		{"runtime.growslice", "", "slice grows past its capacity (runtime.growslice)"},
		{"runtime.stringtoslicerune", "", "conversion decodes the string into runes (runtime.stringtoslicerune)"},
		{"runtime.mapassign_faststr", "m[k] = v", "map grows on insert (runtime.mapassign_faststr)"},
		// Without types, the text of a store to an index expression cannot
		// tell a map from a slice.
		{"", "m[k] = v", "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"},
		{"", "out[i] = n", "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"},
		{"", "counts[word]++", "a map growing on insert (runtime.mapassign), if what is indexed is a map: the line's text does not say"},
		{"", "m[string(k)] = v", "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"},
		// A string literal added to an element, or to a variable, is a
		// concatenation on every store, whatever is indexed.
		{"", `m[k] += "x"`, "string concatenation (runtime.concatstrings)"},
		{"", `parts[i] += ", "`, "string concatenation (runtime.concatstrings)"},
		{"", "s[i] += `raw`", "string concatenation (runtime.concatstrings)"},
		// Literals and comments are not code: a "+" in a string is no
		// concatenation, nor a built-in's name in a string or a comment a
		// call of it (from helper-8's runs).
		{"", `m[fmt.Sprint(i)] = "+"`, "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"},
		{"", `s := "a+" + b`, "string concatenation (runtime.concatstrings)"},
		{"", `log.Print("append(x)")`, ""},
		{"", `x := y // make([]int, n)`, ""},
		{"", `sep := '+'`, ""},
		{"", "b := []byte(`+`)", "conversion copies the string (runtime.stringtoslicebyte)"},
		{"", "a line inside a raw string, `string(", "string conversion copies the bytes (runtime.slicebytetostring)"},
		{"", `m[k] += name + "x"`, "string concatenation (runtime.concatstrings)"},
		{"", `line += "\n"`, "string concatenation (runtime.concatstrings)"},
		// Without one, += may add numbers or strings.
		{"", "s[i] += name", "a map growing on insert (runtime.mapassign), if what is indexed is a map, or a string concatenation (runtime.concatstrings), if its elements are strings: the line's text does not say"},
		{"", "counts[w] += 1", "a map growing on insert (runtime.mapassign), if what is indexed is a map, or a string concatenation (runtime.concatstrings), if its elements are strings: the line's text does not say"},
		{"", "m[k] -= 1", "a map growing on insert (runtime.mapassign), if what is indexed is a map: the line's text does not say"},
		{"", `if m[k] >= "x" {`, ""},
		{"", "n += 'x'", ""},
		// What is indexed may be any expression (fxamacker/cbor's
		// decode_map_utils.go:92 stores through a pointer to a map); a
		// store through a pointer element, or to a field of an element, is
		// no store to an index expression.
		{"", "(*uks)[key] = struct{}{}", "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"},
		{"", "s.maps[i][k] = v", "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"},
		{"", "f()[k] = v", "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"},
		{"", "x, m[k] = 1, v", "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"},
		{"", "(m[k]) = v", "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"},
		{"", "m[k1][k2] += n", "a map growing on insert (runtime.mapassign), if what is indexed is a map, or a string concatenation (runtime.concatstrings), if its elements are strings: the line's text does not say"},
		{"", "(*p)[k]--", "a map growing on insert (runtime.mapassign), if what is indexed is a map: the line's text does not say"},
		{"", "m[k] |= 1 << n", "a map growing on insert (runtime.mapassign), if what is indexed is a map: the line's text does not say"},
		{"", "(*p)[k] = string(b)", "string conversion copies the bytes (runtime.slicebytetostring)"},
		{"", "m[k] = append(m[k], v)", "slice grows past its capacity (runtime.growslice)"},
		{"", "*p[k] = v", ""},
		{"", "m[k].f = v", ""},
		{"", "x, y = m[k], 1", ""},
		{"", "for k := range m { m[k] = 0 }", ""},
		{"", "m[k] == v", ""},
	} {
		if got := Of(tc.fn, tc.code, nil, nil); got != tc.want {
			t.Errorf("Of(%q, %q) = %q, want %q", tc.fn, tc.code, got, tc.want)
		}
	}
	// With the types of the code.
	for _, tc := range []struct {
		code  string
		store *escape.Store
		want  string
	}{
		{"m[k] = v", isMap, "map grows on insert (runtime.mapassign)"},
		{"counts[word]++", isMap, "map grows on insert (runtime.mapassign)"},
		{"m[users[i].ID] = &users[i]", isMap, "map grows on insert (runtime.mapassign)"},
		{"m[string(k)] = v", isMap, "map grows on insert (runtime.mapassign)"},
		// A store into a map of what allocates on its own: both allocate
		// (expr-lang/expr's vm.go:581, m[k] = append(m[k], v)).
		{"m[k] = make([]byte, n)", isMap, "make allocates its backing array (runtime.makeslice); the map also grows on insert (runtime.mapassign)"},
		{"m[k] = append(m[k], v)", isMap, "slice grows past its capacity (runtime.growslice); the map also grows on insert (runtime.mapassign)"},
		{"m[k] = string(b)", isMap, "string conversion copies the bytes (runtime.slicebytetostring); the map also grows on insert (runtime.mapassign)"},
		{"s[i] = append(s[i], v)", &escape.Store{}, "slice grows past its capacity (runtime.growslice)"},
		{"out[i] = string(b)", &escape.Store{}, "string conversion copies the bytes (runtime.slicebytetostring)"},
		// A store to a slice element allocates nothing itself.
		{"out[i] = v", &escape.Store{}, ""},
		{"counts[i]++", &escape.Store{}, ""},
		// += of strings concatenates on every store; of numbers it does
		// not, and a map of numbers grows.
		{"counts[w] += 1", isMap, "map grows on insert (runtime.mapassign)"},
		{"counts[i] += n", &escape.Store{}, ""},
		{"s[i] += name", &escape.Store{Concat: true}, "string concatenation (runtime.concatstrings)"},
		{"m[k] += name", &escape.Store{Map: true, Concat: true}, "string concatenation (runtime.concatstrings); the map also grows on insert (runtime.mapassign)"},
		{`m[k] += "x"`, &escape.Store{Map: true, Concat: true}, "string concatenation (runtime.concatstrings); the map also grows on insert (runtime.mapassign)"},
		{`s[i] += "x"`, &escape.Store{Concat: true}, "string concatenation (runtime.concatstrings)"},
		{"(*uks)[key] = struct{}{}", isMap, "map grows on insert (runtime.mapassign)"},
		{"s.maps[i][k] = v", isMap, "map grows on insert (runtime.mapassign)"},
		{"f()[k] = v", isMap, "map grows on insert (runtime.mapassign)"},
		{"m[k1][k2] += n", isMap, "map grows on insert (runtime.mapassign)"},
		{"(*p)[k]++", isMap, "map grows on insert (runtime.mapassign)"},
		{"(*p)[k] = v", &escape.Store{}, ""},
		// A make of a named type is what the types say it is.
		{"data := make(Fields, len(entry.Data)+defaultFields)", &escape.Store{Make: escape.MakeMap}, "map allocated (runtime.makemap)"},
		{"done := make(Events)", &escape.Store{Make: escape.MakeChan}, "channel allocated (runtime.makechan)"},
		{"out := make(Names, n)", &escape.Store{Make: escape.MakeSlice}, "make allocates its backing array (runtime.makeslice)"},
		{"m[k] = make(Inner)", &escape.Store{Map: true, Make: escape.MakeMap}, "map allocated (runtime.makemap); the map also grows on insert (runtime.mapassign)"},
		{"out := make(Names, n)", &escape.Store{}, ""},
	} {
		if got := Of("", tc.code, tc.store, nil); got != tc.want {
			t.Errorf("Of(%q, %+v) = %q, want %q", tc.code, *tc.store, got, tc.want)
		}
	}
}

// TestMechanismBoxed: a value stored into an interface is the allocation
// when the compiler's record of the line is of that value, and allocates.
func TestMechanismBoxed(t *testing.T) {
	const boxed = "conversion to an interface copies the value to the heap (runtime.convT*)"
	at := func(col int) escape.Position { return escape.Position{File: "/m/a.go", Line: 7, Col: col} }
	escapes := func(col int) escape.Record {
		return escape.Record{Code: "escapes", Message: "n escapes to heap", Pos: at(col)}
	}
	free := escapes(12)
	free.Free = escape.FreeOneByte
	inlined := escape.Record{Code: "escapes", Message: "n escapes to heap", Pos: escape.Position{File: "/m/b.go", Line: 30, Col: 4}, Inlined: []escape.Position{at(12)}}
	for _, tc := range []struct {
		name  string
		store escape.Store
		recs  []escape.Record
		want  string
	}{
		{"slice", escape.Store{Boxed: []escape.Position{at(12)}}, []escape.Record{escapes(12)}, boxed},
		{"map", escape.Store{Map: true, Boxed: []escape.Position{at(12)}}, []escape.Record{escapes(12)}, boxed + "; the map also grows on insert (runtime.mapassign)"},
		{"inlined", escape.Store{Boxed: []escape.Position{at(12)}}, []escape.Record{inlined}, boxed},
		{"other value", escape.Store{Boxed: []escape.Position{at(12)}}, []escape.Record{escapes(20)}, ""},
		{"other value, map", escape.Store{Map: true, Boxed: []escape.Position{at(12)}}, []escape.Record{escapes(20)}, "map grows on insert (runtime.mapassign)"},
		{"not allocated", escape.Store{Boxed: []escape.Position{at(12)}}, []escape.Record{free}, ""},
		{"no record", escape.Store{Boxed: []escape.Position{at(12)}}, nil, ""},
		{"no conversion", escape.Store{}, []escape.Record{escapes(12)}, ""},
	} {
		if got := Of("", "out[i] = n", &tc.store, tc.recs); got != tc.want {
			t.Errorf("%s: Mechanism = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// FuzzMechanism: no line of text makes Mechanism panic, and blankLiterals
// only ever turns bytes into spaces, so what the patterns find is where it
// was.
func FuzzMechanism(f *testing.F) {
	for _, code := range []string{`m[fmt.Sprint(i)] = "+"`, "s[i] += `raw`", `x := y // make([]int, n)`, "a line inside a raw string, `string(", `c := '\''`, "out[i] = n",
		"(*uks)[key] = struct{}{}", "s.maps[i][k] = v", "f()[k] += 1", "m[k1][k2]--", "*p[k] = v", "a, m[k] = 1, 2", ")[k] = v", "x[ = v"} {
		f.Add(code)
	}
	f.Fuzz(func(t *testing.T, code string) {
		Of("", code, nil, nil)
		Of("", code, &escape.Store{Map: true}, nil)
		b := blankLiterals(code)
		if len(b) != len(code) {
			t.Fatalf("blankLiterals(%q) = %q: length changed", code, b)
		}
		for i := range len(b) {
			if b[i] != code[i] && b[i] != ' ' {
				t.Fatalf("blankLiterals(%q) = %q: byte %d became %q", code, b, i, b[i])
			}
		}
	})
}

// TestMechanismAppendsAlloc: an append on a line whose records name another
// allocation does not claim the slice grows: rs/zerolog's
// out = append(out, map[string]string{…}), in a slice made with room for
// every element, made 8 allocs/op, all maps (288 and 48 bytes), and read
// "slice grows past its capacity".
func TestMechanismAppendsAlloc(t *testing.T) {
	const code = "out = append(out, map[string]string{"
	lit := escape.Record{Code: "escape", Message: "map[string]string{...} escapes to heap"}
	app := escape.Record{Code: "escape", Message: "append(out, map[string]string{...}) escapes to heap"}
	free := escape.Record{Code: "escape", Message: `"x" escapes to heap`}
	for _, tc := range []struct {
		name string
		recs []escape.Record
		want string
	}{
		{"literal", []escape.Record{app, lit}, growsSliceToo},
		{"append alone", []escape.Record{app}, growsSlice},
		{"nothing allocated", []escape.Record{app, free}, growsSlice},
		{"no record", nil, growsSlice},
	} {
		if got := Of("", code, nil, tc.recs); got != tc.want {
			t.Errorf("%s: Mechanism = %q, want %q", tc.name, got, tc.want)
		}
	}
}
