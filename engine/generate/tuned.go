package generate

import (
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/rate"
)

// Tuned masking, seed 000 section 5.2.2, as pressrun reads it:
//
//   - A tuning is a list of strategies, each a rule that looks at the
//     board and names a given it would like to remove. A round consults
//     them in order and tries the first given named: if the solution stays
//     unique without it, it goes and a new round starts; otherwise it is
//     put back, marked, and the strategies are consulted again. A given
//     that could not go once never can later (removing more givens only
//     adds solutions), so no strategy names it again. The paper's "a
//     different strategy is consulted" is read as this priority order
//     (the first strategy names its next given, or, when it has none left,
//     the next strategy does) rather than a rotation to the next strategy
//     after each failure: rotating, 4 of 10 puzzles reached wnef=0.12 (in
//     186 ms each); in priority order 10 of 10 (in 40 ms).
//   - The strategies, in order: steepest, the given whose removal lowers
//     the WNEF most, ties at random: "a strategy with a large effect on the
//     WNEF", which, as the paper says, is in the tuning only when a low
//     WNEF is sought (a wnef target below lowWNEF, the median WNEF of
//     random masking's minimal puzzles: 0.19 on 200); fullest box, a given,
//     at random, of the box with the most givens (the paper's "a cluster
//     that has a lot of other filled cells"), among boxes above the mean;
//     commonest digit, a given, at random, of the digit most given (the
//     paper's "its value is one that is currently very common"), among
//     digits above the mean.
//   - When no strategy names a given, the cleanup removes what else it can
//     systematically, in row order.
//   - After each removal the board is rated on the target's column (the
//     paper's second stage of tuning). Inside the window it is done; past
//     it (too hard) the given goes back and is kept ("add back in a cell
//     that will decrease the overall difficulty").
//   - When the board reaches a minimum that is not hard enough, annealing:
//     add some givens of the solution back at random and optimise again
//     from there, for annealRounds rounds, then revert to the board
//     closest to the target ("state saving allows us to then, after a
//     time, revert to the board with the lowest WNEF"). The number added
//     back is the temperature: annealAddMax in the first round, cooling
//     linearly to 1 in the last. Each round continues from the last
//     minimum, better or not (the paper's "optimise from there").
//   - The paper regenerates until the tuning gives the wanted type; tuned
//     tries up to tunedAttempts solution grids, within Options.MaxMoves.
const (
	lowWNEF       = 0.19
	annealRounds  = 200
	annealAddMax  = 6
	tunedAttempts = 3
)

// tuning is one puzzle's tuned masking: its solution grid, the best board
// so far and the work done.
type tuning struct {
	g        *Generator
	rng      *rand.Rand
	solution engine.Grid
	work     *Work
	best     engine.Grid
	bestSol  engine.Grid
	bestDist float64
	steep    bool // the steepest strategy is in the tuning
}

func (g *Generator) tuned(rng *rand.Rand) Result {
	var res Result
	t := tuning{g: g, rng: rng, work: &res.Work, bestDist: 1e308,
		steep: g.opts.Target.Column == "wnef" && g.opts.Target.Value < lowWNEF}
	for a := 0; a < tunedAttempts && t.work.Moves < g.opts.MaxMoves && t.bestDist > 0; a++ {
		res.Attempts++
		t.solution = g.solver.RandomSolution(rng)
		p, v := t.reduce(t.solution)
		if t.bestDist == 0 || g.opts.NoAnneal || g.harder(v) {
			continue
		}
		for r := 0; r < annealRounds && t.work.Moves < g.opts.MaxMoves; r++ {
			res.Anneals++
			k := 1 + (annealAddMax-1)*(annealRounds-1-r)/(annealRounds-1)
			p, _ = t.reduce(t.addBack(p, k))
			if t.bestDist == 0 {
				break
			}
		}
	}
	res.Puzzle, res.Solution = t.best, t.bestSol
	return res
}

// keep records p, valued v, when it is the closest to the target so far.
func (t *tuning) keep(p engine.Grid, v float64) {
	if d := t.g.distance(v); d < t.bestDist {
		t.best, t.bestSol, t.bestDist = p, t.solution, d
	}
}

