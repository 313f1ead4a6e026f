package budget_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/squashgo/squash/internal/budget"
)

func Example() {
	b, err := budget.Parse(strings.NewReader(`squash budget v1
example.com/m/dec BenchmarkDecode 1 allocs/op 64 B/op
	1 allocs/op dec/dec.go:12 dec.Decode: out := make([]Record, 0, n)
`), "squash.budget")
	if err != nil {
		fmt.Println(err)
		return
	}
	measured := []budget.Benchmark{{
		Package: "example.com/m/dec", Name: "BenchmarkDecode", AllocsPerOp: 2, BytesPerOp: 80,
		Sites: []budget.Site{
			{AllocsPerOp: 1, File: "dec/dec.go", Line: 13, Function: "dec.Decode", Code: "out := make([]Record, 0, n)"},
			{AllocsPerOp: 1, File: "dec/dec.go", Line: 15, Function: "dec.Decode", Code: "s := string(buf)"},
		},
	}}
	v := budget.Compare(b, measured, budget.Options{ByteTolerance: 0.1})
	for _, o := range v.Over {
		fmt.Printf("%s: %v allocs/op, budget %v\n", o.Measured.Name, o.Measured.AllocsPerOp, o.Budget.AllocsPerOp)
		for _, s := range o.NewSites {
			fmt.Printf("  new: %s %s\n", s.Where(), s.Code)
		}
	}
	b.Update([]string{"example.com/m/dec"}, measured, nil)
	budget.Write(os.Stdout, b)
	// Output:
	// BenchmarkDecode: 2 allocs/op, budget 1
	//   new: dec/dec.go:15 s := string(buf)
	// # squash allocation budget: written by 'squash guard -write', checked by
	// # 'squash guard'. One benchmark a line: package, name, allocs/op, B/op; below
	// # it, indented, the sites that allocated when it was written. Lower a figure
	// # by hand to tighten a budget. The format is documented in package
	// # github.com/squashgo/squash/internal/budget.
	// squash budget v1
	//
	// example.com/m/dec BenchmarkDecode 2 allocs/op 80 B/op
	// 	1 allocs/op dec/dec.go:13 dec.Decode: out := make([]Record, 0, n)
	// 	1 allocs/op dec/dec.go:15 dec.Decode: s := string(buf)
}
