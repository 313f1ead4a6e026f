package failurepath

import (
	"errors"
	"fmt"
	"io"
	"strings"
)

// Reported: the hot path.
func label(n int) string {
	return fmt.Sprintf("%d", n) // want `fmt.Sprintf can be replaced with faster strconv.Itoa`
}

// Reported: a value returned beside an error variable that may be nil.
func parse(r io.Reader) (string, error) {
	n, err := io.ReadAll(r)
	return fmt.Sprint(len(n)), err // want `fmt.Sprint can be replaced with faster strconv.Itoa`
}

// Reported: the error is compared == nil, not != nil.
func checked(n int, err error) string {
	if err == nil {
		return fmt.Sprint(n) // want `fmt.Sprint can be replaced with faster strconv.Itoa`
	}
	return ""
}

// Reported: a closure made on a failure path runs when it is called.
func deferred(n int) (func() string, error) {
	if n < 0 {
		f := func() string { return fmt.Sprint(n) } // want `fmt.Sprint can be replaced with faster strconv.Itoa`
		return f, errors.New("negative")
	}
	return nil, nil
}

// Not reported: an argument of panic.
func mustPositive(n int) int {
	if n < 0 {
		panic(fmt.Sprint(n))
	}
	return n
}

// Not reported: an error that is built.
func tooLong(n int) error {
	return errors.New("too long: " + fmt.Sprint(n))
}

// Not reported: fmt.Errorf's arguments.
func wrap(n int, err error) error {
	return fmt.Errorf("item %s: %w", fmt.Sprint(n), err)
}

// Not reported: a block that returns a non-nil error.
func validate(n int) (string, error) {
	if n > 10 {
		msg := fmt.Sprintf("%d", n)
		return "", errors.New("over ten: " + msg)
	}
	return "", nil
}

// Not reported: a block that returns the error its condition compares
// != nil.
func read(r io.Reader, w *strings.Builder) error {
	n, err := io.ReadAll(r)
	if err != nil {
		w.WriteString(fmt.Sprintf("read %d bytes", len(n)))
		return err
	}
	return nil
}

// Not reported: a block that panics.
func index(xs []int, i int) int {
	if i >= len(xs) {
		s := fmt.Sprint(i)
		panic("index out of range: " + s)
	}
	return xs[i]
}

type iterator struct{ err error }

// ReportError records a failure.
func (it *iterator) ReportError(op, msg string) { it.err = errors.New(op + ": " + msg) }

// Not reported: the argument of a function that records a failure.
func (it *iterator) skip(c byte) {
	if c != '{' {
		it.ReportError("skip", fmt.Sprintf("expect %s", string([]byte{c})))
		return
	}
}

type syntaxError struct{ at int }

// Not reported: the message of an error, built when it is printed.
func (e *syntaxError) Error() string {
	return fmt.Sprintf("%d", e.at)
}

// Reported: a String method runs on the hot path as often as it is called.
func (e *syntaxError) String() string {
	return fmt.Sprintf("%d", e.at) // want `fmt.Sprintf can be replaced with faster strconv.Itoa`
}

// Reported: an encoder's argument, which is not a failure's.
func encode(w *strings.Builder, n int) {
	w.WriteString(fmt.Sprint(n)) // want `Use fmt.Fprint` `fmt.Sprint can be replaced with faster strconv.Itoa`
}
