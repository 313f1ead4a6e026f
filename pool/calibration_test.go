package pool

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// histOf returns a histogram of needs from pairs of size and count.
func histOf(pairs ...int) *[nBuckets]uint64 {
	var h [nBuckets]uint64
	for i := 0; i < len(pairs); i += 2 {
		h[bucket(pairs[i])] += uint64(pairs[i+1])
	}
	return &h
}

func TestLimits(t *testing.T) {
	hist := histOf
	tests := []struct {
		name       string
		counts     *[nBuckets]uint64
		pct, max   float64
		def, limit int
		ok         bool
	}{
		{"no calls", hist(), 0.9, 0.95, 0, 0, false},
		{"one size", hist(1000, 1), 0.9, 0.95, 1024, 1024, true},
		{"all sizes equal", hist(4096, 5000), 0.9, 0.95, 4096, 4096, true},
		{"tiny sizes round up to the smallest class", hist(1, 10, 3, 10), 0.9, 0.95, 64, 64, true},
		{"zero-length uses", hist(0, 100), 0.9, 0.95, 64, 64, true},
		{"p90 and p95 fall in different classes", hist(100, 85, 3000, 7, 70000, 5, 1<<20, 3), 0.9, 0.95, 4096, 1 << 17, true},
		{"a rare giant is above the limit", hist(512, 9990, 64<<20, 10), 0.9, 0.95, 512, 512, true},
		{"sizes above the largest class cap at it", hist(math.MaxInt, 10), 0.9, 0.95, 1 << topClass, 1 << topClass, true},
		{"percentile 1 covers the largest use", hist(100, 99, 1<<20, 1), 0.9, 1, 128, 1 << 20, true},
		{"limit never below default", hist(100, 50, 5000, 50), 0.9, 0.9, 8192, 8192, true},
		{"exact boundary: 9 in 10 small", hist(100, 9, 100000, 1), 0.9, 0.95, 128, 1 << 17, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def, limit, ok := limits(tt.counts, tt.pct, tt.max)
			if def != tt.def || limit != tt.limit || ok != tt.ok {
				t.Errorf("limits = (%d, %d, %v), want (%d, %d, %v)", def, limit, ok, tt.def, tt.limit, tt.ok)
			}
		})
	}
}

func TestBucket(t *testing.T) {
	tests := []struct{ n, want int }{
		{-5, 0}, {0, 0}, {1, 0}, {2, 1}, {3, 2}, {64, 6}, {65, 7}, {1 << 20, 20}, {1<<20 + 1, 21},
		{1 << topClass, topClass}, {1<<topClass + 1, nBuckets - 1}, {math.MaxInt, nBuckets - 1},
	}
	for _, tt := range tests {
		if got := bucket(tt.n); got != tt.want {
			t.Errorf("bucket(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
}

func TestCalibrationValidate(t *testing.T) {
	tests := []struct {
		name string
		c    Calibration
		want string // substring of the error; "" for none
	}{
		{"zero value is the defaults", Calibration{}, ""},
		{"custom", Calibration{Percentile: 0.5, MaxPercentile: 0.99, Window: 4096}, ""},
		{"percentile above 1", Calibration{Percentile: 1.5}, "Percentile 1.5 is outside (0, 1]"},
		{"negative percentile", Calibration{Percentile: -0.1}, "Percentile -0.1 is outside"},
		{"max percentile above 1", Calibration{MaxPercentile: 2}, "MaxPercentile 2 is outside"},
		{"max below default percentile", Calibration{MaxPercentile: 0.5}, "MaxPercentile 0.5 is below Percentile 0.9"},
		{"window too small", Calibration{Window: 10}, "Window 10 is outside"},
		{"negative window", Calibration{Window: -1}, "Window -1 is outside"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p Buffers
			err := p.SetCalibration(tt.c)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("SetCalibration(%+v) = %v, want nil", tt.c, err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("SetCalibration(%+v) = %v, want an error containing %q", tt.c, err, tt.want)
			}
			if err != nil {
				if got := p.s.cal.settings(); got != (Calibration{}).withDefaults() {
					t.Errorf("settings changed to %+v after a rejected SetCalibration", got)
				}
			}
		})
	}
}

// TestCalibrates feeds a pool uses of known sizes and checks the limits it
// settles on.
func TestCalibrates(t *testing.T) {
	if raceEnabled {
		t.Skip("one goroutine and a million Puts: slow under -race, and TestConcurrent covers races")
	}
	tests := []struct {
		name       string
		sizes      []int // cycled through
		def, limit int
	}{
		{"one size", []int{3000}, 4096, 4096},
		{"a few large are refused", append(repeat(100, 97), repeat(20000, 3)...), 128, 128},
		{"a large share sets the default", append(repeat(100, 80), repeat(20000, 20)...), 32768, 32768},
		// A period that shares a factor with sampleEvery: a per-buffer
		// counter would sample only some phases of it and never see the
		// large use.
		{"eleven small, one large in a period", append(repeat(100, 11), 20000), 128, 32768},
		{"all tiny", []int{1, 2, 3}, 64, 64},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var p Buffers
			if d, l := p.Limits(); d != 64 || l != 0 {
				t.Fatalf("new pool Limits() = (%d, %d), want (64, 0)", d, l)
			}
			// A window of 4096 samples: the shares above are 4 standard
			// errors from the percentiles.
			const window = 1 << 18
			if err := p.SetCalibration(Calibration{Window: window}); err != nil {
				t.Fatal(err)
			}
			data := make([]byte, slices.Max(tt.sizes))
			for i := range 2*window + firstWindow {
				b := p.Get()
				b.Write(data[:tt.sizes[i%len(tt.sizes)]])
				p.Put(b)
			}
			if d, l := p.Limits(); d != tt.def || l != tt.limit {
				t.Errorf("Limits() = (%d, %d), want (%d, %d)", d, l, tt.def, tt.limit)
			}
			if b := p.Get(); b.Cap() < tt.def {
				t.Errorf("Get().Cap() = %d after calibration, want at least %d", b.Cap(), tt.def)
			}
		})
	}
}

