package loops

import (
	"testing"
)

// TestIgnored: a //squash:ignore that names the analyzer and gives a
// reason silences the statement it covers: the one it ends the line of,
// or the next one below it past comment lines, not past a blank line.
func TestIgnored(t *testing.T) {
	for _, c := range []struct {
		name, lines string // f's statements before the loop; out's is asked about
		want        bool
	}{
		{"none", "var out []int", false},
		{"at the end of the line", "var out []int //squash:ignore prealloc filled elsewhere", true},
		{"alone above", "//squash:ignore prealloc filled elsewhere\nvar out []int", true},
		{"indented above", "\t\t//squash:ignore prealloc filled elsewhere\n\tvar out []int", true},
		{"a comment line between", "//squash:ignore prealloc filled elsewhere\n// out holds xs.\nvar out []int", true},
		{"stacked with another directive", "//squash:ignore prealloc filled elsewhere\n//squash:ignore mapsize not a map\nvar out []int", true},
		{"a blank line between", "//squash:ignore prealloc filled elsewhere\n\nvar out []int", false},
		{"a statement between", "//squash:ignore prealloc filled elsewhere\n_ = 1\nvar out []int", false},
		{"after code on the line above", "_ = 1 //squash:ignore prealloc filled elsewhere\nvar out []int", false},
		{"below", "var out []int\n//squash:ignore prealloc filled elsewhere", false},
		{"no reason", "var out []int //squash:ignore prealloc", false},
		{"a reason of slashes only", "var out []int //squash:ignore prealloc //", false},
		{"a reason after slashes", "var out []int //squash:ignore prealloc // filled elsewhere", true},
		{"a tab before the reason", "var out []int //squash:ignore prealloc\tfilled elsewhere", true},
		{"blanks before the names", "var out []int //squash:ignore   prealloc filled elsewhere", true},
		{"another analyzer", "var out []int //squash:ignore mapsize filled elsewhere", false},
		{"a name it begins", "var out []int //squash:ignore preallocs filled elsewhere", false},
		{"among others, first", "var out []int //squash:ignore prealloc,mapsize filled elsewhere", true},
		{"among others, last", "var out []int //squash:ignore mapsize,prealloc filled elsewhere", true},
		{"among unknown names", "var out []int //squash:ignore nosuch,prealloc filled elsewhere", true},
		{"a blank after //", "var out []int // squash:ignore prealloc filled elsewhere", false},
		{"joined", "var out []int //squash:ignore:prealloc filled elsewhere", false},
		{"a block comment", "var out []int /*squash:ignore prealloc filled elsewhere*/", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			pass := load(t, "package p\n\nfunc f(xs []int) []int {\n"+c.lines+"\n\tfor _, x := range xs {\n\t\tout = append(out, x)\n\t}\n\treturn out\n}\n")
			list := body(t, pass, "f")
			stmt := list[declaring(t, pass, list, "out")]
			if got := Ignored(pass, stmt, "prealloc"); got != c.want {
				t.Errorf("Ignored = %v, want %v", got, c.want)
			}
		})
	}
}

// TestIgnoredWithoutSource: where the file cannot be read, a directive is
// taken to follow code, and covers its own line only.
func TestIgnoredWithoutSource(t *testing.T) {
	pass := load(t, `package p

func f() ([]int, []int) {
	var a []int //squash:ignore prealloc filled elsewhere
	//squash:ignore prealloc filled elsewhere
	var b []int
	return a, b
}
`)
	pass.ReadFile = nil
	list := body(t, pass, "f")
	if !Ignored(pass, list[0], "prealloc") {
		t.Error("a directive at the end of the line: not ignored")
	}
	if Ignored(pass, list[1], "prealloc") {
		t.Error("a directive above, the source unread: ignored")
	}
}

// TestIgnoredLineDirective: lines are counted as the file has them, not as
// a //line directive renames them.
func TestIgnoredLineDirective(t *testing.T) {
	pass := load(t, `package p

func f() []int {
	//squash:ignore prealloc filled elsewhere
//line other.go:100
	var out []int
	return out
}
`)
	if !Ignored(pass, body(t, pass, "f")[0], "prealloc") {
		t.Error("not ignored under a //line directive")
	}
}
