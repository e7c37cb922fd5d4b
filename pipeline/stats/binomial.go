package stats

import (
	"math"
	"sort"
)

// BinomialPMF is P(X = k) for X ~ Bin(n, p): C(n, k) p^k (1-p)^(n-k),
// computed in logarithms through math.Lgamma so that it neither
// overflows nor underflows early for n in the tens of thousands (its
// relative error grows with n, to about 1e-10 at n = 50,000). It is 0
// for k outside [0, n]; p = 0 and p = 1 give the point masses at 0 and n.
// It panics for n < 0 or p outside [0, 1].
func BinomialPMF(k, n int, p float64) float64 {
	checkBinomial(n, p)
	switch {
	case k < 0 || k > n:
		return 0
	case p == 0 || p == 1:
		if (p == 0 && k == 0) || (p == 1 && k == n) {
			return 1
		}
		return 0
	}
	ln, _ := math.Lgamma(float64(n + 1))
	lk, _ := math.Lgamma(float64(k + 1))
	lnk, _ := math.Lgamma(float64(n - k + 1))
	return math.Exp(ln - lk - lnk + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
}

// BinomialTail is the upper tail P(X >= k) for X ~ Bin(n, p), exact up to
// rounding: the sum of BinomialPMF terms. When k lies above the mean n p
// it sums P(X = k), P(X = k+1), ... and stops once a term no longer
// changes the sum (the terms only fall beyond the mean); otherwise it is
// 1 - P(X <= k-1), summed the same way downward, so a small tail is
// never computed as a difference of numbers near 1. It is 1 for k <= 0
// and 0 for k > n; it panics for n < 0 or p outside [0, 1].
func BinomialTail(k, n int, p float64) float64 {
	checkBinomial(n, p)
	switch {
	case k <= 0:
		return 1
	case k > n:
		return 0
	case float64(k) > float64(n)*p:
		return binomialSum(k, n, p, 1)
	}
	return 1 - binomialSum(k-1, n, p, -1)
}

// binomialAtMost is the lower tail P(X <= k), the upper tail of n - X.
func binomialAtMost(k, n int, p float64) float64 {
	return BinomialTail(n-k, n, 1-p)
}

// binomialSum adds the terms from k in direction step while they still
// count; the caller starts it on the far side of the mean, where the
// terms shrink.
func binomialSum(k, n int, p float64, step int) float64 {
	sum := 0.0
	for i := k; i >= 0 && i <= n; i += step {
		t := BinomialPMF(i, n, p)
		if sum+t == sum {
			break
		}
		sum += t
	}
	return sum
}

// BinomialTwoSided is the two-sided p-value of observing k successes in
// n trials under X ~ Bin(n, p): the total probability of every outcome no
// more likely than k, P(X = j) <= P(X = k) (1 + 1e-7) (the relative
// tolerance absorbs rounding), capped at 1. This is the "minlike" rule of
// R's binom.test and of SciPy's binomtest; for p = 1/2 it is twice the
// smaller tail. It is 1 when k equals the mean n p, and it panics for
// n < 0, k outside [0, n] or p outside [0, 1].
func BinomialTwoSided(k, n int, p float64) float64 {
	checkBinomial(n, p)
	if k < 0 || k > n {
		panic("stats: binomial: k outside [0, n]")
	}
	mean := float64(n) * p
	if float64(k) == mean {
		return 1
	}
	d := BinomialPMF(k, n, p) * (1 + 1e-7)
	var pv float64
	if float64(k) < mean {
		// The outcomes above the mean no more likely than k: the PMF
		// falls from ⌈mean⌉ on, so they are a tail, found by bisection.
		lo := int(math.Ceil(mean))
		j := lo + sort.Search(n-lo+1, func(i int) bool { return BinomialPMF(lo+i, n, p) <= d })
		pv = binomialAtMost(k, n, p) + BinomialTail(j, n, p)
	} else {
		// The outcomes below the mean: the PMF rises up to ⌊mean⌋.
		hi := int(math.Floor(mean))
		j := sort.Search(hi+1, func(i int) bool { return BinomialPMF(i, n, p) > d }) // first j more likely
		pv = binomialAtMost(j-1, n, p) + BinomialTail(k, n, p)
	}
	return min(1, pv)
}

func checkBinomial(n int, p float64) {
	if n < 0 || !(p >= 0 && p <= 1) {
		panic("stats: binomial: n < 0 or p outside [0, 1]")
	}
}

// Signs is the outcome of SignTest.
type Signs struct {
	Less    int     // pairs with a < b
	Greater int     // pairs with a > b
	Ties    int     // pairs with a = b (or a NaN), left out of the test
	P       float64 // two-sided p-value; 1 when no pair differs
}

// SignTest is the paired sign test that seed 001 calls "Wilcoxon's sign
// test" (§3.4.1; it is the sign test, not Wilcoxon's signed-rank test):
// for each pair it takes the sign of a[i] - b[i], drops the ties, and
// under the null hypothesis that either method is as likely to be the
// faster the count of a < b among the n = Less + Greater untied pairs is
// Bin(n, 1/2); P is the exact two-sided binomial p-value,
// 2 min(P(X <= Less), P(X >= Less)) capped at 1 (Conover, Practical
// Nonparametric Statistics, 3rd ed., §3.4). It panics when a and b differ
// in length.
func SignTest(a, b []float64) Signs {
	if len(a) != len(b) {
		panic("stats: sign test: samples of different lengths")
	}
	var s Signs
	for i := range a {
		switch {
		case a[i] < b[i]:
			s.Less++
		case a[i] > b[i]:
			s.Greater++
		default:
			s.Ties++
		}
	}
	s.P = BinomialTwoSided(s.Less, s.Less+s.Greater, 0.5)
	return s
}

// WorstShare is the outcome of WorstShareTest.
type WorstShare struct {
	N    int // puzzles
	InA  int // puzzles among the first method's worst
	InB  int // puzzles among the second method's worst
	Both int // puzzles among the worst of both
	// Expected is the number among the worst of both if the two methods'
	// hard puzzles were independent, N (InA/N) (InB/N); N f² when no ties
	// straddle a cutoff and f N is whole.
	Expected float64
	// PGreater is the one-sided binomial p-value P(X >= Both) for
	// X ~ Bin(N, InA InB / N²): small when the methods find the same
	// puzzles hard more often than chance.
	PGreater float64
	// P is the two-sided binomial p-value (BinomialTwoSided).
	P float64
}

// WorstShareTest is seed 001's test of whether some puzzles are hard for
// every method (§3.4.1): with A the event that a puzzle is among the
// first method's worst share f (the most work in a) and B the same for
// the second method (b), independence means P(A ∩ B) = P(A) P(B), f² by
// construction, and the number of puzzles in both is tested against
// Bin(N, P(A) P(B)), as the seed does.
//
// Ties: a puzzle is among a method's worst f when its work is at least
// the ⌈f N⌉-th largest, so every puzzle tied with the one at the cutoff
// is in and the share may exceed f (integer work counts tie often). Ties
// are never broken by input order, which would make the verdict depend on
// the file's order; instead the null probability uses the shares
// actually taken, InA/N and InB/N, which is f² when nothing ties at the
// cutoffs. A NaN is never among the worst. Given the shares, the exact
// null distribution of Both is hypergeometric; the binomial is the
// seed's approximation, close when N is large. It panics when a and b
// differ in length or f is outside (0, 1].
func WorstShareTest(a, b []float64, f float64) WorstShare {
	if len(a) != len(b) {
		panic("stats: worst share: samples of different lengths")
	}
	if !(f > 0 && f <= 1) {
		panic("stats: worst share: f outside (0, 1]")
	}
	n := len(a)
	r := WorstShare{N: n}
	if n == 0 {
		r.PGreater, r.P = 1, 1
		return r
	}
	inA, inB := worst(a, f), worst(b, f)
	for i := range n {
		if inA[i] {
			r.InA++
		}
		if inB[i] {
			r.InB++
		}
		if inA[i] && inB[i] {
			r.Both++
		}
	}
	p0 := float64(r.InA) / float64(n) * float64(r.InB) / float64(n)
	r.Expected = float64(n) * p0
	r.PGreater = BinomialTail(r.Both, n, p0)
	r.P = BinomialTwoSided(r.Both, n, p0)
	return r
}

// worst marks the values at least the ⌈f n⌉-th largest.
func worst(values []float64, f float64) []bool {
	n := len(values)
	m := max(1, int(math.Ceil(f*float64(n)-1e-9))) // f n computed as 10.000000000000002 is 10
	sorted := make([]float64, 0, n)
	for _, v := range values {
		if !math.IsNaN(v) {
			sorted = append(sorted, v)
		}
	}
	marks := make([]bool, n)
	if len(sorted) == 0 {
		return marks
	}
	sort.Float64s(sorted)
	cut := sorted[max(0, len(sorted)-m)]
	for i, v := range values {
		marks[i] = v >= cut
	}
	return marks
}
