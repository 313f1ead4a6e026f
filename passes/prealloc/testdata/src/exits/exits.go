package exits

import "strconv"

func parse(tokens []string) (int, error) {
	var out []int // want `out grows once per iteration of a loop of up to len\(tokens\) iterations, which may end early`
	for _, tok := range tokens {
		v, err := strconv.Atoi(tok)
		if err != nil {
			return 0, err
		}
		out = append(out, v)
	}
	return len(out), nil
}

// Not reported: the loop may end before it appends, and the caller can
// tell the nil slice it then gets from an empty one.
func prefix(xs []int) []int {
	var out []int
	for _, x := range xs {
		if x < 0 {
			break
		}
		out = append(out, x)
	}
	return out
}

// Not reported in this tier: the loop runs to its end, and Analyzer
// reports it.
func all(xs []int) []int {
	var out []int
	for _, x := range xs {
		out = append(out, x)
	}
	return out
}
