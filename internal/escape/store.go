package escape

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"github.com/squashgo/squash/internal/iface"
)

// A Store is what the types of the code say of a line where its text
// cannot tell how it allocates: a line that stores to an index expression,
// x[k] = v, x[k] += v or x[k]++, whose text cannot tell a map from a
// slice, a string from a number, nor a value that goes into an interface
// from one that does not; a line that assigns or returns a call's results,
// v, err = f(), whose text cannot tell whether they go into interfaces;
// and a line that makes a value of a named type, make(Fields, n), whose
// text cannot tell a map from a slice or a channel.
type Store struct {
	// Map says that x is a map, which the store may grow
	// (runtime.mapassign).
	Map bool
	// Concat says that the line adds to a string element, x[k] += v,
	// which concatenates the two strings (runtime.concatstrings) on every
	// store.
	Concat bool
	// Boxed are the positions, as the compiler gives them, of the values
	// on the line that a store converts to an interface (a slice or map
	// element of interface type, a map's key, or a variable or field of
	// interface type assigned with =): a conversion that the
	// compiler says escapes copies its value to the heap (runtime.convT*).
	// Pointer-shaped values (pointers, closures, maps, channels) are not
	// among them: they go into the interface as they are, and what
	// allocates on such a store is the value itself. So are the results
	// of a call, or the value of a comma-ok expression, that an
	// assignment to interface variables (v, err = f()) or a return of a
	// function whose results are interfaces (return f()) converts: the
	// compiler holds each in a temporary, .autotmp_N, whose record is at
	// the = or the return.
	Boxed []Position
	// Own says, of those of Boxed whose value allocates on its own before
	// the conversion copies it (a make, a slice literal, a conversion
	// between strings and byte or rune slices, a concatenation), what
	// that allocation is: the compiler's records of the two allocations
	// share the value's position.
	Own map[Position]Alloc
	// Consts names, of those of Boxed whose value is a package-level
	// variable that could be a constant (see iface.ConstVars), the
	// variable: as a constant, it would go into the interface with no
	// copy. A variable whose value the runtime boxes from static memory
	// anyway (iface.BoxedFree) is not among them.
	Consts map[Position]string
	// Make is what the line's make makes, by its type: MakeSlice,
	// MakeMap or MakeChan (NoAlloc for a line with no make). Of several
	// makes on a line, a channel's is named before a map's, and a map's
	// before a slice's, as the text is read for them.
	Make Alloc
}

// An Alloc is a kind of allocation that a value makes on its own, as the
// types of the code tell it.
type Alloc int

// The allocations a Store names. The makes come in the order in which
// Store.Make prefers them: the last first.
const (
	NoAlloc       Alloc = iota
	MakeSlice           // make([]T, n): its backing array
	MakeMap             // make(map[K]V): the map
	MakeChan            // make(chan T): the channel
	SliceLiteral        // []T{…}: its backing array
	Concat              // a + b of strings
	BytesToString       // string(b) of a []byte
	RunesToString       // string(r) of a []rune
	StringToBytes       // []byte(s)
	StringToRunes       // []rune(s)
)

// Store returns what the types say of the stores to index expressions and
// the makes on file:line (none, when the line has neither), and whether
// the types of file were read at all: ReadTypes reads those of the files
// that hold records of values that escape, ReadStores those of the files
// it is given.
func (ix *Index) Store(file string, line int) (Store, bool) {
	if !ix.typed[file] {
		return Store{}, false
	}
	return ix.stores[lineKey{file, line}], true
}

