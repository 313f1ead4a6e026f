// Package ok allocates in known places.
package ok

import "strings"

// Fields splits s and copies it.
func Fields(s string) []string {
	parts := strings.Split(s, ",")
	out := make([]string, 0)
	for _, p := range parts {
		out = append(out, p)
	}
	return out
}
