package stats

import "math"

// RegIncBeta is the regularized incomplete beta function
// I_x(a, b) = B(x; a, b) / B(a, b) for a, b > 0 and x in [0, 1], the
// distribution function of a Beta(a, b) variable at x. It evaluates the
// continued fraction of Numerical Recipes (Press et al., 3rd ed., §6.4,
// "betai" and "betacf") by the modified Lentz method, on I_x(a, b) when
// x < (a+1)/(a+b+2) and on 1 - I_{1-x}(b, a) otherwise, where the
// fraction converges fast (in O(√max(a, b)) terms). The prefactor
// x^a (1-x)^b / B(a, b) goes through math.Lgamma. It is NaN for a or
// b not positive, x outside [0, 1], any NaN, or a fraction that has not
// converged in 10,000 terms (not seen for a, b up to 10⁶).
func RegIncBeta(a, b, x float64) float64 {
	switch {
	case !(a > 0 && b > 0 && x >= 0 && x <= 1):
		return math.NaN()
	case x == 0 || x == 1:
		return x
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaFraction(a, b, x) / a
	}
	return 1 - front*betaFraction(b, a, 1-x)/b
}

// betaFraction is the continued fraction of I_x(a, b) (Numerical
// Recipes' betacf), by the modified Lentz method.
func betaFraction(a, b, x float64) float64 {
	const (
		maxTerms = 10000
		eps      = 1e-16
		tiny     = 1e-300 // stands in for a zero denominator (Lentz)
	)
	guard := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	qab, qap, qam := a+b, a+1, a-1
	c := 1.0
	d := 1 / guard(1-qab*x/qap)
	h := d
	for m := 1; m <= maxTerms; m++ {
		fm := float64(m)
		m2 := 2 * fm
		// The even step of the recurrence.
		aa := fm * (b - fm) * x / ((qam + m2) * (a + m2))
		d = 1 / guard(1+aa*d)
		c = guard(1 + aa/c)
		h *= d * c
		// The odd step.
		aa = -(a + fm) * (qab + fm) * x / ((a + m2) * (qap + m2))
		d = 1 / guard(1+aa*d)
		c = guard(1 + aa/c)
		del := d * c
		h *= del
		if math.Abs(del-1) < eps {
			return h
		}
	}
	return math.NaN()
}