// noteStores records, for each line of f (of the file tf) that stores to
// an index expression, converts a value to an interface or makes a value,
// what info says of the store, the conversion and what is made. consts are
// the package's variables that could be constants (iface.ConstVars).
func (ix *Index) noteStores(f *ast.File, tf *token.File, info *types.Info, sizes types.Sizes, consts map[*types.Var]constant.Value) {
	if ix.typed == nil {
		ix.typed, ix.stores = map[string]bool{}, map[lineKey]Store{}
	}
	if ix.tinyBoxed == nil {
		ix.tinyBoxed = map[Position]bool{}
	}
	ix.typed[tf.Name()] = true
	if sizes == nil {
		sizes = types.SizesFor("gc", "amd64")
	}
	// change applies edit to the Store of the line of pos.
	change := func(pos token.Pos, edit func(*Store)) {
		k := lineKey{tf.Name(), tf.PositionFor(pos, false).Line}
		s := ix.stores[k]
		edit(&s)
		ix.stores[k] = s
	}
	// boxedAt notes a value of type from that its line converts to the
	// type to, which the compiler reports at pos, and what the value
	// allocates on its own before (own, or NoAlloc).
	boxedAt := func(pos token.Pos, from, to types.Type, own Alloc) {
		if from == nil || !isInterface(to) || types.IsInterface(from) || iface.PointerShaped(sizes, from) {
			return
		}
		p := tf.PositionFor(pos, false)
		at := Position{File: tf.Name(), Line: p.Line, Col: p.Column}
		// The results of one call share a position: their temporaries'
		// records do not say which is which.
		tiny, seen := ix.tinyBoxed[at]
		ix.tinyBoxed[at] = (tiny || !seen) && own == NoAlloc && tinyType(from, sizes)
		change(pos, func(s *Store) {
			if slices.Contains(s.Boxed, at) {
				return
			}
			s.Boxed = append(s.Boxed, at)
			if own != NoAlloc {
				if s.Own == nil {
					s.Own = map[Position]Alloc{}
				}
				s.Own[at] = own
			}
		})
	}
	boxed := func(e ast.Expr, to types.Type) {
		tv, ok := info.Types[e]
		if !ok || tv.IsNil() {
			return
		}
		boxedAt(compilerPos(e), tv.Type, to, ownAllocation(e, info))
		id, ok := e.(*ast.Ident)
		if !ok {
			return
		}
		v, ok := info.Uses[id].(*types.Var)
		if val, could := consts[v]; !ok || !could || iface.BoxedFree(sizes, v.Type(), val) {
			return
		}
		p := tf.PositionFor(id.Pos(), false)
		change(id.Pos(), func(s *Store) {
			if s.Consts == nil {
				s.Consts = map[Position]string{}
			}
			s.Consts[Position{File: tf.Name(), Line: p.Line, Col: p.Column}] = v.Name()
		})
	}
	// Every value converted to an interface where the code expects one.
	iface.Conversions(info, f, boxed)
	// results notes the results of a call, or the value of a comma-ok
	// expression (m[k], x.(T), <-c), that are converted to the types to
	// (nil where a result is not assigned): the compiler holds each in a
	// temporary, .autotmp_N, and reports its conversion at pos, the
	// assignment's = or the return.
	results := func(pos token.Pos, e ast.Expr, to []types.Type) {
		var from []types.Type
		switch t := info.TypeOf(e).(type) {
		case *types.Tuple:
			for i := range t.Len() {
				from = append(from, t.At(i).Type())
			}
		default:
			from = []types.Type{t} // a comma-ok's bool is never allocated
		}
		if len(from) > len(to) {
			return
		}
		for i, t := range from {
			boxedAt(pos, t, to[i], NoAlloc)
		}
	}
	// returns notes the results of calls that the returns of body, of a
	// function of signature sig, give as they are.
	returns := func(body *ast.BlockStmt, sig *types.Signature) {
		if body == nil || sig == nil || sig.Results().Len() < 2 {
			return
		}
		var to []types.Type
		for i := range sig.Results().Len() {
			to = append(to, sig.Results().At(i).Type())
		}
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // its returns are its own
			case *ast.ReturnStmt:
				if len(n.Results) == 1 {
					results(n.Return, n.Results[0], to)
				}
			}
			return true
		})
	}
	index := func(lhs ast.Expr) (*ast.IndexExpr, bool) {
		x, ok := ast.Unparen(lhs).(*ast.IndexExpr)
		if !ok {
			return nil, false
		}
		if _, ok := mapType(info.TypeOf(x.X)); ok {
			change(x.Lbrack, func(s *Store) { s.Map = true })
		}
		return x, true
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			if fn, ok := info.Defs[n.Name].(*types.Func); ok {
				returns(n.Body, fn.Signature())
			}
		case *ast.FuncLit:
			sig, _ := info.TypeOf(n).(*types.Signature)
			returns(n.Body, sig)
		case *ast.AssignStmt:
			if len(n.Lhs) > 1 && len(n.Rhs) == 1 {
				// v, err = f(): a variable declared here has the
				// result's type, and the blank identifier none.
				to := make([]types.Type, len(n.Lhs))
				for i, lhs := range n.Lhs {
					to[i] = info.TypeOf(lhs)
				}
				results(n.TokPos, n.Rhs[0], to)
			}
			if n.Tok == token.DEFINE {
				return true
			}
			// A value assigned to a variable, field or element of
			// interface type is among the conversions above: logrus's
			// value = entry.Message, value an any.
			for _, lhs := range n.Lhs {
				if x, ok := index(lhs); ok && n.Tok == token.ADD_ASSIGN && isString(info.TypeOf(x)) {
					change(x.Lbrack, func(s *Store) { s.Concat = true })
				}
			}
		case *ast.IncDecStmt:
			index(n.X)
		case *ast.CallExpr:
			if builtin(n, info) != "make" {
				break
			}
			if made := makeOf(info.TypeOf(n)); made != NoAlloc {
				change(compilerPos(n), func(s *Store) { s.Make = max(s.Make, made) })
			}
		}
		return true
	})
}

