// Package compare sets two squash reports side by side, as benchstat sets
// two runs of benchmarks.
//
// Per benchmark, each figure's runs are compared as benchstat compares
// them, with golang.org/x/perf/benchmath: the median and its 95%
// interval on each side, and the Mann-Whitney U test of the two samples,
// at alpha 0.05. A change it cannot tell from noise reads "~". Per site,
// the sites of the two reports are matched by file, line and function, or,
// where lines moved, by function and code: a site is gone, new, grown,
// shrunk or the same.
package compare
