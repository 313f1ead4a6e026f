package escape

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
)

// A Position is a place in a source file; Line and Col count from 1.
type Position struct {
	File string `json:"file"` // absolute path
	Line int    `json:"line"`
	Col  int    `json:"col"`
}

// String returns the position as FILE:LINE:COL.
func (p Position) String() string { return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col) }

// Known reports whether p is a place in a file: the compiler gives some
// steps of a flow ({heap} ← *{temp}) none, as file://__unnamed__ at line 0,
// which -m=2 prints as no place at all.
func (p Position) Known() bool { return p.File != "" && p.Line > 0 }

// A Step is one line of an escape flow, as the compiler explains it:
// "flow: s ← &{storage for string(b)}" or "from s := string(b) (assign)".
type Step struct {
	Pos     Position   `json:"pos"`
	Inlined []Position `json:"inlined,omitempty"` // when the step happened inside an inlined call
	Text    string     `json:"text"`
}

// A Record is one decision of the compiler.
type Record struct {
	Code    string `json:"code"`    // escape, leak, canInlineFunction, cannotInlineFunction, ...
	Message string `json:"message"` // "string(b) escapes to heap"
	// Pos is where the compiler reports the decision: in the function it
	// compiled, at the outermost call when the code was inlined.
	Pos Position `json:"pos"`
	// Inlined are the positions inside inlined functions, from the
	// second-outermost to the innermost: where the allocation is written.
	Inlined []Position `json:"inlined,omitempty"`
	Flow    []Step     `json:"flow,omitempty"`
	// Free, when set, says why the value an escape record is about is not
	// allocated all the same (one of the Free reasons). Build sets it from
	// the types of the code; Read does not.
	Free string `json:"free,omitempty"`
	// AtCall, when set, says that the value of an escape record of inlined
	// code is made at the call it was inlined at, with no frame of the
	// function called: a slice literal that the function returns as it
	// is (see Profiled). Build sets it from the types of the code; Read
	// does not.
	AtCall bool `json:"at_call,omitempty"`
	// Tiny, when set, says that the value is allocated by the runtime's
	// tiny allocator (under 16 bytes, with no pointers), which packs such
	// values into shared 16-byte blocks that a heap profile records once
	// each: a profile's count of them is a lower bound. Build sets it
	// from the types of the code; Read does not.
	Tiny bool `json:"tiny,omitempty"`
	// MaybeTiny, when set, says that the value is memory without pointers
	// whose size is known only at run time (a string conversion's or a
	// concatenation's bytes, a make or an append of a slice of such
	// elements): the tiny allocator packs it as it packs a Tiny value where
	// it is under 16 bytes, which a profile's objects of 16 bytes may be
	// (see profile.TinyBlock). Build sets it from the types of the code;
	// Read does not.
	MaybeTiny bool `json:"maybe_tiny,omitempty"`
	// ToResult, when set, says that the variable the flow ends at is a
	// named result of the function (func getValue(…) (h Handle, p
	// Params, …)), which the compiler names as it names any variable.
	// Build sets it from the types of the code; Read does not.
	ToResult bool `json:"to_result,omitempty"`
	// ResultOf, when set, says what the compiler's ~rN that the record
	// says escapes is: a result of the call inlined at the record's
	// position, "the result of pad(n)", which the source has no name for.
	// Build sets it from the types of the code; Read does not.
	ResultOf string `json:"result_of,omitempty"`
	// Written, when set, is the source of the expression that the record
	// says escapes, where the compiler's message names within it the
	// result of a call it inlined, ~rN, which the source does not:
	// "overflow: " + strconv.FormatUint(uint64(val), 10) for the message
	// "\"overflow: \" + ~r0 escapes to heap" (json-iterator/go's
	// ReadInt64). Build sets it from the code; Read does not.
	Written string `json:"written,omitempty"`
}

// Escaped returns EXPR of an escape record's message "EXPR escapes to
// heap", and whether the message is one.
func (r *Record) Escaped() (expr string, ok bool) {
	return escapedExpr(r.Message)
}

// Profiled returns where a heap profile shows what the record allocates:
// where its code is written (Source), or, when AtCall, the call that the
// code's function was inlined at, which is Pos when it was called from
// the function compiled there.
func (r *Record) Profiled() Position {
	switch n := len(r.Inlined); {
	case !r.AtCall:
		return r.Source()
	case n > 1:
		return r.Inlined[n-2]
	}
	return r.Pos
}

// Source returns where the decision's code is written: the innermost
// inlined position, or Pos.
func (r *Record) Source() Position {
	if n := len(r.Inlined); n > 0 {
		return r.Inlined[n-1]
	}
	return r.Pos
}

// Allocates reports whether the record says a value is allocated on the
// heap: an escape with a message, unless WhyFree says otherwise.
func (r *Record) Allocates() bool {
	return strings.HasPrefix(r.Code, "escape") && r.Message != "" && r.WhyFree() == ""
}

// WhyFree returns why the value an escape record is about is not allocated
// after all: Free, or, from the message alone, FreeConstant for a literal
// constant, such as the argument of panic("nil context"). It returns "" for
// every other record.
func (r *Record) WhyFree() string {
	switch {
	case !strings.HasPrefix(r.Code, "escape"):
		return ""
	case r.Free != "":
		return r.Free
	case literalEscapes.MatchString(r.Message):
		return FreeConstant
	}
	return ""
}

