package logic

import (
	"reflect"
	"slices"
	"testing"
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
		for _, kind := range seLinkHouses {
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
