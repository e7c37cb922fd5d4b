package logic

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// mergedKiller is a killer of side n made for the tests and the
// calibration (the pipeline's generator is elsewhere): a random solution,
// cages of one or two cells, then neighbouring cages whose digits differ
// merged, at random, while the puzzle keeps one solution, until patience
// merges in a row have failed or the cages reach 6 cells. More patience
// makes fewer, larger cages and harder puzzles.
func mergedKiller(tb testing.TB, n, patience int, rng *rand.Rand) (*variant.Variant, variant.Grid, variant.Grid) {
	tb.Helper()
	sol, err := variant.NewSolver(must(variant.Sized(n))).Random(rng)
	if err != nil {
		tb.Fatal(err)
	}
	empty := make(variant.Grid, n*n)
	var cages [][]int
	var v *variant.Variant
	for v == nil {
		cages = pairs(n, rng)
		if w := killerOf(tb, n, sol, cages); countOf(w, empty) == 1 {
			v = w
		}
	}
	for failed := 0; failed < patience; {
		i := rng.IntN(len(cages))
		var nbs []int
		for _, c := range cages[i] {
			for _, d := range gridNeighbours(n, c) {
				if j := slices.IndexFunc(cages, func(cg []int) bool { return slices.Contains(cg, d) }); j != i && !slices.Contains(nbs, j) {
					nbs = append(nbs, j)
				}
			}
		}
		j := nbs[rng.IntN(len(nbs))]
		merged := append(slices.Clone(cages[i]), cages[j]...)
		var digits uint32
		for _, c := range merged {
			digits |= 1 << sol[c]
		}
		if len(merged) > 6 || count(digits) != len(merged) {
			failed++
			continue
		}
		next := slices.Clone(cages)
		next[i] = merged
		next = slices.Delete(next, j, j+1)
		w := killerOf(tb, n, sol, next)
		if countOf(w, empty) != 1 {
			failed++
			continue
		}
		cages, v, failed = next, w, 0
	}
	return v, empty, sol
}

// gridNeighbours are the cells sharing an edge with c on a grid of side n.
func gridNeighbours(n, c int) []int {
	r, col := c/n, c%n
	var out []int
	if r > 0 {
		out = append(out, c-n)
	}
	if col > 0 {
		out = append(out, c-1)
	}
	if col < n-1 {
		out = append(out, c+1)
	}
	if r < n-1 {
		out = append(out, c+n)
	}
	return out
}

// pairs cuts a grid of side n into cages of one or two cells at random.
func pairs(n int, rng *rand.Rand) [][]int {
	owner := make([]int, n*n)
	for c := range owner {
		owner[c] = -1
	}
	var cages [][]int
	for _, c := range rng.Perm(n * n) {
		if owner[c] >= 0 {
			continue
		}
		cage := []int{c}
		owner[c] = len(cages)
		if nb := gridNeighbours(n, c); rng.IntN(2) == 0 {
			for _, i := range rng.Perm(len(nb)) {
				if owner[nb[i]] < 0 {
					owner[nb[i]] = len(cages)
					cage = append(cage, nb[i])
					break
				}
			}
		}
		cages = append(cages, cage)
	}
	return cages
}

// killerOf is the killer of side n with the cages cs, their sums read
// from the solution.
func killerOf(tb testing.TB, n int, sol variant.Grid, cs [][]int) *variant.Variant {
	tb.Helper()
	out := make([]variant.Cage, len(cs))
	for i, cells := range cs {
		for _, c := range cells {
			out[i].Sum += int(sol[c])
		}
		out[i].Cells = cells
	}
	v, err := variant.Killer(n, out)
	if err != nil {
		tb.Fatal(err)
	}
	return v
}

// countOf counts g's solutions as a killer of v, up to 2.
func countOf(v *variant.Variant, g variant.Grid) int {
	k, _ := variant.NewSolver(v).Count(g, 2)
	return k
}
