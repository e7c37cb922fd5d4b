package stats

import (
	"math"
	"slices"
	"testing"
)

// Reference values marked "mpmath" were computed in Python with mpmath
// 1.3 at 40 significant digits, independently of this package's methods:
// binomial terms from mpmath.binomial summed exactly, the regularized
// incomplete beta by mpmath.betainc, t tails by quadrature of the t
// density (mpmath.quad), critical values by mpmath.findroot on that
// quadrature. Values marked "exact" are rationals worked out by hand or
// with Python's math.comb on integers.

// close reports whether got is within rel (relative) of want, or both
// are NaN; a want of 0 needs got within rel absolutely.
func close(got, want, rel float64) bool {
	if math.IsNaN(want) {
		return math.IsNaN(got)
	}
	return math.Abs(got-want) <= rel*math.Max(math.Abs(want), 1e-300) || math.Abs(got-want) <= rel && want == 0
}

func TestQuantile(t *testing.T) {
	nan := math.NaN()
	for _, c := range []struct {
		sorted  []float64
		q, want float64
	}{
		// Type 7 by hand: h = q (n-1), x[⌊h⌋] + frac(h) (x[⌊h⌋+1] - x[⌊h⌋]);
		// R's quantile(c(1, 2, 3, 4)) gives 1.75, 2.5, 3.25.
		{[]float64{1, 2, 3, 4}, 0.25, 1.75},
		{[]float64{1, 2, 3, 4}, 0.5, 2.5},
		{[]float64{1, 2, 3, 4}, 0.75, 3.25},
		{[]float64{1, 2, 3, 4}, 0, 1},
		{[]float64{1, 2, 3, 4}, 1, 4},
		{[]float64{10, 20, 30, 40, 50}, 0.1, 14},
		{[]float64{1, 1, 1, 2}, 0.5, 1}, // ties
		{[]float64{7}, 0.3, 7},          // one value
		{nil, 0.5, nan},
		{[]float64{1, 2}, -0.1, nan},
		{[]float64{1, 2}, 1.1, nan},
		{[]float64{1, 2}, nan, nan},
	} {
		if got := Quantile(c.sorted, c.q); !close(got, c.want, 1e-15) {
			t.Errorf("Quantile(%v, %v) = %v, want %v", c.sorted, c.q, got, c.want)
		}
	}
}

func TestMedianMeanVariance(t *testing.T) {
	v := []float64{4, 1, 3, 2}
	if got := Median(v); got != 2.5 {
		t.Errorf("Median(%v) = %v, want 2.5", v, got)
	}
	if !slices.Equal(v, []float64{4, 1, 3, 2}) {
		t.Errorf("Median changed its input to %v", v)
	}
	if got := Median([]float64{3, 1, 2}); got != 2 {
		t.Errorf("Median odd = %v, want 2", got)
	}
	// 2 4 4 4 5 5 7 9: mean 5, squared deviations sum to 32, so the
	// sample variance is 32/7 (exact).
	w := []float64{2, 4, 4, 4, 5, 5, 7, 9}
	if got := Mean(w); got != 5 {
		t.Errorf("Mean = %v, want 5", got)
	}
	if got := Variance(w); !close(got, 32.0/7, 1e-15) {
		t.Errorf("Variance = %v, want 32/7", got)
	}
	if got := StdDev(w); !close(got, math.Sqrt(32.0/7), 1e-15) {
		t.Errorf("StdDev = %v, want √(32/7)", got)
	}
	// A large offset with a small spread: 1e9 + {4, 7, 13, 16} has sample
	// variance 30 (exact), which a one-pass Σx² - n mean² loses.
	if got := Variance([]float64{1e9 + 4, 1e9 + 7, 1e9 + 13, 1e9 + 16}); got != 30 {
		t.Errorf("Variance with offset = %v, want 30", got)
	}
	for name, got := range map[string]float64{
		"Median(nil)": Median(nil), "Mean(nil)": Mean(nil),
		"Variance(one)": Variance([]float64{3}), "StdDev(one)": StdDev([]float64{3}),
	} {
		if !math.IsNaN(got) {
			t.Errorf("%s = %v, want NaN", name, got)
		}
	}
}

