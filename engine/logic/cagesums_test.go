package logic

import (
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// TestRepeatSums: a derived sum region whose cells are not all peers
// (the innies of a few houses) may repeat a digit where its cells share
// no house, and the chains' sums say so. r1c1, r2c2 (one box) and r5c5
// adding up to 4 are 1+2+1 or 2+1+1: r5c5 is 1, r1c1 and r2c2 are 1 or
// 2. Read as digits that all differ, the region would have no filling at
// all. With r1c1 placed as 2, r2c2 and r5c5 (no peers) add up to 2: both
// are 1; and r5c5, r5c6 of a region r1c1, r5c5, r5c6 of 6 add up to 4 and
// differ (one row): 1 and 3.
func TestRepeatSums(t *testing.T) {
	houses := classicHouses() // rows, columns, boxes
	regions := []variant.Cage{{Sum: 4, Cells: []int{0, 10, 40}}, {Sum: 6, Cells: []int{0, 40, 41}}}
	hs, err := NewHouses(9, houses, false, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The regions alone, as the sums a killer's cages would derive.
	if hs.geo.sums, err = newSumRegions(nil, regions, 9); err != nil {
		t.Fatal(err)
	}
	hs.geo.sumsApart()
	if got := hs.geo.sums[0].apart; len(got) != 3 || got[0] != 0b010 || got[1] != 0b001 || got[2] != 0 {
		t.Fatalf("apart %03b, want [010 001 000]", got)
	}
	allowed := func(puzzle Grid, i int) []Digits {
		b := newBoardOn(hs.geo, puzzle)
		ch := b.chainer()
		ch.g.load(b)
		ch.loadSums(&b.Cells)
		if len(ch.sums) != 2 {
			t.Fatalf("%d sum states", len(ch.sums))
		}
		s := &ch.sums[i]
		return append([]Digits(nil), s.base[:len(s.cells)]...)
	}
	one, two, three := Digits(1<<1), Digits(1<<2), Digits(1<<3)
	if got := allowed(Grid{}, 0); len(got) != 3 || got[0] != one|two || got[1] != one|two || got[2] != one {
		t.Fatalf("allowed %b, want [110 110 10]", got)
	}
	var g Grid
	g[0] = 2
	if got := allowed(g, 0); len(got) != 2 || got[0] != one || got[1] != one {
		t.Fatalf("with r1c1 = 2: allowed %b, want [10 10]", got)
	}
	if got := allowed(g, 1); len(got) != 2 || got[0] != one|three || got[1] != one|three {
		t.Fatalf("with r1c1 = 2: allowed %b in r5c5, r5c6, want [1010 1010]", got)
	}
}

// classicHouses are a classic's rows, columns and boxes, as NewHouses
// takes them (cell r*9+c).
func classicHouses() [][]int {
	var houses [][]int
	for f := range 3 {
		for k := range 9 {
			var h []int
			for i := range 9 {
				switch f {
				case 0:
					h = append(h, k*9+i)
				case 1:
					h = append(h, i*9+k)
				default:
					h = append(h, (k/3*3+i/3)*9+k%3*3+i%3)
				}
			}
			houses = append(houses, h)
		}
	}
	return houses
}
