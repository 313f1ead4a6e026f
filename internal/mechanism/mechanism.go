package mechanism

import (
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/squashgo/squash/internal/escape"
)

// Of names, in plain words, how a line allocates, or returns "":
// from the function that allocated on the line's behalf (the deepest frame
// of a heap profile, "" when it was the line itself), the line's source
// text, what the types say of the line (its stores to index expressions
// and its makes; nil when they were not read) and the compiler's records of
// what the line allocated itself. A heap profile hides the runtime's
// frames, so that neither a map's growth (runtime.mapassign) nor a value's
// conversion to an interface (runtime.convT*) shows as a function, nor
// whether a make made a slice, a map or a channel: a line that stores to an
// index expression is read as a map growing only when store says that what
// it indexes is a map, x[k] += v as a concatenation when v is a string
// literal or store says that the element is a string, and a make of a type
// that the text does not spell (make(Fields, n)) as what store says it
// makes, or not at all.
func Of(function, code string, store *escape.Store, recs []escape.Record) string {
	if function != "" {
		if name, ok := runtimeMechanisms[function]; ok {
			return name
		}
		return "allocated inside " + function + ", called here"
	}
	if store != nil {
		for _, r := range recs {
			if !r.Allocates() || !slices.Contains(store.Boxed, r.Source()) {
				continue
			}
			return boxing(allocs[store.Own[r.Source()]], store) + asConst(store.Consts[r.Source()])
		}
	}
	if e, ok := boxedToo(recs); ok {
		return boxing(ownMechanism(e), store)
	}
	if store != nil && store.Concat {
		return concatenates + alsoGrows(store)
	}
	code = blankLiterals(code)
	if slices.ContainsFunc(recs, func(r escape.Record) bool { return DefersInLoop(code, r) }) {
		return defersInLoop
	}
	op, at, isStore := indexStore(code)
	if isStore && !allocates(code[at:]) && !appendCall.MatchString(code) {
		// A store to an index expression whose right-hand side does not
		// allocate itself: a store to a slice element allocates nothing
		// itself, and a map grows only now and then.
		switch {
		case store == nil && op == "=":
			return "a map growing on insert (runtime.mapassign), or the value converted to an interface (runtime.convT*): the line's text does not say which"
		case store == nil && op == "+=":
			return "a map growing on insert (runtime.mapassign), if what is indexed is a map, or a string concatenation (runtime.concatstrings), if its elements are strings: the line's text does not say"
		case store == nil:
			return "a map growing on insert (runtime.mapassign), if what is indexed is a map: the line's text does not say"
		case store.Map:
			return growsMap
		}
		return ""
	}
	// What the line's text allocates (an append that grows, a make, a
	// conversion, a concatenation) and, where it stores into a map, the
	// map's growth: m[k] = append(m[k], v) does both.
	if m := textMechanism(code, store); m != "" {
		if m == growsSlice && slices.ContainsFunc(recs, func(r escape.Record) bool { return r.Allocates() && !strings.HasPrefix(r.Message, "append(") }) {
			// The line allocates what it appends, too, which the
			// profile does not tell from the slice's growth.
			m = growsSliceToo
		}
		return m + alsoGrows(store)
	}
	return ""
}

// Inlined is Of for a function that the profile shows
// allocating only in code inlined into the line (bytes.NewReader's
// &Reader{…}): it was not called, and the allocation is the line's
// function's, made where the compiler's records of the inlined code say.
func Inlined(function string) string {
	if name, ok := runtimeMechanisms[function]; ok {
		return name
	}
	return "allocated by " + function + ", inlined here"
}

// DefersInLoop reports whether r, on the line of code, is the closure that
// the compiler wraps a deferred call in, which it calls a func literal
// whether the line spells one or not (defer mu.Unlock()): it escapes only
// where the defer is in a loop, which then allocates it on every pass.
func DefersInLoop(code string, r escape.Record) bool {
	return r.Allocates() && r.Message == "func literal escapes to heap" && deferStmt.MatchString(blankLiterals(code))
}

// textMechanism returns the mechanism that code's text names, or "": a
// make of a type the text does not spell is read from store.
func textMechanism(code string, store *escape.Store) string {
	made := makes(code, store)
	switch {
	case appendCall.MatchString(code):
		return growsSlice
	case made == makesChan || made == makesMap:
		return made
	case goStmt.MatchString(code):
		return "go statement: the closure that carries the new goroutine's function and arguments (runtime.newproc)"
	case makeCall.MatchString(code):
		return made // "" where neither the text nor the types tell what it makes
	case concat.MatchString(code):
		return concatenates
	case toString.MatchString(code):
		return convertsBytes
	case toBytes.MatchString(code):
		return convertsString
	case toRunes.MatchString(code):
		return decodesRunes
	}
	return ""
}

