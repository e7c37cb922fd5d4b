package level

import (
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/engine/variant/logic"
)

// TestVariantLadders: every ladder For gives names every rating from
// 1.0 to 11.0, and VariantGenerator reaches every level of every kind's
// ladder (the kinds' own geometry, jigsaws with layouts of their own):
// each puzzle has exactly one solution by the plain exact-cover count,
// rates again at its level without a guess, and has the symmetry asked
// for.
func TestVariantLadders(t *testing.T) {
	for _, kind := range variant.Kinds[1:] { // classic has the engine's own generator
		big := kind == "12x12" || kind == "16x16"
		if big && testing.Short() {
			continue
		}
		v, err := variant.ForKind(kind)
		if err != nil {
			t.Fatal(err)
		}
		ladder := For(v)
		for er := 1.0; er <= 11.0; er += 0.1 {
			if ladder.Of(logic.Result{ER: er}) == "" {
				t.Errorf("%s: no level for er %.1f", kind, er)
			}
		}
		sym := "rot180"
		if _, err := variant.KillerSize(kind); err == nil {
			sym = "none" // a killer's cages are drawn without symmetry, and it has no givens
		}
		for _, lv := range ladder {
			start := time.Now()
			g, err := NewVariantGenerator(VariantOptions{Kind: kind, Level: lv, Symmetry: sym, Tries: 100})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(5, uint64(len(kind))))
			p, err := g.Generate(rng)
			if err != nil {
				t.Errorf("%s %s: %v", kind, lv.Name, err)
				continue
			}
			pv := p.Variant
			pg := p.Puzzle
			if pv.IsKiller() && pv.Size == 9 {
				// A 9x9 killer with few cages takes the plain counter
				// from seconds to minutes (an expert one 24 s): the
				// exact solver counts it, and the plain counter counts
				// the solutions agreeing with ten digits of the exact
				// solver's, which then must be one.
				n, sol := variant.NewSolver(pv).Count(pg, 2)
				if n != 1 {
					t.Errorf("%s %s: %s has %d solutions by the exact solver", kind, lv.Name, pv.Format(p.Puzzle), n)
					continue
				}
				pg = slices.Clone(pg)
				for c := 0; c < len(pg); c += 8 {
					pg[c] = sol[c]
				}
			}
			if n := plainCount(pv, pg); n != 1 {
				t.Errorf("%s %s: %s has %d solutions by the plain count", kind, lv.Name, pv.Format(p.Puzzle), n)
			}
			r, err := logic.Solve(pv, p.Puzzle)
			if err != nil || ladder.Of(r) != lv.Name || r.Guesses > 0 {
				t.Errorf("%s %s: rates again as %q (er %.1f, %d guesses, %v)", kind, lv.Name, ladder.Of(r), r.ER, r.Guesses, err)
			}
			orbits, _ := pv.Orbits(sym)
			for _, o := range orbits {
				for _, c := range o[1:] {
					if (p.Puzzle[c] == 0) != (p.Puzzle[o[0]] == 0) {
						t.Fatalf("%s %s: %s is not %s-symmetric", kind, lv.Name, pv.Format(p.Puzzle), sym)
					}
				}
			}
			t.Logf("%s %s: er %.1f, %d givens, %d tries, %v", kind, lv.Name, r.ER, p.Puzzle.Clues(), g.Tried, time.Since(start).Round(time.Millisecond))
		}
	}
}

// plainCount counts g's solutions to two the plain way (enginetest's
// exact cover, or for a killer its plain backtracking a cage at a time).
func plainCount(v *variant.Variant, g variant.Grid) int {
	if sh := v.Sheet; sh != nil {
		return enginetest.SheetCoverCount(sh.Grids, sh.Cols, sh.At, g, 2)
	}
	if !v.IsKiller() {
		return enginetest.CoverCount(v.Size, v.Regions, v.Extra, g, 2)
	}
	cages, sums := make([][]int, len(v.Cages)), make([]int, len(v.Cages))
	for i, c := range v.Cages {
		cages[i], sums[i] = c.Cells, c.Sum
	}
	return enginetest.KillerCountByCage(v.Size, v.Regions, cages, sums, g, 2)
}

// TestNoGuess: killers that the rater finishes by guessing within a
// killer's budget (Tarek's, engine/variant/testdata/killer-tarek.txt, no
// givens) get, from NoGuess, the solution's digits where it guessed, as
// whole orbits: rated again, no guess, every other cell as it was.
func TestNoGuess(t *testing.T) {
	data, err := os.ReadFile("../variant/testdata/killer-tarek.txt")
	if err != nil {
		t.Fatal(err)
	}
	orbits, _ := variant.Orbits(9, "none")
	var raters []*logic.Solver
	for _, line := range strings.Split(string(data), "\n")[:3] {
		code, _, _ := strings.Cut(line, " ")
		v, err := variant.ParseCageCode(9, code)
		if err != nil {
			t.Fatal(err)
		}
		raters = append(raters, logic.NewSolver(v))
	}
	guessed := 0
	for i, rater := range raters {
		p, line := make(variant.Grid, 81), "tarek "+strconv.Itoa(i+1)
		before, err := rater.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		if before.Guesses > 0 {
			guessed++
		}
		q, r, err := NoGuess(rater, p, before.Solution, orbits)
		if err != nil || r.Guesses > 0 {
			t.Fatalf("%s: %d guesses after NoGuess, %v", line, r.Guesses, err)
		}
		added := 0
		for c := range p {
			switch {
			case p[c] != 0 && q[c] != p[c], q[c] != 0 && q[c] != before.Solution[c]:
				t.Fatalf("%s: cell %d is %d, was %d (solution %d)", line, c, q[c], p[c], before.Solution[c])
			case p[c] == 0 && q[c] != 0:
				added++
			}
		}
		if added > before.Guesses {
			t.Errorf("%s: %d givens added for %d guesses", line, added, before.Guesses)
		}
		t.Logf("%d guesses: %d givens added, er %.1f", before.Guesses, added, r.ER)
	}
	if guessed == 0 {
		t.Errorf("none of the puzzles needed a guess: the test tests nothing")
	}
}
