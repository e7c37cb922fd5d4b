package stats

import (
	"cmp"
	"math"
	"slices"
)

// Ranks are the 1-based ranks of values in ascending order, tied values
// sharing the average of the ranks they span (the "fractional" or
// mid-rank rule of Spearman's correlation, R's rank(ties.method =
// "average")): Ranks([]float64{10, 20, 20, 30}) is [1, 2.5, 2.5, 4]. NaNs
// rank below every number, tied with each other (cmp.Compare's order).
// An empty slice gives an empty one.
func Ranks(values []float64) []float64 {
	order := make([]int, len(values))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int { return cmp.Compare(values[i], values[j]) })
	ranks := make([]float64, len(values))
	for lo := 0; lo < len(order); {
		hi := lo + 1
		for hi < len(order) && cmp.Compare(values[order[hi]], values[order[lo]]) == 0 {
			hi++
		}
		// Positions lo..hi-1 hold ranks lo+1..hi; their mean is (lo+1+hi)/2.
		r := float64(lo+1+hi) / 2
		for _, i := range order[lo:hi] {
			ranks[i] = r
		}
		lo = hi
	}
	return ranks
}

// Spearman is Spearman's rank correlation ρ of the pairs (x[i], y[i]),
// Pearson's correlation of their average ranks (Ranks), so ties need no
// correction formula, and its two-sided p-value for ρ = 0 by the t
// approximation t = ρ √((n-2)/(1-ρ²)) on n-2 degrees of freedom
// (Kendall and Stuart; the method R's cor.test uses for large n or ties).
// The approximation is close for n >= 10: at n = 10 it is within 0.007
// of the exact permutation p-value (enumerated over all 10! orders for
// every ρ from 0.4 to 0.9), always a little smaller, and it closes in as
// n grows; below 10 it is rough, and an exact permutation test is the
// one to use. ρ = ±1 gives p = 0. Both are NaN for n < 3 or when either
// variable is constant. It panics when x and y differ in length.
func Spearman(x, y []float64) (rho, p float64) {
	if len(x) != len(y) {
		panic("stats: spearman: samples of different lengths")
	}
	n := len(x)
	if n < 3 {
		return math.NaN(), math.NaN()
	}
	rho = pearson(Ranks(x), Ranks(y))
	if math.IsNaN(rho) {
		return rho, rho
	}
	rho = max(-1, min(1, rho))
	df := float64(n - 2)
	if math.Abs(rho) == 1 {
		return rho, 0
	}
	return rho, TTwoTailed(rho*math.Sqrt(df/(1-rho*rho)), df)
}

// pearson is Pearson's product-moment correlation, NaN when either
// variable is constant.
func pearson(x, y []float64) float64 {
	mx, my := Mean(x), Mean(y)
	var sxy, sxx, syy float64
	for i := range x {
		dx, dy := x[i]-mx, y[i]-my
		sxy += dx * dy
		sxx += dx * dx
		syy += dy * dy
	}
	if sxx == 0 || syy == 0 {
		return math.NaN()
	}
	return sxy / math.Sqrt(sxx*syy)
}
