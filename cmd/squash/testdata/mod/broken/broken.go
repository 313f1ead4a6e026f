// Package broken does not compile.
package broken

// X has the wrong type.
var X int = "not an int"
