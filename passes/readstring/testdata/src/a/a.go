package a

import (
	"io"
	"os"
)

func read(r io.Reader) (string, error) {
	b, err := io.ReadAll(r)
	if err != nil {
		return "", err
	}
	s := string(b) // want `string\(b\) copies the bytes that io.ReadAll returned`
	return s, nil
}

func file(name string) string {
	data, _ := os.ReadFile(name)
	return string(data) // want `string\(data\) copies`
}

// Not reported: the bytes are used after the conversion, and could change.
func usedAgain(r io.Reader) (string, []byte) {
	b, _ := io.ReadAll(r)
	return string(b), b
}

// Not reported: the bytes are the caller's.
func param(b []byte) string {
	return string(b)
}
