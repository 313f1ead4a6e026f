package annotation

import (
	"bytes"
	"os"
	"testing"
)

func TestPrint(t *testing.T) {
	for _, tc := range []struct {
		level, file string
		line, col   int
		msg, want   string
	}{
		{"error", "/ws/a/b.go", 3, 7, "x escapes to heap", "::error file=a/b.go,line=3,col=7::x escapes to heap\n"},
		{"error", "/ws/a,b:c.go", 3, 0, "50% more\nB/op", "::error file=a%2Cb%3Ac.go,line=3::50%25 more%0AB/op\n"},
		{"warning", "", 0, 0, "BenchmarkX: gone, a:b", "::warning::BenchmarkX: gone, a:b\n"},
		{"error", "/ws/mod/d.go", 2, 0, "m", "::error file=mod/d.go,line=2::m\n"},
		{"error", "/mod/e.go", 2, 0, "outside the workspace", "::error file=e.go,line=2::outside the workspace\n"},
		{"error", "/elsewhere/c.go", 1, 0, "m\r", "::error file=/elsewhere/c.go,line=1::m%0D\n"},
	} {
		var buf bytes.Buffer
		Printer{W: &buf, Root: "/mod", Workspace: "/ws"}.Print(tc.level, tc.file, tc.line, tc.col, tc.msg)
		if buf.String() != tc.want {
			t.Errorf("Print(%q, %q) = %q, want %q", tc.file, tc.msg, buf.String(), tc.want)
		}
	}
}

func ExamplePrinter() {
	p := Printer{W: os.Stdout, Root: "/src/mod", Workspace: "/src"}
	p.Print("error", "/src/mod/dec/dec.go", 48, 9, "new allocation site: out = append(out, v)")
	// Output: ::error file=mod/dec/dec.go,line=48,col=9::new allocation site: out = append(out, v)
}
