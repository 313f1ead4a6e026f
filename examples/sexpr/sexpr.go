package sexpr

import (
	"fmt"

	"github.com/squashgo/squash/arena"
)

// Kind says what a [Node] is.
type Kind uint8

// The kinds of node.
const (
	Symbol Kind = iota // Text holds the symbol
	String             // Text holds the decoded contents, without quotes
	List               // List holds the elements
)

// Node is one expression of the tree.
type Node struct {
	Kind Kind
	Text string  // a Symbol's name or a String's contents
	List []*Node // a List's elements, in order
}

// SyntaxError reports why src is not a valid S-expression document.
type SyntaxError struct {
	Offset int    // byte offset in src where the problem is
	Msg    string // what is wrong and how to fix it
}

// Error returns "sexpr: offset N: " followed by the message.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("sexpr: offset %d: %s", e.Offset, e.Msg)
}

// Parse parses every expression in src and returns them as the elements of
// one List node. Nodes, element slices and strings that contain escapes are
// allocated on the heap, one allocation each; other strings share src's
// memory. A malformed src yields a *SyntaxError.
func Parse(src string) (*Node, error) {
	p := parser[heapAlloc]{src: src}
	return p.parse()
}

// ParseArena is [Parse] with every node, element slice and decoded string
// allocated from a, so that a steady stream of documents parsed into one
// arena that is Reset between them allocates nothing. The tree is valid
// until a is reset or freed. Like Parse, other strings share src's memory.
func ParseArena(a *arena.Arena, src string) (*Node, error) {
	p := parser[arenaAlloc]{
		al:  arenaAlloc{a},
		src: src,
		// The scratch grows with the built-in append, and so to the heap,
		// only past 32 open lists or a 256-byte escaped string.
		opens: arena.MakeSlice[open](a, 0, 32),
		buf:   arena.MakeSlice[byte](a, 0, 256),
	}
	return p.parse()
}

// allocator is where a parser's memory comes from.
type allocator interface {
	node() *Node
	// list returns a copy of elems that the tree can keep.
	list(elems []*Node) []*Node
	// text returns a string holding b.
	text(b []byte) string
	// push is append for the parser's scratch stack.
	push(stack []*Node, n *Node) []*Node
}

type heapAlloc struct{}

func (heapAlloc) node() *Node { return new(Node) }

func (heapAlloc) list(elems []*Node) []*Node {
	return append([]*Node(nil), elems...)
}

func (heapAlloc) text(b []byte) string { return string(b) }

func (heapAlloc) push(stack []*Node, n *Node) []*Node { return append(stack, n) }

type arenaAlloc struct{ a *arena.Arena }

func (al arenaAlloc) node() *Node { return arena.New[Node](al.a) }

func (al arenaAlloc) list(elems []*Node) []*Node {
	if len(elems) == 0 {
		return nil
	}
	out := arena.MakeSlice[*Node](al.a, len(elems), len(elems))
	copy(out, elems)
	return out
}

func (al arenaAlloc) text(b []byte) string { return arena.String(al.a, b) }

func (al arenaAlloc) push(stack []*Node, n *Node) []*Node {
	return arena.Append(al.a, stack, n)
}

// parser reads src without recursion, so that deep nesting cannot exhaust
// the goroutine stack: elements of every open list wait on one stack, and
// opens records where each open list's elements begin.
type parser[A allocator] struct {
	al    A
	src   string
	pos   int
	stack []*Node // elements of the open lists, innermost last
	opens []open  // the open lists, innermost last
	buf   []byte  // scratch for decoding strings with escapes
}

type open struct {
	first  int // index in stack of the list's first element
	offset int // where the '(' is, for errors
}

func (p *parser[A]) parse() (*Node, error) {
	for {
		p.skipSpace()
		if p.pos == len(p.src) {
			break
		}
		switch c := p.src[p.pos]; c {
		case '(':
			p.opens = append(p.opens, open{len(p.stack), p.pos})
			p.pos++
		case ')':
			if len(p.opens) == 0 {
				return nil, &SyntaxError{p.pos, "unexpected ')': remove it or add a matching '(' before it"}
			}
			o := p.opens[len(p.opens)-1]
			p.opens = p.opens[:len(p.opens)-1]
			n := p.al.node()
			n.Kind = List
			n.List = p.al.list(p.stack[o.first:])
			p.stack = p.al.push(p.stack[:o.first], n)
			p.pos++
		case '"':
			text, err := p.str()
			if err != nil {
				return nil, err
			}
			n := p.al.node()
			n.Kind, n.Text = String, text
			p.stack = p.al.push(p.stack, n)
		default:
			start := p.pos
			for p.pos < len(p.src) && !isDelimiter(p.src[p.pos]) {
				p.pos++
			}
			n := p.al.node()
			n.Kind, n.Text = Symbol, p.src[start:p.pos]
			p.stack = p.al.push(p.stack, n)
		}
	}
	if len(p.opens) > 0 {
		return nil, &SyntaxError{p.opens[len(p.opens)-1].offset, "list is never closed: add ')' at its end"}
	}
	doc := p.al.node()
	doc.Kind = List
	doc.List = p.al.list(p.stack)
	return doc, nil
}

func isDelimiter(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '(', ')', '"', ';':
		return true
	}
	return false
}

// skipSpace moves past white space and comments.
func (p *parser[A]) skipSpace() {
	for p.pos < len(p.src) {
		switch p.src[p.pos] {
		case ' ', '\t', '\r', '\n':
			p.pos++
		case ';':
			for p.pos < len(p.src) && p.src[p.pos] != '\n' {
				p.pos++
			}
		default:
			return
		}
	}
}

// str reads a quoted string at p.pos. Without escapes its contents are a
// substring of src; with escapes they are decoded into the allocator.
func (p *parser[A]) str() (string, error) {
	open := p.pos
	p.pos++
	start := p.pos
	escaped := false
	for ; p.pos < len(p.src); p.pos++ {
		switch p.src[p.pos] {
		case '"':
			p.pos++
			if !escaped {
				return p.src[start : p.pos-1], nil
			}
			return p.decode(p.src[start : p.pos-1])
		case '\\':
			escaped = true
			p.pos++ // the escaped byte cannot end the string
		}
	}
	return "", &SyntaxError{open, `string is never closed: add '"' at its end`}
}

// decode resolves the escapes of a string's raw contents.
func (p *parser[A]) decode(raw string) (string, error) {
	b := p.buf[:0]
	offset := p.pos - 1 - len(raw)
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		i++
		switch raw[i] {
		case '\\', '"':
			b = append(b, raw[i])
		case 'n':
			b = append(b, '\n')
		case 't':
			b = append(b, '\t')
		default:
			return "", &SyntaxError{offset + i - 1, fmt.Sprintf(`unknown escape %q in string: use \\, \", \n or \t`, raw[i-1:i+1])}
		}
	}
	p.buf = b
	return p.al.text(b), nil
}
