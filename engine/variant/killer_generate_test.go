package variant

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest"
)

// TestGenerateKiller: killers of both sides, minimal or not, have
// exactly one solution by the plain checker of enginetest, the one
// returned, and no givens; a minimal one has no two neighbouring cages
// whose merge (joined, digits different, at most MaxCage cells) keeps
// one solution.
func TestGenerateKiller(t *testing.T) {
	seeds := 4
	if testing.Short() {
		seeds = 2
	}
	for _, n := range []int{9, 6} {
		for _, minimal := range []bool{false, true} {
			for seed := range seeds {
				g, err := GenerateKiller(n, KillerOptions{Minimal: minimal}, rand.New(rand.NewPCG(uint64(seed), 23)))
				if err != nil {
					t.Fatal(err)
				}
				v := g.Variant
				if v.Size != n || !v.IsKiller() || g.Puzzle.Clues() != 0 {
					t.Fatalf("side %d: %s with %d givens", n, v.Key(), g.Puzzle.Clues())
				}
				// The plain checker takes from 10 s to minutes on a minimal
				// 9x9 killer (as on published hard ones): it checks those
				// with 10 givens of the solution, the exact solver without.
				check := g.Puzzle
				if minimal && n == 9 {
					if !NewSolver(v).Unique(g.Puzzle) {
						t.Fatalf("%s: not unique", v.Key())
					}
					check = slices.Clone(g.Puzzle)
					for _, c := range rand.New(rand.NewPCG(uint64(seed), 1)).Perm(81)[:10] {
						check[c] = g.Solution[c]
					}
				}
				if k := plainKillerByCage(v, check, 2); k != 1 || !cagesHold(v, g.Solution) {
					t.Fatalf("%s: %d solutions by the plain checker; solution %s", v.Key(), k, v.Format(g.Solution))
				}
				if minimal {
					if a, b, ok := mergeableCages(v, g.Puzzle, g.Solution, 6-2*(n%9/6)); ok {
						t.Errorf("%s: cages %v and %v merge keeping one solution", v.Key(), a.Cells, b.Cells)
					}
				}
				singles := 0
				for _, c := range v.Cages {
					if len(c.Cells) == 1 {
						singles++
					}
				}
				t.Logf("side %d minimal %v seed %d: %d cages, %d of one cell", n, minimal, seed, len(v.Cages), singles)
			}
		}
	}
}

// plainKillerByCage counts g's solutions with the plain checker of
// enginetest, cage by cage.
func plainKillerByCage(v *Variant, g Grid, limit int) int {
	cages := make([][]int, len(v.Cages))
	sums := make([]int, len(v.Cages))
	for i, c := range v.Cages {
		cages[i], sums[i] = c.Cells, c.Sum
	}
	return enginetest.KillerCountByCage(v.Size, v.Regions, cages, sums, g, limit)
}

// mergeableCages finds two neighbouring cages of v whose merge, of at
// most maxCage cells with different digits in solution, leaves g one
// solution by the plain checker on 6x6 (the exact solver on 9x9, where
// the plain one can take seconds a count).
func mergeableCages(v *Variant, g, solution Grid, maxCage int) (Cage, Cage, bool) {
	for i, a := range v.Cages {
		for j, b := range v.Cages[:i] {
			if len(a.Cells)+len(b.Cells) > maxCage || !touching(v.Size, a.Cells, b.Cells) {
				continue
			}
			digits := map[uint8]bool{}
			for _, c := range append(slices.Clone(a.Cells), b.Cells...) {
				digits[solution[c]] = true
			}
			if len(digits) < len(a.Cells)+len(b.Cells) {
				continue
			}
			cages := slices.Clone(v.Cages)
			cages[i] = Cage{Sum: a.Sum + b.Sum, Cells: append(slices.Clone(a.Cells), b.Cells...)}
			cages = slices.Delete(cages, j, j+1)
			w := must(Killer(v.Size, cages))
			var unique bool
			if v.Size == 6 {
				unique = plainKillerByCage(w, g, 2) == 1
			} else {
				unique = NewSolver(w).Unique(g)
			}
			if unique {
				return a, b, true
			}
		}
	}
	return Cage{}, Cage{}, false
}

