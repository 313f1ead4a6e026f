package a

// splitThere is split's use in a second file.

func splitThere() {
	b := split.Get().([]byte)
	defer split.Put(b) // want `; no fix offered: the Put at b.go:7 is not a statement`
}
