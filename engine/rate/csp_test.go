package rate

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine"
)

func TestCallCountByHand(t *testing.T) {
	for _, tc := range []struct {
		name string
		line string
		want float64
	}{
		{"solved grid", solvedGrid, 1},
		// Naked singles solve it: one call of arc consistency, no split.
		{"naked singles", singlesPuzzle, 1},
	} {
		for seed := uint64(0); seed < 5; seed++ {
			if got := CallCount(engine.MustParse(tc.line), 10, seed); got != tc.want {
				t.Errorf("%s, seed %d: CallCount = %v, want %v", tc.name, seed, got, tc.want)
			}
		}
	}
	// The deadly rectangle: the first split fixes one cell to the lower
	// digit, which solves it: 2 calls whatever the variable.
	if got := CallCount(rectangle(t), 10, 7); got != 2 {
		t.Errorf("deadly rectangle: CallCount = %v, want 2", got)
	}
	// Clashing givens: the first call finds the contradiction.
	g := engine.MustParse(solvedGrid)
	g[0], g[1] = 0, g[2]
	if got := CallCount(g, 3, 1); got != 1 {
		t.Errorf("clashing givens: CallCount = %v, want 1", got)
	}
}

func TestCallCountSeeds(t *testing.T) {
	g := engine.MustParse(escargot)
	a, b := CallCount(g, 10, 42), CallCount(g, 10, 42)
	if a != b {
		t.Errorf("seed 42 gave %v then %v", a, b)
	}
	if a < 1 {
		t.Errorf("CallCount = %v < 1", a)
	}
	if c := CallCount(g, 10, 43); c == a {
		t.Errorf("seeds 42 and 43 both gave %v: the seed is not used", a)
	}
	// Run i of a call is run i of any call with more runs.
	one := CallCount(g, 1, 42)
	r := cspRun{rng: *rand.NewPCG(42, 0), budget: CallCountBudget}
	r.node(newNetwork(g))
	if one != float64(r.calls) {
		t.Errorf("CallCount(1 run) = %v, run 0 = %d", one, r.calls)
	}
	t.Logf("AI Escargot: CallCount over 10 runs, seed 42: %.1f", a)
	if CallCount(g, 0, 42) != one {
		t.Errorf("runs = 0 is not one run")
	}
}

// TestCallCountMatchesAC3 checks the bitboard search against a textbook
// AC-3 (a queue of arcs x -> y, revise x against y, put back the arcs z ->
// x when x's domain shrinks) with the same random choices: the number of
// calls must agree.
func TestCallCountMatchesAC3(t *testing.T) {
	puzzles := []string{singlesPuzzle, hiddenPuzzle}
	for _, line := range readSample(t, "testdata/unbiased-sample.txt", 12) {
		puzzles = append(puzzles, line.String())
	}
	total := 0
	for _, line := range puzzles {
		g := engine.MustParse(line)
		for seed := uint64(0); seed < 3; seed++ {
			r := cspRun{rng: *rand.NewPCG(seed, 0), budget: CallCountBudget}
			r.node(newNetwork(g))
			if r.calls >= CallCountBudget {
				continue // the textbook version has no budget
			}
			total += r.calls
			ref := ac3Run{rng: rand.NewPCG(seed, 0)}
			ref.node(initiate(g))
			if r.calls != ref.calls {
				t.Errorf("%s seed %d: %d calls, textbook AC-3 %d", line, seed, r.calls, ref.calls)
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
func ac3(v *candidates) bool {
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
			b := digitBit(d)
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

func (r *ac3Run) node(v candidates) bool {
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
		if v[c]&digitBit(d) == 0 {
			continue
		}
		w := v
		w[c] = digitBit(d)
		if r.node(w) {
			return true
		}
	}
	return false
}