// literalEscapes matches the message of a literal constant that escapes:
// a string (which the compiler cuts short with "..." past about 70
// characters), rune or number literal, true or false, or a conversion of
// one to a predeclared type, such as int64(100000).
var literalEscapes = func() *regexp.Regexp {
	lit := `(?:"(?:[^"\\]|\\.)*(?:"|\.\.\.)|` + "`[^`]*(?:`|\\.\\.\\.)" + `|'(?:[^'\\]|\\.)+'|-?[0-9][0-9a-zA-Z_.]*(?:[eEpP][+-][0-9_]+)?|\(-?[0-9][0-9a-zA-Z_.+\- ]*i\)|true|false)`
	// Only to a predeclared type: errKind("x") may be a call, whose result
	// does allocate in an interface.
	conv := `(?:u?int(?:8|16|32|64)?|float(?:32|64)|complex(?:64|128)|string|byte|rune|uintptr|bool)`
	return regexp.MustCompile(`^(?:` + lit + `|` + conv + `\(` + lit + `\)) escapes to heap$`)
}()

// String returns the message and, for escapes, the flow in short:
// "string(b) escapes to heap: strings.genSplit(…) (call parameter) → {heap}".
// A compiler's ~rN is followed by what it is: "~r0 (the result of pad(n))
// escapes to heap"; an expression that holds one, by its source:
// "\"overflow: \" + ~r0 (in the source, \"overflow: \" +
// strconv.FormatUint(uint64(val), 10)) escapes to heap".
func (r *Record) String() string {
	msg := r.Message
	if v, ok := escapedExpr(msg); ok && r.ResultOf != "" {
		msg = v + " (" + r.ResultOf + ") escapes to heap"
	} else if ok && r.Written != "" {
		msg = v + " (in the source, " + r.Written + ") escapes to heap"
	}
	if len(r.Flow) == 0 {
		return msg
	}
	if f := r.ShortFlow(); f != "" {
		return msg + ": " + f
	}
	return msg
}

// ShortFlow renders the flow as the steps a reader needs: those that move
// the value somewhere (a call parameter, a return, a closure, an interface,
// a store into an element or a field), ending at its final destination.
// Spills and assignments to variables are left out; Flow has them all. The
// step where the value leaves for its destination decides what a fix must
// change: it is kept, with its file and line where that is not the
// record's own line, such as a call on an error path, fail(…) (call
// parameter) at parse.go:41.
func (r *Record) ShortFlow() string {
	last := -1 // the step into the destination
	for i, s := range r.Flow {
		if strings.HasPrefix(s.Text, "from ") && s.Pos.Known() {
			last = i
		}
	}
	var parts []string
	for i, s := range r.Flow {
		from, ok := strings.CutPrefix(s.Text, "from ")
		if !ok {
			continue
		}
		expr, kind := splitKind(from)
		at := ""
		if i == last && (s.Pos.File != r.Pos.File || s.Pos.Line != r.Pos.Line) {
			at = fmt.Sprintf(" at %s:%d", filepath.Base(s.Pos.File), s.Pos.Line)
		}
		switch kind {
		case "assign":
			// An assignment to a variable is left out; one to an element
			// or a field (uuids[i] = ~r0) may be the store that escapes.
			if lhs, _, ok := strings.Cut(expr, " = "); (!ok || identifier(lhs)) && at == "" {
				continue
			}
		case "spill", "assign-pair", "assign-pair-func-call", "address-of", "dereference", "indirection", "":
			if at == "" {
				continue
			}
		}
		parts = append(parts, shortExpr(expr)+" ("+kind+")"+at)
	}
	switch dest := r.dest(); {
	case dest == "":
	case resultName.MatchString(dest):
		// Any of the function's unnamed results, the fourth as the first.
		parts = append(parts, "the result")
	case r.ToResult:
		parts = append(parts, "the result "+dest)
	default:
		parts = append(parts, dest)
	}
	return strings.Join(parts, " → ")
}

// resultName matches the compiler's names of a function's unnamed results.
var resultName = regexp.MustCompile(`^~[rR][0-9]+$`)

// dest returns the location the flow ends at: "{heap}", a result (~r0),
// a variable, or "" when the record has no flow.
func (r *Record) dest() string {
	dest := ""
	for _, s := range r.Flow {
		if d, ok := strings.CutPrefix(s.Text, "flow: "); ok {
			if to, _, ok := strings.Cut(d, " ← "); ok {
				dest = to
			}
		}
	}
	return dest
}

// identifier reports whether s is one Go identifier, such as a variable or
// the compiler's ~r0.
func identifier(s string) bool {
	return s != "" && !strings.ContainsAny(s, "[]().* ")
}

// splitKind splits "s := string(b) (assign)" into its expression and kind.
func splitKind(s string) (expr, kind string) {
	if !strings.HasSuffix(s, ")") {
		return s, ""
	}
	i := strings.LastIndex(s, " (")
	if i < 0 {
		return s, ""
	}
	return s[:i], s[i+2 : len(s)-1]
}

// shortExpr keeps a call's function and elides its arguments:
// "strings.genSplit(strings.s, strings.sep, 0, -1)" -> "strings.genSplit(…)".
func shortExpr(e string) string {
	if i := strings.IndexByte(e, '('); i > 0 && strings.HasSuffix(e, ")") && !strings.ContainsAny(e[:i], " =") {
		return e[:i] + "(…)"
	}
	if len(e) > 40 {
		return e[:39] + "…"
	}
	return e
}
