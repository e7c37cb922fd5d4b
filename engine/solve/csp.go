package solve

import (
	"math/bits"
	"math/rand/v2"

	"github.com/pressrun/pressrun/engine"
)

// CSPBudget is csp's default budget of arc-consistency calls for one run:
// the most a puzzle of the public sets needed (seed 0 of each puzzle's
// stream) was 6,578,145 calls on top1465.txt (about 1 s) and 7,169 on
// se-bands.tsv.
const CSPBudget = 10_000_000

var cspMethod = Method{
	Name:       "csp",
	Seed:       "002",
	Summary:    "arc consistency, domain splitting at a random variable",
	Stochastic: true,
	Unit:       "arc-consistency calls",
	Budget:     CSPBudget,
	Counts:     []string{"calls"},
	solve:      CSP,
}

// CSP is one run of seed 002's solver, the method csp: the puzzle is
// solved as a constraint satisfaction problem (a variable per cell, domain
// {1..9} or the given's digit, a binary constraint x != y between any two
// cells of a row, column or box) by arc consistency with domain splitting,
// and Work.Calls counts the calls to the arc-consistency routine, the
// paper's call count (engine/rate averages it over ten runs).
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
// The variable choices come from a PCG generator seeded (Options.Seed,
// Options.Stream), so the Work is a pure function of the puzzle and the
// options. A run that reaches Options.MaxIterations calls (default
// CSPBudget) stops there, Capped. A puzzle with no solution exhausts its
// tree (or the budget); one with several stops at the first solution
// found.
func CSP(g engine.Grid, o Options) Work {
	r := cspRun{budget: o.budget(CSPBudget), calls: 1}
	r.rng.Seed(o.Seed, o.Stream)
	// The givens are the root's variables with a single value.
	if n, givens := newNetwork(g); n.settle(givens[0], givens[1]) {
		r.search(&n)
	}
	w := Work{Solved: r.solved, Calls: r.calls, Capped: !r.solved && r.calls >= r.budget}
	if r.solved {
		w.Solution = r.sol.grid()
	}
	return w
}

// cells is a set of the 81 cells: cell c is bit c%64 of word c/64.
type cells [2]uint64

const cellsHigh = 1<<(81-64) - 1

func (s *cells) set(c int)           { s[c>>6] |= 1 << (c & 63) }
func (s cells) empty() bool          { return s[0]|s[1] == 0 }
func (s cells) count() int           { return bits.OnesCount64(s[0]) + bits.OnesCount64(s[1]) }
func (s cells) andNot(t cells) cells { return cells{s[0] &^ t[0], s[1] &^ t[1]} }

// nth returns the i-th cell of the set (0-based, in increasing order).
// Within the word it counts the bits of each byte at once (a multiply
// sums them byte by byte), finds the byte by comparing every sum with i
// at once, and looks the bit up there: no loop and no branch to
// mispredict (halving the word by counting its halves took twice as
// long).
func (s cells) nth(i int) int {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	n0 := bits.OnesCount64(s[0])
	w := ^(i - n0) >> 63 & 1 // 1 when the cell is in the second word
	i -= n0 & -w
	x := s[w]
	b := x - x>>1&0x5555555555555555
	b = b&0x3333333333333333 + b>>2&0x3333333333333333
	b = (b + b>>4) & 0x0f0f0f0f0f0f0f0f
	sums := b * ones // byte k: the bits of bytes 0 to k
	// The bytes whose sum is at most i precede the cell's byte.
	k := bits.OnesCount64(((uint64(i)*ones|highs)-sums)&highs) * 8
	before := int(sums << 8 >> uint(k) & 0xff)
	return w<<6 + k + int(byteNth[uint8(x>>uint(k))][(i-before)&7])
}

// byteNth[b][i] is the position of the i-th set bit of the byte b.
var byteNth = func() (t [256][8]uint8) {
	for b := range t {
		i := 0
		for k := range 8 {
			if b>>k&1 != 0 {
				t[b][i] = uint8(k)
				i++
			}
		}
	}
	return t
}()

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

// settle makes the network arc consistent, given the variables with a
// single value not yet propagated, fresh, known without a round: while
// there are such variables, remove their values from the domains of their
// peers, then find the variables left with a single value. It reports
// false when a domain becomes empty.
//
// It works on the sets' words one by one, never on a cells value: a
// 16-byte load of a set just written as two words waits for the stores
// to reach the cache (a failed store forward), and such loads were the
// hottest instructions of the profile.
func (n *network) settle(fresh0, fresh1 uint64) bool {
	d := &n.dom
	for fresh0|fresh1 != 0 {
		n.fixed[0] |= fresh0
		n.fixed[1] |= fresh1
		if !n.propagate(0, fresh0, fresh0, fresh1) || !n.propagate(1, fresh1, fresh0, fresh1) {
			return false
		}
		// The variables with at least one value and with two, summed by
		// carry-save adders (a tree, shorter than a chain of nine).
		s1, c1 := add3(d[0][0], d[1][0], d[2][0])
		s2, c2 := add3(d[3][0], d[4][0], d[5][0])
		s3, c3 := add3(d[6][0], d[7][0], d[8][0])
		s4, c4 := add3(s1, s2, s3)
		more0 := c1 | c2 | c3 | c4
		one0 := s4 | more0
		s1, c1 = add3(d[0][1], d[1][1], d[2][1])
		s2, c2 = add3(d[3][1], d[4][1], d[5][1])
		s3, c3 = add3(d[6][1], d[7][1], d[8][1])
		s4, c4 = add3(s1, s2, s3)
		more1 := c1 | c2 | c3 | c4
		one1 := s4 | more1
		if ^one0 != 0 || ^one1&cellsHigh != 0 {
			return false
		}
		fresh0, fresh1 = one0&^more0&^n.fixed[0], one1&^more1&^n.fixed[1]
	}
	return true
}