// touching reports whether a cell of a and one of b share an edge.
func touching(n int, a, b []int) bool {
	for _, c := range a {
		for _, nb := range neighbours(n, c) {
			if slices.Contains(b, nb) {
				return true
			}
		}
	}
	return false
}

// TestGenerateKillerSeed: the same seed gives the same killer.
func TestGenerateKillerSeed(t *testing.T) {
	for _, n := range []int{9, 6} {
		a, err := GenerateKiller(n, KillerOptions{Minimal: true}, rand.New(rand.NewPCG(4, 5)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := GenerateKiller(n, KillerOptions{Minimal: true}, rand.New(rand.NewPCG(4, 5)))
		if a.Variant.KillerJSON(a.Puzzle) != b.Variant.KillerJSON(b.Puzzle) || !slices.Equal(a.Solution, b.Solution) {
			t.Errorf("side %d, same seed: %s and %s", n, a.Variant.CageCode(), b.Variant.CageCode())
		}
	}
}

// TestGenerateKillerOptions: givens when asked, each the solution's and
// the puzzle unique by the plain checker; Keep is obeyed (a Keep refusing
// cages over 3 cells gives none); MaxCage bounds the cages; the errors.
func TestGenerateKillerOptions(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 7))
	g, err := GenerateKiller(9, KillerOptions{Givens: 4, Minimal: true}, rng)
	if err != nil {
		t.Fatal(err)
	}
	if g.Puzzle.Clues() != 4 || !agrees(g.Solution, g.Puzzle) || plainKillerByCage(g.Variant, g.Puzzle, 2) != 1 {
		t.Errorf("4 givens asked: %s (%d), solution %s", g.Variant.Format(g.Puzzle), g.Puzzle.Clues(), g.Variant.Format(g.Solution))
	}
	most := func(v *Variant) int {
		k := 0
		for _, c := range v.Cages {
			k = max(k, len(c.Cells))
		}
		return k
	}
	kept := 0
	keep := func(v *Variant, givens, _ Grid) bool {
		kept++
		return most(v) <= 3
	}
	g, err = GenerateKiller(9, KillerOptions{Minimal: true, Keep: keep}, rng)
	if err != nil || most(g.Variant) > 3 || kept < 2 || plainKillerByCage(g.Variant, g.Puzzle, 2) != 1 {
		t.Errorf("Keep cages of at most 3 cells: %s, %d calls, %v", g.Variant.CageCode(), kept, err)
	}
	g, err = GenerateKiller(6, KillerOptions{Minimal: true, MaxCage: 2}, rng)
	if err != nil || most(g.Variant) > 2 {
		t.Errorf("MaxCage 2: %s, %v", g.Variant.CageCode(), err)
	}
	never := func(*Variant, Grid, Grid) bool { return false }
	for _, c := range []struct {
		n    int
		opts KillerOptions
		want error
	}{
		{8, KillerOptions{}, ErrVariant},
		{9, KillerOptions{MaxCage: 10}, ErrOptions},
		{6, KillerOptions{Givens: 37}, ErrOptions},
		{6, KillerOptions{Keep: never}, ErrNoPuzzle},
	} {
		if _, err := GenerateKiller(c.n, c.opts, rng); !errors.Is(err, c.want) {
			t.Errorf("side %d %+v: %v, want %v", c.n, c.opts, err, c.want)
		}
	}
}

