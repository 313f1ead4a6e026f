// Package xss allocates on a line that holds markup, which a page of the
// report must show as text and never run.
package xss

// Tag puts name after markup that would run a script if a page took it
// for its own.
func Tag(name string) string {
	return "</script><img src=x onerror=alert(1)>" + name
}
