package stores

// suffix adds s to each of out.
func suffix(out []string, s string) {
	for i := range out {
		out[i] += s // concatenated
	}
}
