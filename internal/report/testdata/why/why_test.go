package why

import (
	"flag"
	"fmt"
	"io"
	"reflect"
	"testing"
)

var (
	sinkMap   map[int]any
	sinkSlice []any
	sinkNode  *Node[int]
	sinkCount map[string]int
)

func BenchmarkBox(b *testing.B) {
	data := []byte{1, 200, 3, 201, 5, 202, 7, 203, 9, 204, 11, 205}
	for b.Loop() {
		sinkMap = Box(data)
	}
}

func BenchmarkSlots(b *testing.B) {
	data := []byte{1, 200, 3, 201, 5, 202, 7, 203, 9, 204, 11, 205}
	for b.Loop() {
		sinkSlice = Slots(data)
	}
}

func BenchmarkKeyed(b *testing.B) {
	data := []byte{1, 200, 3, 201, 5, 202, 7, 203, 9, 204, 11, 205}
	for b.Loop() {
		sinkMap = Keyed(data)
	}
}

func BenchmarkSuffix(b *testing.B) {
	names := make([]string, 12)
	for b.Loop() {
		for i := range names {
			names[i] = "name"
		}
		Suffix(names, "-x")
	}
}

func BenchmarkTally(b *testing.B) {
	words := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p", "q", "r", "s", "t"}
	for b.Loop() {
		sinkCount = Tally(words)
	}
}

func BenchmarkBytes(b *testing.B) {
	data := []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
	for b.Loop() {
		sinkSlice = Bytes(data)
	}
}

func BenchmarkClone(b *testing.B) {
	n := &Node[int]{items: make([]int, 100), kids: make([]*Node[int], 10)}
	for b.Loop() {
		sinkNode = n.Clone()
	}
}

var (
	sinkValue   reflect.Value
	sinkConsole Console
	sinkParts   map[string]Parts
	sinkMade    map[string][]string
)

func BenchmarkSettable(b *testing.B) {
	for b.Loop() {
		sinkValue = Settable(4)
	}
}

func BenchmarkConsole(b *testing.B) {
	for b.Loop() {
		sinkConsole = NewConsole("x")
	}
}

func BenchmarkIndex(b *testing.B) {
	names := []string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"}
	for b.Loop() {
		sinkParts, sinkMade = Index(names)
	}
}

var sinkKeys map[any]struct{}

func BenchmarkUnknownKeys(b *testing.B) {
	keys := []any{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"}
	for b.Loop() {
		uks := map[any]struct{}{}
		UnknownKeys(&uks, keys)
		sinkKeys = uks
	}
}

var (
	sinkFields Fields
	sinkNames  Names
	sinkEvents Events
	sinkLabels Labels
)

func BenchmarkNamed(b *testing.B) {
	for b.Loop() {
		sinkFields, sinkNames, sinkEvents, sinkLabels = Named(10)
	}
}

func BenchmarkFloats(b *testing.B) {
	data := []byte{1, 200, 3, 201, 5, 202, 7, 203, 9, 204, 11, 205}
	for b.Loop() {
		sinkSlice = Floats(data)
	}
}

var sinkGroups map[byte][]byte

func BenchmarkGroup(b *testing.B) {
	data := make([]byte, 256)
	for i := range data {
		data[i] = byte(i)
	}
	for b.Loop() {
		sinkGroups = Group(data)
	}
}

func BenchmarkHold(b *testing.B) {
	data := []byte("abc")
	for b.Loop() {
		Hold(data)
	}
}

var parentSink, childSink []byte

// BenchmarkParent has the shape of andybalholm/brotli's
// BenchmarkEncodeLevelsReset: its own body is set-up, run once per
// process, and its sub-benchmark is what go test measures. Its set-up
// differs between processes as a pool refilled in one and not in the
// other does, here with -test.benchtime, so that two attribution runs
// leave some of it in their difference.
func BenchmarkParent(b *testing.B) {
	n := 0
	if f := flag.Lookup("test.benchtime"); f != nil {
		fmt.Sscanf(f.Value.String(), "%dx", &n)
	}
	for range n {
		parentSink = make([]byte, 64)
	}
	b.Run("n=1", func(b *testing.B) {
		for b.Loop() {
			childSink = make([]byte, 32)
		}
	})
}

var sinkShort, sinkLong []string

func BenchmarkStrings(b *testing.B) {
	data := make([]byte, 12*20)
	for b.Loop() {
		sinkShort, sinkLong = Strings(data)
	}
}

func BenchmarkUndo(b *testing.B) {
	for b.Loop() {
		Undo(4)
	}
}

func BenchmarkPadded(b *testing.B) {
	for b.Loop() {
		Padded(io.Discard, 3)
	}
}

var sinkErr error

func BenchmarkFailed(b *testing.B) {
	for b.Loop() {
		sinkErr = Failed(1000)
	}
}

var sinkValues []any

func BenchmarkValues(b *testing.B) {
	e := &Entry{Level: "info", Message: "hello"}
	for b.Loop() {
		sinkValues = sinkValues[:0]
		Values(e, func(v any) { sinkValues = append(sinkValues, v) })
	}
}

var sinkMerged map[string]int

func BenchmarkMerged(b *testing.B) {
	src := map[string]int{"a": 1, "b": 2, "c": 3}
	for b.Loop() {
		sinkMerged = Merged(src)
	}
}

var sinkLength int

func BenchmarkKeyLength(b *testing.B) {
	key := make([]byte, 64)
	for b.Loop() {
		sinkLength = KeyLength(key)
	}
}

func BenchmarkCheck(b *testing.B) {
	name := []byte("a-name-of-24-characters")
	for b.Loop() {
		sinkLength = Check(name)
	}
}

func BenchmarkFind(b *testing.B) {
	m := map[string]int{"a-name-of-24-characters": 1}
	key := []byte("a-name-of-24-characters")
	for b.Loop() {
		sinkLength, sinkErr = Find(m, key)
	}
}

func BenchmarkGreet(b *testing.B) {
	for b.Loop() {
		Greet(io.Discard)
	}
}

var sinkBoxed any

func BenchmarkBoxed(b *testing.B) {
	for b.Loop() {
		sinkBoxed = Boxed(7)
	}
}