// The mechanisms of a value converted to an interface that escapes, of a
// concatenation of strings, of a slice that grows, and of the makes and
// conversions that allocate on their own: read from a line's text, or from
// the runtime function a profile shows (runtimeMechanisms).
const (
	boxes        = "conversion to an interface copies the value to the heap (runtime.convT*)"
	boxesToo     = "; its conversion to an interface copies the value to the heap as well (runtime.convT*)"
	sliceLiteral = "the slice literal allocates its backing array (runtime.newobject)"
	concatenates = "string concatenation (runtime.concatstrings)"
	makesSlice   = "make allocates its backing array (runtime.makeslice)"
	growsSlice   = "slice grows past its capacity (runtime.growslice)"
	// growsSliceToo is growsSlice on a line whose records name another
	// allocation: zerolog's out = append(out, map[string]string{…}), in
	// a slice made with room for every element, allocates maps only.
	growsSliceToo  = "what the records above name, and the slice where it grows past its capacity (runtime.growslice): the profile does not tell them apart"
	makesMap       = "map allocated (runtime.makemap)"
	growsMap       = "map grows on insert (runtime.mapassign)"
	makesChan      = "channel allocated (runtime.makechan)"
	convertsBytes  = "string conversion copies the bytes (runtime.slicebytetostring)"
	convertsString = "conversion copies the string (runtime.stringtoslicebyte)"
	decodesRunes   = "conversion decodes the string into runes (runtime.stringtoslicerune)"
	// The closure of a deferred call escapes only where the defer is in a
	// loop (or the body of a range-over-func loop), as a defer at the top
	// of a function keeps its closure on the stack (cmd/compile's
	// escape.goDeferStmt).
	defersInLoop = "defer in a loop: the closure that carries the deferred call and its arguments (the compiler's func literal), allocated on every pass (runtime.deferproc)"
)

// allocs are the mechanisms of what a Store says a value or a make
// allocates on its own.
var allocs = map[escape.Alloc]string{
	escape.MakeSlice:     makesSlice,
	escape.MakeMap:       makesMap,
	escape.MakeChan:      makesChan,
	escape.SliceLiteral:  sliceLiteral,
	escape.Concat:        concatenates,
	escape.BytesToString: convertsBytes,
	escape.RunesToString: "string conversion encodes the runes (runtime.slicerunetostring)",
	escape.StringToBytes: convertsString,
	escape.StringToRunes: decodesRunes,
}

// boxedToo returns the expression of a value that recs say allocates twice:
// once itself (a make's backing array, a slice literal's, a string's
// bytes), in a record whose flow goes from the value's storage into the
// storage of its conversion to an interface (the compiler prints an
// implicit conversion as its operand: "from make([]any, n)
// (interface-converted)"), and once in that conversion, whose own record,
// with the same message, is at the conversion's position, which is the
// value's or next to it. A value that goes into an interface that does not
// escape has no second record: only the conversion's record says that the
// copy is on the heap.
func boxedToo(recs []escape.Record) (string, bool) {
	for i := range recs {
		r := &recs[i]
		e, ok := r.Escaped()
		if !ok || !r.Allocates() {
			continue
		}
		storage := "{storage for " + e + "}"
		if !slices.ContainsFunc(r.Flow, func(s escape.Step) bool { return s.Text == "flow: "+storage+" ← &"+storage }) {
			continue
		}
		for _, s := range r.Flow {
			if s.Text != "from "+e+" (interface-converted)" {
				continue
			}
			for j := range recs {
				if c := &recs[j]; j != i && c.Message == r.Message && c.Allocates() && c.Pos == s.Pos && slices.Equal(c.Inlined, s.Inlined) {
					return e, true
				}
			}
		}
	}
	return "", false
}

// ownMechanism returns the mechanism of what the expression e, as the
// compiler prints it, allocates itself before its conversion to an interface
// copies it, or "".
func ownMechanism(e string) string {
	if strings.HasSuffix(e, "{...}") && !strings.HasPrefix(e, "&") {
		// Of the literals, only a slice's allocates before a conversion
		// copies it: a map or a pointer goes into an interface as it is.
		return sliceLiteral
	}
	if m := Of("", e, nil, nil); m != "" || !makeCall.MatchString(e) {
		return m
	}
	// A value that the conversion copies is no map or channel, which go
	// into an interface as they are: what a make of it makes is a slice.
	return makesSlice
}

