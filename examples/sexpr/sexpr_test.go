package sexpr

import (
	"errors"
	"strings"
	"testing"

	"github.com/squashgo/squash/arena"
)

// parsers runs every test against both allocators.
var parsers = []struct {
	name  string
	parse func(src string) (*Node, error)
}{
	{"heap", Parse},
	{"arena", func(src string) (*Node, error) {
		return ParseArena(new(arena.Arena), src)
	}},
}

func sym(s string) *Node     { return &Node{Kind: Symbol, Text: s} }
func str(s string) *Node     { return &Node{Kind: String, Text: s} }
func list(ns ...*Node) *Node { return &Node{Kind: List, List: ns} }
func doc(ns ...*Node) *Node  { return list(ns...) }
func words(s string) []*Node { return symbols(strings.Fields(s)) }
func nest(depth int, n *Node) *Node {
	for range depth {
		n = list(n)
	}
	return n
}

func symbols(ss []string) []*Node {
	out := make([]*Node, len(ss))
	for i, s := range ss {
		out[i] = sym(s)
	}
	return out
}

func TestParse(t *testing.T) {
	tests := []struct {
		src  string
		want *Node
	}{
		{"", doc()},
		{"  \n\t; only a comment\n", doc()},
		{"a", doc(sym("a"))},
		{"a b  c", doc(words("a b c")...)},
		{"()", doc(list())},
		{"(a (b c) () d)", doc(list(sym("a"), list(sym("b"), sym("c")), list(), sym("d")))},
		{"(define (sq x) (* x x)) ; square\n(sq 3)", doc(
			list(sym("define"), list(sym("sq"), sym("x")), list(sym("*"), sym("x"), sym("x"))),
			list(sym("sq"), sym("3")))},
		{`"plain"`, doc(str("plain"))},
		{`"" x`, doc(str(""), sym("x"))},
		{`"a \"quoted\" \\ word\n\tnext"`, doc(str("a \"quoted\" \\ word\n\tnext"))},
		{"\"raw\nnewline\"", doc(str("raw\nnewline"))},
		{`(say"hi")x`, doc(list(sym("say"), str("hi")), sym("x"))},
		{"a;comment\nb", doc(sym("a"), sym("b"))},
		{"((((((((((deep))))))))))", doc(nest(10, sym("deep")))},
		{"héllo wörld", doc(sym("héllo"), sym("wörld"))},
	}
	for _, p := range parsers {
		for _, tt := range tests {
			t.Run(p.name+"/"+tt.src, func(t *testing.T) {
				got, err := p.parse(tt.src)
				if err != nil {
					t.Fatalf("error %v", err)
				}
				if !got.Equal(tt.want) {
					t.Fatalf("got  %s\nwant %s", got, tt.want)
				}
			})
		}
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		src    string
		offset int
		msg    string
	}{
		{")", 0, "unexpected ')'"},
		{"(a b))", 5, "unexpected ')'"},
		{"(a (b)", 0, "list is never closed"},
		{"(a (b", 3, "list is never closed"},
		{`"abc`, 0, "string is never closed"},
		{`x "abc\"`, 2, "string is never closed"},
		{`"ab\q"`, 3, `unknown escape "\\q"`},
		{`("ok" "b\x")`, 8, `unknown escape "\\x"`},
	}
	for _, p := range parsers {
		for _, tt := range tests {
			t.Run(p.name+"/"+tt.src, func(t *testing.T) {
				n, err := p.parse(tt.src)
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("got %v, %v; want a *SyntaxError", n, err)
				}
				if se.Offset != tt.offset || !strings.Contains(se.Msg, tt.msg) {
					t.Fatalf("error %q at %d; want %q at %d", se.Msg, se.Offset, tt.msg, tt.offset)
				}
				if !strings.HasPrefix(err.Error(), "sexpr: offset ") {
					t.Fatalf("error %q does not say where", err)
				}
			})
		}
	}
}

func TestDeepNestingDoesNotRecurse(t *testing.T) {
	const depth = 200000
	src := strings.Repeat("(", depth) + "x" + strings.Repeat(")", depth)
	for _, p := range parsers {
		t.Run(p.name, func(t *testing.T) {
			n, err := p.parse(src)
			if err != nil {
				t.Fatal(err)
			}
			d := 0
			for n.Kind == List {
				if len(n.List) != 1 {
					t.Fatalf("level %d has %d elements, want 1", d, len(n.List))
				}
				n = n.List[0]
				d++
			}
			if d != depth+1 || n.Text != "x" {
				t.Fatalf("reached %q at depth %d, want \"x\" at %d", n.Text, d, depth+1)
			}
		})
	}
}

func TestStringRoundTrips(t *testing.T) {
	tests := []string{
		`(a "b c" (d "e\"f\\g\nh\ti") ())`,
		"x y z",
		"",
	}
	for _, src := range tests {
		t.Run(src, func(t *testing.T) {
			n, err := Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			again, err := Parse(elements(n))
			if err != nil {
				t.Fatalf("reparsing %q: %v", elements(n), err)
			}
			if !again.Equal(n) {
				t.Fatalf("round trip changed the tree: %s became %s", n, again)
			}
		})
	}
}

// elements writes a document's elements, one per line.
func elements(doc *Node) string {
	var b []byte
	for _, e := range doc.List {
		b, _ = e.AppendText(b)
		b = append(b, '\n')
	}
	return string(b)
}

func TestArenaTreeSurvivesUntilReset(t *testing.T) {
	var a arena.Arena
	defer a.Free()
	src := []byte(`(keep "esc\"aped" (me))`)
	n, err := ParseArena(&a, string(src))
	if err != nil {
		t.Fatal(err)
	}
	want, _ := Parse(string(src))
	// More parsing into the same arena must not disturb the first tree.
	for range 100 {
		if _, err := ParseArena(&a, `(other "x\ty" (stuff) more)`); err != nil {
			t.Fatal(err)
		}
	}
	if !n.Equal(want) {
		t.Fatalf("tree changed while the arena was in use: %s, want %s", n, want)
	}
}

func TestArenaParseDoesNotAllocateOnceWarm(t *testing.T) {
	var a arena.Arena
	defer a.Free()
	src := `(a "b\nc" (d e) ((f)) "g")`
	// What the arena itself costs to start over: nothing for squash's
	// region allocator, a new runtime arena under GOEXPERIMENT=arenas.
	restart := testing.AllocsPerRun(100, func() {
		a.Reset()
		arena.New[byte](&a)
	})
	allocs := testing.AllocsPerRun(100, func() {
		a.Reset()
		if _, err := ParseArena(&a, src); err != nil {
			t.Fatal(err)
		}
	})
	heap := testing.AllocsPerRun(100, func() {
		if _, err := Parse(src); err != nil {
			t.Fatal(err)
		}
	})
	if allocs > restart {
		t.Fatalf("ParseArena into a reset arena made %v allocations per parse, want no more than the arena's own %v", allocs, restart)
	}
	if heap < 10 {
		t.Fatalf("Parse made only %v allocations; the comparison is meaningless", heap)
	}
}
