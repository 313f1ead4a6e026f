// Package iface answers, for the passes and the escape records alike, how
// the gc compiler stores values of a type in an interface, and which types
// a constraint interface's type set draws from. Conversions finds where the
// code converts values to interfaces; ConstVars, the package-level
// variables that could be constants, which go into one with no copy.
package iface

import "go/types"

// PointerShaped reports whether a value of type t goes into an interface's
// data word as it is, with no copy (cmd/compile's types.IsDirectIface): a
// pointer, map, channel, func or unsafe.Pointer, or a struct or array whose
// only part of non-zero size is one, and that is one word long
// (struct{ p *T } is, struct{ p *T; _ struct{} } with its trailing padding
// is not).
func PointerShaped(sizes types.Sizes, t types.Type) bool {
	return sizes.Sizeof(t) == sizes.Sizeof(types.Typ[types.UnsafePointer]) && pointerWord(sizes, t)
}

// pointerWord reports whether the only part of t that is not of size zero
// is a pointer-shaped word.
func pointerWord(sizes types.Sizes, t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	case *types.Array:
		return u.Len() == 1 && pointerWord(sizes, u.Elem())
	case *types.Struct:
		var word types.Type
		for f := range u.Fields() {
			if sizes.Sizeof(f.Type()) == 0 {
				continue
			}
			if word != nil {
				return false
			}
			word = f.Type()
		}
		return word != nil && pointerWord(sizes, word)
	}
	return false
}

// Terms returns the types that the interface c embeds, as union terms or
// alone, itself or through the interfaces it embeds, or nil (c is not an
// interface, or embeds no types). Every type of c's type set is among them
// (where c embeds more than one, its type set is their intersection).
func Terms(c types.Type) []types.Type {
	u, ok := c.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	var out []types.Type
	for e := range u.EmbeddedTypes() {
		switch e := e.(type) {
		case *types.Union:
			for term := range e.Terms() {
				out = append(out, term.Type())
			}
		default:
			if types.IsInterface(e) {
				out = append(out, Terms(e)...)
			} else {
				out = append(out, e)
			}
		}
	}
	return out
}
