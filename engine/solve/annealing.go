package solve

import (
	"math"
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
)

// AnnealingBudget is annealing's default budget of moves proposed.
const AnnealingBudget = 20_000_000

// annealingSample is the number of random moves whose cost the initial
// temperature is the standard deviation of (Lewis's 200).
const annealingSample = 200

// AnnealingSchedule is how annealing cools and when it gives a run up:
// the temperature falls by Cooling after each Markov chain, a chain being
// Chain moves per empty cell (Chain × n in all, n the empty cells; 0
// stands for n per cell, n² in all), and a run that goes Stuck chains in
// a row without a new lowest cost restarts from a fresh candidate at T0
// (a re-heat). Every schedule starts at the same T0 (see annealing).
type AnnealingSchedule struct {
	Name    string
	Cooling float64
	Chain   int
	Stuck   int
}

// The schedules annealing knows: AnnealingMeasured, its default, chosen
// by measurement (a quick quench and many restarts), and AnnealingLewis,
// the one seed 003 cites, Lewis's: the temperature × 0.99 after each
// chain of n² moves, a re-heat after 20 chains without a new low (the
// values usually cited from Lewis 2007; seed 003 gives no numbers).
var (
	AnnealingMeasured = AnnealingSchedule{Name: "measured", Cooling: 0.9, Chain: 10, Stuck: 10}
	AnnealingLewis    = AnnealingSchedule{Name: "lewis", Cooling: 0.99, Chain: 0, Stuck: 20}
)

// AnnealingSchedules are the schedules by name, the default first.
var AnnealingSchedules = []AnnealingSchedule{AnnealingMeasured, AnnealingLewis}

// FindSchedule is the annealing schedule named name.
func FindSchedule(name string) (AnnealingSchedule, bool) {
	for _, s := range AnnealingSchedules {
		if s.Name == name {
			return s, true
		}
	}
	return AnnealingSchedule{}, false
}

// chainLength is the moves of one Markov chain on a puzzle with n empty
// cells.
func (s AnnealingSchedule) chainLength(n int) int {
	if s.Chain == 0 {
		return n * n
	}
	return s.Chain * n
}

var annealingMethod = Method{
	Name:       "annealing",
	Seed:       "003",
	Summary:    "seed 003's simulated annealing (Lewis): boxes filled, swaps inside a box, row and column conflicts as cost, reheats",
	Stochastic: true,
	Unit:       "moves proposed (iterations)",
	Budget:     AnnealingBudget,
	Counts:     []string{"iterations", "reheats", "cost"},
	solve:      annealing,
}

