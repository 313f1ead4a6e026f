package a

import (
	"regexp"
	"sync"
)

const wordPattern = `\w+`

// Reported.

// valid reports whether s is lower-case letters.
func valid(s string) bool {
	return regexp.MustCompile(`^[a-z]+$`).MatchString(s) // want `regexp.MustCompile of a constant pattern runs on every call of valid`
}

type parser struct{}

func (p *parser) words(s string) []string {
	for range 3 {
		_ = s
	}
	re := regexp.MustCompile(wordPattern) // want `regexp.MustCompile of a constant pattern runs on every call of words`
	return re.FindAllString(s, -1)
}

func twice(s string) bool {
	a := regexp.MustCompilePOSIX(`a+`) // want `regexp.MustCompilePOSIX of a constant pattern`
	b := regexp.MustCompile(`b` + `+`) // want `regexp.MustCompile of a constant pattern`
	return a.MatchString(s) && b.MatchString(s)
}

func withError(s string) (bool, error) {
	re, err := regexp.Compile(`^\d+$`) // want `^regexp.Compile of a constant pattern runs on every call of withError: compile it once in a package-level variable \(no fix offered: regexp.Compile returns an error, whose handling the fix would have to remove; the pattern compiles, so regexp.MustCompile can take its place\)$`
	if err != nil {
		return false, err
	}
	return re.MatchString(s), nil
}

func withErrorPOSIX(s string) bool {
	re, err := regexp.CompilePOSIX(`^a+$`) // want `^regexp.CompilePOSIX of a constant pattern runs on every call of withErrorPOSIX: compile it once in a package-level variable \(no fix offered: regexp.CompilePOSIX returns an error, whose handling the fix would have to remove; the pattern compiles, so regexp.MustCompilePOSIX can take its place\)$`
	return err == nil && re.MatchString(s)
}

// Not reported.

var once = regexp.MustCompile(`^x$`)

var lazy = func() *regexp.Regexp { return regexp.MustCompile(`^y$`) }()

func init() {
	_ = regexp.MustCompile(`^z$`)
}

func dynamic(pattern, s string) bool {
	return regexp.MustCompile(pattern).MatchString(s)
}

func quoted(word, s string) bool {
	return regexp.MustCompile(regexp.QuoteMeta(word)).MatchString(s)
}

func useGlobal(s string) bool {
	return once.MatchString(s)
}

// Reported without a fix: the pattern uses something declared in the
// function, undefined at package level.

func local(s string) bool {
	const pat = `^[a-z]+$`
	return regexp.MustCompile(pat).MatchString(s) // want `^regexp.MustCompile of a constant pattern runs on every call of local: compile it once in a package-level variable \(no fix offered: the pattern uses pat, declared in the function, which a package-level variable cannot see\)$`
}

func Valid3(s string) bool {
	const local = `x+`
	return regexp.MustCompile(local).MatchString(s) // want `^regexp.MustCompile of a constant pattern runs on every call of Valid3: compile it once in a package-level variable \(no fix offered: the pattern uses local, declared in the function, which a package-level variable cannot see\)$`
}

func shadowsConst(s string) bool {
	const wordPattern = `\d+`                             // shadows the package-level wordPattern
	return regexp.MustCompile(wordPattern).MatchString(s) // want `\(no fix offered: the pattern uses wordPattern, declared in the function,`
}

func localType(s string) bool {
	type pattern string
	return regexp.MustCompile(string(pattern(`^p+$`))).MatchString(s) // want `\(no fix offered: the pattern uses pattern, declared in the function,`
}

func localArray(s string) bool {
	var buf [3]byte
	_ = buf
	return regexp.MustCompile(string(rune('a' + len(buf)))).MatchString(s) // want `\(no fix offered: the pattern uses buf, declared in the function,`
}

// Reported without a fix: Longest modifies the Regexp, which must not be
// shared.

func longest(s string) string {
	re := regexp.MustCompile(`a+?`) // want `regexp.MustCompile of a constant pattern runs on every call of longest: compile it once in a package-level variable \(and call Longest in its initializer\)`
	re.Longest()
	return re.FindString(s)
}

func longestAlias(s string) string {
	var re = regexp.MustCompile(`b+?`) // want `\(and call Longest in its initializer\)`
	other := re
	other.Longest()
	return other.FindString(s)
}

func longestChained() {
	(regexp.MustCompile(`c+?`)).Longest() // want `\(and call Longest in its initializer\)`
}

