package logic

import (
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	classic "github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
)

// TestHints: a puzzle dug past singles gets hints of its first steps
// past singles, each a step of its solve, none repeated; one that singles
// solve gets singles; none asked, none given.
func TestHints(t *testing.T) {
	for _, v := range every(t) {
		if v.Size > 9 {
			continue
		}
		s := NewSolver(v)
		rng := rand.New(rand.NewPCG(4, uint64(v.Size)))
		sol, err := variant.NewSolver(v).Random(rng)
		if err != nil {
			t.Fatal(err)
		}
		orbits, _ := variant.Orbits(v.Size, "none")
		for _, maxER := range []float64{1.5, 4.5} {
			p := s.Dig(sol, orbits, maxER, rng)
			r, err := s.Solve(p)
			if err != nil {
				t.Fatal(err)
			}
			hints := Hints(r, 3)
			if len(hints) == 0 || len(hints) > 3 || len(Hints(r, 0)) != 0 {
				t.Fatalf("%s er %g: hints %q", v.Name, r.ER, hints)
			}
			past := 0
			for _, st := range r.Steps {
				if st.Technique.Family() != classic.Singles && st.Technique != Guess {
					past++
				}
			}
			for i, h := range hints {
				at := -1
				for j, st := range r.Steps {
					if st.Text == h {
						at = j
						break
					}
				}
				if at < 0 {
					t.Fatalf("%s: hint %q is no step of the solve", v.Name, h)
				}
				if single := r.Steps[at].Technique.Family() == classic.Singles; single != (past == 0) {
					t.Errorf("%s er %g: hint %d %q is a single: %v, with %d steps past singles", v.Name, r.ER, i, h, single, past)
				}
				for _, o := range hints[:i] {
					if o == h {
						t.Errorf("%s: hint %q twice", v.Name, h)
					}
				}
			}
		}
	}
}

// TestKillerHints: a killer's hints pass over its cage steps below cage
// clashes (3.9), the everyday moves of killers, as over singles: each
// hint is past both when its solve has such a step, else a cage step.
func TestKillerHints(t *testing.T) {
	data, err := os.ReadFile("../testdata/killer-published.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	basic := func(s Step) bool {
		f := s.Technique.Family()
		return f == classic.Singles || f == classic.Cages && s.Rating < CageClash.BaseRating()
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[:12] {
		v, g, err := variant.ParseKillerJSON(line)
		if err != nil {
			t.Fatal(err)
		}
		r, err := NewSolver(v).Solve(g)
		if err != nil {
			t.Fatal(err)
		}
		past := slices.ContainsFunc(r.Steps, func(s Step) bool { return !basic(s) && s.Technique != Guess })
		hints := Hints(r, 2)
		if len(hints) == 0 {
			t.Fatalf("%s: no hints", v.Key())
		}
		for _, h := range hints {
			at := slices.IndexFunc(r.Steps, func(s Step) bool { return s.Text == h })
			if at < 0 {
				t.Fatalf("hint %q is no step", h)
			}
			s := r.Steps[at]
			if basic(s) == past || (!past && s.Technique.Family() != classic.Cages) {
				t.Errorf("hint %q (%s), with steps past the cages: %v", h, s.Technique, past)
			}
		}
	}
}

// TestLockingHintsName: a locked-candidates step's words name the house
// that loses the digit, and, for a direct one, the house its single is
// in, on every 9x9 variant (the boxes, windows, diagonals and regions
// lock each other); and no single, locked candidates or subset is said
// in the plain words of a step whose technique has none.
func TestLockingHintsName(t *testing.T) {
	said := 0
	for _, v := range every(t) {
		if v.Size != 9 {
			continue
		}
		s := NewSolver(v)
		house := func(name string) (int, bool) {
			i := slices.Index(s.geo.names, name)
			return i, i >= 0
		}
		for _, g := range generated(t, v, 12, 7) {
			res, err := s.Solve(g)
			if err != nil {
				t.Fatal(err)
			}
			for _, st := range res.Steps {
				if f := st.Technique.Family(); (f == classic.Singles || f == classic.Intersections || f == classic.Subsets) && strings.HasPrefix(st.Text, "Look for ") {
					t.Fatalf("%s: %q: the plain words, not the technique's", v.Name, st.Text)
				}
				var name string
				var cells []int
				switch st.Technique {
				case Pointing, Claiming:
					_, rest, _ := strings.Cut(st.Text, "no other cell of ")
					name, _, _ = strings.Cut(rest, " can be")
					for _, r := range st.Remove {
						cells = append(cells, r.Cell)
					}
				case DirectPointing, DirectClaiming:
					_, rest, _ := strings.Cut(st.Text, "only one place in ")
					name, _, _ = strings.Cut(rest, ":")
					cells = []int{st.Place[0].Cell}
				default:
					continue
				}
				h, ok := house(name)
				if !ok {
					t.Fatalf("%s: %q names no house (%q)", v.Name, st.Text, name)
				}
				for _, c := range cells {
					if !slices.Contains(s.geo.houses[h], c) {
						t.Fatalf("%s: %q: %s is not in %s", v.Name, st.Text, v.CellName(c), name)
					}
				}
				said++
			}
		}
	}
	if said == 0 {
		t.Error("no locked candidates")
	}
}
