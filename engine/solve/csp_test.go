package solve

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
)

// TestCSPMatchesAC3 checks the bitboard search against a textbook
// AC-3 (a queue of arcs x -> y, revise x against y, put back the arcs z ->
// x when x's domain shrinks) with the same random choices: the number of
// calls must agree.
func TestCSPMatchesAC3(t *testing.T) {
	puzzles := []string{singlesPuzzle, hiddenPuzzle}
	for _, line := range enginetest.ReadSample(t, "testdata/unbiased-sample.txt", 12) {
		puzzles = append(puzzles, line.String())
	}
	total := 0
	for _, line := range puzzles {
		g := engine.MustParse(line)
		for seed := uint64(0); seed < 3; seed++ {
			calls := CSP(g, Options{Seed: seed, MaxIterations: 2000}).Calls
			if calls >= 2000 {
				continue // the textbook version has no budget
			}
			total += calls
			ref := ac3Run{rng: rand.NewPCG(seed, 0)}
			ref.node(Initiate(g))
			if calls != ref.calls {
				t.Errorf("%s seed %d: %d calls, textbook AC-3 %d", line, seed, calls, ref.calls)
			}
		}
	}
	t.Logf("%d puzzles, 3 runs each: %d calls agree", len(puzzles), total)
	if total < 1000 {
		t.Errorf("only %d calls compared", total)
	}
}

type ac3Run struct {
	rng   *rand.PCG
	calls int
}

// ac3 makes the domains arc consistent for the constraints x != y. The
// queue is a set: an arc waiting in it is not added twice.
func ac3(v *Candidates) bool {
	type arc struct{ x, y uint8 }
	const arcs = 81 * 20
	var ring [arcs]arc
	var queued [81][81]bool
	head, n := 0, 0
	push := func(x, y uint8) {
		if !queued[x][y] {
			queued[x][y] = true
			ring[(head+n)%arcs] = arc{x, y}
			n++
		}
	}
	for x := range v {
		for _, y := range peers[x] {
			push(uint8(x), y)
		}
	}
	for n > 0 {
		a := ring[head]
		head, n = (head+1)%arcs, n-1
		queued[a.x][a.y] = false
		// revise: drop the values of x that no value of y supports.
		removed := false
		for d := uint8(1); d <= 9; d++ {
			b := DigitBit(d)
			if v[a.x]&b != 0 && v[a.y]&^b == 0 {
				v[a.x] &^= b
				removed = true
			}
		}
		if removed {
			if v[a.x] == 0 {
				return false
			}
			for _, z := range peers[a.x] {
				if z != a.y {
					push(z, a.x)
				}
			}
		}
	}
	return true
}

func (r *ac3Run) node(v Candidates) bool {
	r.calls++
	if !ac3(&v) {
		return false
	}
	var open []int
	for c, s := range v {
		if bits.OnesCount16(uint16(s)) > 1 {
			open = append(open, c)
		}
	}
	if len(open) == 0 {
		return true
	}
	i, _ := bits.Mul64(r.rng.Uint64(), uint64(len(open)))
	c := open[i]
	for d := uint8(1); d <= 9; d++ {
		if v[c]&DigitBit(d) == 0 {
			continue
		}
		w := v
		w[c] = DigitBit(d)
		if r.node(w) {
			return true
		}
	}
	return false
}

// BenchmarkCSP17 is the call count's ten runs of csp, each within the
// rating's budget of 2,000 calls, on 17-clue puzzles (the first 300 of
// royle17.txt), where nearly every run reaches the budget: the bulk of
// rating them for the archive with Backtrack. It reports puzzles/s.
func BenchmarkCSP17(b *testing.B) {
	ps := enginetest.ReadPuzzles(b, "../testdata/royle17-sample.txt")
	i := 0
	for b.Loop() {
		for run := uint64(0); run < 10; run++ {
			CSP(ps[i%len(ps)], Options{Stream: run, MaxIterations: 2000})
		}
		i++
	}
	b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "puzzles/s")
}

// TestCSPMatchesPlain checks CSP against the plain bitboard search it
// replaced (every call recomputes the domain sizes from scratch, the
// split variable found bit by bit): the same Work for every run, also
// where the budget stops it, on 17-clue puzzles where nearly every run
// does.
func TestCSPMatchesPlain(t *testing.T) {
	ps := mixedPuzzles(t, 40, 20, 20)
	calls := 0
	for _, g := range ps {
		for run := uint64(0); run < 3; run++ {
			for _, budget := range []int{1, 2, 300, 2000} {
				o := Options{Seed: 7, Stream: run, MaxIterations: budget}
				got, want := CSP(g, o), plainCSP(g, o)
				if got != want {
					t.Fatalf("%s run %d budget %d: %+v, plain %+v", g, run, budget, got, want)
				}
				calls += got.Calls
			}
		}
	}
	t.Logf("%d puzzles, 3 runs, 4 budgets: %d calls agree", len(ps), calls)
}

// plainCSP is CSP as first written.
func plainCSP(g engine.Grid, o Options) Work {
	r := plainCSPRun{budget: o.budget(CSPBudget)}
	r.rng.Seed(o.Seed, o.Stream)
	n, _ := newNetwork(g)
	r.node(n)
	w := Work{Solved: r.solved, Calls: r.calls, Capped: !r.solved && r.calls >= r.budget}
	if r.solved {
		w.Solution = r.sol.grid()
	}
	return w
}

type plainCSPRun struct {
	rng    rand.PCG
	calls  int
	budget int
	solved bool
	sol    network
}

func (r *plainCSPRun) node(n network) bool {
	r.calls++
	if !n.plainConsistent() {
		return false
	}
	open := cells{^n.fixed[0], ^n.fixed[1] & cellsHigh}
	k := open.count()
	if k == 0 {
		r.solved, r.sol = true, n
		return true
	}
	i, _ := bits.Mul64(r.rng.Uint64(), uint64(k))
	c := open.plainNth(int(i))
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

func (n *network) plainConsistent() bool {
	for {
		var one, more cells
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

func (s cells) plainNth(i int) int {
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

// TestNth checks cells.nth against the plain walk over the bits.
func TestNth(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		s := cells{rng.Uint64(), rng.Uint64() & cellsHigh}
		switch rng.IntN(4) {
		case 0:
			s[0] = 0
		case 1:
			s[1] = 0
		case 2:
			s[0] &= rng.Uint64() & rng.Uint64()
		}
		for i := range s.count() {
			if got, want := s.nth(i), s.plainNth(i); got != want {
				t.Fatalf("%x: nth(%d) = %d, want %d", s, i, got, want)
			}
		}
	}
}
