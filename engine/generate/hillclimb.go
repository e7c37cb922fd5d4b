package generate

import (
	"math"
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
)

// Hill climbing, seed 002 section V, as pressrun reads it:
//
//   - The cost of a puzzle is |value - target| on the target's column (the
//     paper's |call count - level mean|), infinite for a puzzle without
//     exactly one solution. A move adds, deletes or changes one given,
//     each with probability 1/3; the new puzzle is kept only when its cost
//     is lower (strictly, as the paper says), otherwise the move is undone.
//     The climb stops when the value is inside the target's window (the
//     paper's "costs close to zero").
//   - The initial puzzle, "some random numbers inside it", is hillStart
//     givens of a random solution grid at random cells, with more of the
//     grid's givens added at random until the solution is unique: a start
//     without one would cost infinity, and no move from it could be kept.
//   - An added given is the current solution's digit at a random empty
//     cell: any other digit leaves no solution, so the move could never be
//     kept and is not tried. A changed given takes a random digit that no
//     given among its peers holds; the puzzle then has a new solution when
//     it has exactly one.
//   - The paper stops "when it times out"; here a climb that has gone
//     hillStall moves without lowering its cost restarts from a new
//     initial puzzle (Work.Attempts counts the starts), and the whole is
//     bounded by Options.MaxMoves, after which the closest puzzle found is
//     returned.
const (
	hillStart = 30
	hillStall = 200
)

func (g *Generator) hillClimb(rng *rand.Rand) Result {
	var res Result
	bestCost := math.Inf(1)
	target := g.opts.Target
	for res.Moves < g.opts.MaxMoves {
		res.Attempts++
		solution := g.solver.RandomSolution(rng)
		p := g.start(solution, rng)
		v := g.measure(p)
		cost := math.Abs(v - target.Value)
		for stall := 0; ; {
			if cost < bestCost {
				res.Puzzle, res.Solution, bestCost = p, solution, cost
			}
			if target.Hit(v) {
				return res
			}
			if stall >= hillStall || res.Moves >= g.opts.MaxMoves {
				break
			}
			res.Moves++
			stall++
			q, qsol, ok := g.move(p, solution, rng)
			if !ok {
				continue
			}
			w := g.measure(q)
			if c := math.Abs(w - target.Value); c < cost {
				p, solution, v, cost, stall = q, qsol, w, c, 0
			}
		}
	}
	return res
}

// start is the climb's initial puzzle: hillStart givens of the solution
// at random cells, and more until the solution is unique.
func (g *Generator) start(solution engine.Grid, rng *rand.Rand) engine.Grid {
	var p engine.Grid
	order := rng.Perm(81)
	for _, c := range order[:hillStart] {
		p[c] = solution[c]
	}
	for _, c := range order[hillStart:] {
		if g.solver.Unique(p) {
			break
		}
		p[c] = solution[c]
	}
	return p
}

// move makes one random move from p, whose unique solution is solution: it
// returns the new puzzle and its solution, or ok false when the move
// leaves no unique solution (or none could be made).
func (g *Generator) move(p, solution engine.Grid, rng *rand.Rand) (engine.Grid, engine.Grid, bool) {
	var given, empty []int
	for c, d := range p {
		if d == 0 {
			empty = append(empty, c)
		} else {
			given = append(given, c)
		}
	}
	switch rng.IntN(3) {
	case 0: // add
		if len(empty) == 0 {
			return p, solution, false
		}
		c := empty[rng.IntN(len(empty))]
		p[c] = solution[c]
		return p, solution, true
	case 1: // delete
		c := given[rng.IntN(len(given))]
		if g.solver.HasOtherSolution(p, solution, c) {
			return p, solution, false
		}
		p[c] = 0
		return p, solution, true
	}
	// change
	c := given[rng.IntN(len(given))]
	var seen [10]bool
	for _, q := range peers[c] {
		seen[p[q]] = true
	}
	seen[p[c]] = true
	var digits []uint8
	for d := 1; d <= 9; d++ {
		if !seen[d] {
			digits = append(digits, uint8(d))
		}
	}
	if len(digits) == 0 {
		return p, solution, false
	}
	p[c] = digits[rng.IntN(len(digits))]
	n, s := g.solver.CountSolutions(p, 2)
	if n != 1 {
		return p, solution, false
	}
	return p, s, true
}

// peers are the engine's 20 peers of each cell.
var peers = engine.Peers()
