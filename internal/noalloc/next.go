package noalloc

import (
	"regexp"
	"strings"
)

// Next steps, for the kinds of violation whose fix is clear. None is given
// for the others: a string conversion or concatenation that escapes is
// often the function's contract, and one that does not escape and is
// larger than its stack buffer is passed somewhere that wants that type (a
// string or []byte argument, a []rune indexed): what replaces it depends
// on the callee. What to do with a func literal that escapes depends on
// what it captures (one that captures nothing is not reported: it
// allocates nothing).
const (
	nextBoxed = "converting it to an interface copies it to the heap: keep its concrete type (or a type parameter) where it goes, not an interface"
	// A variable whose address the function returns.
	nextReturnedAddr = "its address is returned: return it by value, or fill storage the caller passes in"
	// An append's result that outlives the call: any append may grow.
	nextAppend = "an append may grow the slice: grow it outside the marked function (slices.Grow) and extend it here within its capacity, s = s[:len(s)+n], instead of appending"
	// A make whose slice outlives the call.
	nextMakeEscapes = "the slice outlives the call: take the buffer from the caller, or keep one to reuse"
	// A make of a size not constant, which does not escape.
	nextMakeSized = "give it a constant size, or take the buffer from the caller"
	// A value boxed into a ...any argument, as fmt's functions take theirs.
	nextVariadic = "it is passed in a ...any argument, which boxes it: call a function that takes its type (strconv.AppendInt and its kin, to format it), or, on a path that is not hot such as an error's, make the call in a //go:noinline function of its own, which the check does not follow"
	// A range over []rune(s).
	nextRangeRunes = "range over the string itself: for i, r := range s decodes its runes in place"
)

// boxedValue matches the message of a value that the compiler copies into
// an interface, as it prints an implicit conversion: the operand alone, a
// variable or the compiler's temporary of a call's result (~r0,
// .autotmp_3). A dotted operand may be a method value (r.M), whose
// closure is what is allocated: it is boxed only where the types say it is
// a struct field (Violation.field).
var boxedValue = regexp.MustCompile(`^([~.]?[A-Za-z_][A-Za-z0-9_]*) escapes to heap$`)

// next returns the next step for v, a violation as Check finds it, or ""
// where the fix is not clear from what the compiler says. It reads the
// compiler's message and flow: a boxed value's first step comes from the
// storage of its conversion ("{heap} ← &{storage for n}"), a variable
// moved to the heap's from its address ("~r0 ← &x").
func next(v Violation) string {
	if v.step != "" {
		return v.step
	}
	if v.Unrecorded {
		if strings.HasPrefix(v.Reason, "make(") && strings.HasSuffix(v.Reason, ", as its size is not a constant") {
			return nextMakeSized
		}
		return ""
	}
	expr, ok := strings.CutSuffix(v.Reason, " escapes to heap")
	if !ok || len(v.Flow) == 0 {
		return ""
	}
	to, from, ok := strings.Cut(v.Flow[0].Text, " ← ")
	if !ok {
		return ""
	}
	switch {
	case boxedValue.MatchString(v.Reason) && from == "&{storage for "+expr+"}" && to == "flow: {storage for ... argument}":
		return nextVariadic
	case (boxedValue.MatchString(v.Reason) || v.field) && from == "&{storage for "+expr+"}":
		return nextBoxed
	case boxedValue.MatchString(v.Reason) && from == "&"+expr && returned(v.Flow):
		return nextReturnedAddr
	case from != "&{storage for "+expr+"}":
		return ""
	case strings.HasPrefix(expr, "append("):
		return nextAppend
	case strings.HasPrefix(expr, "make([]"):
		return nextMakeEscapes
	}
	return ""
}

// returned reports whether flow ends in a return of the function's own:
// the last step is a return, and no step passes through another
// function's result or parameter.
func returned(flow []Step) bool {
	last := flow[len(flow)-1].Text
	if !strings.HasPrefix(last, "from return ") || !strings.HasSuffix(last, " (return)") {
		return false
	}
	for _, s := range flow {
		if strings.HasSuffix(s.Text, "(call parameter)") || strings.HasSuffix(s.Text, "(assign-pair)") {
			return false
		}
	}
	return true
}
