package a

import (
	"strconv"
	"strings"
)

func sum(s string) (int, error) {
	n := 0
	for _, tok := range strings.Split(s, ",") { // want `strings.Split allocates`
		if tok == "" {
			continue
		}
		v, err := strconv.Atoi(tok)
		if err != nil {
			return 0, err
		}
		n += v
	}
	return n, nil
}

func declaredFirst(s string) int {
	rest := 0
	parts := strings.Split(s, " ") // want `strings.Split allocates`
	for _, p := range parts {
		rest += len(p)
	}
	return rest
}

// Not reported: the slice is used after the loop.
func usedAfter(s string) int {
	parts := strings.Split(s, " ")
	for _, p := range parts {
		_ = p
	}
	return len(parts)
}

// Not reported: the index is used.
func indexed(s string) int {
	n := 0
	for i, p := range strings.Split(s, " ") {
		n += i * len(p)
	}
	return n
}

// Not reported: an empty separator splits into runes.
func runes(s string) int {
	n := 0
	for _, p := range strings.Split(s, "") {
		n += len(p)
	}
	return n
}

// Not reported: the separator is not a constant.
func variable(s, sep string) int {
	n := 0
	for _, p := range strings.Split(s, sep) {
		n += len(p)
	}
	return n
}