// makes returns the mechanism of the make on code's line, or "": from the
// types where store has it (see Store.Make), and otherwise from the text,
// which tells only where it spells the type (make(map[…]…), make(chan …),
// make([]…)) or gives a capacity, which only a slice has: make(Fields, n)
// may make a slice or a map, and make(Events) a map or a channel.
func makes(code string, store *escape.Store) string {
	switch {
	case store != nil && store.Make != escape.NoAlloc:
		return allocs[store.Make]
	case makeChan.MatchString(code):
		return makesChan
	case makeMap.MatchString(code):
		return makesMap
	case makeSlice.MatchString(code):
		return makesSlice
	}
	if call := firstMake(code); call != nil && len(call.Args) == 3 {
		return makesSlice
	}
	return ""
}

// boxing returns the mechanism of a value converted to an interface that
// escapes: own, what the value allocates first, if anything, then the
// conversion, and the map's growth where store says it stores to a map.
func boxing(own string, store *escape.Store) string {
	if own != "" {
		return own + boxesToo + alsoGrows(store)
	}
	return boxes + alsoGrows(store)
}

// asConst returns what to add to the mechanism of a conversion to an
// interface of name, a package-level variable that could be a constant
// (see escape.Store.Consts), or "" for no name.
func asConst(name string) string {
	if name == "" {
		return ""
	}
	return "; as a const, " + name + " would go into the interface with no copy: nothing in its package assigns it"
}

// alsoGrows returns what to add to the mechanism of a store that allocates
// on every store when it stores to a map, which grows now and then too (or
// "", with no types: store nil).
func alsoGrows(store *escape.Store) string {
	if store != nil && store.Map {
		return "; the map also grows on insert (runtime.mapassign)"
	}
	return ""
}

// ReadsTypes reports whether Of, for a line that allocated itself
// (function ""), reads what the types say of the line, a Store: whether
// code stores to an index expression, or makes a value of a type that its
// text does not tell a slice from a map or a channel by.
func ReadsTypes(code string) bool {
	code = blankLiterals(code)
	if _, _, ok := indexStore(code); ok {
		return true
	}
	return makeCall.MatchString(code) && makes(code, nil) == ""
}

// Unrecorded says, for a site that the compiler's diagnostics have no
// escape record for, why its line may allocate all the same, or "". A
// conversion whose result does not escape gets a buffer on the stack, of 32
// bytes or 32 runes, and goes to the heap when it is longer (a []byte(s)
// that is only read shares the string's bytes, but passing it to a
// function in assembly, a func value or an interface's method counts as a
// write: mux's findFirstQueryKey only reads its []byte(rawQuery), through
// bytes.IndexAny and bytes.IndexByte, and copies it). A make of a slice
// that does not escape is on the stack if its size is a constant (up to 64
// KiB: a larger one has a record), and otherwise only when it needs 32
// bytes or fewer. A concatenation that does not escape gets a buffer of 32
// bytes on the stack, as a string conversion does; one of x += y gets none,
// as the compiler makes no escape decision for it. An append that does not
// escape grows its slice with runtime.growslice, on the heap, but for its
// first growth from empty, which may take 32 bytes on the stack. A map that
// does not escape is on the stack when made for 8 entries or fewer;
// runtime.makemap allocates a larger one's table (logrus's
// TextFormatter.Format, make(Fields, len(entry.Data)), 3 allocs an op), and
// an insert grows one on the heap once its 8 slots are full. The compiler
// writes no record for a channel, which runtime.makechan always allocates. TestUnrecordedSizes checks these sizes on the running toolchain.
// A make of a type whose text does not say that it is a slice
// (make(Names, n)) gets nothing: UnrecordedAs reads the mechanism from the
// types.
func Unrecorded(code string) string {
	return UnrecordedAs(code, Of("", code, nil, nil))
}