// addBack puts k givens of the solution back into p, at random empty cells.
func (t *tuning) addBack(p engine.Grid, k int) engine.Grid {
	var empty [81]int
	n := 0
	for c, d := range p {
		if d == 0 {
			empty[n] = c
			n++
		}
	}
	for ; k > 0 && n > 0; k-- {
		i := t.rng.IntN(n)
		c := empty[i]
		p[c] = t.solution[c]
		empty[i] = empty[n-1]
		n--
	}
	return p
}

// reduce removes givens from p by the strategies, then the cleanup,
// until the board is in the target's window, nothing more can go, or the
// moves run out; it returns the board and its value.
func (t *tuning) reduce(p engine.Grid) (engine.Grid, float64) {
	g := t.g
	v := g.measure(p)
	t.keep(p, v)
	// out marks the givens not to propose again: needed for uniqueness, or
	// too hard without.
	var out [81]bool
	// try removes the given at c: it reports whether it went.
	try := func(c int) bool {
		t.work.Moves++
		q := p
		q[c] = 0
		if !t.unique(p, q, c) {
			out[c] = true
			return false
		}
		w := g.measure(q)
		if g.harder(w) {
			out[c] = true
			return false
		}
		p, v = q, w
		t.keep(p, v)
		return true
	}
	done := func() bool { return t.bestDist == 0 || t.work.Moves >= g.opts.MaxMoves }
	for !done() {
		c := -1
		for s := 0; s < strategies && c < 0; s++ {
			if s != steepest || t.steep {
				c = t.propose(s, &p, &out)
			}
		}
		if c < 0 {
			break
		}
		try(c)
	}
	for c := 0; c < 81 && !done(); c++ {
		if p[c] != 0 && !out[c] {
			try(c)
		}
	}
	return p, v
}

// The strategies, in the order a round consults them.
const (
	steepest = iota
	fullestBox
	commonestDigit
	strategies
)

// propose is strategy s's given to remove from p, not one marked out, or
// -1 when it has none.
func (t *tuning) propose(s int, p *engine.Grid, out *[81]bool) int {
	switch s {
	case steepest:
		best, lowest, ties := -1, 2.0, 0
		for c := 0; c < 81; c++ {
			if p[c] == 0 || out[c] {
				continue
			}
			q := *p
			q[c] = 0
			w := rate.WNEF(q, rate.Exponential)
			switch {
			case w < lowest:
				best, lowest, ties = c, w, 1
			case w == lowest:
				ties++
				if t.rng.IntN(ties) == 0 {
					best = c
				}
			}
		}
		return best
	case fullestBox, commonestDigit:
		// Count the givens per box (or digit), and the candidates among them.
		var all, open [10]int
		group := func(c int) int {
			if s == fullestBox {
				return engine.Box(c)
			}
			return int(p[c])
		}
		clues := 0
		for c := 0; c < 81; c++ {
			if p[c] == 0 {
				continue
			}
			clues++
			all[group(c)]++
			if !out[c] {
				open[group(c)]++
			}
		}
		// The fullest group with a candidate, above the mean (ties at random).
		pick, most, ties := -1, 0, 0
		for i := range all {
			if open[i] == 0 || all[i]*9 <= clues {
				continue
			}
			switch {
			case all[i] > most:
				pick, most, ties = i, all[i], 1
			case all[i] == most:
				ties++
				if t.rng.IntN(ties) == 0 {
					pick = i
				}
			}
		}
		if pick < 0 {
			return -1
		}
		k := t.rng.IntN(open[pick])
		for c := 0; c < 81; c++ {
			if p[c] != 0 && !out[c] && group(c) == pick {
				if k == 0 {
					return c
				}
				k--
			}
		}
	}
	return -1
}

// unique reports whether q, p without its given at c, passes the tuning's
// uniqueness test, and counts the refusals.
func (t *tuning) unique(p, q engine.Grid, c int) bool {
	g := t.g
	if !g.opts.Hybrid {
		if g.solver.HasOtherSolution(p, t.solution, c) {
			t.work.Refused++
			return false
		}
		return true
	}
	if ok, _ := HybridUnique(q, HybridGuesses); ok {
		return true
	}
	t.work.Refused++
	if !g.solver.HasOtherSolution(p, t.solution, c) {
		t.work.FalseRefusals++
	}
	return false
}