// pairs are the variables with exactly two values.
func (n *network) pairs() (two0, two1 uint64) {
	d := &n.dom
	for w := range 2 {
		s1, c1 := add3(d[0][w], d[1][w], d[2][w])
		s2, c2 := add3(d[3][w], d[4][w], d[5][w])
		s3, c3 := add3(d[6][w], d[7][w], d[8][w])
		s4, c4 := add3(s1, s2, s3)
		// A count of two is no ones and exactly one carry of the four.
		odd := c1 ^ c2 ^ c3 ^ c4
		many := c1&c2 | c3&c4 | (c1^c2)&(c3^c4)
		two := odd &^ many &^ s4
		if w == 0 {
			two0 = two
		} else {
			two1 = two
		}
	}
	return two0, two1
}

// propagate removes the value of each variable of fresh, bits of word w
// of variables with one value, from the domains of its peers. The values
// are read before any is removed. It reports false when two variables of
// the round's fresh variables (f0, f1) are peers with the same value:
// each removes it from the other, so the next round would find them
// empty. Of the dead ends of 17-clue puzzles, 83% are found so, a round
// earlier (one count of the domains' sizes fewer).
func (n *network) propagate(w int, fresh, f0, f1 uint64) bool {
	if fresh == 0 {
		return true
	}
	d := &n.dom
	w &= 1
	// Bit k of each fresh variable's value x is its bit of v[k]: the
	// union of the sets of the values with bit k set.
	v0 := d[1][w] | d[3][w] | d[5][w] | d[7][w]
	v1 := d[2][w] | d[3][w] | d[6][w] | d[7][w]
	v2 := d[4][w] | d[5][w] | d[6][w] | d[7][w]
	v3 := d[8][w]
	var clash uint64
	for ; fresh != 0; fresh &= fresh - 1 {
		i, m := bits.TrailingZeros64(fresh), fresh&-fresh
		x := bit(v0&m != 0) | bit(v1&m != 0)<<1 | bit(v2&m != 0)<<2 | bit(v3&m != 0)<<3
		p := &peerCells[w<<6|i]
		lose0, lose1 := d[x][0]&p[0], d[x][1]&p[1]
		d[x][0] ^= lose0
		d[x][1] ^= lose1
		clash |= lose0&f0 | lose1&f1
	}
	return clash == 0
}

// bit is 1 for true and 0 for false. propagate tests each fresh
// variable's bit of v[k] with a mask rather than shifting by its index:
// x86-64 without BMI2 (GOAMD64=v1, the default) shifts by a variable
// count slowly and in one register, and the shuffling cost about 4%.
func bit(b bool) int {
	if b {
		return 1
	}
	return 0
}

// newNetwork is the network of the puzzle g: a given's domain is its
// digit, an empty cell's all nine.
func newNetwork(g engine.Grid) (n network, givens cells) {
	for c, d := range g {
		if d >= 1 && d <= 9 {
			n.dom[d-1].set(c)
			givens.set(c)
		} else {
			for x := range n.dom {
				n.dom[x].set(c)
			}
		}
	}
	return n, givens
}

// cspRun is one run of the search.
type cspRun struct {
	rng    rand.PCG
	calls  int
	budget int
	solved bool
	sol    network // the solved network, when solved
}

// search splits a random open variable of n, an arc-consistent network,
// and searches the children in order, running arc consistency on each
// (one call). It reports whether the run is over: a solution found or
// the budget spent.
func (r *cspRun) search(n *network) bool {
	open := cells{^n.fixed[0], ^n.fixed[1] & cellsHigh}
	k := open.count()
	if k == 0 {
		r.solved, r.sol = true, *n
		return true
	}
	i, _ := bits.Mul64(r.rng.Uint64(), uint64(k))
	c := open.nth(int(i))
	w, bit := c>>6&1, uint64(1)<<(c&63)
	var values uint
	// The children differ from n in c's domain only: every other value's
	// set loses c, and the value's own loses c's peers instead. So each
	// child starts as a copy of base, n without c in any set, with c
	// fixed. n is arc consistent, so a child's variables with a single
	// value not propagated are c, propagated here, and the peers of c
	// that had two values and lose c's: settle needs no first round.
	base := *n
	for x := range base.dom {
		values |= uint(base.dom[x][w]>>(c&63)&1) << x
		base.dom[x][w] &^= bit
	}
	base.fixed[w] |= bit
	p0, p1 := peerCells[c][0], peerCells[c][1]
	two0, two1 := n.pairs()
	var child network // declared in the loop, it would be moved to the heap
	for ; values != 0; values &= values - 1 {
		if r.calls >= r.budget {
			return true
		}
		r.calls++
		x := bits.TrailingZeros(values)
		child = base
		lose0, lose1 := n.dom[x][0]&p0, n.dom[x][1]&p1
		child.dom[x][0] = n.dom[x][0] &^ lose0
		child.dom[x][1] = n.dom[x][1] &^ lose1
		if child.settle(lose0&two0, lose1&two1) && r.search(&child) {
			return true
		}
	}
	return false
}

// grid reads a solved network back as a Grid.
func (n *network) grid() engine.Grid {
	var g engine.Grid
	for x := range n.dom {
		for w := 0; w < 2; w++ {
			for b := n.dom[x][w]; b != 0; b &= b - 1 {
				g[w<<6+bits.TrailingZeros64(b)] = uint8(x + 1)
			}
		}
	}
	return g
}

// add3 is a carry-save adder of three bit sets: the bits of the sums'
// ones and of their twos.
func add3(a, b, c uint64) (sum, carry uint64) {
	u := a ^ b
	return u ^ c, a&b | u&c
}
