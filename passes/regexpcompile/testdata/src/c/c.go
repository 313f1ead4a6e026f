package main

import "regexp"

type app struct{ re *regexp.Regexp }

type runner interface{ start() }

var callbacks []func()

// Not reported: functions that run once, as every call of theirs runs once,
// from main.main, init or a package-level variable's initializer, or from
// another function that runs once.

func main() {
	a := newApp()
	a.run()
	setUp()
	Exported()
	go background()
	defer cleanUp()
	for range 3 {
		inLoop()
	}
	f := func() { inLiteral() }
	f()
	recursive(3)
	var r runner = a
	r.start()
	callbacks = append(callbacks, asValue)
	jumps()
	_ = value
	serve(nil)
	for range 2 {
		_ = regexp.MustCompile(`^r+$`) // want `runs on every iteration of a loop in main`
	}
}

func init() { setUp() }

var value = initial()

func initial() int {
	_ = regexp.MustCompile(`^a+$`)
	return 1
}

func newApp() *app {
	return &app{re: regexp.MustCompile(`^b+$`)}
}

func (a *app) run() {
	_ = regexp.MustCompile(`^c+$`)
	a.helper()
}

func (a *app) helper() { _ = regexp.MustCompile(`^d+$`) }

func setUp() { _ = regexp.MustCompile(`^e+$`) }

func Exported() { _ = regexp.MustCompile(`^f+$`) }

func background() { _ = regexp.MustCompile(`^g+$`) }

func cleanUp() { _ = regexp.MustCompile(`^h+$`) }

// Reported though serve runs once: a compile in one of its loops, or in a
// function literal it makes (a handler), runs many times.

func serve(lines []string) {
	for _, l := range lines {
		_ = regexp.MustCompile(`^p+$`).MatchString(l) // want `runs on every iteration of a loop in serve`
	}
	handle(func(s string) bool {
		return regexp.MustCompile(`^q+$`).MatchString(s) // want `runs on every call of the function literal in serve`
	})
	// A literal called where it is written runs once with serve, but
	// not its loops.
	func() { _ = regexp.MustCompile(`^s+$`) }()
	defer func() {
		for range 2 {
			_ = regexp.MustCompile(`^t+$`) // want `^regexp.MustCompile of a constant pattern runs on every iteration of a loop in the function literal in serve: compile`
		}
	}()
}

func handle(f func(string) bool) { _ = f }

// Reported: a call in a loop or a function literal, a function that calls
// itself, a method an interface may call, a function used as a value, a
// call from a function with a goto, and a function with no call at all.

func inLoop() { _ = regexp.MustCompile(`^i+$`) } // want `runs on every call of inLoop`

func inLiteral() { _ = regexp.MustCompile(`^j+$`) } // want `runs on every call of inLiteral`

func recursive(n int) {
	_ = regexp.MustCompile(`^k+$`) // want `runs on every call of recursive`
	if n > 0 {
		recursive(n - 1)
	}
}

func (a *app) start() { _ = regexp.MustCompile(`^l+$`) } // want `runs on every call of start`

func asValue() { _ = regexp.MustCompile(`^m+$`) } // want `runs on every call of asValue`

func jumps() {
	i := 0
again:
	jumped()
	if i++; i < 3 {
		goto again
	}
}

func jumped() { _ = regexp.MustCompile(`^n+$`) } // want `runs on every call of jumped`

func unused() { _ = regexp.MustCompile(`^o+$`) } // want `runs on every call of unused`
