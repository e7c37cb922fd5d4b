package logic

import (
	"reflect"
	"slices"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// plainLoops is SE's unique-loop search as UniqueLoops.java writes it:
// every walk taken to its end and every loop's hints made each time it is
// found, with neither the parity cut nor the memory of loops found that
// findUniqueRectangle keeps. The test holds the two to the same step.
func (b *Board) plainLoops(lk bool) (Step, bool) {
	var hints []loopHint
	var loop []int
	var walk func(cell, allowedEx int, ex, pair Digits, lastKind int)
	walk = func(cell, allowedEx int, ex, pair Digits, lastKind int) {
		loop = append(loop, cell)
		for _, kind := range b.geo.linkOrder[:3] { // a classic's: box, row, column
			if kind == lastKind {
				continue
			}
			for _, next := range b.geo.houses[b.geo.houseOf[cell][kind]] {
				if next == loop[0] && len(loop) >= 4 {
					if b.geo.validLoop(loop) {
						hints = b.loopHints(hints, slices.Clone(loop), pair, lk)
					}
					continue
				}
				p := b.Cand[next]
				if slices.Contains(loop, next) || p&pair != pair {
					continue
				}
				nex := ex | p&^pair
				if !lk {
					ex = nex
				}
				if n := p.Count(); n == 2 || nex.Count() == 1 || allowedEx > 0 {
					left := allowedEx
					if n > 2 {
						left--
					}
					walk(next, left, nex, pair, kind)
				}
			}
		}
		loop = loop[:len(loop)-1]
	}
	for c := 0; c < 81; c++ {
		if b.Cand[c].Count() == 2 {
			walk(c, 2, 0, b.Cand[c], -1)
		}
	}
	return bestLoopHint(hints)
}

// TestUniqueLoopsPlain: at every state of solving the sample puzzles, on
// both scales, findUniqueRectangle gives the plain search's step, text
// and all; and the states hold loops of every type.
func TestUniqueLoopsPlain(t *testing.T) {
	puzzles := readPuzzles(t, "testdata/unbiased-sample.txt")[:100]
	puzzles = append(puzzles, readPuzzles(t, "testdata/top1465-sample.txt")[:20]...)
	found := map[Technique]int{}
	states := 0
	for _, g := range puzzles {
		for _, scale := range []*Scale{nil, Sukaku} {
			res, err := SolveWith(g, Options{Scale: scale})
			if err != nil {
				t.Fatal(err)
			}
			lk := scale == Sukaku
			b := NewBoard(g)
			for i := range res.Steps {
				states++
				got, ok := b.findUniqueRectangle(lk)
				want, wantOK := b.plainLoops(lk)
				if ok != wantOK || !reflect.DeepEqual(got, want) {
					t.Fatalf("%v (lk %v), step %d: got %v %q, the plain search %v %q", g, lk, i+1, ok, got.Text, wantOK, want.Text)
				}
				if ok {
					found[got.Technique]++
				}
				b.apply(&res.Steps[i])
			}
		}
	}
	t.Logf("%d states, loops found: %v", states, found)
	for _, tech := range []Technique{UniqueRectangle1, UniqueRectangle2, UniqueRectangle3, UniqueRectangle4, UniqueLoop} {
		if found[tech] == 0 {
			t.Errorf("no state gave a %v", tech)
		}
	}
}

// TestValidLoopCages: on a killer, a unique rectangle's or loop's two
// digits may swap only where every cage holds as many cells of the loop
// at even places as at odd ones (the swap keeps its sum); a cage with a
// corner and a cell outside the loop, or a single-cell cage on a corner,
// breaks the swap. Without cages the same loops are valid (the houses'
// rule alone).
func TestValidLoopCages(t *testing.T) {
	houses := classicHouses() // rows, columns, boxes
	// Single cells but r1c1+r1c2, r5c1+r5c2 and r2c1+r3c1.
	pairs := map[int]int{0: 1, 36: 37, 9: 18}
	var cages []variant.Cage
	for c := range 81 {
		if c == 1 || c == 37 || c == 18 {
			continue
		}
		cells := []int{c}
		if d, ok := pairs[c]; ok {
			cells = append(cells, d)
		}
		cages = append(cages, variant.Cage{Sum: 3 * len(cells), Cells: cells})
	}
	plain, err := NewHouses(9, houses, false, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	killer, err := NewHouses(9, houses, false, nil, cages)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		loop []int // in walking order: row, column, row, column
		want bool
	}{
		{[]int{0, 1, 37, 36}, true},    // each cage holds one corner of each diagonal
		{[]int{9, 10, 37, 36}, false},  // r2c1's cage has r3c1 outside the loop
		{[]int{1, 4, 13, 10}, false},   // r1c2's cage has r1c1 outside
		{[]int{40, 43, 52, 49}, false}, // single-cell cages: each would change its sum
	} {
		if !plain.geo.validLoop(tc.loop) {
			t.Errorf("loop %v: not valid without cages", tc.loop)
		}
		if got := killer.geo.validLoop(tc.loop); got != tc.want {
			t.Errorf("loop %v: valid %v on the killer, want %v", tc.loop, got, tc.want)
		}
	}
}
