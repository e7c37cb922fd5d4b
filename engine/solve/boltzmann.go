package solve

import (
	"math"
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
)

// The Boltzmann machine's temperature declines, Kt in T(i) = T0 exp(Kt i):
// seed 001 ran a fast and a slow one, but the values are in its result
// section, which our copy lacks. These are chosen by measurement (see
// boltzmann's doc comment).
const (
	BoltzmannFast = -2e-3
	BoltzmannSlow = -2e-4
)

const (
	// BoltzmannBudget is boltzmann's default budget of network updates.
	BoltzmannBudget = 200_000
	// boltzmannT0 is the starting temperature, seed 001's T0 = 100.
	boltzmannT0 = 100
	// boltzmannWeight is the weight between two units of one digit in
	// peer cells (seed 001: -10); two units of one cell are joined by
	// twice it (-20). A unit's offset is boltzmannBias plus
	// boltzmannWeight times its inhibition, the units on around it
	// counted once for a peer and twice in its own cell.
	boltzmannWeight = -10
	// boltzmannBias is -θ, the offset of a unit nothing inhibits.
	boltzmannBias = 5
	// boltzmannFloor is the lowest temperature: the decline stops there.
	boltzmannFloor = 1.5
	// boltzmannLevels bounds the inhibition: 20 peers and 8 units of the
	// cell counted twice.
	boltzmannLevels = 20 + 2*8 + 1
)

var boltzmannMethod = Method{
	Name:       "boltzmann",
	Seed:       "001",
	Summary:    "seed 001's Boltzmann machine: 729 stochastic units, negative weights, exponential temperature decline to a floor",
	Stochastic: true,
	Unit:       "network updates (iterations)",
	Budget:     BoltzmannBudget,
	Counts:     []string{"iterations", "cost"},
	solve:      boltzmann,
}

// boltzmann is seed 001's Boltzmann machine (its section 2.3.3 and
// pseudocode). There is a binary stochastic unit for each cell and digit,
// 729 in all; a given's units are clamped (its digit on, the others off),
// the rest start off. Units inhibit each other through negative weights:
// -10 between the units of one digit in two cells of a row or a column,
// as the pseudocode has it, and of a box too, as the prose has it (the
// pseudocode leaves boxes out, but its checkSudoku asks for unique boxes,
// and without them nothing steers the machine towards that); a pair of
// cells sharing a row and a box is joined once, since the pseudocode sets
// the weight rather than adding to it; -20 between the units of one cell
// ("sharing the same node").
//
// Every iteration updates each free unit in turn (cell by cell, digit by
// digit, the new state seen by the units after it), setting it on with
// probability 1/(1+exp(-offset/T)), where offset is the sum of the
// weights to the units that are on, minus θ. The seed gives θ only as "a
// constant offset used to control the overall activation"; θ = -5 is
// chosen so that at a low temperature a unit goes on exactly when nothing
// inhibits it (offset +5) and off when anything does (-5 at least),
// which makes the machine's low-temperature states the partial grids
// without a conflict; a θ between -10 and 0 is the only range with that
// property, and -5 is its middle. The temperature is T(i) = T0 exp(Kt i),
// T0 = 100 after i iterations, Kt being Options.Decline (BoltzmannFast
// when 0).
//
// After each iteration the machine is read as seed 001's checkSudoku does:
// each free cell takes the digit whose unit has the highest offset (the
// fewest inhibitions; on a tie the unit that is on, else the lowest
// digit), and the run stops when that grid has no conflict.
//
// The temperature declines in one pass, as in the seed, with no reheat,
// but stops falling at 1.5 (a choice, measured): below
// about 1.5 a unit's offsets of ±5 give odds of 30 to 1 and more, the
// machine freezes in a partial grid that cannot be completed, and a
// one-pass descent to zero (as the seed's formula has it) then stays there
// for good: on 20 puzzles of the easy band of se-bands.tsv it solved 5
// (Kt = -2e-3) to 17 (-2e-4) with no floor, 15 to 18 with a floor of 1 or
// 1.25, 20 of 20 with 1.5 or 2, 14 or 15 with 2.5 (too hot for the
// solution to hold). At the floor the machine keeps sampling, so that,
// as the seed says, it "eventually will find a solution". The seed's loop
// has no end but a valid grid; here the budget is one.
//
// The decline rates: BoltzmannFast, -2e-3, reaches the floor after 2,100
// iterations, before a typical easy puzzle is solved (9,000 iterations on
// average), so that its success is the floor's; a faster one (-2e-2) gave
// the same rate. BoltzmannSlow, -2e-4, reaches it after 21,000, spending
// ten times as long hot: the same success on the easy band for 2.4 times
// the iterations (see the commit that added them for the rates on every
// band of se-bands.tsv and on the 46-clue puzzles). BoltzmannBudget, 2e5
// iterations, is about a second (130,000 to 210,000 updates a second);
// 1e5 left one easy puzzle of 250 unsolved at the slow decline, and 3
// diabolical ones of 50 at the fast.
//
// Work.Iterations counts the network updates; Work.Cost is the fewest
// conflicts of a read-out grid seen (as conflicts counts them, over rows,
// columns and boxes), and the Solution that grid. When the budget runs out
// the result is Solved false, Capped true. A puzzle whose givens clash is
// not solved, with no work.
func boltzmann(g engine.Grid, o Options) Work {
	var w Work
	if !g.Valid() {
		return w
	}
	kt := o.Decline
	if kt == 0 {
		kt = BoltzmannFast
	}
	m := newMachine(g, o.Seed)
	budget := o.budget(BoltzmannBudget)
	w.Cost, w.Solution = m.readOut()
	for w.Iterations < budget && w.Cost > 0 {
		m.setTemperature(max(boltzmannFloor, boltzmannT0*math.Exp(kt*float64(w.Iterations))))
		m.update()
		w.Iterations++
		if c, grid := m.readOut(); c < w.Cost {
			w.Cost, w.Solution = c, grid
		}
	}
	w.Solved = w.Cost == 0
	w.Capped = !w.Solved
	return w
}

