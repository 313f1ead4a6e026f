// Package failing has a benchmark that fails.
package failing