// annealing is the simulated annealing seed 003 describes after Lewis
// ("Metaheuristics can solve Sudoku puzzles", 2007, its reference [20]).
// Each box's empty cells are filled with a random permutation of the
// digits the box lacks, so that the box constraints always hold; the cost
// is the row and column violations (for each row and column, 9 minus its
// distinct digits); a move swaps two empty cells of one box (a box picked
// at random among those with two or more, then two of its cells) and is
// accepted by the Metropolis rule: always when the cost does not rise,
// with probability exp(-delta/T) when it rises by delta.
//
// The initial temperature T0 is, as Lewis has it, the standard deviation
// of the cost over 200 random moves from the first candidate (all taken),
// which scales the temperature to the puzzle rather than to a constant
// (about 3 on an easy puzzle). The temperature falls geometrically, by 0.9
// after each Markov chain of 10n moves (n the empty cells, so about 20
// swaps of each cell at each temperature); when 10 chains in a row bring
// the run no new lowest cost it is stuck, and it restarts from a fresh
// random candidate at T0: seed 003's "re-heat", counted in Work.Reheats
// (Lewis reheats the temperature and keeps the candidate; seed 003
// restarts, and so does this).
//
// That schedule (AnnealingMeasured) is measured, not Lewis's (the values
// usually cited from his paper: 0.99 after chains of n² moves, a reheat
// after 20 chains without improvement; Options.Schedule =
// AnnealingLewis runs it, with seed 003's restarts). With restarts, Lewis's values solved 4 of the
// first 20 easy puzzles of se-bands.tsv within 2e7 moves: at T0 the cost
// wanders between 20 and 40 for a hundred chains before it falls, new
// lows come rarer than every 20 chains, and the run restarts before it
// has cooled. A limit of 50 chains solved 20 of 20 (1.05 million moves on
// average) but 19 of 20 diabolical ones; the schedule chosen, a quick
// quench and many restarts, solved 50 of 50 in every band with 4 to 8
// times fewer moves (126,000 on average on the easy band, 793,000 on the
// diabolical). Runs freeze mostly at cost 2, two digits exchanged between
// two boxes, which no swap inside one box undoes at a low temperature; a
// fresh candidate is the cheap way out.
//
// Work.Iterations counts the moves proposed, the 200 of the sample
// included; Work.Cost is the lowest cost seen. When the budget
// (Options.MaxIterations, AnnealingBudget by default) runs out the result
// is Solved false, Capped true, and the Solution is the lowest-cost grid.
// AnnealingBudget, 2e7 moves, is about a second (17 million moves a
// second); it solves every puzzle of the easy band of se-bands.tsv and
// the 46-clue puzzles made from royle17.txt (see the commit that added it
// for the figures on every band).
// A puzzle whose givens clash is not solved, with no work.
func annealing(g engine.Grid, o Options) Work {
	var w Work
	if !g.Valid() {
		return w
	}
	a := newAnnealer(g, o.Seed)
	budget := o.budget(AnnealingBudget)
	a.fill()
	w.Cost, w.Solution = a.cost, a.g
	if a.cost == 0 || len(a.boxes) == 0 {
		// Solved as filled, or no move exists: the only candidate clashes.
		w.Solved = a.cost == 0
		return w
	}
	sched := o.Schedule
	if sched == (AnnealingSchedule{}) {
		sched = AnnealingMeasured
	}
	t0 := a.initialTemperature(min(annealingSample, budget), &w)
	chain := sched.chainLength(a.free)
	for run := 0; w.Iterations < budget && w.Cost > 0; run++ {
		// One run, from a fresh candidate (the first goes on from the
		// sample's walk) at T0, cooling until it solves, stalls or the
		// budget ends.
		if run > 0 {
			w.Reheats++
			a.fill()
			a.keepBest(&w)
		}
		runBest, stale := a.cost, 0
		for t := t0; w.Iterations < budget && a.cost > 0 && stale < sched.Stuck; t *= sched.Cooling {
			a.setTemperature(t)
			stale++
			for k := 0; k < chain && w.Iterations < budget && a.cost > 0; k++ {
				w.Iterations++
				a.move()
				if a.cost < runBest {
					runBest, stale = a.cost, 0
					a.keepBest(&w)
				}
			}
		}
	}
	w.Solved = w.Cost == 0
	w.Capped = !w.Solved
	return w
}

// annealer is one candidate of annealing: the grid with every box
// complete, and the counts of each digit in each row and column, from
// which the cost and a move's change of it are read.
type annealer struct {
	puzzle, g engine.Grid
	// boxes lists the boxes with two or more empty cells, cells their
	// empty cells (n of them).
	boxes []uint8
	cells [9][9]uint8
	n     [9]uint8
	free  int // empty cells in all
	// row and col count each digit in each row and column.
	row, col [9][10]uint8
	cost     int
	// accept[d] is the chance of taking a move that raises the cost by d
	// at the current temperature (a move changes at most two rows and two
	// columns, so d is at most 4).
	accept [5]float64
	rng    *rand.Rand
}

func newAnnealer(g engine.Grid, seed uint64) *annealer {
	a := &annealer{puzzle: g, rng: rand.New(rand.NewPCG(seed, 0))}
	for b, house := range sections[18:] {
		for _, c := range house {
			if g[c] == 0 {
				a.cells[b][a.n[b]] = c
				a.n[b]++
				a.free++
			}
		}
		if a.n[b] >= 2 {
			a.boxes = append(a.boxes, uint8(b))
		}
	}
	return a
}

