package logic

import (
	"math/rand/v2"
	"testing"
)

// TestHouseCombinationsExact: what house combinations leaves each cell of
// a house, all its cages' sums taken, is what a plain search finds: every
// filling of the house's empty cells from their candidates, the house's
// digits each once, a whole cage making its sum and a cage that sticks
// out completed by its cells outside. The boards are merged killers'
// givens with random candidates struck out (never the solution's digit).
func TestHouseCombinationsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 7))
	checked, cut := 0, 0
	for i := range 4 {
		v, g, sol := mergedKiller(t, 9, i%2 == 1, rng)
		s := NewSolver(v)
		s.kil = newKillerState(newKillerGeometry(s.geo))
		b := newBoard(s.geo, g)
		for c := range b.cand {
			if b.val[c] == 0 {
				for d := 1; d <= 9; d++ {
					if d != int(sol[c]) && rng.IntN(3) == 0 {
						b.cand[c] &^= bit(d)
					}
				}
			}
		}
		for h := range b.houses {
			if b.emptyIn[h] < 2 {
				continue
			}
			segs, placed := s.houseSegments(b, h)
			use := uint32(0)
			for k, sg := range segs {
				if sg.cage >= 0 {
					use |= 1 << k
				}
			}
			removed := map[Candidate]bool{}
			for _, x := range s.fit(b, segs, placed, use) {
				removed[x] = true
			}
			allowed := plainHouse(b, s.kil.kg, h)
			for _, c := range b.houses[h] {
				for x := b.cand[c]; x != 0; x &= x - 1 {
					d := first(x)
					if removed[Candidate{c, d}] == (allowed[c]&bit(d) != 0) {
						t.Fatalf("%s, %s: %s<>%d: house combinations removes it %v, the plain search allows it %v",
							v.Key(), b.names[h], b.cellName(c), d, removed[Candidate{c, d}], allowed[c]&bit(d) != 0)
					}
					if removed[Candidate{c, d}] {
						cut++
					}
				}
			}
			checked++
		}
	}
	if cut == 0 {
		t.Fatalf("%d houses and nothing removed: the test shows nothing", checked)
	}
	t.Logf("%d houses, %d candidates removed, each as the plain search says", checked, cut)
}

// plainHouse is, for each empty cell of house h, the digits it takes in
// some filling of the house, by trying every one.
func plainHouse(b *board, kg *killerGeometry, h int) map[int]uint32 {
	var cells []int
	used := uint32(0)
	for _, c := range b.houses[h] {
		if b.val[c] != 0 {
			used |= bit(int(b.val[c]))
		} else {
			cells = append(cells, c)
		}
	}
	allowed := map[int]uint32{}
	digit := map[int]int{}
	var try func(i int, used uint32)
	try = func(i int, used uint32) {
		if i < len(cells) {
			for x := b.cand[cells[i]] &^ used; x != 0; x &= x - 1 {
				digit[cells[i]] = first(x)
				try(i+1, used|x&-x)
			}
			delete(digit, cells[i])
			return
		}
		for ci := range kg.ncages {
			if !cageCompletes(b, &kg.regions[ci], digit) {
				return
			}
		}
		for _, c := range cells {
			allowed[c] |= bit(digit[c])
		}
	}
	try(0, used)
	return allowed
}

// cageCompletes reports whether the cage's cells outside the house's
// filling (digit) can be filled from their candidates so that its digits
// differ and make its sum.
func cageCompletes(b *board, r *sumRegion, digit map[int]int) bool {
	sum, used := 0, uint32(0)
	var rest []int
	for _, c := range r.cells {
		switch {
		case b.val[c] != 0:
			sum += int(b.val[c])
			used |= bit(int(b.val[c]))
		case digit[c] != 0:
			if used&bit(digit[c]) != 0 {
				return false
			}
			sum += digit[c]
			used |= bit(digit[c])
		default:
			rest = append(rest, c)
		}
	}
	var fill func(i, sum int, used uint32) bool
	fill = func(i, sum int, used uint32) bool {
		if i == len(rest) {
			return sum == r.sum
		}
		for x := b.cand[rest[i]] &^ used; x != 0; x &= x - 1 {
			if fill(i+1, sum+first(x), used|x&-x) {
				return true
			}
		}
		return false
	}
	return fill(0, sum, used)
}
