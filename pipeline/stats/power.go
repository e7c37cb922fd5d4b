package stats

import "math"

// SignPower is the power of the two-sided sign test at alpha 0.05 at its
// own n, if the share of untied puzzles where the first is faster is the
// one seen.
func SignPower(s Signs) float64 {
	n := s.Less + s.Greater
	if n == 0 {
		return math.NaN()
	}
	p1 := float64(s.Less) / float64(n)
	power := 0.0
	for k := 0; k <= n; k++ {
		if BinomialTwoSided(k, n, 0.5) <= 0.05 {
			power += BinomialPMF(k, n, p1)
		}
	}
	return power
}

// NormalCDF is the standard normal distribution function P(Z <= x);
// NormalCDF(-z) is the upper tail P(Z >= z), exact far out where 1 -
// NormalCDF(z) is not.
func NormalCDF(x float64) float64 { return 0.5 * math.Erfc(-x/math.Sqrt2) }

// z975 is the standard normal's 97.5th percentile: two-sided alpha 0.05.
const z975 = 1.959963984540054

// SpearmanPower is the power of the two-sided test of Spearman's rho
// = 0 at alpha 0.05 with n pairs when the true rho is rho: Fisher's z,
// atanh(rho), is about normal with variance 1.06 / (n - 3) for Spearman's
// (Fieller, Hartley and Pearson 1957).
func SpearmanPower(rho float64, n int) float64 {
	if n < 4 || math.IsNaN(rho) {
		return math.NaN()
	}
	z := math.Atanh(math.Abs(rho)) / math.Sqrt(1.06/float64(n-3))
	return NormalCDF(z-z975) + NormalCDF(-z-z975)
}

// SpearmanN80 is the n at which SpearmanPower reaches 0.8.
func SpearmanN80(rho float64) float64 {
	z := math.Atanh(math.Abs(rho))
	if z == 0 || math.IsNaN(z) {
		return math.Inf(1)
	}
	return math.Ceil(3 + 1.06*math.Pow((z975+0.8416212335729143)/z, 2))
}

// WorstSharePower is the power of the one-sided worst-share test at alpha
// 0.05 at the test's own n, if the share of puzzles in both worst sets is
// the one seen (Both / N) rather than the null's (Expected / N).
func WorstSharePower(ws WorstShare) float64 { return WorstSharePowerAt(ws, ws.N) }

// WorstSharePowerAt is WorstSharePower at n puzzles: the exact binomial,
// the critical count the least k with P(X >= k) <= 0.05 under the null.
func WorstSharePowerAt(ws WorstShare, n int) float64 {
	if ws.N == 0 || n == 0 {
		return math.NaN()
	}
	p0, p1 := ws.Expected/float64(ws.N), float64(ws.Both)/float64(ws.N)
	k := int(math.Floor(float64(n) * p0))
	for k <= n && BinomialTail(k, n, p0) > 0.05 {
		k++
	}
	return BinomialTail(k, n, p1)
}

// WelchPower is the power of the one-sided test at level alpha to find a
// difference delta of means with the standard error se on df degrees of
// freedom (normal approximation of the noncentral t).
func WelchPower(delta, se, df, alpha float64) float64 {
	z := TCritical(alpha, df) - delta/se
	return NormalCDF(-z)
}

// Wilson is the Wilson score 95% interval of a share of k successes in n
// trials (NaN, NaN for n = 0): unlike the normal interval it stays within
// [0, 1] and is close at k = 0 or n.
func Wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return math.NaN(), math.NaN()
	}
	p, nn, z := float64(k)/float64(n), float64(n), z975
	c := (p + z*z/(2*nn)) / (1 + z*z/nn)
	h := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / (1 + z*z/nn)
	return math.Max(0, c-h), math.Min(1, c+h)
}