// fill makes a fresh candidate: each box's empty cells get a random
// permutation of the digits the box lacks.
func (a *annealer) fill() {
	a.g = a.puzzle
	for b := range 9 {
		var have Digits
		for _, c := range sections[18+b] {
			if a.g[c] != 0 {
				have |= DigitBit(a.g[c])
			}
		}
		cells := a.cells[b][:a.n[b]]
		missing := AllDigits &^ have
		for _, c := range cells {
			d := missing.lowest()
			missing &^= DigitBit(d)
			a.g[c] = d
		}
		for i := len(cells) - 1; i > 0; i-- { // Fisher-Yates
			j := a.rng.IntN(i + 1)
			a.g[cells[i]], a.g[cells[j]] = a.g[cells[j]], a.g[cells[i]]
		}
	}
	a.row, a.col = [9][10]uint8{}, [9][10]uint8{}
	for c, d := range a.g {
		a.row[c/9][d]++
		a.col[c%9][d]++
	}
	a.cost = conflicts(a.g)
}

// keepBest records the candidate in w when it is the lowest-cost grid yet.
func (a *annealer) keepBest(w *Work) {
	if a.cost < w.Cost {
		w.Cost, w.Solution = a.cost, a.g
	}
}

// initialTemperature walks n random moves, all taken, counting them in
// w.Iterations, and returns the standard deviation of the cost along the
// walk (at least 1, so that a walk that never changes the cost still
// starts warm).
func (a *annealer) initialTemperature(n int, w *Work) float64 {
	var sum, sq float64
	for range n {
		w.Iterations++
		i, j := a.pick()
		a.swap(i, j, a.delta(i, j))
		a.keepBest(w)
		c := float64(a.cost)
		sum += c
		sq += c * c
	}
	mean := sum / float64(n)
	return max(1, math.Sqrt(max(0, sq/float64(n)-mean*mean)))
}

func (a *annealer) setTemperature(t float64) {
	for d := range a.accept {
		a.accept[d] = math.Exp(-float64(d) / t)
	}
}

// move proposes one swap and takes it by the Metropolis rule.
func (a *annealer) move() {
	i, j := a.pick()
	d := a.delta(i, j)
	if d <= 0 || a.rng.Float64() < a.accept[d] {
		a.swap(i, j, d)
	}
}

// pick returns two different empty cells of one box.
func (a *annealer) pick() (int, int) {
	b := a.boxes[a.rng.IntN(len(a.boxes))]
	n := int(a.n[b])
	x := a.rng.IntN(n)
	y := a.rng.IntN(n - 1)
	if y >= x {
		y++
	}
	return int(a.cells[b][x]), int(a.cells[b][y])
}

// delta is the change of cost that swapping cells i and j (of one box,
// so with different digits) would make.
func (a *annealer) delta(i, j int) int {
	x, y := a.g[i], a.g[j]
	d := 0
	if ri, rj := i/9, j/9; ri != rj {
		d += leave(&a.row[ri], x) + enter(&a.row[ri], y) + leave(&a.row[rj], y) + enter(&a.row[rj], x)
	}
	if ci, cj := i%9, j%9; ci != cj {
		d += leave(&a.col[ci], x) + enter(&a.col[ci], y) + leave(&a.col[cj], y) + enter(&a.col[cj], x)
	}
	return d
}

// leave is the change of a house's violations when one x leaves it,
// enter when one enters it (9 minus the distinct digits is the sum of
// each digit's repeats).
func leave(count *[10]uint8, x uint8) int {
	if count[x] >= 2 {
		return -1
	}
	return 0
}

func enter(count *[10]uint8, x uint8) int {
	if count[x] >= 1 {
		return 1
	}
	return 0
}

func (a *annealer) swap(i, j, delta int) {
	x, y := a.g[i], a.g[j]
	a.row[i/9][x]--
	a.row[i/9][y]++
	a.row[j/9][y]--
	a.row[j/9][x]++
	a.col[i%9][x]--
	a.col[i%9][y]++
	a.col[j%9][y]--
	a.col[j%9][x]++
	a.g[i], a.g[j] = y, x
	a.cost += delta
}

// conflicts counts a grid's violations: for each row, column and box, 9
// minus the distinct digits in it. On a full grid it is the number of
// repeats (len(g.Conflicts())), 0 when the grid is solved.
func conflicts(g engine.Grid) int {
	n := 0
	for _, house := range sections {
		var seen Digits
		for _, c := range house {
			if g[c] != 0 {
				seen |= DigitBit(g[c])
			}
		}
		n += 9 - seen.Count()
	}
	return n
}