func TestRanks(t *testing.T) {
	for _, c := range []struct{ in, want []float64 }{
		{[]float64{10, 20, 20, 30}, []float64{1, 2.5, 2.5, 4}},
		{[]float64{3, 1, 2}, []float64{3, 1, 2}},
		{[]float64{5, 5, 5}, []float64{2, 2, 2}},
		{[]float64{2, math.NaN(), 1, math.NaN()}, []float64{4, 1.5, 3, 1.5}},
		{nil, []float64{}},
	} {
		if got := Ranks(c.in); !slices.Equal(got, c.want) {
			t.Errorf("Ranks(%v) = %v, want %v", c.in, got, c.want)
		}
	}
}

func TestSpearman(t *testing.T) {
	// mpmath: ranks by counting, Pearson on them, t tail by quadrature.
	x := []float64{3.1, 4.7, 2.2, 8.0, 4.7, 6.1, 1.0, 9.3, 5.5, 7.7, 2.2, 6.6}
	y := []float64{10, 14, 9, 25, 12, 20, 3, 22, 15, 30, 8, 19}
	rho, p := Spearman(x, y)
	if !close(rho, 0.96140942697683033788, 1e-13) || !close(p, 6.3170865805755256021e-7, 1e-9) {
		t.Errorf("Spearman = %v, %v, want 0.961409426976830, 6.31708658057553e-7", rho, p)
	}
	// Reversing y reverses the sign and keeps p.
	rev := slices.Clone(y)
	for i := range rev {
		rev[i] = -rev[i]
	}
	if r2, p2 := Spearman(x, rev); !close(r2, -rho, 1e-14) || !close(p2, p, 1e-12) {
		t.Errorf("Spearman reversed = %v, %v, want %v, %v", r2, p2, -rho, p)
	}
	if r, p := Spearman([]float64{1, 2, 3, 4}, []float64{1, 4, 9, 16}); r != 1 || p != 0 {
		t.Errorf("monotone: %v, %v, want 1, 0", r, p)
	}
	for name, xy := range map[string][2][]float64{
		"constant": {{1, 2, 3}, {5, 5, 5}},
		"n = 2":    {{1, 2}, {2, 1}},
		"empty":    {nil, nil},
	} {
		if r, p := Spearman(xy[0], xy[1]); !math.IsNaN(r) || !math.IsNaN(p) {
			t.Errorf("%s: %v, %v, want NaN, NaN", name, r, p)
		}
	}
}

func TestRegIncBeta(t *testing.T) {
	for _, c := range []struct{ a, b, x, want, rel float64 }{
		{2, 3, 0.4, 0.52480000000000003837, 1e-14},           // mpmath
		{0.5, 0.5, 0.1, 0.20483276469913345754, 1e-14},       // mpmath
		{10, 0.5, 0.9, 0.15164090963470996856, 1e-13},        // mpmath
		{5.5, 0.5, 0.2, 0.000036937760949062051537, 1e-13},   // mpmath
		{1, 1, 0.3, 0.3, 1e-15},                              // uniform
		{300, 200, 0.62, 0.81906998815779615023, 1e-11},      // mpmath: P(Bin(499, 0.62) >= 300)
		{2500, 2501, 0.49, 0.080714240848083052014, 1e-10},   // mpmath: P(Bin(5000, 0.49) >= 2500)
		{25000, 25001, 0.5, 0.50178411519555449246, 1e-10},   // exact: P(Bin(50000, 1/2) >= 25000)
		{26000, 24001, 0.5, 1.9287349755159106902e-19, 1e-8}, // exact: P(Bin(50000, 1/2) >= 26000)
		{2, 3, 0, 0, 0}, {2, 3, 1, 1, 0}, // ends
		{0, 3, 0.5, math.NaN(), 0}, {2, 3, 1.5, math.NaN(), 0}, // out of range
		{2, 3, math.NaN(), math.NaN(), 0}, {-1, 3, 0.5, math.NaN(), 0}, // out of range
	} {
		if got := RegIncBeta(c.a, c.b, c.x); !close(got, c.want, c.rel) {
			t.Errorf("RegIncBeta(%v, %v, %v) = %v, want %v", c.a, c.b, c.x, got, c.want)
		}
	}
}

