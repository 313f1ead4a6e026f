package alloctest_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/squashgo/squash/alloctest"
)

func ExampleAtMost() {
	// In a test, t is the test's *testing.T.
	t := new(testing.T)
	var buf [20]byte
	alloctest.AtMost(t, 0, func() {
		strconv.AppendInt(buf[:0], 12345, 10)
	})
}

var sink []string

func ExampleSites() {
	sites := alloctest.Sites(10, func() {
		sink = strings.Split("a,b,c", ",")
	})
	for _, s := range sites {
		fmt.Printf("%g allocs/run, %g B/run, in %s via %s\n", s.AllocsPerRun, s.BytesPerRun, s.Function, s.Via)
	}
	// Output:
	// 1 allocs/run, 48 B/run, in github.com/squashgo/squash/alloctest_test.ExampleSites.func1 via strings.genSplit
}
