//go:build never

package a

func init() { tuned = 1 << 16 }