func TestBinomial(t *testing.T) {
	for _, c := range []struct {
		k, n          int
		p             float64
		pmf, tail, rl float64
	}{
		{3, 10, 0.5, 0.1171875, 0.9453125, 1e-14},                              // exact: 120/1024, 968/1024
		{10, 20, 0.3, 0.030817080900085033043, 0.047961897331343464375, 1e-13}, // mpmath
		{2, 20, 0.3, 0.027845872524268683789, 0.99236274022579999213, 1e-13},   // mpmath
		{70, 5000, 0.01, 0.0013190512812959059698, 0.0041550474036337267315, 1e-11},
		{30, 5000, 0.01, 0.00065237762497968248368, 0.99912519894947968259, 1e-11},
	} {
		if got := BinomialPMF(c.k, c.n, c.p); !close(got, c.pmf, c.rl) {
			t.Errorf("BinomialPMF(%d, %d, %v) = %v, want %v", c.k, c.n, c.p, got, c.pmf)
		}
		if got := BinomialTail(c.k, c.n, c.p); !close(got, c.tail, c.rl) {
			t.Errorf("BinomialTail(%d, %d, %v) = %v, want %v", c.k, c.n, c.p, got, c.tail)
		}
	}
	// n = 50,000, p = 1/2: exact sums of math.comb(50000, i) / 2^50000.
	for _, c := range []struct {
		k    int
		want float64
	}{
		{25300, 0.003693917259017734534},
		{25000, 0.50178411519555449246},
		{24700, 0.99640357867379199788},
		{26000, 1.9287349755159106902e-19},
	} {
		got := BinomialTail(c.k, 50000, 0.5)
		if !close(got, c.want, 1e-9) {
			t.Errorf("BinomialTail(%d, 50000, 0.5) = %v, want %v", c.k, got, c.want)
		}
		// The same tail by the incomplete beta: P(X >= k) = I_p(k, n-k+1).
		if b := RegIncBeta(float64(c.k), float64(50000-c.k+1), 0.5); !close(got, b, 1e-9) {
			t.Errorf("BinomialTail(%d, 50000, 0.5) = %v, incomplete beta %v", c.k, got, b)
		}
	}
	// Edges.
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"tail k <= 0", BinomialTail(0, 10, 0.3), 1},
		{"tail k > n", BinomialTail(11, 10, 0.3), 0},
		{"tail p = 0", BinomialTail(1, 10, 0), 0},
		{"tail p = 1", BinomialTail(10, 10, 1), 1},
		{"pmf p = 0", BinomialPMF(0, 10, 0), 1},
		{"pmf p = 1", BinomialPMF(9, 10, 1), 0},
		{"pmf k < 0", BinomialPMF(-1, 10, 0.5), 0},
		{"pmf n = 0", BinomialPMF(0, 0, 0.5), 1},
		{"two-sided n = 0", BinomialTwoSided(0, 0, 0.5), 1},
		{"two-sided p = 0, k = 0", BinomialTwoSided(0, 10, 0), 1},
		{"two-sided p = 0, k = 1", BinomialTwoSided(1, 10, 0), 0},
	} {
		if c.got != c.want {
			t.Errorf("%s: %v, want %v", c.name, c.got, c.want)
		}
	}
}

