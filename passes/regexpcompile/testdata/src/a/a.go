package a

import "regexp"

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
	re, err := regexp.Compile(`^\d+$`) // want `regexp.Compile of a constant pattern runs on every call of withError`
	if err != nil {
		return false, err
	}
	return re.MatchString(s), nil
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
