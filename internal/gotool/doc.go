// Package gotool is the one place that runs the go command.
//
// Resolve lists packages with go list and gives each as a Package. Build
// and Compiles compile them and turn the compiler's failure into one error
// that names the package. TestVet runs the checks of go vet that go test
// runs before a package's tests, which squash's builds leave out. A Loader type-checks packages with
// golang.org/x/tools/go/packages and keeps them, so that the stages that
// read the types of the code do not type-check a package twice. Command
// gives the go command for anything else, interrupted rather than killed
// when its context is cancelled.
package gotool
