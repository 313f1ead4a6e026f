package ignore

import "fmt"

type user struct{ ID int }

// Silenced: the directive at the end of the finding's line.
func trailing(users []user) []int {
	ids := []int{} //squash:ignore prealloc the caller appends to it after
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

// Silenced: the directive alone on the line above.
func above(users []user) []int {
	//squash:ignore prealloc the caller appends to it after
	ids := []int{}
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

// Silenced: two analyzers that report one line, in one directive.
func both(n int) []byte {
	return []byte(fmt.Sprint(n)) //squash:ignore fmtappendf,perfsprint the article's "before" variant
}

// Silenced: directives alone on their lines stack, each with its reason;
// the reason may follow a //, as golangci-lint's nolint writes it.
func stacked(n int) []byte {
	//squash:ignore fmtappendf // the article's "before" variant
	//squash:ignore perfsprint the article's "before" variant
	return []byte(fmt.Sprint(n))
}

// Reported: the directive names another analyzer, which says it silences
// nothing.
func other(users []user) []int {
	ids := []int{} //squash:ignore mapsize the map is small // want `ids grows once per iteration` `^//squash:ignore names mapsize, but mapsize reports nothing on line 42: remove the directive, or put it at the end of the finding's line or alone on the line above it$`
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

// Reported: the directive is on the wrong line.
func wrongLine(users []user) []int {
	ids := []int{}            // want `ids grows once per iteration`
	for _, u := range users { //squash:ignore prealloc the caller appends to it after // want `//squash:ignore names prealloc, but prealloc reports nothing on line 52`
		ids = append(ids, u.ID)
	}
	return ids
}

// Reported: a directive with one name too many says which to remove.
func oneTooMany(users []user) []int {
	ids := []int{} //squash:ignore prealloc,mapsize the caller appends to it after // want `//squash:ignore names mapsize, but mapsize reports nothing on line 60: remove mapsize from the directive`
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

// Reported: in a doc comment, the directive covers the func line alone.
//
//squash:ignore prealloc the caller appends to it after // want `prealloc reports nothing on line 70: .* \(in a doc comment, it covers the declaration's first line, not the whole declaration\)`
func doc(users []user) []int {
	ids := []int{} // want `ids grows once per iteration`
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

// Reported, and silencing nothing: malformed directives.
func malformed(users []user) [][]int {
	// want +1 `^//squash:ignore prealloc has no reason: say after the names why the finding is deliberate$`
	//squash:ignore prealloc
	a := []int{} // want `a grows once per iteration`
	// want +1 `^//squash:ignore names prealoc, which is not one of squash's analyzers: name one of prealloc, mapsize, binarywrite, regexpcompile, poolput, buildergrow, constvar, QF1012, SA6005, SA6006, stringsseq, stringsbuilder, fmtappendf, perfsprint, preallocexit, splitcut, readstring$`
	//squash:ignore prealloc,prealoc a typo
	b := []int{} // want `b grows once per iteration`
	// want +1 `^//squash:ignore names no analyzer: write //squash:ignore NAME REASON, with NAME as squash lint prints it in brackets$`
	//squash:ignore
	c := []int{} // want `c grows once per iteration`
	// want +1 `^// squash:ignore, with a space after //, is a comment, not a directive: write //squash:ignore$`
	// squash:ignore prealloc the caller appends to it after
	d := []int{} // want `d grows once per iteration`
	// want +1 `^//squash:ignore:prealloc is not a directive: write //squash:ignore NAME REASON, with a space before the analyzers' names$`
	//squash:ignore:prealloc the caller appends to it after
	e := []int{} // want `e grows once per iteration`
	// want +1 `^//squash:ignore has an empty name in "prealloc,": separate the names by commas alone, as in prealloc,mapsize$`
	//squash:ignore prealloc, mapsize the caller appends to it after
	f := []int{} // want `f grows once per iteration`
	// want +1 `^//squash:ignore does not silence noalloc: take //squash:noalloc off a function that may allocate$`
	//squash:ignore noalloc,prealloc it may allocate
	g := []int{} // want `g grows once per iteration`
	for _, u := range users {
		a = append(a, u.ID)
		b = append(b, u.ID)
		c = append(c, u.ID)
		d = append(d, u.ID)
		e = append(e, u.ID)
		f = append(f, u.ID)
		g = append(g, u.ID)
	}
	return [][]int{a, b, c, d, e, f, g}
}

// Silenced: a directive alone on its line covers the next line of code,
// past the comment lines between.
func commented(users []user) []int {
	//squash:ignore prealloc the caller appends to it after
	// ids holds the IDs in the order of users.
	/* and
	   a block comment */
	ids := []int{}
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}

// Silenced: in a doc comment, the directive covers the declaration's first
// line, past the directives that gofmt puts after it.
//
//squash:ignore fmtappendf,perfsprint the article's "before" variant
//go:noinline
func oneLine(n int) []byte { return []byte(fmt.Sprint(n)) }

// Reported: a blank line is not skipped.
func blank(users []user) []int {
	//squash:ignore prealloc the caller appends to it after // want `^//squash:ignore names prealloc, but covers line 137, which is blank: alone on its line, it covers the next line of code, with nothing but comments between; remove the directive, or move it down to the finding's line$`

	ids := []int{} // want `ids grows once per iteration`
	for _, u := range users {
		ids = append(ids, u.ID)
	}
	return ids
}
