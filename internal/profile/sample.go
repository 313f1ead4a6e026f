package profile

import (
	"fmt"
	"math"

	"github.com/google/pprof/profile"
)

// Variance returns the variance of objs, the count of objects of size
// bytes that a heap profile sampled at rate holds, as an estimate of those
// allocated: 0 where rate is 1 or less, which records every allocation.
//
// The runtime records an allocation of s bytes with probability
// p = 1-exp(-s/rate), each one apart from the others, and runtime/pprof
// scales the k it recorded up to objs = k/p. k is binomial, so the
// variance of objs is n(1-p)/p for the n allocated, which objs estimates:
// its relative error is about 1/sqrt(k), the more samples the smaller.
func Variance(objs int64, size float64, rate int) float64 {
	if rate <= 1 || objs <= 0 || size <= 0 {
		return 0
	}
	p := -math.Expm1(-size / float64(rate))
	return float64(objs) * (1 - p) / p
}

// BlameDifference blames the difference of p and base (see Diff) on the
// lines of scope, as Blame does, with the variances of its counts. The
// runtime samples the two runs apart, so the variance of their difference
// is the sum of theirs, which Blame counts of the two profiles merged.
func BlameDifference(p, base *profile.Profile, scope Scope) (*Attribution, error) {
	d, err := Diff(p, base)
	if err != nil {
		return nil, err
	}
	a, err := Blame(d, scope)
	if err != nil {
		return nil, err
	}
	sum, err := profile.Merge([]*profile.Profile{p.Copy(), base.Copy()})
	if err != nil {
		return nil, fmt.Errorf("profiles of different programs: %w", err)
	}
	both, err := Blame(sum, scope)
	if err != nil {
		return nil, err
	}
	type key struct {
		fn, file string
		line     int
	}
	spread := map[key]Site{}
	for _, s := range both.Sites {
		spread[key{s.Function, s.File, s.Line}] = s
	}
	for i, s := range a.Sites {
		v := spread[key{s.Function, s.File, s.Line}]
		a.Sites[i].ObjectsVariance, a.Sites[i].BytesVariance = v.ObjectsVariance, v.BytesVariance
	}
	a.OutsideVariance = both.OutsideVariance
	return a, nil
}

// sampleSize returns the size of the objects of a sample of objs objects
// and bytes bytes: objectSize, or else their mean, as runtime/pprof scales
// by; 0 if there are no objects.
func sampleSize(s *profile.Sample, objs, bytes int64) float64 {
	if size := objectSize(s, objs, bytes); size > 0 {
		return float64(size)
	}
	if objs == 0 {
		return 0
	}
	return float64(bytes) / float64(objs)
}