func TestBinomialTwoSided(t *testing.T) {
	// mpmath: the sum of P(X = j) over every j with P(X = j) <= P(X = k)
	// (1 + 1e-7), as R's binom.test; exact for p = 1/2.
	for _, c := range []struct {
		k, n int
		p    float64
		want float64
	}{
		{3, 10, 0.5, 0.34375},     // exact: 2 · 176/1024
		{9, 10, 0.5, 0.021484375}, // exact: 2 · 11/1024
		{4, 100, 0.01, 0.018374036444649657664},
		{0, 100, 0.01, 0.63027036235027322734},
		{1, 100, 0.01, 1}, // k is the mean
		{7, 20, 0.2, 0.098221728613468751437},
		{1, 20, 0.2, 0.15586780384381108824},
		{12, 200, 0.03, 0.020672560852089929211},
	} {
		if got := BinomialTwoSided(c.k, c.n, c.p); !close(got, c.want, 1e-12) {
			t.Errorf("BinomialTwoSided(%d, %d, %v) = %v, want %v", c.k, c.n, c.p, got, c.want)
		}
	}
}

func TestSignTest(t *testing.T) {
	// 9 pairs with a < b, 1 with a > b, 2 ties: exact 2 · 11/1024.
	a := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 5, 5}
	b := []float64{2, 3, 4, 5, 6, 7, 8, 9, 10, 1, 5, 5}
	if got := SignTest(a, b); got.Less != 9 || got.Greater != 1 || got.Ties != 2 || !close(got.P, 0.021484375, 1e-14) {
		t.Errorf("SignTest = %+v, want 9, 1, 2, P 0.021484375", got)
	}
	// 30 against 50 untied (mpmath: 2 P(Bin(80, 1/2) <= 30)).
	a, b = nil, nil
	for i := range 85 {
		switch {
		case i < 30:
			a, b = append(a, 1), append(b, 2)
		case i < 80:
			a, b = append(a, 2), append(b, 1)
		default:
			a, b = append(a, 3), append(b, 3)
		}
	}
	got := SignTest(a, b)
	if got.Less != 30 || got.Greater != 50 || got.Ties != 5 || !close(got.P, 0.032992618426476184633, 1e-12) {
		t.Errorf("SignTest = %+v, want 30, 50, 5, P 0.0329926184264762", got)
	}
	if got := SignTest([]float64{1, 2}, []float64{1, 2}); got != (Signs{Ties: 2, P: 1}) {
		t.Errorf("all ties: %+v, want 2 ties, P 1", got)
	}
}

func TestWorstShare(t *testing.T) {
	// a's worst 10 of 100 are 90..99 (a[i] = i); b's are 90..93 (made
	// worst) and 0..5 (b[i] = -i): 4 in both against an expected 1.
	a, b := make([]float64, 100), make([]float64, 100)
	for i := range 100 {
		a[i], b[i] = float64(i), -float64(i)
	}
	for i := 90; i < 94; i++ {
		b[i] = 1000 + float64(i)
	}
	got := WorstShareTest(a, b, 0.10)
	// mpmath: P(Bin(100, 0.01) >= 4), and the two-sided minlike sum.
	if got.N != 100 || got.InA != 10 || got.InB != 10 || got.Both != 4 || !close(got.Expected, 1, 1e-12) ||
		!close(got.PGreater, 0.01837403644464965642, 1e-12) || !close(got.P, 0.01837403644464965642, 1e-12) {
		t.Errorf("WorstShareTest = %+v, want 100, 10, 10, 4, expected 1, p 0.0183740364446497 both", got)
	}
	// Ties at a's cutoff: 85 zeros, 10 ones, 5 twos; the 10th largest is
	// a 1, so all 15 puzzles with 1 or 2 are among the worst, and the null
	// probability is 0.15 · 0.10. mpmath: P(Bin(100, 0.015) >= 4).
	for i := range 100 {
		a[i] = 0
		if i >= 85 {
			a[i] = 1
		}
		if i >= 95 {
			a[i] = 2
		}
	}
	got = WorstShareTest(a, b, 0.10)
	if got.InA != 15 || got.InB != 10 || got.Both != 4 || !close(got.Expected, 1.5, 1e-12) ||
		!close(got.PGreater, 0.064215935154462669402, 1e-11) || !close(got.P, 0.064215935154462669402, 1e-11) {
		t.Errorf("WorstShareTest with ties = %+v, want 15, 10, 4, expected 1.5, p 0.0642159351544627", got)
	}
	// All tied: every puzzle is among a's worst, Both is InB whatever b
	// does, and the two-sided test finds nothing. (The one-sided binomial
	// p is not 1 here, where the hypergeometric's would be: the seed's
	// binomial approximation at its worst.)
	same := make([]float64, 20)
	if got := WorstShareTest(same, b[:20], 0.10); got.InA != 20 || got.InB != 2 || got.Both != 2 || got.Expected != 2 || got.P != 1 {
		t.Errorf("all tied: %+v, want every puzzle in A, Both = InB = expected = 2, P 1", got)
	}
	// NaN is never among the worst; an empty set tests nothing.
	if got := WorstShareTest([]float64{math.NaN(), 1, 2}, []float64{3, 2, 1}, 0.3); got.InA != 1 || got.Both != 0 {
		t.Errorf("NaN: %+v, want only the 2 in A", got)
	}
	if got := WorstShareTest(nil, nil, 0.1); got != (WorstShare{PGreater: 1, P: 1}) {
		t.Errorf("empty: %+v", got)
	}
}

