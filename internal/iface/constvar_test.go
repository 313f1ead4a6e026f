package iface

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"testing"
)

// TestConstVars: an unexported package-level variable of a string,
// boolean or integer type, initialized with a constant, that nothing
// assigns, increments or addresses, could be a constant; so could none
// that another file of the package, read without types, assigns by name.
func TestConstVars(t *testing.T) {
	const src = `package p

type Level int

func (l *Level) Set(n int) { *l = Level(n) }

func (l Level) Get() int { return int(l) }

var (
	name    = "squash"    // const
	limit   = 1000        // const
	typed   int64 = 1 << 40 // const
	level   Level = 3     // const, read by a value method
	ratio   = 1.5         // a float
	Exported = "x"        // another package may assign it
	made    = len("squash") // const
	now     = f()         // not a constant
	a, b    = 1, 2        // const both
	set     = 1           // assigned
	incr    = 1           // incremented
	addr    = 1           // addressed
	ptr     Level = 1     // a pointer method called on it
	ranged  = 1           // assigned by a range
	linked  = "x"         // named by //go:linkname
	tested  = "x"         // a test assigns it
	shadow  = "x"         // const: the assignment is to a local
)

//go:linkname linked other.linked

func f() int { return 0 }

func g() {
	set = 2
	incr++
	_ = &addr
	ptr.Set(2)
	_ = level.Get()
	for ranged = range 3 {
	}
	shadow := "y"
	shadow = "z"
	_ = shadow
}
`
	f, info, _ := check(t, src)
	test, err := parser.ParseFile(token.NewFileSet(), "p_test.go", "package p\n\nfunc init() { tested = \"y\" }\n", 0)
	if err != nil {
		t.Fatal(err)
	}
	vars := ConstVars(info, []*ast.File{f}, []*ast.File{test})
	got := make([]string, 0, len(vars))
	for v := range vars {
		got = append(got, v.Name())
	}
	slices.Sort(got)
	if want := []string{"a", "b", "level", "limit", "made", "name", "shadow", "typed"}; !slices.Equal(got, want) {
		t.Errorf("ConstVars = %v, want %v", got, want)
	}
}

// TestBoxedFree: the values that runtime.convT16, convT32, convT64 and
// convTstring take from static memory, and one-byte values, which the
// compiler does; the others are copied to the heap.
func TestBoxedFree(t *testing.T) {
	sizes := types.SizesFor("gc", "amd64")
	for _, tc := range []struct {
		src  string
		free bool
	}{
		{`var v = 255`, true},
		{`var v = 256`, false},
		{`var v = -1`, false},
		{`var v int16 = 7`, true},
		{`var v uint8 = 200`, true},
		{`var v = true`, true},
		{`var v = ""`, true},
		{`var v = "x"`, false},
	} {
		f, info, _ := check(t, "package p\n\n"+tc.src+"\n")
		id := f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Names[0]
		v := info.Defs[id].(*types.Var)
		vars := ConstVars(info, []*ast.File{f}, nil)
		if got := BoxedFree(sizes, v.Type(), vars[v]); got != tc.free {
			t.Errorf("%s: BoxedFree = %v, want %v", tc.src, got, tc.free)
		}
		if got := testing.AllocsPerRun(50, boxes[tc.src]); (got == 0) != tc.free {
			t.Errorf("%s: %v allocations boxing it, BoxedFree implies free=%v", tc.src, got, tc.free)
		}
	}
}

// The variables of TestBoxedFree's cases, boxed into an interface that
// escapes on the running toolchain.
var (
	v255            = 255
	v256            = 256
	vNegative       = -1
	v16       int16 = 7
	v8        uint8 = 200
	vTrue           = true
	vEmpty          = ""
	vX              = "x"
	boxedSink any
	boxes     = map[string]func(){
		`var v = 255`:       func() { boxedSink = v255 },
		`var v = 256`:       func() { boxedSink = v256 },
		`var v = -1`:        func() { boxedSink = vNegative },
		`var v int16 = 7`:   func() { boxedSink = v16 },
		`var v uint8 = 200`: func() { boxedSink = v8 },
		`var v = true`:      func() { boxedSink = vTrue },
		`var v = ""`:        func() { boxedSink = vEmpty },
		`var v = "x"`:       func() { boxedSink = vX },
	}
)
