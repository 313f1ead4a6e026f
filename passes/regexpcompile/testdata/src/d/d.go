// Package d holds function literals in package-level variables: the
// initializer runs once, but a literal runs on every call.
package d

import (
	"regexp"
	"sync"
)

// Reported, with a fix: the Regexp goes before the variable.

// Handler matches s.
var Handler = func(s string) bool {
	return regexp.MustCompile(`hx+`).MatchString(s) // want `^regexp.MustCompile of a constant pattern runs on every call of the function literal in Handler: compile it once in a package-level variable$`
}

var table = map[string]func(string) bool{
	"a": func(s string) bool { return regexp.MustCompile(`a+`).MatchString(s) }, // want `runs on every call of the function literal in table:`
	"b": func(s string) bool { return regexp.MustCompile(`b+`).MatchString(s) }, // want `runs on every call of the function literal in table:`
}

var (
	first, second = 1, []func(string) bool{
		func(s string) bool { return regexp.MustCompile(`c+`).MatchString(s) }, // want `runs on every call of the function literal in second:`
	}
)

type route struct {
	path  string
	match func(string) bool
}

var routes = []route{
	{"/", func(s string) bool { return (regexp.MustCompile(`d+`)).MatchString(s) }}, // want `runs on every call of the function literal in routes:`
}

// made is called once, but the literal it returns on every call.
var made = func() func(string) bool {
	return func(s string) bool { return regexp.MustCompile(`e+`).MatchString(s) } // want `runs on every call of the function literal in made:`
}()

// A loop runs many times, even in a literal called once.
var counted = func() int {
	n := 0
	for _, w := range []string{"f", "ff"} {
		n += len(regexp.MustCompile(`f+`).FindString(w)) // want `^regexp.MustCompile of a constant pattern runs on every iteration of a loop in the function literal in counted: compile it once in a package-level variable$`
	}
	return n
}()

// Reported without a fix.

var scoped = func(s string) bool {
	const p = `g+`
	return regexp.MustCompile(p).MatchString(s) // want `^regexp.MustCompile of a constant pattern runs on every call of the function literal in scoped: compile it once in a package-level variable \(no fix offered: the pattern uses p, declared in the function, which a package-level variable cannot see\)$`
}

var checked = func(s string) (bool, error) {
	re, err := regexp.Compile(`h+`) // want `\(no fix offered: regexp.Compile returns an error`
	if err != nil {
		return false, err
	}
	return re.MatchString(s), nil
}

// Not reported: the initializer runs once.

var compiled = regexp.MustCompile(`^x$`)

var lazy = func() *regexp.Regexp { return regexp.MustCompile(`^y$`) }()

var parenthesized = (func() *regexp.Regexp { return regexp.MustCompile(`^z$`) })()

var nested = func() *regexp.Regexp {
	return func() *regexp.Regexp { return regexp.MustCompile(`^w$`) }()
}()

var get = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^v$`) })

var dynamic = func(pattern, s string) bool { return regexp.MustCompile(pattern).MatchString(s) }

// Names that package-level variables of the package use.
var _ = []any{first, table, routes, made, counted, compiled, lazy, parenthesized, nested, get, dynamic, scoped, checked}
