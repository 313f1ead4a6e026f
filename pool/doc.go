// Package pool reuses buffers and slices without boxing, and learns what
// sizes to hand out.
//
// A plain sync.Pool of []byte boxes the slice header on every Put (an
// allocation, staticcheck SA6002) and keeps any giant buffer that is put
// back alive until the next collections (golang/go#23199).
// valyala/bytebufferpool fixes the boxing and calibrates, but makes fresh
// buffers of the single most frequent size class, so a fresh buffer for any
// larger use grows again, and it has one pool for all sizes, so a small
// buffer can be handed to a large use. This package:
//
//   - pools pointers to holders (*Buffer, *Slice[T]), so Get and Put do not
//     allocate in steady state;
//   - keeps one sync.Pool per power-of-two size class, so a small buffer is
//     not handed to a large request, and GetCap(n) never returns less than n;
//   - learns from the largest length each use reached (even across Reset)
//     and recalibrates every Window Puts: Get hands out the capacity that
//     covers the Percentile share of uses (default 0.9), and Put keeps
//     buffers up to the class covering the MaxPercentile share (default
//     0.95), so a burst of giants is not kept once the pool has calibrated
//     (before its first 1024 Puts, it keeps every size; when a calibration
//     lowers the maximum, no Get takes the larger buffers already pooled, or
//     Buffers taken straight off their shelf and put back after, and the
//     collector frees them within two cycles, as a shelf's buffers unused
//     that long; a Slice put back after is checked like any other);
//   - remembers a buffer above that maximum by weak pointer only (package
//     weak), and only if uses of its size class or larger recur, one use in
//     4096 or more: a use of that size before the next garbage collection
//     reuses it, and the collector frees it as if it had been dropped;
//   - lets a pooled Buffer that outgrows its capacity swap its bytes into a
//     larger pooled buffer and give its own back, so that Get followed by a
//     large Write allocates only when the pool has nothing larger.
//
// Calibration costs Put almost nothing: each buffer counts down a random
// number of Puts (64 on average) to the next one it records, so only about
// one Put in 64 touches shared atomics. Put checks the size of every buffer
// that did not come straight off its shelf, and records every one it finds
// above the maximum. Until the first calibration, after 1024 Puts, every Put
// is recorded. Get and Put (the package's and Buffers'), and Buffer's Write,
// WriteString and WriteByte, are inlined into the caller: a Get and Put that
// find their shelf cost sync.Pool's own Get and Put, a few comparisons and
// stores, and no call of this package's.
//
// Buffer is the byte case, with the writing half of bytes.Buffer's API;
// Pool[T] holds slices of any element type. Both pool types' zero values
// are ready to use and safe for concurrent use; Get, GetCap and Put do not
// allocate when the pool has a buffer of the wanted class.
//
// BenchmarkPercentile in this package measures what the Percentile setting
// trades: a higher default means fewer uses grow, but every fresh buffer is
// larger. The comparison with sync.Pool, bytebufferpool and
// libp2p/go-buffer-pool is in the separate bench module.
package pool
