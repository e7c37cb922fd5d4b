package stats

import "math"

// RankSum is a Mann-Whitney U test of two samples: whether values of b
// tend to be greater than those of a.
type RankSum struct {
	U float64 // b's U: the pairs (x of a, y of b) with y > x, ties counting 1/2
	// AUC is U / (len(a) len(b)), the probability that a value drawn from
	// b exceeds one drawn from a (ties half): 0.5 when neither tends higher.
	AUC float64
	Z   float64 // the normal approximation's z, with the tie correction
	// PGreater is the one-sided p for b tending greater, P the two-sided.
	PGreater, P float64
}

// MannWhitney is the Mann-Whitney U (Wilcoxon rank-sum) test of whether b
// tends to be greater than a, by the normal approximation with the
// variance's tie correction and no continuity correction (R's
// wilcox.test(exact = FALSE, correct = FALSE)), close for samples of 10
// or more each. Ranks are Ranks' mid-ranks over both samples. Every field
// but U is NaN when either sample is empty; Z and the p-values are NaN
// when every value is the same.
func MannWhitney(a, b []float64) RankSum {
	n1, n2 := float64(len(a)), float64(len(b))
	if len(a) == 0 || len(b) == 0 {
		nan := math.NaN()
		return RankSum{AUC: nan, Z: nan, PGreater: nan, P: nan}
	}
	all := append(append(make([]float64, 0, len(a)+len(b)), a...), b...)
	ranks := Ranks(all)
	var rb float64
	for _, r := range ranks[len(a):] {
		rb += r
	}
	u := rb - n2*(n2+1)/2
	// The tie correction: sum over tied groups of t^3 - t.
	counts := map[float64]float64{}
	for _, v := range all {
		counts[v]++
	}
	var ties float64
	for _, t := range counts {
		ties += t*t*t - t
	}
	n := n1 + n2
	variance := n1 * n2 / 12 * ((n + 1) - ties/(n*(n-1)))
	z := (u - n1*n2/2) / math.Sqrt(variance)
	r := RankSum{U: u, AUC: u / (n1 * n2), Z: z}
	if variance > 0 {
		r.PGreater = NormalCDF(-z)
		r.P = math.Min(1, 2*NormalCDF(-math.Abs(z)))
	} else {
		r.Z, r.PGreater, r.P = math.NaN(), math.NaN(), math.NaN()
	}
	return r
}
