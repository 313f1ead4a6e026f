// Package sariftest validates SARIF logs against the SARIF 2.1.0 JSON
// schema, for the tests of the commands that write them.
package sariftest

import (
	"bytes"
	"path/filepath"
	"runtime"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var (
	once   sync.Once
	schema *jsonschema.Schema
	err    error
)

// SchemaFile is the OASIS schema of SARIF 2.1.0 (errata 01), checked in.
func SchemaFile() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "testdata", "sarif-schema-2.1.0.json")
}

// Validate fails t unless data is a SARIF log that the schema accepts,
// formats (such as a URI's) included.
func Validate(t testing.TB, data []byte) {
	t.Helper()
	once.Do(func() {
		c := jsonschema.NewCompiler()
		c.AssertFormat()
		schema, err = c.Compile(SchemaFile())
	})
	if err != nil {
		t.Fatalf("compiling the SARIF schema: %v", err)
	}
	doc, derr := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if derr != nil {
		t.Fatalf("not JSON: %v\n%s", derr, data)
	}
	if verr := schema.Validate(doc); verr != nil {
		t.Fatalf("not a valid SARIF 2.1.0 log: %v\n%s", verr, data)
	}
}
