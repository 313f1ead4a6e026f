// Package readstring defines an Analyzer that reports a string made of the
// bytes that io.ReadAll or os.ReadFile returned, where nothing else uses
// them, and shares them with unsafe.String instead of copying them.
//
// # Analyzer readstring
//
// readstring: share the bytes that were read with the string, not copy them
//
// string(b) copies b, as b could change after the conversion and a string
// must not. Where b comes fresh from io.ReadAll or os.ReadFile and the
// conversion is its only use, nothing can change it: unsafe.String can make
// the string of its bytes, without the copy:
//
//	b, err := io.ReadAll(r)
//	if err != nil {
//		return err
//	}
//	s := string(b)
//
// becomes
//
//	b, err := io.ReadAll(r)
//	if err != nil {
//		return err
//	}
//	s := unsafe.String(unsafe.SliceData(b), len(b))
//
// squash lint does not run it: whether to bring in package unsafe for one
// copy is the user's call, made where a profile shows the copy. squash fix
// tries it where a benchmark's allocations are, and keeps it where the
// benchmarks show that it helps.
package readstring