// publishedLayouts are the cage layouts of the published killers of
// testdata: killer-published.jsonl and killer-tarek.txt.
func publishedLayouts(t *testing.T) []*Variant {
	data, err := os.ReadFile("testdata/killer-published.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var out []*Variant
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var rec json.RawMessage = []byte(line)
		v, _, err := ParseKillerJSON(string(rec))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	for _, p := range readKillers(t) {
		out = append(out, p.v)
	}
	return out
}

// cageShapes are the shares of a set of layouts' cages by size, sizes
// from maxCage up counted as maxCage, and the share of the 3-cell cages
// that lie in one line.
func cageShapes(layouts []*Variant, maxCage int) (sizes []float64, straight3 float64) {
	sizes = make([]float64, maxCage+1)
	total, threes, lines := 0, 0, 0
	for _, v := range layouts {
		for _, cage := range v.Cages {
			sizes[min(len(cage.Cells), maxCage)]++
			total++
			if len(cage.Cells) == 3 {
				threes++
				r, c := cage.Cells[0]/v.Size, cage.Cells[0]%v.Size
				if (cage.Cells[2]/v.Size == r) || (cage.Cells[2]%v.Size == c && cage.Cells[1]%v.Size == c) {
					lines++
				}
			}
		}
	}
	for k := range sizes {
		sizes[k] /= float64(total)
	}
	return sizes, float64(lines) / float64(max(threes, 1))
}

// TestKillerCageSizes: publishedCageSizes is what testdata's published
// killers hold, and the 9x9 layouts GenerateKiller draws, and the killers
// it makes without Minimal, spread their cages over the sizes as the
// published ones do: the shares by size differ by at most 0.06 in all
// (half the summed absolute differences), and about as many 3-cell cages
// are straight. Minimal killers have bigger cages; the test logs them.
func TestKillerCageSizes(t *testing.T) {
	published := publishedLayouts(t)
	count := make([]int, len(publishedCageSizes))
	for _, v := range published {
		for _, c := range v.Cages {
			count[len(c.Cells)]++
		}
	}
	if !slices.Equal(count, publishedCageSizes[:]) {
		t.Fatalf("published cage sizes %v, publishedCageSizes %v", count, publishedCageSizes)
	}
	want, wantLine := cageShapes(published, 6)
	rng := rand.New(rand.NewPCG(8, 9))
	var drawn, made, minimal []*Variant
	for i := range 100 {
		sol, err := NewSolver(must(Sized(9))).Random(rng)
		if err != nil {
			t.Fatal(err)
		}
		drawn = append(drawn, drawCages(9, sol, 6, rng).variant())
		if i%5 == 0 {
			g, err := GenerateKiller(9, KillerOptions{}, rng)
			if err != nil {
				t.Fatal(err)
			}
			made = append(made, g.Variant)
		}
		if i%20 == 0 && !testing.Short() {
			g, err := GenerateKiller(9, KillerOptions{Minimal: true}, rng)
			if err != nil {
				t.Fatal(err)
			}
			minimal = append(minimal, g.Variant)
		}
	}
	t.Logf("published: sizes 1-6+ %.3f, straight 3-cell cages %.2f", want[1:], wantLine)
	for _, c := range []struct {
		name    string
		layouts []*Variant
		check   bool
		most    float64
	}{{"drawn", drawn, true, 0.05}, {"made", made, true, 0.1}, {"minimal", minimal, false, 0}} {
		if len(c.layouts) == 0 {
			continue
		}
		got, line := cageShapes(c.layouts, 6)
		dist := 0.0
		for k := range got {
			dist += math.Abs(got[k]-want[k]) / 2
		}
		cages := 0
		for _, v := range c.layouts {
			cages += len(v.Cages)
		}
		t.Logf("%s: sizes 1-6+ %.3f, straight 3-cell cages %.2f, distance %.3f, %.1f cages a puzzle", c.name, got[1:], line, dist, float64(cages)/float64(len(c.layouts)))
		if c.check && (dist > c.most || math.Abs(line-wantLine) > 0.1) {
			t.Errorf("%s layouts: distance %.3f from the published sizes, straight share %.2f (published %.2f)", c.name, dist, line, wantLine)
		}
	}
}
