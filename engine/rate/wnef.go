package rate

import "github.com/pressrun/pressrun/engine"

// Weight is the weighting function w(n) of seed 000's WNEF, applied to an
// empty cell with n candidates. The zero value is Exponential, the paper's
// choice.
type Weight int

const (
	// Exponential is w(n) = 2^(9-n): w(1) = 256, w(9) = 1.
	Exponential Weight = iota
	// Squared is w(n) = (10-n)^2: w(1) = 81, w(9) = 1.
	Squared
	// Linear is w(n) = 10-n: w(1) = 9, w(9) = 1.
	Linear
)

func (w Weight) String() string {
	switch w {
	case Exponential:
		return "exponential"
	case Squared:
		return "squared"
	case Linear:
		return "linear"
	}
	return "weight(?)"
}

// Of returns w(n) for n in 0-9. A cell with no candidate (n = 0, a puzzle
// without solution) weighs w(0), more than a forced cell. An unknown Weight
// is treated as Exponential.
func (w Weight) Of(n int) float64 {
	switch w {
	case Squared:
		return float64((10 - n) * (10 - n))
	case Linear:
		return float64(10 - n)
	}
	return float64(int(1) << (9 - n))
}

// WNEF is seed 000's weighted normalized ease function: for every empty
// cell, n is the number of its candidates once the givens' digits are
// struck from its row, column and box (no other deduction; the paper's
// "direct restrictions on each cell", its choice histogram c_n counting the
// empty cells with n choices: ChoiceHistogram), and
//
//	WNEF = sum over empty cells of w(n) / (empty cells x w(1)).
//
// The normalisation is pressrun's reading: the seed's text (its pages
// 11-15) names the choice histogram (Equation 2) and the weightings but not
// the formula that turns them into the WNEF (its §3.3 is not in it), so
// pressrun divides the weighted sum by the largest it could be, every empty
// cell forced, to get a "normalized ease" in (0, 1]. The paper's Table 1
// means may rest on another normalisation; pressrun's numbers are on this
// scale only.
//
// The scale runs from 1, every empty cell forced (one candidate), down
// towards w(9)/w(1) (1/256 for Exponential); lower is harder. Seed 000's
// Table 1 means with Exponential on its control puzzles are easy 0.268,
// medium 0.111, hard 0.092, evil 0.041. A grid with no empty cell rates 1;
// a broken puzzle with an empty cell that has no candidate can rate above 1
// (see Weight.Of).
func WNEF(g engine.Grid, w Weight) float64 {
	hist := ChoiceHistogram(g)
	empty := 0
	for _, k := range hist {
		empty += k
	}
	if empty == 0 {
		return 1
	}
	sum := 0.0
	for n, k := range hist {
		sum += float64(k) * w.Of(n)
	}
	return sum / (float64(empty) * w.Of(1))
}

// ChoiceHistogram is seed 000's choice histogram (its Equation 2): c[n]
// empty cells of g have n candidates once the givens' digits are struck
// from their row, column and box.
func ChoiceHistogram(g engine.Grid) (c [10]int) {
	v := givenCandidates(g)
	for cell, d := range g {
		if d == 0 {
			c[v[cell].Count()]++
		}
	}
	return c
}
