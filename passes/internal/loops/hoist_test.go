package loops

import (
	"go/types"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// hoistPrelude declares the calls that the loops of TestRangeCall range
// over; each case's statements complete f's body.
const hoistPrelude = `package p

import "strings"

type T struct{}

func (T) Values() []int { return nil }
func (T) Type() []int   { return nil }

func Wrap(words []string) []string { return words }
func Parts() []string              { return nil }
func Index() map[string]int        { return nil }
func Count() int                   { return 0 }
func Name() string                 { return "" }
func Chan() chan int               { return nil }
func Seq() func(func(int) bool)    { return nil }
func Map() []int                   { return nil }
func Len() []int                   { return nil }
func Gen[S ~[]int](s S) S          { return s }
func split() []string              { return nil }

var vals int

func f(xs []int, s string, next func() []int, t T) {
	_ = strings.ToUpper
`

// TestRangeCall: a range over a call's result of slice or map type is
// hoisted into a variable named for the loop's values, else for the
// function, where the name is free.
func TestRangeCall(t *testing.T) {
	for _, c := range []struct {
		name, body string
		goVersion  string
		hoisted    string // the variable's name; "" where none is made
		decl       string
		count      string
	}{
		{name: "named for the values", body: "for _, w := range Wrap(nil) { _ = w }", hoisted: "ws", decl: "ws := Wrap(nil)", count: "len(Wrap(…))"},
		{name: "no arguments", body: "for _, part := range Parts() { _ = part }", hoisted: "parts", decl: "parts := Parts()", count: "len(Parts())"},
		{name: "a method", body: "for _, v := range t.Values() { _ = v }", hoisted: "vs", decl: "vs := t.Values()", count: "len(t.Values())"},
		{name: "a map", body: "for k, n := range Index() { _, _ = k, n }", hoisted: "ns", decl: "ns := Index()", count: "len(Index())"},
		{name: "a map, keys only", body: "for k := range Index() { _ = k }", hoisted: "index"},
		{name: "a generic call", body: "for _, y := range Gen(xs) { _ = y }", hoisted: "ys", decl: "ys := Gen(xs)", count: "len(Gen(…))"},
		{name: "no value: the function's name", body: "for i := range Parts() { _ = i }", hoisted: "parts", decl: "parts := Parts()"},
		{name: "blank value", body: "for _, _ = range Parts() {}", hoisted: "parts"},
		{name: "value already plural", body: "for _, s := range Parts() { _ = s }", hoisted: "parts"},
		{name: "a package's function", body: "for _, p := range strings.SplitN(s, \",\", 2) { _ = p }", hoisted: "ps", decl: `ps := strings.SplitN(s, ",", 2)`, count: "len(strings.SplitN(…))"},
		{name: "plural declared before in the block", body: "ws := 0\n_ = ws\nfor _, w := range Wrap(nil) { _ = w }", hoisted: "wrap"},
		{name: "plural declared after in the block", body: "for _, w := range Wrap(nil) { _ = w }\nws := 0\n_ = ws", hoisted: "wrap"},
		{name: "plural a parameter", body: "for _, x := range Gen(xs) { _ = x }", hoisted: "gen"},
		{name: "plural a package-level variable", body: "for _, val := range t.Values() { _ = val }", hoisted: "values"},
		{name: "plural declared in another block", body: "for _, w := range Wrap(nil) { _ = w }\n{ ws := 1; _ = ws }", hoisted: "ws"},
		{name: "plural and function's name both parameters", body: "for _, x := range next() { _ = x }"},
		{name: "plural and function's name both taken", body: "ws, wrap := 0, 0\n_, _ = ws, wrap\nfor _, w := range Wrap(nil) { _ = w }"},
		{name: "the function's own name", body: "for range split() {}"},
		{name: "a keyword", body: "for i := range Map() { _ = i }"},
		{name: "a method named a keyword", body: "for i := range t.Type() { _ = i }"},
		{name: "a predeclared name", body: "for i := range Len() { _ = i }"},
		{name: "len hidden", body: "len := 0\n_ = len\nfor _, w := range Wrap(nil) { _ = w }"},
		{name: "an int", body: "for range Count() {}"},
		{name: "a string", body: "for _, r := range Name() { _ = r }"},
		{name: "a channel", body: "for v := range Chan() { _ = v }"},
		{name: "an iterator", body: "for v := range Seq() { _ = v }"},
		{name: "a conversion", body: "for _, b := range []byte(s) { _ = b }"},
		{name: "a builtin", body: "for _, x := range append(xs, 1) { _ = x }"},
		{name: "a variable", body: "for _, x := range xs { _ = x }"},
		{name: "not a range", body: "for i := 0; i < 3; i++ {}"},
		{name: "strings.Fields, no index: left to stringsseq", body: "for _, w := range strings.Fields(s) { _ = w }"},
		{name: "strings.Split before Go 1.24", goVersion: "go1.23", body: `for _, w := range strings.Split(s, ",") { _ = w }`, hoisted: "ws"},
		{name: "strings.Fields with its index", body: "for i, w := range strings.Fields(s) { _, _ = i, w }", hoisted: "ws"},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass := loadFiles(t, c.goVersion, hoistPrelude+c.body+"\n}\n")
			list := body(t, pass, "f")
			j, _ := loopAt(t, list)
			h, ok := RangeCall(pass, list, j)
			if ok != (c.hoisted != "") || h.Name != c.hoisted {
				t.Fatalf("RangeCall = %q, %v; want %q", h.Name, ok, c.hoisted)
			}
			if !ok {
				return
			}
			if c.decl != "" && h.Decl != c.decl {
				t.Errorf("Decl = %q, want %q", h.Decl, c.decl)
			}
			if c.count != "" && h.Count.Text != c.count {
				t.Errorf("Count.Text = %q, want %q", h.Count.Text, c.count)
			}
			if h.Decl != h.Name+" := "+Text(pass.Fset, h.Count.Expr) {
				t.Errorf("Decl %q does not hold Count.Expr, %s", h.Decl, Text(pass.Fset, h.Count.Expr))
			}
			// The count is len of the variable: an int, never negative,
			// perhaps zero.
			if !h.Count.NonNegative || h.Count.Positive || !types.Identical(h.Count.Type, types.Typ[types.Int]) {
				t.Errorf("Count = %+v, want a non-negative int", h.Count)
			}
			if string(h.Range.NewText) != h.Name {
				t.Errorf("Range's new text = %q, want %q", h.Range.NewText, h.Name)
			}
			if got := apply(t, pass, []analysis.TextEdit{h.Range}); !strings.Contains(got, "range "+h.Name+" {") {
				t.Errorf("the loop does not range over %s after Range:\n%s", h.Name, got)
			}
		})
	}
}
