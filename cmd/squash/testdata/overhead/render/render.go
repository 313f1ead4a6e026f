// Package render prints tables of configuration values.
package render

import (
	"fmt"
	"strconv"
	"strings"

	"example.com/overhead/kv"
)

// Table prints rows with their cells separated by bars.
func Table(rows [][]string) string {
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			if i > 0 {
				b.WriteByte('|')
			}
			b.WriteString(c)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// Labels returns n labels made of name and a number.
func Labels(name string, n int) []string {
	var out []string
	for i := range n {
		out = append(out, name+strconv.Itoa(i))
	}
	return out
}

// Config prints the lists of a configuration, one row a key.
func Config(data []byte) (string, error) {
	m, err := kv.Parse(data)
	if err != nil {
		return "", err
	}
	var rows [][]string
	for k, l := range kv.Lists(m) {
		rows = append(rows, append([]string{fmt.Sprintf("%s (%d)", k, len(l))}, l...))
	}
	return Table(rows), nil
}