func repeat(n, times int) []int {
	s := make([]int, times)
	for i := range s {
		s[i] = n
	}
	return s
}

// BenchmarkRecord measures a recorded Put's cost to the calibrator, with
// each goroutine cycling through 16 buffers, when every goroutine records
// into one shard (shards=one), as all did before the histogram was sharded;
// when each buffer has a random shard (shards=random), as in ba88b0f; and
// when each buffer has the shard of the P it was made on (shards=per-P), as
// now. Run it with -cpu 1,2 to see the first two slow down as cores are
// added.
func BenchmarkRecord(b *testing.B) {
	for _, mode := range []string{"one", "random", "per-P"} {
		b.Run("shards="+mode, func(b *testing.B) {
			var c calibrator
			for range firstWindow {
				c.record(0, 100, 1)
			}
			if c.runs.Load() == 0 {
				b.Fatal("no calibration after the first window")
			}
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				var held [16]uint8 // the shards of the buffers this goroutine cycles through
				for i := range held {
					switch mode {
					case "random":
						held[i] = uint8(rand.Uint32N(nShards))
					case "per-P":
						held[i] = c.shardHere()
					}
				}
				for i := 0; pb.Next(); i++ {
					c.record(held[i%len(held)], 100, sampleEvery)
				}
			})
		})
	}
}

