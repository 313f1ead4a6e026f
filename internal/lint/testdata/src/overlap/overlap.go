package overlap

func f(x int) int {
	a := x + 1 // want `name x` `sum x \+ 1`
	b := 2     // want `two` `four` `five`
	return a + b
}