// machine is the Boltzmann machine's state. Unit u stands for cell u/9
// and digit u%9+1.
type machine struct {
	puzzle engine.Grid
	on     [729]bool
	// inhibition counts, for each unit, the units on that are joined to
	// it: once each for a peer cell's unit of its digit, twice each for
	// another unit of its own cell; its offset is boltzmannBias +
	// boltzmannWeight*inhibition.
	inhibition [729]uint8
	free       [729]uint16 // free[:nFree] are the units not clamped, in order
	nFree      int
	// pOn[k] is the probability of a unit with inhibition k going on at
	// the current temperature.
	pOn [boltzmannLevels]float64
	rng *rand.Rand
}

func newMachine(g engine.Grid, seed uint64) *machine {
	m := &machine{puzzle: g, rng: rand.New(rand.NewPCG(seed, 0))}
	for c, d := range g {
		if d == 0 {
			for k := range 9 {
				m.free[m.nFree] = uint16(c*9 + k)
				m.nFree++
			}
			continue
		}
		m.set(c*9+int(d)-1, true)
	}
	return m
}

// set turns unit u on or off and tells the units joined to it.
func (m *machine) set(u int, on bool) {
	m.on[u] = on
	step := uint8(1)
	if !on {
		step = 255 // minus one, wrapping
	}
	c, k := u/9, u%9
	for _, p := range peers[c] {
		m.inhibition[int(p)*9+k] += step
	}
	for j := range 9 {
		if j != k {
			m.inhibition[c*9+j] += 2 * step
		}
	}
}

func (m *machine) setTemperature(t float64) {
	t = max(t, math.SmallestNonzeroFloat64)
	for k := range m.pOn {
		offset := float64(boltzmannBias + boltzmannWeight*k)
		m.pOn[k] = 1 / (1 + math.Exp(-offset/t))
	}
}

// update draws every free unit once, in order.
func (m *machine) update() {
	for _, u := range m.free[:m.nFree] {
		on := m.rng.Float64() < m.pOn[m.inhibition[u]]
		if on != m.on[u] {
			m.set(int(u), on)
		}
	}
}

// readOut is checkSudoku's grid: each free cell takes the digit of its
// least inhibited unit (the highest offset), the unit that is on among
// equals, else the lowest digit; and the grid's conflicts.
func (m *machine) readOut() (int, engine.Grid) {
	g := m.puzzle
	for c, d := range g {
		if d != 0 {
			continue
		}
		best, bestKey := 0, math.MaxInt
		for k := range 9 {
			key := 2 * int(m.inhibition[c*9+k])
			if !m.on[c*9+k] {
				key++
			}
			if key < bestKey {
				best, bestKey = k, key
			}
		}
		g[c] = uint8(best) + 1
	}
	return conflicts(g), g
}
