package poolput

import "testing"

func TestIndefinite(t *testing.T) {
	for _, tc := range []struct{ t, want string }{
		{"int", "an int"},
		{"int64", "an int64"},
		{"interface{}", "an interface{}"},
		{"any", "an any"},
		{"error", "an error"},
		{"entry", "an entry"},
		{"Item", "an Item"},
		{"unsafe.Pointer", "an unsafe.Pointer"},
		{"ID", "an ID"},
		{"HTTPHeader", "an HTTPHeader"},
		{"uint", "a uint"},
		{"uint16", "a uint16"},
		{"uintptr", "a uintptr"},
		{"URL", "a URL"},
		{"float64", "a float64"},
		{"string", "a string"},
		{"[]byte", "a []byte"},
		{"[2]*int", "a [2]*int"},
		{"*int", "a *int"},
		{"map[string]int", "a map[string]int"},
		{"struct{}", "a struct{}"},
		{"bytes.Buffer", "a bytes.Buffer"},
		{"", "a "},
	} {
		if got := indefinite(tc.t); got != tc.want {
			t.Errorf("indefinite(%q) = %q, want %q", tc.t, got, tc.want)
		}
	}
}