// UnrecordedAs is Unrecorded for a line whose mechanism is known:
// Of's, with the line's Store where the types were read.
func UnrecordedAs(code, mechanism string) string {
	switch m := mechanism; {
	case strings.Contains(m, "makeslice"):
		if literalSize(code) {
			return "" // on the stack, up to 64 KiB, or it would have a record
		}
		return "with no escape record for it, a make that does not escape still goes to the heap when its size is not a constant and is over 32 bytes"
	case strings.Contains(m, "slicebytetostring"):
		return "with no escape record for it, a result that does not escape still goes to the heap when it is longer than 32 bytes"
	case strings.Contains(m, "stringtoslicebyte"):
		return "with no escape record for it, a result that does not escape still goes to the heap when it is longer than 32 bytes and written to, or passed to a function in assembly (as bytes.IndexByte passes it), a func value or an interface's method, which the compiler counts as writes (one that is only read shares the string's bytes)"
	case strings.Contains(m, "makemap"):
		if !mapHint(code) {
			return "" // no hint, or a constant one of 8 or fewer: on the stack
		}
		return "with no escape record for it, a map that does not escape still gets its table from the heap when made for more than 8 entries"
	case strings.Contains(m, "stringtoslicerune"):
		return "with no escape record for it, a result that does not escape still goes to the heap when it has more than 32 runes"
	case strings.Contains(m, "makechan"):
		return "with no escape record for it, a channel still goes to the heap: the compiler records none for a channel, which runtime.makechan always allocates"
	case m == growsMap:
		return "with no escape record for it, an insert still grows the map on the heap once its table is full; a map on the stack has room for 8 entries"
	case strings.Contains(m, "concatstrings") && addAssign.MatchString(blankLiterals(code)):
		return "with no escape record for it, a += of strings still goes to the heap: the compiler decides nothing for it, and concatenates into a new string every time"
	case strings.Contains(m, "concatstrings"):
		return "with no escape record for it, a concatenation that does not escape still goes to the heap when it is longer than 32 bytes"
	case m == growsSlice:
		return "with no escape record for it, an append that does not escape still grows its slice on the heap; only a slice that starts empty may get its first 32 bytes on the stack"
	}
	return ""
}

// The built-ins and conversions a line's text is read for. A name after a
// dot is a method or a field (d.string(c), x.append(v)), not the built-in.
var (
	appendCall = regexp.MustCompile(`(?:^|[^.\w])append\(`)
	makeCall   = regexp.MustCompile(`(?:^|[^.\w])make\(`)
	makeMap    = regexp.MustCompile(`(?:^|[^.\w])make\(\s*map\[`)
	makeSlice  = regexp.MustCompile(`(?:^|[^.\w])make\(\s*\[\]`)
	makeChan   = regexp.MustCompile(`(?:^|[^.\w])make\(\s*(?:<-\s*)?chan\b`)
	goStmt     = regexp.MustCompile(`^\s*go\s`)
	deferStmt  = regexp.MustCompile(`^\s*defer\s`)
	addAssign  = regexp.MustCompile(`\+=`)
	concat     = regexp.MustCompile(`["\x60]\s*\+|\+=?\s*["\x60]`) // "a" + b, a + "b", a += "b"; \x60 is a raw string's quote
	toString   = regexp.MustCompile(`(?:^|[^.\w])string\(`)
	toBytes    = regexp.MustCompile(`\[\]byte\)?\(`) // ([]byte)(s) is how the compiler prints []byte(s)
	toRunes    = regexp.MustCompile(`\[\]rune\)?\(`)
)

// blankLiterals returns code with the insides of its string and rune
// literals, and its comments, replaced by spaces, so that the patterns
// above read only code: "+" is no concatenation, and log.Print("append(")
// or a trailing // make(...) no append or make. It returns code unchanged
// if the line does not scan (a line inside a raw string that spans lines).
func blankLiterals(code string) string {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(code))
	failed := false
	s.Init(file, []byte(code), func(token.Position, string) { failed = true }, scanner.ScanComments)
	b := []byte(code)
	for {
		pos, tok, lit := s.Scan()
		if tok == token.EOF {
			break
		}
		lo, hi := file.Offset(pos), file.Offset(pos)+len(lit)
		switch tok {
		case token.STRING, token.CHAR:
			lo, hi = lo+1, hi-1 // keep the quotes: "a" + b is still a concatenation
		case token.COMMENT:
		default:
			continue
		}
		for i := lo; i < hi && i < len(b); i++ {
			if b[i] != '\n' {
				b[i] = ' '
			}
		}
	}
	if failed {
		return code
	}
	return string(b)
}

