package logic

import (
	"math/rand/v2"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// publishedKiller is a killer of engine/variant's testdata
// (killer-published.jsonl: sudoku.com's, KrazyDad's and
// dailykillersudoku.com's, their sources and licences in its README.md),
// its houses and its solution.
type publishedKiller struct {
	v   *variant.Variant
	hs  *Houses
	g   Grid
	sol variant.Grid
}

func publishedKillers(t *testing.T) []publishedKiller {
	t.Helper()
	data, err := os.ReadFile("../variant/testdata/killer-published.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out []publishedKiller
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		v, g, err := variant.ParseKillerJSON(line)
		if err != nil {
			t.Fatal(err)
		}
		hs, err := NewHouses(9, v.Houses(), false, nil, v.Cages)
		if err != nil {
			t.Fatal(err)
		}
		n, sol := variant.NewSolver(v).Count(g, 2)
		if n != 1 {
			t.Fatalf("%s: %d solutions", v.Key(), n)
		}
		var grid Grid
		copy(grid[:], g)
		out = append(out, publishedKiller{v, hs, grid, sol})
	}
	return out
}

// TestKillerRegions: every sum region the cage rungs derive from a
// published killer's cages adds up, in its solution, to its sum (a
// difference's innies less its outies); a difference has both sides and
// at most maxDifference cells; each puzzle has innies and differences,
// and some have regions of every kind; and
// the dynamic chains' sums are the cages and the regions without outies
// taken away, in that order.
func TestKillerRegions(t *testing.T) {
	all := map[regionKind]int{} // the puzzles with regions of each kind
	killers := publishedKillers(t)
	for _, p := range killers {
		kg := p.hs.geo.killer
		kinds := map[regionKind]int{}
		for _, r := range kg.regions {
			kinds[r.kind]++
			total := 0
			for _, c := range r.cells {
				if r.minus.has(c) {
					total -= int(p.sol[c])
				} else {
					total += int(p.sol[c])
				}
			}
			if total != r.sum {
				t.Fatalf("%s: region %v less %v (kind %d) makes %d in the solution, not %d", p.v.Key(), r.cells, r.minus.list(), r.kind, total, r.sum)
			}
			if r.kind == rDifference && (r.minus.empty() || r.set.andNot(r.minus).empty() || len(r.cells) > maxDifference) {
				t.Fatalf("%s: difference %v less %v", p.v.Key(), r.cells, r.minus.list())
			}
		}
		for _, k := range []regionKind{rCage, rInnies, rOuties, rInnies2, rOuties2, rRemainder, rDifference} {
			if kinds[k] > 0 {
				all[k]++
			}
		}
		if kinds[rDifference] == 0 || kinds[rInnies] == 0 {
			t.Errorf("%s: %d innies and %d differences", p.v.Key(), kinds[rInnies], kinds[rDifference])
		}
		if kg.ncages != len(p.v.Cages) {
			t.Fatalf("%s: %d cages, want %d", p.v.Key(), kg.ncages, len(p.v.Cages))
		}
		sums := p.hs.geo.sums
		want := len(p.v.Cages) + len(kg.sums())
		if len(sums) != want {
			t.Fatalf("%s: %d sums, want %d", p.v.Key(), len(sums), want)
		}
		for i, s := range sums[len(p.v.Cages):] {
			if d := kg.sums()[i]; s.sum != d.Sum || len(s.cells) != len(d.Cells) {
				t.Fatalf("%s: sum %d is %v of %d, want %v of %d", p.v.Key(), i, s.cells, s.sum, d.Cells, d.Sum)
			}
		}
	}
	for k := rCage; k <= rDifference; k++ {
		if all[k] == 0 {
			t.Errorf("no killer of %d has a region of kind %d", len(killers), k)
		}
	}
	t.Logf("killers with regions of each kind: %v", all)
}

// TestHouseCombinationsExact: what house combinations leaves each cell of
// a house, all its cages' sums taken, is what a plain search finds: every
// filling of the house's empty cells from their candidates, the house's
// digits each once, a whole cage making its sum and a cage that sticks
// out completed by its cells outside. The boards are published killers'
// givens with random candidates struck out (never the solution's digit).
func TestHouseCombinationsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 7))
	checked, cut := 0, 0
	for _, p := range publishedKillers(t)[:4] {
		b := newBoardOn(p.hs.geo, p.g)
		for c := range b.geo.cells {
			if b.Cells[c] == 0 {
				for d := 1; d <= 9; d++ {
					if d != int(p.sol[c]) && rng.IntN(2) == 0 {
						b.eliminate(c, d)
					}
				}
			}
		}
		ks := b.killer()
		for h := range b.geo.nh {
			if b.emptyIn[h] < 2 {
				continue
			}
			segs, placed := b.houseSegments(h)
			use := uint32(0)
			for k, sg := range segs {
				if sg.cage >= 0 {
					use |= 1 << k
				}
			}
			removed := map[Candidate]bool{}
			for _, x := range b.fit(segs, placed, use) {
				removed[x] = true
			}
			allowed := plainHouse(b, ks.kg, h)
			for _, c := range b.geo.houses[h] {
				for _, d := range b.Cand[c].List() {
					if removed[Candidate{c, d}] == allowed[c].Has(d) {
						t.Fatalf("%s, %s: %s<>%d: house combinations removes it %v, the plain search allows it %v",
							p.v.Key(), b.geo.names[h], cellName(c), d, removed[Candidate{c, d}], allowed[c].Has(d))
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
func plainHouse(b *Board, kg *killerGeometry, h int) map[int]Digits {
	var cells []int
	used := Digits(0)
	for _, c := range b.geo.houses[h] {
		if b.Cells[c] != 0 {
			used |= digitBit(int(b.Cells[c]))
		} else {
			cells = append(cells, c)
		}
	}
	allowed := map[int]Digits{}
	digit := map[int]int{}
	var try func(i int, used Digits)
	try = func(i int, used Digits) {
		if i < len(cells) {
			for _, d := range (b.Cand[cells[i]] &^ used).List() {
				digit[cells[i]] = d
				try(i+1, used|digitBit(d))
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
			allowed[c] |= digitBit(digit[c])
		}
	}
	try(0, used)
	return allowed
}

// cageCompletes reports whether the cage's cells outside the house's
// filling (digit) can be filled from their candidates so that its digits
// differ and make its sum.
func cageCompletes(b *Board, r *killerRegion, digit map[int]int) bool {
	sum, used := 0, Digits(0)
	var rest []int
	for _, c := range r.cells {
		switch {
		case b.Cells[c] != 0:
			sum += int(b.Cells[c])
			used |= digitBit(int(b.Cells[c]))
		case digit[c] != 0:
			if used.Has(digit[c]) {
				return false
			}
			sum += digit[c]
			used |= digitBit(digit[c])
		default:
			rest = append(rest, c)
		}
	}
	var fill func(i, sum int, used Digits) bool
	fill = func(i, sum int, used Digits) bool {
		if i == len(rest) {
			return sum == r.sum
		}
		for _, d := range (b.Cand[rest[i]] &^ used).List() {
			if fill(i+1, sum+d, used|digitBit(d)) {
				return true
			}
		}
		return false
	}
	return fill(0, sum, used)
}

// TestCageMemo: the chains' cache of sum regions and houses (cageMemo)
// changes nothing but the time: climbs by every rung, the dynamic chains
// last, of published killers and two of Tarek's give the same steps,
// ratings and work with the cache as without it, and the cache is used.
// (TestHouseRuleExact checks the houses' states it gives back.)
func TestCageMemo(t *testing.T) {
	// The rungs in order, the dynamic chains last, as a killer's ladder.
	var ladder, dynamic []int
	for i, r := range Rungs {
		if slices.ContainsFunc(DynamicRungs, func(d Rung) bool { return d.Name == r.Name }) {
			dynamic = append(dynamic, i)
		} else {
			ladder = append(ladder, i)
		}
	}
	ladder = append(ladder, dynamic...)
	killers := publishedKillers(t)[:2]
	for _, k := range tarekKillers(t)[:2] {
		p := publishedKiller{v: k.v, hs: k.hs, sol: make(variant.Grid, 81)}
		for i := range k.sol {
			p.sol[i] = k.sol[i] - '0'
		}
		killers = append(killers, p)
	}
	climb := func(p publishedKiller, off bool) (Climb, int) {
		s := p.hs.NewSearch(nil, nil)
		ch := s.b.chainer()
		ch.sumMemo.off, ch.houseMemo.off = off, off
		cells := make([]uint8, 81)
		copy(cells, p.g[:])
		c, err := s.Climb(ladder, cells, p.sol, ClimbOptions{Budget: 10_000_000})
		if err != nil {
			t.Fatal(err)
		}
		return c, s.b.ch.sumMemo.hits
	}
	used := 0
	for i, p := range killers {
		with, hits := climb(p, false)
		without, _ := climb(p, true)
		if !reflect.DeepEqual(with, without) {
			t.Fatalf("killer %d: with the cache er %.1f, work %d, %d steps; without, er %.1f, work %d, %d steps",
				i+1, with.ER, with.Work, len(with.Steps), without.ER, without.Work, len(without.Steps))
		}
		used += hits
	}
	if used == 0 {
		t.Fatal("the cache found no sum region's state")
	}
}
