package rate

import (
	"math"

	"github.com/pressrun/pressrun/engine"
)

// GameComplexity is seed 004's game complexity (Definition 14): the Sudoku
// entropy H_G = (1/81) x sum over all 81 cells of log2 |v_ij| (Definition
// 13), taken after the initiation of the graph plus one 1-Reduction. Higher
// is harder; 0 is a full grid.
//
// The reading that reproduces the paper is:
//   - initiation (Definition 7): a given's candidate set is its digit, an
//     empty cell's all nine digits;
//   - one 1-Reduction: a single simultaneous pass of Theorem 9 from that
//     state, so every given's digit is struck from its 20 peers and nothing
//     else (cells left with one candidate by the pass do not propagate in
//     turn); the paper's own gloss is "removing the numbers ... which are
//     obviously impossible choices";
//   - the logarithm is to base 2, and the givens (|v| = 1) count as 0 in
//     the mean over all 81 cells.
//
// On all 49,158 puzzles of royle17.txt this gives 1.6926 to 1.8366, mean
// 1.7557 (the first 10,000: 1.7014 to 1.8239, mean 1.7571), against the
// paper's 1.6946 to 1.8189, mean 1.7526, on 10,000 of them. The readings
// tried, as min/max/mean over all 49,158:
//
//	one pass,            log2:  1.6926 1.8366 1.7557  (this one)
//	one pass,            ln:    1.1732 1.2731 1.2169
//	one pass,            log10: 0.5095 0.5529 0.5285
//	sequential sweep,    log2:  1.6269 1.8366 1.7552  (cells reduced to one
//	                                                   candidate earlier in a
//	                                                   row-major sweep strike too)
//	singles to fixpoint, log2:  0.9437 1.8366 1.7467  (1-Reduction repeated)
//	full r-Reduction,    log2:  0      1.7472 0.2158
//
// The other bases miss by a constant factor; the readings that let
// reduced cells propagate stretch the range far below the paper's minimum.
// TestGameComplexityReadings recomputes these figures (PRESSRUN_FULL=1 for
// all of royle17.txt). An empty cell with no candidate (a puzzle with no
// solution) counts as 0.
func GameComplexity(g engine.Grid) float64 {
	v := givenCandidates(g)
	h := 0.0
	for _, s := range v {
		h += log2Count[s.Count()]
	}
	return h / 81
}

// log2Count[n] is log2 n for a cell with n candidates, 0 for n = 0 (see
// GameComplexity).
var log2Count = func() (t [10]float64) {
	for n := 2; n <= 9; n++ {
		t[n] = math.Log2(float64(n))
	}
	return t
}()