type matcher struct{ re *regexp.Regexp }

func newMatcher() *matcher {
	return &matcher{re: regexp.MustCompile(`d+?`)} // want `\(and call Longest in its initializer\)`
}

func (m *matcher) leftmostLongest() { m.re.Longest() }

func freshRe() *regexp.Regexp {
	return regexp.MustCompile(`e+?`) // want `\(and call Longest in its initializer\)`
}

func useFresh(s string) string {
	re := freshRe()
	re.Longest()
	return re.FindString(s)
}

// Reported with a fix: read-only use, through a copy or another function.

func readOnlyAlias(s string) bool {
	re := regexp.MustCompile(`f+`) // want `regexp.MustCompile of a constant pattern runs on every call of readOnlyAlias: compile it once in a package-level variable$`
	other := re
	return matchWith(other, s)
}

func matchWith(re *regexp.Regexp, s string) bool { return re.MatchString(s) }

// Function literals are named as such.

func closure() func(string) bool {
	return func(s string) bool {
		return regexp.MustCompile(`g+`).MatchString(s) // want `regexp.MustCompile of a constant pattern runs on every call of the function literal in closure:`
	}
}

// Generated names are mixedCaps and unused.

func test_hook_source(s string) bool {
	return regexp.MustCompile(`h+`).MatchString(s) // want `regexp.MustCompile of a constant pattern`
}

func HTTPHost(s string) bool {
	return regexp.MustCompile(`i+`).MatchString(s) // want `regexp.MustCompile of a constant pattern`
}

var collideRe = 1

func collide(s string) bool {
	return regexp.MustCompile(`j+`).MatchString(s) // want `regexp.MustCompile of a constant pattern`
}

func imported(s string) bool { // importedRe is an import name in imports.go
	return regexp.MustCompile(`k+`).MatchString(s) // want `regexp.MustCompile of a constant pattern`
}

func shadowing(s string) bool {
	shadowingRe := s                                         // would hide a package-level shadowingRe
	return regexp.MustCompile(`l+`).MatchString(shadowingRe) // want `regexp.MustCompile of a constant pattern`
}

// A compile held in a local variable is named after it too, but for a
// name that says only that it holds a regexp.
func links(s string) string {
	anchorRe := regexp.MustCompile(`<a href="/(.*?)"`)       // want `regexp.MustCompile of a constant pattern runs on every call of links`
	var imgPattern = regexp.MustCompile(`<img src="/(.*?)"`) // want `regexp.MustCompile of a constant pattern runs on every call of links`
	url_regexp := regexp.MustCompile(`https?://`)            // want `regexp.MustCompile of a constant pattern runs on every call of links`
	rx := regexp.MustCompile(`x+`)                           // want `regexp.MustCompile of a constant pattern runs on every call of links`
	return anchorRe.ReplaceAllString(imgPattern.ReplaceAllString(url_regexp.ReplaceAllString(rx.ReplaceAllString(s, ""), ""), ""), "")
}

type t struct{}

func (t) x(s string) bool {
	return regexp.MustCompile(`m+`).MatchString(s) // want `regexp.MustCompile of a constant pattern`
}

func tX(s string) bool { // same base name as method t.x
	return regexp.MustCompile(`n+`).MatchString(s) // want `regexp.MustCompile of a constant pattern`
}

func _() {
	_ = regexp.MustCompile(`o+`) // want `regexp.MustCompile of a constant pattern`
}

// Not reported: lazy initialisation runs once.

var (
	lazyOnce sync.Once
	lazyRe   *regexp.Regexp
)

func lazily(s string) bool {
	lazyOnce.Do(func() { lazyRe = regexp.MustCompile(`p+`) })
	get := sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`q+`) })
	return lazyRe.MatchString(s) && get().MatchString(s)
}

// Reported without a fix: an invalid pattern fails on every call, and a
// hoisted MustCompile would panic when the package is initialized.

func invalid(s string) bool {
	return regexp.MustCompile(`(`).MatchString(s) // want `regexp.MustCompile of a constant pattern that does not compile fails on every call of invalid: error parsing regexp: missing closing \): .\(.$`
}

func invalidPOSIX(s string) error {
	_, err := regexp.CompilePOSIX(`\d`) // want `regexp.CompilePOSIX of a constant pattern that does not compile fails on every call of invalidPOSIX: error parsing regexp: invalid escape sequence: `
	return err
}