func TestTDistribution(t *testing.T) {
	// mpmath: quadrature of the t density.
	for _, c := range []struct{ t, df, want float64 }{
		{2.228138851986, 10, 0.025000000000011648419},
		{1.0, 3, 0.19550110947788532096},
		{-1.5, 7.5, 0.9127597147067678826},
		{3.5, 24.988, 0.00088318526341907414564},
		{0.3, 1, 0.40722642092225765968},
	} {
		if got := TTail(c.t, c.df); !close(got, c.want, 1e-12) {
			t.Errorf("TTail(%v, %v) = %v, want %v", c.t, c.df, got, c.want)
		}
	}
	if got := TTwoTailed(-1.0, 3); !close(got, 2*0.19550110947788532096, 1e-12) {
		t.Errorf("TTwoTailed(-1, 3) = %v", got)
	}
	for _, c := range []struct{ alpha, df, want float64 }{
		{0.025, 10, 2.228138851986}, // the printed tables' t(0.975, 10)
		{0.0025, 18, 3.196574222255220006},
		{0.0025, 9.5, 3.6320376226428775914},
		{0.05, 3, 2.3533634348018238165},
		{0.95, 3, -2.3533634348018238165},
		{0.5, 3, 0},
	} {
		if got := TCritical(c.alpha, c.df); !close(got, c.want, 1e-10) {
			t.Errorf("TCritical(%v, %v) = %v, want %v", c.alpha, c.df, got, c.want)
		}
	}
	for name, got := range map[string]float64{
		"TTail(NaN)": TTail(math.NaN(), 3), "TTail(df 0)": TTail(1, 0),
		"TCritical(0)": TCritical(0, 3), "TCritical(1)": TCritical(1, 3), "TCritical(df -1)": TCritical(0.05, -1),
	} {
		if !math.IsNaN(got) {
			t.Errorf("%s = %v, want NaN", name, got)
		}
	}
	if TTail(math.Inf(1), 3) != 0 || TTail(math.Inf(-1), 3) != 1 || TTwoTailed(0, 3) != 1 {
		t.Error("TTail at the ends")
	}
}

