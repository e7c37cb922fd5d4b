package rate

import (
	"math/bits"
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
)

// CallCountBudget bounds the arc-consistency calls of one run of CallCount;
// a run that reaches it stops there and counts the budget, so CallCount
// never exceeds it and a puzzle costs at most ten budgets of calls (about
// 4 ms). It is about four times seed 002's "evil" mean (527.4): the metric
// separates newspaper levels, and above that its runs are too heavy-tailed
// to measure anything but "very hard". Choosing the variable at random
// (not the smallest domain) and propagating only fixed values, the search
// has no useful bound of its own: of ten runs on each of the first 300
// puzzles of each set, those reaching 1,000 / 2,000 / 5,000 / 10,000 calls
// were 7.9 / 3.3 / 0.7 / 0.4% on unbiased-minimal.txt (uniformly sampled
// minimal puzzles), 95.1 / 90.5 / 82.2 / 77.0% on top1465.txt, 97.8 /
// 95.7 / 89.4 / 78.5% on forum-hardest-1106.txt and 99.5 / 99.2 / 98.2 /
// 96.9% on royle17.txt's 17-clue puzzles (where a run can need millions).
// Metrics.Capped reports a run at the budget.
const CallCountBudget = 2_000

// CallCount is seed 002's call count: the puzzle is solved as a constraint
// satisfaction problem (a variable per cell, domain {1..9} or the given's
// digit, a binary constraint x != y between any two cells of a row, column
// or box) by arc consistency with domain splitting, and the metric is the
// number of calls to the arc-consistency routine, averaged over runs
// seeded runs (the paper and the pipeline use 10). Higher is harder; seed
// 002's Table I means on websudoku.com puzzles: easy 6.2, medium 29.2, hard
// 98.2, evil 527.4.
//
// One run, as the paper describes it: make the network arc consistent (one
// call); if every domain has one value, stop (solved). Otherwise choose,
// uniformly at random, a variable whose domain has k > 1 values, split the
// node into k children that each fix it to one of the values (in increasing
// order), and search them depth first, running arc consistency once on each
// child visited (one call each); a child where a domain becomes empty is a
// dead end; the run stops at the first solution. For binary != constraints
// an arc x -> y removes v from x's domain exactly when y's domain is {v},
// so arc consistency here is the propagation of fixed values (AC-3 reaches
// the same fixpoint; only the number of calls is counted, so how the
// fixpoint is computed does not matter).
//
// Run i draws its variable choices from a PCG generator seeded (seed, i), so
// the result is a pure function of (g, runs, seed). A run that reaches
// CallCountBudget calls stops and counts CallCountBudget. runs < 1 counts as
// 1. A puzzle with no solution exhausts its tree (or the budget); one with
// several stops at the first solution found.
func CallCount(g engine.Grid, runs int, seed uint64) float64 {
	c, _ := callCount(g, runs, seed)
	return c
}

// callCount is CallCount, also reporting whether a run reached the budget.
func callCount(g engine.Grid, runs int, seed uint64) (mean float64, capped bool) {
	runs = max(runs, 1)
	root := newNetwork(g)
	total := 0
	for i := 0; i < runs; i++ {
		r := cspRun{budget: CallCountBudget}
		r.rng.Seed(seed, uint64(i))
		r.node(root)
		total += r.calls
		capped = capped || r.calls >= CallCountBudget
	}
	return float64(total) / float64(runs), capped
}

// cells is a set of the 81 cells: cell c is bit c%64 of word c/64.
type cells [2]uint64

const cellsHigh = 1<<(81-64) - 1

func (s *cells) set(c int)           { s[c>>6] |= 1 << (c & 63) }
func (s cells) empty() bool          { return s[0]|s[1] == 0 }
func (s cells) count() int           { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s cells) andNot(t cells) cells { return cells{s[0] &^ t[0], s[1] &^ t[1]} }

// nth returns the i-th cell of the set (0-based, in increasing order).
func (s cells) nth(i int) int {
	w := 0
	if n := bits.OnesCount64(s[0]); i >= n {
		i -= n
		w = 1
	}
	x := s[w]
	for ; i > 0; i-- {
		x &= x - 1
	}
	return w<<6 + bits.TrailingZeros64(x)
}

// peerCells holds the 20 peers of each cell as a cell set.
var peerCells = func() (t [81]cells) {
	for c := range peers {
		for _, p := range peers[c] {
			t[c].set(int(p))
		}
	}
	return t
}()

// network is a node of the search: the domains as one cell set per value
// (dom[x] holds the cells whose domain contains x+1), and the variables
// whose single value has already been propagated.
type network struct {
	dom   [9]cells
	fixed cells
}

// consistent makes the network arc consistent: while some variable has a
// single value not yet propagated, remove that value from the domains of
// its peers. It reports false when a domain becomes empty.
func (n *network) consistent() bool {
	for {
		var one, more cells // variables with at least one / two values
		for x := range n.dom {
			d := n.dom[x]
			more[0] |= one[0] & d[0]
			more[1] |= one[1] & d[1]
			one[0] |= d[0]
			one[1] |= d[1]
		}
		if ^one[0] != 0 || ^one[1]&cellsHigh != 0 {
			return false
		}
		fresh := one.andNot(more).andNot(n.fixed)
		if fresh.empty() {
			return true
		}
		n.fixed[0] |= fresh[0]
		n.fixed[1] |= fresh[1]
		for x := range n.dom {
			s := cells{n.dom[x][0] & fresh[0], n.dom[x][1] & fresh[1]}
			for w := 0; w < 2; w++ {
				for b := s[w]; b != 0; b &= b - 1 {
					p := &peerCells[w<<6+bits.TrailingZeros64(b)]
					n.dom[x][0] &^= p[0]
					n.dom[x][1] &^= p[1]
				}
			}
		}
	}
}

// newNetwork is the network of the puzzle g: a given's domain is its
// digit, an empty cell's all nine.
func newNetwork(g engine.Grid) network {
	var n network
	for c, d := range g {
		if d >= 1 && d <= 9 {
			n.dom[d-1].set(c)
		} else {
			for x := range n.dom {
				n.dom[x].set(c)
			}
		}
	}
	return n
}

// cspRun is one run of the search.
type cspRun struct {
	rng    rand.PCG
	calls  int
	budget int
}

// node runs arc consistency on n (one call) and, unless it fails or solves
// the puzzle, splits a random open variable and searches the children in
// order. It reports whether the run is over: a solution found or the
// budget spent.
func (r *cspRun) node(n network) bool {
	r.calls++
	if !n.consistent() {
		return false
	}
	open := cells{^n.fixed[0], ^n.fixed[1] & cellsHigh}
	k := open.count()
	if k == 0 {
		return true
	}
	i, _ := bits.Mul64(r.rng.Uint64(), uint64(k))
	c := open.nth(int(i))
	w, bit := c>>6, uint64(1)<<(c&63)
	for x := range n.dom {
		if n.dom[x][w]&bit == 0 {
			continue
		}
		if r.calls >= r.budget {
			return true
		}
		child := n
		for y := range child.dom {
			if y != x {
				child.dom[y][w] &^= bit
			}
		}
		if r.node(child) {
			return true
		}
	}
	return false
}