// makeOf returns what a make of t makes, or NoAlloc: a type parameter's
// make makes what a make of the types of its type set makes, which make
// requires to be of one kind.
func makeOf(t types.Type) Alloc {
	if t == nil {
		return NoAlloc
	}
	switch u := t.Underlying().(type) {
	case *types.Slice:
		return MakeSlice
	case *types.Map:
		return MakeMap
	case *types.Chan:
		return MakeChan
	case *types.Interface: // a type parameter's constraint
		for _, t := range iface.Terms(u) {
			if m := makeOf(t); m != NoAlloc {
				return m
			}
		}
	}
	return NoAlloc
}

// builtin returns the name of the built-in function that call calls, or "".
func builtin(call *ast.CallExpr, info *types.Info) string {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			return b.Name()
		}
	}
	return ""
}

// ownAllocation returns what e allocates before it is converted to an
// interface, or NoAlloc when only the conversion allocates.
func ownAllocation(e ast.Expr, info *types.Info) Alloc {
	switch e := ast.Unparen(e).(type) {
	case *ast.CompositeLit:
		if _, ok := info.TypeOf(e).Underlying().(*types.Slice); ok {
			return SliceLiteral
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD && isString(info.TypeOf(e)) {
			return Concat
		}
	case *ast.CallExpr:
		if tv, ok := info.Types[e.Fun]; ok && tv.IsType() && len(e.Args) == 1 {
			from, to := info.TypeOf(e.Args[0]), tv.Type
			switch {
			case from == nil:
			case isString(to) && isSlice(from, types.Byte):
				return BytesToString
			case isString(to) && isSlice(from, types.Rune):
				return RunesToString
			case isString(from) && isSlice(to, types.Byte):
				return StringToBytes
			case isString(from) && isSlice(to, types.Rune):
				return StringToRunes
			}
			return NoAlloc
		}
		if builtin(e, info) == "make" {
			return MakeSlice
		}
	}
	return NoAlloc
}

// isSlice reports whether t is a slice of elements of the basic kind elem.
func isSlice(t types.Type, elem types.BasicKind) bool {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	return ok && b.Kind() == elem
}

// isInterface reports whether t is an interface type, and not a type
// parameter, whose instances may not be.
func isInterface(t types.Type) bool {
	if _, ok := types.Unalias(t).(*types.TypeParam); ok || t == nil {
		return false
	}
	return types.IsInterface(t)
}

// isString reports whether t is a string type, or a type parameter whose
// type set has only strings: += on any other type adds numbers, or, on a
// type parameter whose type set has both, either.
func isString(t types.Type) bool {
	if t == nil {
		return false
	}
	if tp, ok := types.Unalias(t).(*types.TypeParam); ok {
		terms := iface.Terms(tp.Constraint())
		return len(terms) > 0 && !slices.ContainsFunc(terms, func(t types.Type) bool { return !isString(t) })
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// mapType returns t's map type, if t is a map, or a type parameter whose
// type set has a map, which the language then requires of all its types
// for the parameter to be indexed.
func mapType(t types.Type) (*types.Map, bool) {
	if t == nil {
		return nil, false
	}
	switch u := t.Underlying().(type) {
	case *types.Map:
		return u, true
	case *types.Interface: // a type parameter's constraint (an interface cannot be indexed)
		for _, t := range iface.Terms(u) {
			if m, ok := mapType(t); ok {
				return m, true
			}
		}
	}
	return nil, false
}
