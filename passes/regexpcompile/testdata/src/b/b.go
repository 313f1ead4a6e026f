package b

import "regexp"

// Reported: a function in a non-test file, even if only tests call it.

func hot(s string) bool {
	return regexp.MustCompile(`^b+$`).MatchString(s) // want `regexp.MustCompile of a constant pattern runs on every call of hot`
}
