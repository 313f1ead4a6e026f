package report

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/squashgo/squash/internal/escape"
	"github.com/squashgo/squash/internal/mechanism"
	"github.com/squashgo/squash/internal/profile"
	"github.com/squashgo/squash/internal/text"
)

// explain attaches to site the compiler's reasons for the code that ran
// there, and the mechanism in plain words.
//
// A record explains a part of the site's allocations only if it describes
// the code that made them: a record of the line's own code (no inline
// frames) explains what the line allocated itself, a record of code inlined
// into the line explains what an inlined callee allocated there. Of the
// latter, those whose allocation the profile shows on the line itself, with
// no frame of the callee (a slice literal that the callee returns as it
// is, made at the call: see escape.Record.AtCall), explain the line's own
// allocations too. A call into a function that was not inlined
// (strings.genSplit) allocates under that function's own decisions, which
// the mechanism names instead.
func explain(site *Site, p profile.Site, ix *escape.Index, src *sources) {
	root := src.root
	own, callee := false, false
	for _, m := range p.Mechanisms {
		if m.Function == "" {
			own = true
		} else {
			callee = true
		}
	}
	// here reports whether the profile blames what r allocates on the
	// site's line, not on the line of an inlined function of the module
	// that r's code went through.
	here := func(r escape.Record) bool {
		at, ok := blamed(r, root)
		return !ok || at.File == p.File && at.Line == p.Line
	}
	// ran reports whether the profile shows r's code allocating: an
	// inlined callee that allocated itself, down the very chain of inlined
	// calls that r's positions give. A record of a path not taken is no
	// reason: Go 1.26 inlines fmt.Errorf, and with it the errors.New of a
	// format without arguments, whose &errorString{…} spf13/cast's
	// Errorf(msg, i, n, err) never makes (fmt.errorf allocates, and its
	// own inlined errors.New is of another chain).
	ran := func(r escape.Record) bool {
		return slices.ContainsFunc(p.Inlines, func(chain []profile.Position) bool {
			return slices.EqualFunc(chain, r.Inlined, func(a profile.Position, b escape.Position) bool {
				return a.File == b.File && a.Line == b.Line
			})
		})
	}
	relevant := func(recs []escape.Record) []escape.Record {
		out := recs[:0]
		for _, r := range recs {
			if r.Allocates() && (own && (r.Profiled() == r.Pos || fromRuntime(r)) || callee && len(r.Inlined) > 0 && here(r) && ran(r)) {
				out = append(out, r)
			}
		}
		return out
	}
	var recs []escape.Record
	if ix != nil {
		for _, at := range p.InlinedAt {
			// The site's own line was inlined into a caller: the record
			// of that copy sits at the call, with the site's line among
			// its inline frames.
			recs = append(recs, slices.DeleteFunc(allocating(ix.InlinedAt(p.File, p.Line, at.File, at.Line)), func(r escape.Record) bool { return !here(r) })...)
		}
		if p.Direct {
			recs = append(recs, relevant(ix.Here(p.File, p.Line))...)
		}
		if len(recs) == 0 && own {
			recs = movedHere(allocating(ix.Through(p.File, p.Line)), p.File, p.Line)
		}
	}
	// A generic line has a record per shape, all at the line: keep the
	// site's instance's.
	recs = slices.DeleteFunc(recs, func(r escape.Record) bool { return !sameShapes(p.Function, r.Message) })
	for _, r := range recs {
		reason := Reason{
			Code:    r.Code,
			Message: r.Message,
			Pos:     posString(root, r.Source()),
			Summary: r.String(),
		}
		if len(r.Inlined) > 0 {
			reason.InlinedAt = posString(root, r.Pos)
		}
		// Memory without pointers sized at run time is packed in blocks
		// only where it is under 16 bytes: where the profile recorded no
		// object of a block's size, it was not.
		site.Tiny = site.Tiny || r.Tiny || r.MaybeTiny && p.Blocks > 0
		for _, s := range r.Flow {
			if !s.Pos.Known() {
				reason.Flow = append(reason.Flow, s.Text)
				continue
			}
			reason.Flow = append(reason.Flow, fmt.Sprintf("%s  %s", s.Text, posString(root, s.Pos)))
		}
		site.Reasons = append(site.Reasons, reason)
	}
	var store *escape.Store
	if ix != nil {
		if s, ok := ix.Store(p.File, p.Line); ok {
			store = &s
		}
	}
	// The function's type arguments as the split line has them: the
	// compiler's shapes in full are no words (slices.Clone[…]).
	if len(p.Mechanisms) > 0 && p.Mechanisms[0].Inlined() {
		site.MechanismText = mechanism.Inlined(shortTypeArgs(p.Mechanism()))
		if at, ok := inlinedLine(p.Mechanisms[0].Inlines); ok {
			if code := src.line(at.File, at.Line); code != "" {
				site.MechanismText += fmt.Sprintf(", at %s:%d: %s", filepath.Base(at.File), at.Line, code)
			}
		}
	} else {
		site.MechanismText = mechanism.Of(shortTypeArgs(p.Mechanism()), site.Code, store, recs)
	}
	if ix != nil && len(recs) == 0 && p.Mechanism() == "" {
		// Only where the compiler's records were read: -profile has none.
		if why := mechanism.UnrecordedAs(site.Code, site.MechanismText); why != "" {
			site.MechanismText += ": " + why
		}
	}
}