func TestTTests(t *testing.T) {
	// Wikipedia's "Welch's t-test" examples 1 and 2 (A1 against A2 and B);
	// reference values by mpmath (t statistics, Welch–Satterthwaite
	// degrees of freedom, and tails by quadrature). The article prints
	// t = -2.46, df = 24.99, p = 0.021 for Welch on A1, A2.
	a1 := []float64{27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4}
	a2 := []float64{27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4}
	b := []float64{20.1, 22.5, 19.0, 24.9, 30.1, 18.2, 21.4}
	for _, c := range []struct {
		name string
		got  TTest
		want TTest
	}{
		{"Student A1 A2", StudentT(a1, a2), TTest{-2.4553563982860050625, 28, 0.02054452273412599057, 0.98972773863293700471}},
		{"Welch A1 A2", WelchT(a1, a2), TTest{-2.4553563982860050625, 24.988529290231414357, 0.021378001462867032492, 0.98931099926856648375}},
		{"Student A1 B", StudentT(a1, b), TTest{-1.004741481782970483, 20, 0.32702347075823344985, 0.83648826462088327508}},
		{"Welch A1 B", WelchT(a1, b), TTest{-0.87312227535712839162, 8.7251443666548960819, 0.40598410131659144184, 0.79700794934170427908}},
	} {
		g, w := c.got, c.want
		if !close(g.T, w.T, 1e-12) || !close(g.DF, w.DF, 1e-12) || !close(g.P, w.P, 1e-10) || !close(g.PGreater, w.PGreater, 1e-10) {
			t.Errorf("%s = %+v, want %+v", c.name, g, w)
		}
	}
	// Swapping the samples flips T and the one-sided p.
	if g := WelchT(a2, a1); !close(g.T, 2.4553563982860050625, 1e-12) || !close(g.PGreater, 1-0.98931099926856648375, 1e-9) {
		t.Errorf("Welch A2 A1 = %+v", g)
	}
	// Edges: too few values, constant samples.
	for name, g := range map[string]TTest{
		"Student 1+1":   StudentT([]float64{1}, []float64{2}),
		"Welch 1+3":     WelchT([]float64{1}, []float64{1, 2, 3}),
		"Student equal": StudentT([]float64{2, 2}, []float64{2, 2, 2}),
		"Welch equal":   WelchT([]float64{2, 2}, []float64{2, 2}),
		"Student empty": StudentT(nil, []float64{1, 2, 3}),
	} {
		if !math.IsNaN(g.T) || !math.IsNaN(g.P) {
			t.Errorf("%s = %+v, want NaN", name, g)
		}
	}
	if g := StudentT([]float64{1, 1}, []float64{2, 2}); !math.IsInf(g.T, -1) || g.P != 0 || g.PGreater != 1 || g.DF != 2 {
		t.Errorf("Student constant, different means = %+v, want -Inf, P 0", g)
	}
	if g := WelchT([]float64{3, 3}, []float64{2, 2}); !math.IsInf(g.T, 1) || g.P != 0 || g.PGreater != 0 {
		t.Errorf("Welch constant, different means = %+v, want +Inf, P 0", g)
	}
	// One value on one side is enough for the pooled test: 1 against
	// {2, 3, 4}: diff -2, pooled s² = 2/2 = 1, se = √(1 + 1/3), df 2.
	g := StudentT([]float64{1}, []float64{2, 3, 4})
	if !close(g.T, -2/math.Sqrt(4.0/3), 1e-15) || g.DF != 2 {
		t.Errorf("Student 1+3 = %+v, want T %v on 2 df", g, -2/math.Sqrt(4.0/3))
	}
}

func TestBootstrapMeanCI(t *testing.T) {
	// 200 values with mean 100 and sample standard deviation s: for many
	// resamples the percentile interval approaches the normal one,
	// mean ± 1.959964 s √((n-1)/n) / √n (the bootstrap's plug-in spread);
	// 20,000 resamples put each end within a few per cent of its width.
	values := make([]float64, 200)
	for i := range values {
		values[i] = 100 + 10*math.Sin(float64(i)*1.7) // deterministic, spread-out
	}
	m, s, n := Mean(values), StdDev(values), float64(len(values))
	half := 1.959964 * s * math.Sqrt((n-1)/n) / math.Sqrt(n)
	lo, hi := BootstrapMeanCI(values, 0.95, 20000, 1)
	if math.Abs(lo-(m-half)) > 0.05*half || math.Abs(hi-(m+half)) > 0.05*half {
		t.Errorf("interval [%v, %v], want about [%v, %v]", lo, hi, m-half, m+half)
	}
	// Reproducible by seed; another seed gives another interval.
	if lo2, hi2 := BootstrapMeanCI(values, 0.95, 20000, 1); lo2 != lo || hi2 != hi {
		t.Errorf("same seed, [%v, %v] then [%v, %v]", lo, hi, lo2, hi2)
	}
	if lo3, hi3 := BootstrapMeanCI(values, 0.95, 20000, 2); lo3 == lo && hi3 == hi {
		t.Errorf("seeds 1 and 2 gave the same interval [%v, %v]", lo, hi)
	}
	// A higher level gives a wider interval.
	if lo99, hi99 := BootstrapMeanCI(values, 0.99, 20000, 1); !(lo99 < lo && hi99 > hi) {
		t.Errorf("99%% [%v, %v] not wider than 95%% [%v, %v]", lo99, hi99, lo, hi)
	}
	if lo, hi := BootstrapMeanCI([]float64{4.5}, 0.95, 100, 1); lo != 4.5 || hi != 4.5 {
		t.Errorf("one value: [%v, %v]", lo, hi)
	}
	if lo, hi := BootstrapMeanCI(nil, 0.95, 100, 1); !math.IsNaN(lo) || !math.IsNaN(hi) {
		t.Errorf("empty: [%v, %v]", lo, hi)
	}
}