// TestShardsAreSummed: a calibration learns from every shard. The first
// comes after exactly firstWindow Puts; a later one once the shards' chunks
// add up to the window, at most a quarter of a Window late.
func TestShardsAreSummed(t *testing.T) {
	var c calibrator
	// emptied fails unless the calibration that just ran took every
	// shard's counts.
	emptied := func() {
		t.Helper()
		for i := range c.shards {
			sh := &c.shards[i]
			if w := sh.weight.Load(); w != 0 {
				t.Fatalf("shard %d still holds weight %d after a calibration", i, w)
			}
			for k := range sh.hist {
				if n := sh.hist[k].Load(); n != 0 {
					t.Fatalf("shard %d still holds bucket %d: %d, after a calibration", i, k, n)
				}
			}
		}
	}

	// The first window, 1024 uses: 128 per shard, all of 100 elements but
	// 56 of 4096 in the last shard. Summed, 94.5% needed 100 (the default
	// is 128); any one shard's share of a bucket alone would not say so.
	for sh := range nShards {
		for i := range firstWindow / nShards {
			if c.runs.Load() != 0 {
				t.Fatalf("calibrated after %d Puts, before the first window was full", sh*firstWindow/nShards+i)
			}
			n := 100
			if sh == nShards-1 && i < 56 {
				n = 4096
			}
			c.record(uint8(sh), n, 1)
		}
	}
	if got := c.runs.Load(); got != 1 {
		t.Fatalf("%d calibrations after the first window, want 1", got)
	}
	if def, maxCap := c.current(); def != 128 || maxCap != 4096 {
		t.Fatalf("limits (%d, %d) after the first window, want (128, 4096): the shards were not summed", def, maxCap)
	}
	emptied()

	// A later window, at its latest: every shard but the last holds all
	// the weight it can without adding a chunk to the window count, and the
	// last records the rest.
	var seen uint64
	rec := func(sh int) (calibrated bool) {
		runs := c.runs.Load()
		c.record(uint8(sh), 1<<20, sampleEvery)
		seen += sampleEvery
		return c.runs.Load() != runs
	}
	done := false
	for sh := 0; sh < nShards-1 && !done; sh++ {
		// Record until the shard adds its chunk (its weight drops to 0),
		// then once less than that again.
		k := 0
		for !done {
			k++
			if done = rec(sh); c.shards[sh].weight.Load() == 0 {
				break
			}
		}
		for i := 0; i < k-1 && !done; i++ {
			done = rec(sh)
		}
	}
	for !done {
		if seen > 1<<20 {
			t.Fatalf("no calibration after %d weight recorded", seen)
		}
		done = rec(nShards - 1)
	}
	if lo, hi := uint64(DefaultWindow), uint64(DefaultWindow+DefaultWindow/4); seen < lo || seen > hi {
		t.Fatalf("second calibration after %d weight, want it in [%d, %d]", seen, lo, hi)
	}
	if def, _ := c.current(); def != 1<<20 {
		t.Fatalf("default capacity %d after the second window, want %d", def, 1<<20)
	}
	emptied()
}

// TestShardHere: choosing a holder's shard does not allocate, and one
// goroutine keeps getting the same shard, that of its P, while it stays
// there.
func TestShardHere(t *testing.T) {
	var c calibrator
	if a := testing.AllocsPerRun(1000, func() { c.shardHere() }); a != 0 {
		t.Errorf("shardHere: %v allocs, want 0", a)
	}
	if raceEnabled {
		return // sync.Pool drops a quarter of Puts: the shard changes
	}
	// A move to another P, or a collection emptying the sync.Pool, changes
	// the shard once; a shardHere that did not keep it per P would change
	// it almost every call.
	prev, changes := c.shardHere(), 0
	for range 100 {
		if sh := c.shardHere(); sh != prev {
			changes++
			prev = sh
		}
	}
	if changes > 3 {
		t.Errorf("100 shardHere calls from one goroutine changed shard %d times, want at most 3", changes)
	}
}

// TestSampleWeights: a recorded Put adds the weight its holder's countdown
// was drawn for: 1 for a holder seeded before the first calibration (which
// recorded every Put) or never seeded (adopted), sampleEvery for one seeded
// after it.
func TestSampleWeights(t *testing.T) {
	var s shelves
	const k, n = 7, 100 // a kept class, and the use's need
	early := holder{}
	s.cal.seed(&early)
	if early.tick != 1 || early.rate != 0 {
		t.Fatalf("seeded before the first calibration: tick %d, rate %d; want 1, 0", early.tick, early.rate)
	}
	s.cal.runs.Store(1) // calibrated, as far as seed and record can tell
	weight := func() uint32 {
		var w uint32
		for i := range s.cal.shards {
			w += s.cal.shards[i].hist[bucket(n)].Load()
		}
		return w
	}
	for _, h := range []*holder{&early, {}} {
		before := weight()
		if v := s.settle(h, n, k); v != keep {
			t.Fatalf("settle = %d, want keep", v)
		}
		if got := weight() - before; got != 1 {
			t.Errorf("a holder not seeded for sampling added %d at its recorded Put, want 1", got)
		}
		if h.rate != 6 || h.tick < 1 || h.tick > 2*sampleEvery-1 {
			t.Errorf("reseeded after the first calibration: tick %d, rate %d; want 1 to %d, 6", h.tick, h.rate, 2*sampleEvery-1)
		}
		// Its Puts up to the next recorded one add nothing; that one adds
		// sampleEvery.
		before = weight()
		for h.tick > 1 {
			s.settle(h, n, k)
			if weight() != before {
				t.Fatalf("a Put with %d to go was recorded", h.tick)
			}
		}
		s.settle(h, n, k)
		if got := weight() - before; got != sampleEvery {
			t.Errorf("a sampled Put added %d, want %d", got, sampleEvery)
		}
	}
}
