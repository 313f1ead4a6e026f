// Package kv reads configuration files of key=value lines.
package kv

import (
	"bufio"
	"bytes"
	"fmt"
	"strings"
)

// Parse reads lines of key=value pairs into a map. Blank lines and lines
// that begin with # are skipped.
func Parse(data []byte) (map[string]string, error) {
	m := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("kv: no '=' in %q", line)
		}
		m[strings.TrimSpace(k)] = strings.TrimSpace(v)
	}
	return m, sc.Err()
}

// Lists splits each value on commas.
func Lists(m map[string]string) map[string][]string {
	out := make(map[string][]string, len(m))
	for k, v := range m {
		out[k] = strings.Split(v, ",")
	}
	return out
}

// Keys returns the keys of m that begin with prefix.
func Keys(m map[string]string, prefix string) []string {
	var keys []string
	for k := range m {
		if strings.HasPrefix(k, prefix) {
			keys = append(keys, k)
		}
	}
	return keys
}