func TestPanics(t *testing.T) {
	for name, f := range map[string]func(){
		"sign test lengths":   func() { SignTest([]float64{1}, nil) },
		"worst share lengths": func() { WorstShareTest([]float64{1}, nil, 0.1) },
		"worst share f":       func() { WorstShareTest([]float64{1}, []float64{1}, 0) },
		"spearman lengths":    func() { Spearman([]float64{1, 2, 3}, []float64{1, 2}) },
		"binomial p":          func() { BinomialTail(1, 10, 1.5) },
		"binomial n":          func() { BinomialPMF(0, -1, 0.5) },
		"two-sided k":         func() { BinomialTwoSided(11, 10, 0.5) },
		"bootstrap level":     func() { BootstrapMeanCI([]float64{1}, 1, 10, 0) },
		"bootstrap resamples": func() { BootstrapMeanCI([]float64{1}, 0.9, 0, 0) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			f()
		}()
	}
}

// TestMannWhitney holds the test to figures worked by hand: U, the normal
// approximation's z and p, and the tie correction on samples with ties.
func TestMannWhitney(t *testing.T) {
	r := MannWhitney([]float64{1, 3, 5, 7}, []float64{2, 4, 6, 8, 10})
	// By hand: b's pairs above a: 2>1; 4>1,3; 6>1,3,5; 8>all 4; 10>all 4 = 1+2+3+4+4 = 14.
	if r.U != 14 || math.Abs(r.AUC-0.7) > 1e-12 {
		t.Errorf("U = %g, AUC = %g: want 14, 0.7", r.U, r.AUC)
	}
	// z = (14 - 10) / sqrt(4*5*10/12) = 4/4.0825 = 0.9798; p = 0.3272 two-sided.
	if math.Abs(r.Z-0.97980) > 1e-4 || math.Abs(r.P-0.32718) > 1e-4 || math.Abs(r.PGreater-0.16359) > 1e-4 {
		t.Errorf("z = %g, p = %g, p> = %g", r.Z, r.P, r.PGreater)
	}
	// Ties: a = 1,2,2,3; b = 2,3,3,4. Mid-ranks of 1,2,2,2,3,3,3,4: 1, 3,3,3, 6,6,6, 8.
	// b's rank sum 3+6+6+8 = 23, U = 23 - 10 = 13; tie term (27-3)*2 = 48,
	// variance = 16/12 * (9 - 48/56) = 10.857; z = (13-8)/3.2950 = 1.5174.
	r = MannWhitney([]float64{1, 2, 2, 3}, []float64{2, 3, 3, 4})
	if r.U != 13 || math.Abs(r.Z-1.51744) > 1e-4 {
		t.Errorf("ties: U = %g, z = %g: want 13, 1.5174", r.U, r.Z)
	}
	if r := MannWhitney(nil, []float64{1}); !math.IsNaN(r.P) {
		t.Errorf("empty sample: p = %g", r.P)
	}
}
