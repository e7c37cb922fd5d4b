package variant

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"
)

// checkPuzzle fails t unless p is a puzzle of v with one solution by the
// plain exact cover, its givens sol's, made of whole orbits of sym and,
// when minimal, with no orbit of givens that can go.
func checkPuzzle(t *testing.T, v *Variant, p, sol Grid, sym string, minimal bool) {
	t.Helper()
	if n := coverCount(v, p, 2); n != 1 {
		t.Errorf("%s %s: %s has %d solutions by exact cover", v.Key(), sym, v.Format(p), n)
	}
	if slices.Contains(sol, 0) || len(v.Conflicts(sol)) > 0 {
		t.Errorf("%s: solution %s breaks a house", v.Key(), v.Format(sol))
	}
	orbits, _ := Orbits(v.Size, sym)
	s := NewSolver(v)
	for _, orbit := range orbits {
		given := p[orbit[0]] != 0
		q := slices.Clone(p)
		for _, c := range orbit {
			if (p[c] != 0) != given || (given && p[c] != sol[c]) {
				t.Fatalf("%s %s: %s: orbit %v half given or not the solution's", v.Key(), sym, v.Format(p), orbit)
			}
			q[c] = 0
		}
		if minimal && given && s.Unique(q) {
			t.Errorf("%s %s: %s is not minimal: orbit %v can go", v.Key(), sym, v.Format(p), orbit)
		}
	}
}

// TestGenerateKindJigsaw: a jigsaw kind draws a new layout for each
// puzzle, with the symmetry asked, and the puzzle is unique over that
// layout's houses by the plain exact cover, minimal and symmetric; a
// seed gives the same layout and puzzle again.
func TestGenerateKindJigsaw(t *testing.T) {
	for _, tt := range []struct {
		kind string
		syms []string
	}{
		{"jigsaw", []string{"none", "rot180", "rot90", "diagonal"}},
		{"jigsaw-6x6", []string{"none", "rot180", "mirror"}},
		{"jigsaw-4x4", []string{"rot90"}},
	} {
		for _, sym := range tt.syms {
			rng := rand.New(rand.NewPCG(21, 22))
			var keys []string
			for range 3 {
				g, err := GenerateKind(tt.kind, Options{Symmetry: sym, Minimal: true}, rng)
				if err != nil {
					t.Fatalf("%s %s: %v", tt.kind, sym, err)
				}
				v := g.Variant
				if v.Name != tt.kind || !v.IsJigsaw() || !v.Allows(sym) {
					t.Errorf("%s %s: drew %s allowing %v", tt.kind, sym, v.Key(), v.Allowed())
				}
				checkPuzzle(t, v, g.Puzzle, g.Solution, sym, true)
				keys = append(keys, v.Key()+" "+v.Format(g.Puzzle))
			}
			sorted := slices.Sorted(slices.Values(keys))
			if len(slices.Compact(sorted)) != len(keys) {
				t.Errorf("%s %s: the same layout and puzzle twice: %v", tt.kind, sym, keys)
			}
			again, _ := GenerateKind(tt.kind, Options{Symmetry: sym, Minimal: true}, rand.New(rand.NewPCG(21, 22)))
			if again.Variant.Key()+" "+again.Variant.Format(again.Puzzle) != keys[0] {
				t.Errorf("%s %s: the same seed made another puzzle", tt.kind, sym)
			}
		}
	}
}

// TestGenerateClueRange: with a clue range the puzzles' givens are in
// it, unique and symmetric; with Minimal too, minimal as well.
func TestGenerateClueRange(t *testing.T) {
	for _, tt := range []struct {
		kind     string
		opts     Options
		attempts int
	}{
		{"6x6", Options{Symmetry: "rot180", MinClues: 16, MaxClues: 20}, 0},
		{"6x6", Options{MinClues: 11, MaxClues: 13, Minimal: true}, 0},
		{"classic", Options{Symmetry: "rot180", MinClues: 30, MaxClues: 34}, 0},
		{"x", Options{Symmetry: "mirror", MinClues: 20, MaxClues: 28, Minimal: true}, 0},
		{"windoku", Options{MaxClues: 30}, 0},
		{"jigsaw", Options{Symmetry: "rot180", MinClues: 26, MaxClues: 30}, 0},
		{"jigsaw-6x6", Options{Symmetry: "rot180", MinClues: 10, MaxClues: 14, Minimal: true}, 0},
	} {
		rng := rand.New(rand.NewPCG(31, 32))
		for range 4 {
			g, err := GenerateKind(tt.kind, tt.opts, rng)
			if err != nil {
				t.Fatalf("%s %+v: %v", tt.kind, tt.opts, err)
			}
			hi := tt.opts.MaxClues
			if hi == 0 {
				hi = g.Variant.Cells()
			}
			if k := g.Puzzle.Clues(); k < tt.opts.MinClues || k > hi {
				t.Errorf("%s %+v: %d givens", tt.kind, tt.opts, k)
			}
			sym := tt.opts.Symmetry
			if sym == "" {
				sym = "none"
			}
			checkPuzzle(t, g.Variant, g.Puzzle, g.Solution, sym, tt.opts.Minimal)
		}
	}
}

// TestGenerateRefuses: a symmetry the variant or the kind's layouts
// cannot have is ErrVariant; an impossible clue range is ErrOptions; a
// range no attempt meets is ErrNoPuzzle.
func TestGenerateRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, tt := range []struct {
		kind string
		opts Options
		want error
	}{
		{"6x6", Options{Symmetry: "rot90"}, ErrVariant},
		{"jigsaw-6x6", Options{Symmetry: "rot90"}, ErrVariant},
		{"jigsaw-6x6", Options{Symmetry: "diagonal"}, ErrVariant},
		{"x", Options{Symmetry: "spiral"}, ErrVariant},
		{"6x6", Options{MaxClues: 4}, ErrOptions},
		{"6x6", Options{MinClues: 20, MaxClues: 10}, ErrOptions},
		{"4x4", Options{MinClues: 17}, ErrOptions},
		{"6x6", Options{MinClues: 30, Minimal: true, Attempts: 3}, ErrNoPuzzle},
	} {
		if _, err := GenerateKind(tt.kind, tt.opts, rng); !errors.Is(err, tt.want) {
			t.Errorf("%s %+v: %v, want %v", tt.kind, tt.opts, err, tt.want)
		}
	}
	if _, _, err := Generate(jigsaw9(t), "rot180", rng); !errors.Is(err, ErrVariant) {
		t.Errorf("rot180 on an unsymmetric jigsaw: %v", err)
	}
}
