package variant

import (
	"fmt"
	"math/rand/v2"
	"slices"
)

// Symmetries are the clue-pattern symmetries Orbits knows.
var Symmetries = []string{"none", "rot180", "rot90", "mirror", "flip", "diagonal", "antidiagonal"}

// Orbits are the cells of an n x n grid grouped as the symmetry sym moves
// them: a cell with its images, each cell in one orbit, in the order of
// their first cells. A pattern made of whole orbits has the symmetry.
func Orbits(n int, sym string) ([][]int, error) {
	var move func(r, c int) (int, int)
	switch sym {
	case "none":
		move = func(r, c int) (int, int) { return r, c }
	case "rot180":
		move = func(r, c int) (int, int) { return n - 1 - r, n - 1 - c }
	case "rot90":
		move = func(r, c int) (int, int) { return c, n - 1 - r }
	case "mirror":
		move = func(r, c int) (int, int) { return r, n - 1 - c }
	case "flip":
		move = func(r, c int) (int, int) { return n - 1 - r, c }
	case "diagonal":
		move = func(r, c int) (int, int) { return c, r }
	case "antidiagonal":
		move = func(r, c int) (int, int) { return n - 1 - c, n - 1 - r }
	default:
		return nil, fmt.Errorf("%w: symmetry %q (want one of %v)", ErrVariant, sym, Symmetries)
	}
	seen := make([]bool, n*n)
	var out [][]int
	for c := range seen {
		if seen[c] {
			continue
		}
		var orbit []int
		for x := c; !seen[x]; {
			seen[x] = true
			orbit = append(orbit, x)
			r, col := move(x/n, x%n)
			x = r*n + col
		}
		out = append(out, orbit)
	}
	return out, nil
}

// Dig makes a puzzle of solution: it tries the orbits in an order drawn
// by rng and empties each whose removal leaves exactly one solution, so
// the result is minimal up to the orbits (no orbit of givens can go) and
// has their symmetry.
func (s *Solver) Dig(solution Grid, orbits [][]int, rng *rand.Rand) Grid {
	g := slices.Clone(solution)
	order := rng.Perm(len(orbits))
	for _, i := range order {
		orbit := orbits[i]
		for _, c := range orbit {
			g[c] = 0
		}
		if !s.stillUnique(g, orbit, solution) {
			for _, c := range orbit {
				g[c] = solution[c]
			}
		}
	}
	return g
}

// Generate makes a puzzle of v with the clue-pattern symmetry sym: a
// solution drawn by rng, dug to a unique puzzle minimal up to the
// symmetry's orbits. It returns the puzzle and its solution.
func Generate(v *Variant, sym string, rng *rand.Rand) (puzzle, solution Grid, err error) {
	orbits, err := Orbits(v.Size, sym)
	if err != nil {
		return nil, nil, err
	}
	s := NewSolver(v)
	if solution, err = s.Random(rng); err != nil {
		return nil, nil, err
	}
	return s.Dig(solution, orbits, rng), solution, nil
}
