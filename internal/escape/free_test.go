package escape

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// The functions below each hold values that the compiler says escape to the
// heap. TestFreeRecords builds this package with the compiler's diagnostics
// and checks, for each, which reason Build gives for the value not being
// allocated, and that testing.AllocsPerRun agrees on this toolchain.

type (
	zeroSize struct{ _ [0]int }
	pair     struct{ a, b int }
	kind     string
	flag     uint8
	boxed    struct{ v any }
	flags    struct {
		on bool
		n  int
	}
)

const bigConstant int64 = 1 << 40

var (
	sinkAny   any
	sinkZero  *zeroSize
	sinkPair  *pair
	aPair     = pair{1, 2}
	aByte     = uint8(7)
	aBool     = true
	anInt     = 1000 // above the runtime's table of small values
	someFlags = flags{n: anInt}
	someBytes = []byte("abc")
)

//go:noinline
func freeZeroValue() { sinkAny = zeroSize{} }

//go:noinline
func freeZeroAddress() { sinkZero = &zeroSize{} }

//go:noinline
func freeZeroNew() { sinkZero = new(zeroSize) }

//go:noinline
func freeZeroMoved() {
	var z [0]int
	sinkAny = &z
}

//go:noinline
func freeNamedConstant() { sinkAny = kind("named") }

//go:noinline
func freeConstantName() { sinkAny = bigConstant }

//go:noinline
func freeStaticStruct() { sinkAny = pair{1, 2} }

//go:noinline
func freeStaticArray() { sinkAny = [3]kind{"a", "b", "c"} }

//go:noinline
func freeByte() {
	b := aByte
	sinkAny = b
}

//go:noinline
func freeBool() {
	b := aBool
	sinkAny = b
}

//go:noinline
func freeNamedByte() { sinkAny = flag(aByte) }

//go:noinline
func freeComparison() { sinkAny = anInt > 5 }

//go:noinline
func freeField() { sinkAny = someFlags.on }

//go:noinline
func freeIndex() { sinkAny = someBytes[anInt%3] }

//go:noinline
func isBig(n int) bool { return n > 100 }

//go:noinline
func freeCallResult() { sinkAny = isBig(anInt) }

//go:noinline
func freeInlined() { sinkAny = context.Background() }

//go:noinline
func allocAddress() { sinkPair = &pair{} }

//go:noinline
func allocCopy() {
	p := aPair
	sinkAny = p
}

//go:noinline
func allocDynamicLiteral() { sinkAny = pair{anInt, 2} }

//go:noinline
func allocInterfaceField() { sinkAny = boxed{1} }

//go:noinline
func allocZeroSlice() { sinkAny = make([]zeroSize, anInt) }

//go:noinline
func allocInt() {
	n := anInt
	sinkAny = n
}

//go:noinline
func allocField() { sinkAny = someFlags.n }

var sinkFunc func() int

//go:noinline
func freeClosure() { sinkFunc = func() int { return anInt + len(someBytes) } }

//go:noinline
func freeClosureOwnVars() {
	sinkFunc = func() int {
		n := anInt
		return n + func(m int) int { return m }(n)
	}
}

//go:noinline
func allocClosure() {
	n := anInt
	sinkFunc = func() int { return n }
}

//go:noinline
func allocClosureNested() {
	n := anInt
	sinkFunc = func() int { return func() int { return n }() }
}

// smallVar and bigVar are never assigned: the runtime boxes smallVar's
// value from its table of small values, and copies bigVar's.
var smallVar, bigVar = 7, 1000

//go:noinline
func freeSmallVar() { sinkAny = smallVar }

//go:noinline
func allocBigVar() { sinkAny = bigVar }

//go:noinline
func allocMoved() {
	var p pair
	sinkPair = &p
}

func TestFreeRecords(t *testing.T) {
	ix := built(t)
	file, err := filepath.Abs("free_test.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	lines := map[string][2]int{}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			lines[fd.Name.Name] = [2]int{fset.Position(fd.Pos()).Line, fset.Position(fd.End()).Line}
		}
	}
	for _, tc := range []struct {
		name string
		f    func()
		want string // "" for a value that is allocated
	}{
		{"freeZeroValue", freeZeroValue, FreeZeroSize},
		{"freeZeroAddress", freeZeroAddress, FreeZeroSize},
		{"freeZeroNew", freeZeroNew, FreeZeroSize},
		{"freeZeroMoved", freeZeroMoved, FreeZeroSize},
		{"freeNamedConstant", freeNamedConstant, FreeConstant},
		{"freeConstantName", freeConstantName, FreeConstant},
		{"freeStaticStruct", freeStaticStruct, FreeStatic},
		{"freeStaticArray", freeStaticArray, FreeStatic},
		{"freeByte", freeByte, FreeOneByte},
		{"freeBool", freeBool, FreeOneByte},
		{"freeNamedByte", freeNamedByte, FreeOneByte},
		{"freeComparison", freeComparison, FreeOneByte},
		{"freeField", freeField, FreeOneByte},
		{"freeIndex", freeIndex, FreeOneByte},
		{"freeCallResult", freeCallResult, FreeOneByte},
		{"freeInlined", freeInlined, FreeZeroSize},
		{"allocAddress", allocAddress, ""},
		{"allocCopy", allocCopy, ""},
		{"allocDynamicLiteral", allocDynamicLiteral, ""},
		{"allocInterfaceField", allocInterfaceField, ""},
		{"allocZeroSlice", allocZeroSlice, ""},
		{"allocInt", allocInt, ""},
		{"allocField", allocField, ""},
		{"allocMoved", allocMoved, ""},
		{"freeSmallVar", freeSmallVar, FreeVar},
		{"allocBigVar", allocBigVar, ""},
		{"freeClosure", freeClosure, FreeClosure},
		{"freeClosureOwnVars", freeClosureOwnVars, FreeClosure},
		{"allocClosure", allocClosure, ""},
		{"allocClosureNested", allocClosureNested, ""},
	} {
		span, ok := lines[tc.name]
		if !ok {
			t.Fatalf("no function %s in %s", tc.name, file)
		}
		var escapes, free int
		for line := span[0]; line <= span[1]; line++ {
			for _, r := range ix.Here(file, line) {
				if !strings.HasPrefix(r.Code, "escape") {
					continue
				}
				escapes++
				if why := r.WhyFree(); why != "" {
					free++
					if tc.want != "" && why != tc.want {
						t.Errorf("%s: %s: %s, want %q", tc.name, r.Message, why, tc.want)
					}
				}
			}
		}
		allocs := testing.AllocsPerRun(100, tc.f)
		switch {
		case escapes == 0:
			t.Errorf("%s: no escape record", tc.name)
		case tc.want != "" && (free != escapes || allocs != 0):
			t.Errorf("%s: %d of %d escapes free, %v allocs: want all free, and 0 allocs", tc.name, free, escapes, allocs)
		case tc.want == "" && (free == escapes || allocs == 0):
			t.Errorf("%s: %d of %d escapes free, %v allocs: want one that allocates", tc.name, free, escapes, allocs)
		}
	}
}
