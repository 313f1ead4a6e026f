// Package partfail has benchmarks that fail among ones that do not.
package partfail

import "strings"

// Fields splits s at commas.
func Fields(s string) []string { return strings.Split(s, ",") }
