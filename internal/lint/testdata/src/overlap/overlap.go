package overlap

func f(x int) int { // want `note one` `note two`
	a := x + 1   // want `name x` `sum x \+ 1`
	b := 2       // want `two`
	return a + b // want `four` `five`
}