// movedHere keeps, of the records of other lines whose flow passes through
// file:line, those that explain an allocation made on this line: a slice
// built by append in a stack buffer and returned here, which the compiler
// copies to the heap at the return (runtime.moveSlice, Go 1.26's
// cmd/compile/internal/slice). A value allocated where it is written (a
// conversion to an interface, a make) and only passing through this line
// on its way to the heap is no reason for what this line allocates.
func movedHere(recs []escape.Record, file string, line int) []escape.Record {
	return slices.DeleteFunc(recs, func(r escape.Record) bool {
		if !strings.HasPrefix(r.Message, "append(") {
			return true
		}
		return !slices.ContainsFunc(r.Flow, func(s escape.Step) bool {
			return s.Pos.File == file && s.Pos.Line == line && strings.HasPrefix(strings.TrimSpace(s.Text), "flow: ~r")
		})
	})
}

// sameShapes reports whether a record's message may be of the instance fn
// of a generic function: it names none of the compiler's shapes
// (go.shape.int), or one of fn's. A generic line's records are one per
// shape, all at the line.
func sameShapes(fn, msg string) bool {
	mine, theirs := shapes(fn), shapes(msg)
	if len(mine) == 0 || len(theirs) == 0 {
		return true
	}
	for _, s := range theirs {
		if slices.Contains(mine, s) {
			return true
		}
	}
	return false
}

// shapes returns the compiler's shape names in s: "go.shape." and the type
// after it, which runs to the first comma, space, or closing bracket or
// parenthesis that closes nothing the type opened: go.shape.int in
// make(items[*node[go.shape.int]], n), go.shape.struct { a int; b []int }
// whole.
func shapes(s string) []string {
	const prefix = "go.shape."
	var out []string
	for {
		i := strings.Index(s, prefix)
		if i < 0 {
			return out
		}
		s = s[i:]
		depth, end := 0, len(prefix)
	scan:
		for ; end < len(s); end++ {
			switch c := s[end]; c {
			case '[', '(', '{':
				depth++
			case ']', ')', '}':
				if depth == 0 {
					break scan
				}
				depth--
			case ',', ' ', ';':
				if depth == 0 && !strings.HasPrefix(s[end:], " {") {
					break scan
				}
			}
		}
		out = append(out, s[:end])
		s = s[end:]
	}
}

// blamed returns the line a heap profile blames what r allocates on, and
// whether it is known: of the positions of r's code, from where the profile
// shows the allocation (Profiled) out to the function compiled (Pos), the
// first that lies in the module at root (not in its vendor directory), as
// profile.Blame takes the first frame of the module's code. An inlined
// function of the module keeps its own frame in the profile, which takes
// what it allocates to its own line: brotli's NewReader, inlined into
// io.Copy(io.Discard, NewReader(bytes.NewReader(b))), allocates on its own
// line, where bytes.NewReader, of the standard library, allocates on the
// calling line.
func blamed(r escape.Record, root string) (escape.Position, bool) {
	chain := append([]escape.Position{r.Pos}, r.Inlined...)
	i := len(chain) - 1
	if r.AtCall && i > 0 {
		i-- // made at the call, with no frame of the function called
	}
	for ; i >= 0; i-- {
		if file, ok := text.Within(root, chain[i].File); ok && !strings.HasPrefix(file, "vendor/") {
			return chain[i], true
		}
	}
	return escape.Position{}, false
}

// fromRuntime reports whether r is of code inlined from the runtime package,
// such as runtime.CallersFrames: the memory profile leaves the runtime's
// frames out, inlined ones too, so what that code allocates shows as the
// line's own allocation.
func fromRuntime(r escape.Record) bool {
	f := filepath.ToSlash(r.Source().File)
	return len(r.Inlined) > 0 && strings.Contains(f, "/src/runtime/") && path.Base(path.Dir(f)) == "runtime"
}

func allocating(recs []escape.Record) []escape.Record {
	out := recs[:0]
	for _, r := range recs {
		if r.Allocates() {
			out = append(out, r)
		}
	}
	return out
}

func posString(root string, p escape.Position) string {
	file, _ := text.Within(root, p.File)
	return fmt.Sprintf("%s:%d:%d", file, p.Line, p.Col)
}

// explained reports whether a site carries a compiler record or a named
// mechanism.
func (s *Site) explained() bool {
	return len(s.Reasons) > 0 || s.MechanismText != ""
}

// countCoverage fills r.Coverage from the sites of every benchmark.
func (r *Report) countCoverage() {
	c := &Coverage{}
	for _, p := range r.Packages {
		for _, b := range p.Benchmarks {
			for i := range b.Sites {
				c.Sites++
				if b.Sites[i].explained() {
					c.Explained++
				}
			}
		}
	}
	r.Coverage = c
}

// inlinedLine returns the line that allocated at the end of the chains of
// inlined frames of a mechanism, when all of them end at one line. The name
// of an inlined function says little of what it allocated: logrus's
// maps.Copy(dup.Data, entry.Data) allocates as maps.Copy's dst[k] = v
// grows the map it copies into.
func inlinedLine(chains [][]profile.Position) (profile.Position, bool) {
	var at profile.Position
	for i, c := range chains {
		if len(c) == 0 || i > 0 && c[len(c)-1] != at {
			return profile.Position{}, false
		}
		at = c[len(c)-1]
	}
	return at, at.File != ""
}
