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
			r := cspRun{rng: *rand.NewPCG(seed, 0), budget: 2000}
			r.node(newNetwork(g))
			if r.calls >= 2000 {
				continue // the textbook version has no budget
			}
			total += r.calls
			ref := ac3Run{rng: rand.NewPCG(seed, 0)}
			ref.node(Initiate(g))
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
