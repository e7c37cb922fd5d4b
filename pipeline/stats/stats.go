// Package stats owns the statistics pressrun computes over puzzle sets:
// quantiles (the IQR fence's quartiles), means and spreads, ranks and
// Spearman's correlation, the binomial tests of seed 001 (the sign test
// and the worst-share independence test), Student's and Welch's t-tests
// (seed 000 compares neighbouring levels with one), the percentile
// bootstrap of a mean (seed 001's timing), and the special functions they
// rest on (log-gamma binomial terms, the regularized incomplete beta).
//
// Everything here is a pure function of its arguments: no package state,
// no global random source; the bootstrap takes its seed. Functions that
// have no answer for their input (an empty slice, too few values, a
// constant variable) return NaN rather than an error, as the math package
// does; slices that must pair up and parameters outside their range are
// programming errors and panic.
package stats

import (
	"math"
	"slices"
)

// Quantile is the q-quantile of sorted (ascending) values by linear
// interpolation between order statistics: with h = q (n-1), it is
// x[⌊h⌋] + (h - ⌊h⌋) (x[⌊h⌋+1] - x[⌊h⌋]) on 0-based indices. This is
// Hyndman and Fan's type 7 ("Sample quantiles in statistical packages",
// The American Statistician 50(4), 1996), the default of R's quantile and
// NumPy's percentile. Ties need no care (equal neighbours interpolate to
// themselves); one value is every quantile of itself. Quantile is NaN for
// an empty slice and for q outside [0, 1] or NaN. It does not check that
// sorted is sorted.
func Quantile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 || !(q >= 0 && q <= 1) {
		return math.NaN()
	}
	h := q * float64(len(sorted)-1)
	lo := math.Floor(h)
	i := int(lo)
	if i+1 >= len(sorted) {
		return sorted[len(sorted)-1]
	}
	return sorted[i] + (h-lo)*(sorted[i+1]-sorted[i])
}

// Median is the middle value of values (in any order; they are not
// changed): the mean of the two middle ones when their number is even,
// which is Quantile(sorted, 0.5). It is NaN for an empty slice.
func Median(values []float64) float64 {
	sorted := slices.Clone(values)
	slices.Sort(sorted)
	return Quantile(sorted, 0.5)
}

// Mean is the arithmetic mean Σx / n, NaN for an empty slice.
func Mean(values []float64) float64 {
	if len(values) == 0 {
		return math.NaN()
	}
	s := 0.0
	for _, v := range values {
		s += v
	}
	return s / float64(len(values))
}

// Variance is the sample variance Σ(x - mean)² / (n - 1), the unbiased
// estimator (Bessel's correction; R's var), computed in two passes
// (mean first) so that large values with a small spread lose no digits.
// It is NaN for fewer than two values.
func Variance(values []float64) float64 {
	if len(values) < 2 {
		return math.NaN()
	}
	m := Mean(values)
	s := 0.0
	for _, v := range values {
		s += (v - m) * (v - m)
	}
	return s / float64(len(values)-1)
}

// StdDev is the sample standard deviation, the square root of Variance
// (n - 1 in the denominator; R's sd). NaN for fewer than two values.
func StdDev(values []float64) float64 {
	return math.Sqrt(Variance(values))
}
