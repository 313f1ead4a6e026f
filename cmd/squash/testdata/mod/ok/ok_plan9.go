//go:build plan9

package ok

// onPlan9 is left out of every build but Plan 9's: TestExplainBadInput.
func onPlan9() []byte { return make([]byte, 100) }
