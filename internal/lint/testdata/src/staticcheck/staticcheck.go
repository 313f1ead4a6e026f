package staticcheck

// perfsprint fixes the imports for all of its fixes in the file, which
// overlap QF1012's: it is left with them.
import ( // want `fiximports: Fix imports`
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
)

// QF1012: the string fmt.Sprintf makes is written and dropped; fmt.Fprintf
// writes to the writer directly.
func pairs(keys []string, vals []int) string {
	var sb strings.Builder
	for i, k := range keys {
		sb.WriteString(fmt.Sprintf("%s=%d;", k, vals[i])) // want `Use fmt.Fprintf\(...\) instead of WriteString\(fmt.Sprintf\(...\)\)`
	}
	return sb.String()
}

func line(w io.Writer, k string, v float64) {
	w.Write([]byte(fmt.Sprintln(k, v))) // want `Use fmt.Fprintln\(...\) instead of Write\(\[\]byte\(fmt.Sprintln\(...\)\)\)` `Replace \[\]byte\(fmt.Sprintln...\) with fmt.Appendln`
}

// A bytes.Buffer and a *bytes.Buffer: the fix takes the address of the
// first, whose pointer is the io.Writer.
func buffers(b bytes.Buffer, p *bytes.Buffer, n float64) string {
	b.WriteString(fmt.Sprint(n, "s")) // want `Use fmt.Fprint\(...\) instead of WriteString\(fmt.Sprint\(...\)\)`
	p.WriteString(fmt.Sprint(n, "s")) // want `Use fmt.Fprint\(...\) instead of WriteString\(fmt.Sprint\(...\)\)`
	return b.String()
}

// Three analyzers see the one line: QF1012 the Write, fmtappendf the
// conversion and perfsprint the Sprintf. QF1012's fix comes first, and
// leaves no Sprintf for the others' to rewrite: theirs are not made.
func digits(w io.Writer, n int) {
	w.Write([]byte(fmt.Sprintf("%d", n))) // want `Use fmt.Fprintf` `Replace \[\]byte\(fmt.Sprintf...\) with fmt.Appendf` `fmt.Sprintf can be replaced with faster strconv.Itoa`
}

// SA6005: strings.EqualFold compares without making two strings.
func sameName(a, b string) bool {
	return strings.ToLower(a) == strings.ToLower(b) // want `should use strings.EqualFold instead`
}

func otherName(a, b string) bool {
	return strings.ToUpper(a) != strings.ToUpper(b) // want `should use !strings.EqualFold instead`
}

// SA6006: io.WriteString of a converted []byte copies it; w.Write does not.
func raw(w io.Writer, b []byte) {
	io.WriteString(w, string(b)) // want `use io.Writer.Write instead of converting from \[\]byte to string to use io.WriteString`
}

// Silenced: the directive names the analyzer as squash lint prints it.
func silenced(a, b string) bool {
	return strings.ToLower(a) == strings.ToLower(b) //squash:ignore SA6005 measured: the names are a few bytes
}

var bufs = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

// poolput alone reports the Put: staticcheck's SA6002, which it covers,
// is not in the suite.
func reuse(w io.Writer, n int) {
	b := bufs.Get().([]byte)
	b = fmt.Appendf(b[:0], "%d", n)
	w.Write(b)
	bufs.Put(b[:0]) // want `sync.Pool.Put of a \[\]byte allocates to box it in an interface on every call \(SA6002\)`
}

// Not reported.

type onlyStrings struct{}

func (onlyStrings) WriteString(s string) (int, error) { return len(s), nil }

func notWriters(n int) string {
	var o onlyStrings
	o.WriteString(fmt.Sprint(n, "s")) // not an io.Writer: fmt.Fprint cannot take it
	var sb strings.Builder
	sb.WriteString(fmt.Sprint(n, "s") + "!") // more than the Sprint's string
	return sb.String()
}

func cases(a, b string) bool {
	return strings.ToLower(a) == strings.ToUpper(b) || strings.ToLower(a) == b || strings.EqualFold(a, b)
}

func written(w io.Writer, b []byte, s string) {
	io.WriteString(w, s)
	io.WriteString(w, string(b[0]))
	w.Write(b)
}
