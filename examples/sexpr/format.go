package sexpr

// AppendText appends n written as an S-expression to b and returns the
// result: lists in parentheses with elements separated by one space,
// strings quoted with \\, \", \n and \t escapes. Parsing the output gives
// back an equal tree. It allocates only to grow b.
func (n *Node) AppendText(b []byte) ([]byte, error) {
	return n.appendText(b), nil
}

func (n *Node) appendText(b []byte) []byte {
	switch n.Kind {
	case List:
		b = append(b, '(')
		for i, e := range n.List {
			if i > 0 {
				b = append(b, ' ')
			}
			b = e.appendText(b)
		}
		return append(b, ')')
	case String:
		b = append(b, '"')
		for i := 0; i < len(n.Text); i++ {
			switch c := n.Text[i]; c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, c)
			}
		}
		return append(b, '"')
	default:
		return append(b, n.Text...)
	}
}

// String returns n written as an S-expression, as [Node.AppendText] does.
func (n *Node) String() string {
	return string(n.appendText(nil))
}

// Equal reports whether n and m are the same tree: same kinds, texts and
// elements. It does not allocate.
func (n *Node) Equal(m *Node) bool {
	if n == nil || m == nil {
		return n == m
	}
	if n.Kind != m.Kind || n.Text != m.Text || len(n.List) != len(m.List) {
		return false
	}
	for i := range n.List {
		if !n.List[i].Equal(m.List[i]) {
			return false
		}
	}
	return true
}