// indexStore reports whether code starts with a statement that assigns to
// an index expression, whatever is indexed: m[k] = v, (*p)[k] = v,
// s.maps[i][k] = v, f()[k] = v, a, m[k] = 1, 2, and every op= and ++ or --
// of one. It returns the statement's operator ("=", "+=", "++") and where it
// is in code. The left-hand side is read token by token up to the
// operator, so that the line may end inside the right-hand side, and the
// expressions before it are parsed: *p[k] = v stores through a pointer
// element, not to an index expression.
func indexStore(code string) (op string, at int, ok bool) {
	var s scanner.Scanner
	fset := token.NewFileSet()
	file := fset.AddFile("", -1, len(code))
	s.Init(file, []byte(code), func(token.Position, string) {}, 0)
	depth, starts := 0, []int{0}
	for {
		pos, tok, _ := s.Scan()
		off := file.Offset(pos)
		switch {
		case tok == token.EOF || tok == token.DEFINE || depth == 0 && tok == token.SEMICOLON:
			return "", 0, false
		case tok == token.LPAREN || tok == token.LBRACK || tok == token.LBRACE:
			depth++
		case tok == token.RPAREN || tok == token.RBRACK || tok == token.RBRACE:
			depth--
		case depth == 0 && tok == token.COMMA:
			starts = append(starts, off+1)
		case depth == 0 && (tok == token.ASSIGN || token.ADD_ASSIGN <= tok && tok <= token.AND_NOT_ASSIGN || tok == token.INC || tok == token.DEC):
			for i, from := range starts {
				to := off
				if i+1 < len(starts) {
					to = starts[i+1] - 1
				}
				if e, err := parser.ParseExpr(code[from:to]); err == nil {
					if _, ok := ast.Unparen(e).(*ast.IndexExpr); ok {
						return tok.String(), off, true
					}
				}
			}
			return "", 0, false
		}
	}
}

// allocates reports whether code has a string concatenation, a conversion
// between strings and byte or rune slices, or a make.
func allocates(code string) bool {
	return concat.MatchString(code) || toString.MatchString(code) || toBytes.MatchString(code) || toRunes.MatchString(code) || makeCall.MatchString(code)
}

// runtimeMechanisms are runtime functions that heap profiles may show as
// the deepest frame, in plain words.
var runtimeMechanisms = map[string]string{
	"runtime.growslice":         growsSlice,
	"runtime.makeslice":         makesSlice,
	"runtime.makemap":           makesMap,
	"runtime.makemap_small":     "map allocated (runtime.makemap_small)",
	"runtime.mapassign":         growsMap,
	"runtime.mapassign_faststr": "map grows on insert (runtime.mapassign_faststr)",
	"runtime.mapassign_fast64":  "map grows on insert (runtime.mapassign_fast64)",
	"runtime.newproc1":          "new goroutine (runtime.newproc)",
	"runtime.makechan":          makesChan,
	"runtime.concatstrings":     concatenates,
	"runtime.slicebytetostring": convertsBytes,
	"runtime.stringtoslicebyte": "byte slice conversion copies the string (runtime.stringtoslicebyte)",
	"runtime.stringtoslicerune": decodesRunes,
}

// literalSize reports whether code's first make call has integer literals
// for its length and capacity: make([]int, 3).
func literalSize(code string) bool {
	call := firstMake(code)
	if call == nil || len(call.Args) < 2 {
		return false
	}
	for _, a := range call.Args[1:] {
		if lit, ok := a.(*ast.BasicLit); !ok || lit.Kind != token.INT {
			return false
		}
	}
	return true
}

// mapHint reports whether code's first make, of a map, gives a size hint
// that may be over 8 (abi.MapGroupSlots): a map that does not escape has
// its header, and one group of 8 slots where the hint allows, on the stack;
// runtime.makemap allocates the table of a larger one on the heap.
// TestUnrecordedSizes checks the size on the running toolchain.
func mapHint(code string) bool {
	call := firstMake(code)
	if call == nil || len(call.Args) < 2 {
		return false
	}
	lit, ok := call.Args[1].(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return true
	}
	n, err := strconv.ParseInt(lit.Value, 0, 64)
	return err != nil || n > 8
}

// firstMake returns code's first make call, parsed, or nil when there is
// none or it does not end on the line.
func firstMake(code string) *ast.CallExpr {
	loc := makeCall.FindStringIndex(code)
	if loc == nil {
		return nil
	}
	i := loc[1] - len("make(")
	// The call runs to its closing parenthesis: parse growing prefixes.
	for j := loc[1]; j < len(code); j++ {
		if code[j] != ')' {
			continue
		}
		if e, err := parser.ParseExpr(code[i : j+1]); err == nil {
			call, _ := e.(*ast.CallExpr)
			return call
		}
	}
	return nil
}
