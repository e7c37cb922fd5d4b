package logic

import (
	"slices"
	"testing"
)

// TestNewBoardByHouses: the position worked out from the houses is the
// one the givens make placed one by one, on minimal puzzles of every
// variant and on published killers.
func TestNewBoardByHouses(t *testing.T) {
	check := func(name string, a, b *board) {
		t.Helper()
		if !slices.Equal(a.val, b.val) || !slices.Equal(a.cand, b.cand) || a.empty != b.empty ||
			!slices.Equal(a.held, b.held) || !slices.Equal(a.emptyIn, b.emptyIn) {
			t.Fatalf("%s: the boards differ", name)
		}
	}
	n := 0
	for _, v := range every(t) {
		g := newGeometry(v, nil)
		for _, p := range generated(t, v, 4, 9) {
			check(v.Name, newBoardByHouses(g, p), newBoardByPlacing(g, p))
			n++
		}
	}
	for _, p := range readPublished(t)[:4] {
		g := newGeometry(p.v, nil)
		check(p.name, newBoardByHouses(g, p.g), newBoardByPlacing(g, p.g))
		n++
	}
	if n == 0 {
		t.Fatal("no puzzle")
	}
}
