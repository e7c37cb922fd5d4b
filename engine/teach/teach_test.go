package teach

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/logic"
	vlogic "github.com/pressrun/pressrun/engine/variant/logic"
)

func TestNamed(t *testing.T) {
	for name, want := range map[string]string{
		"x-wing": "x-wing", "X-Wing": "x-wing", " xy-wing ": "xy-wing", "bug+1": "bugplus1", "bugplus1": "bugplus1",
		"hidden-single": "hidden-single", "2-string-kite": "2-string-kite", "unique-rectangle-type-3": "unique-rectangle-type-3",
	} {
		got, err := Named(name)
		if err != nil || got.Name != want {
			t.Errorf("Named(%q) = %v, %v; want %s", name, got.Name, err, want)
		}
	}
	if _, err := Named("x wing"); err == nil {
		t.Error("Named took \"x wing\"")
	}
	seen := map[string]bool{}
	for _, tech := range All() {
		if seen[tech.Name] {
			t.Errorf("%s twice", tech.Name)
		}
		seen[tech.Name] = true
		if slices.Contains(tech.Members, logic.Guess) || tech.Ceiling() < tech.Rating() {
			t.Errorf("%s: %v, ratings %.1f-%.1f", tech.Name, tech.Members, tech.Rating(), tech.Ceiling())
		}
	}
}

// steps makes a solve's steps for Judge from techniques and ratings.
func steps(pairs ...any) []logic.Step {
	var out []logic.Step
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, logic.Step{Technique: pairs[i].(logic.Technique), Rating: pairs[i+1].(float64)})
	}
	return out
}

func TestAim(t *testing.T) {
	xwing, _ := Named("x-wing")
	xchain, _ := Named("x-chain")
	aim := Aim{Techniques: []Technique{xwing}}
	for _, c := range []struct {
		steps          []logic.Step
		met, towards   bool
		first, counted int
	}{
		{steps(logic.HiddenSingleBox, 1.2, logic.XWing, 3.2, logic.NakedSingle, 2.3), true, true, 1, 1},
		{steps(logic.HiddenSingleBox, 1.2, logic.NakedPair, 3.0), false, true, -1, 0},
		{steps(logic.XWing, 3.2, logic.HiddenPair, 3.4), false, false, 0, 1}, // something harder after it
		{steps(logic.HiddenPair, 3.4), false, false, -1, 0},
		{steps(logic.XWing, 3.2, logic.Guess, 11.0), false, false, 0, 1},
	} {
		j := aim.Judge(ClassicSteps(c.steps))
		if aim.Met(j) != c.met || aim.towards(j) != c.towards || j.First != c.first || j.Steps != c.counted {
			t.Errorf("%v: %+v, met %v towards %v", c.steps, j, aim.Met(j), aim.towards(j))
		}
	}
	// A tie: the first of the hardest steps names the puzzle's hardest
	// technique, as Sudoku Explainer names it.
	kite, _ := Named("2-string-kite")
	kites := Aim{Techniques: []Technique{kite}}
	if j := kites.Judge(ClassicSteps(steps(logic.TurbotFish, 4.1, logic.TwoStringKite, 4.1))); kites.Met(j) {
		t.Errorf("a turbot fish 4.1 before the kite 4.1: %+v met", j)
	}
	if j := kites.Judge(ClassicSteps(steps(logic.TwoStringKite, 4.1, logic.TurbotFish, 4.1))); !kites.Met(j) {
		t.Errorf("the kite 4.1 before a turbot fish 4.1: %+v not met", j)
	}
	two := Aim{Techniques: []Technique{xwing}, Require: 2}
	if j := two.Judge(ClassicSteps(steps(logic.XWing, 3.2))); two.Met(j) {
		t.Error("one x-wing met --require 2")
	}
	// A chain's own rating grows with its length, up to its ceiling; the
	// other steps may rate up to the chain's.
	chain := Aim{Techniques: []Technique{xchain}}
	if j := chain.Judge(ClassicSteps(steps(logic.XChain, 6.9, logic.XCycle, 6.8))); !chain.Met(j) {
		t.Errorf("x-chain 6.9 with an x-cycle 6.8: %+v not met", j)
	}
	if j := chain.Judge(ClassicSteps(steps(logic.XChain, 7.1))); chain.Met(j) {
		t.Errorf("x-chain 7.1, above its ceiling %.1f: %+v met", xchain.Ceiling(), j)
	}
	if j := chain.Judge(ClassicSteps(steps(logic.XChain, 6.6, logic.XYChain, 7.0))); chain.Met(j) {
		t.Errorf("x-chain 6.6 with an xy-chain 7.0: %+v met", j)
	}
	if err := (Aim{Techniques: []Technique{xwing, xwing}}).Check(); err == nil {
		t.Error("an aim with x-wing twice passed its check")
	}
}

// The generator's puzzles are unique (engine's exact solver), their
// whole solve (no ceiling) needs the technique where nothing simpler
// applies and nothing rated above it, and a seed gives the same puzzle
// again.
func TestGenerate(t *testing.T) {
	for _, c := range []struct {
		names   []string
		require int
		scale   *logic.Scale
		sym     engine.Symmetry
	}{
		{[]string{"hidden-single"}, 1, nil, engine.SymmetryNone},
		{[]string{"naked-single"}, 1, nil, engine.SymmetryNone},
		{[]string{"pointing"}, 1, nil, engine.Rot180},
		{[]string{"naked-pair"}, 1, nil, engine.SymmetryNone},
		{[]string{"x-wing"}, 1, nil, engine.SymmetryNone},
		{[]string{"naked-pair"}, 2, nil, engine.SymmetryNone},
		{[]string{"x-wing", "swordfish"}, 1, nil, engine.SymmetryNone},
		{[]string{"xy-wing"}, 1, nil, engine.SymmetryNone},
		{[]string{"skyscraper"}, 1, logic.Sukaku, engine.SymmetryNone},
		{[]string{"unique-rectangle"}, 1, nil, engine.SymmetryNone},
		{[]string{"bug+1"}, 1, nil, engine.SymmetryNone},
		{[]string{"x-chain"}, 1, nil, engine.SymmetryNone},
	} {
		var aim Aim
		for _, n := range c.names {
			tech, err := Named(n)
			if err != nil {
				t.Fatal(err)
			}
			aim.Techniques = append(aim.Techniques, tech)
		}
		aim.Require = c.require
		t.Run(aim.Names(), func(t *testing.T) {
			g, err := NewGenerator(aim, c.scale, c.sym)
			if err != nil {
				t.Fatal(err)
			}
			for i := range 3 {
				p, _, err := g.Generate(rand.New(rand.NewPCG(1, uint64(i))))
				if err != nil {
					t.Fatal(err)
				}
				if n, sol := engine.CountSolutions(p.Puzzle, 2); n != 1 || sol != p.Solution {
					t.Fatalf("%s: %d solutions", p.Puzzle, n)
				}
				if c.sym != engine.SymmetryNone && !p.Puzzle.HasSymmetry(c.sym) {
					t.Errorf("%s: not %s", p.Puzzle, c.sym)
				}
				res, err := logic.SolveWith(p.Puzzle, logic.Options{Scale: c.scale})
				if err != nil {
					t.Fatal(err)
				}
				j := aim.Judge(ClassicSteps(res.Steps))
				if !aim.Met(j) || res.Guesses > 0 || res.ER > j.Top {
					t.Errorf("%s: %+v, er %.1f", p.Puzzle, j, res.ER)
				}
				again, _, _ := g.Generate(rand.New(rand.NewPCG(1, uint64(i))))
				if again.Puzzle != p.Puzzle {
					t.Errorf("seed 1, %d: %s, then %s", i, p.Puzzle, again.Puzzle)
				}
			}
		})
	}
}

func TestNotOnScale(t *testing.T) {
	sky, _ := Named("skyscraper")
	if _, err := NewGenerator(Aim{Techniques: []Technique{sky}}, logic.Classic, engine.SymmetryNone); !errors.Is(err, ErrNotOnLadder) {
		t.Errorf("skyscraper on the classic scale: %v", err)
	}
}

// The variant generator's puzzles: unique by a plain exact cover written
// from the variant's fields (enginetest.CoverCount), and met by their
// whole solve, on X, a jigsaw and 16x16.
func TestGenerateVariant(t *testing.T) {
	for _, c := range []struct {
		kind, technique string
		n               int
	}{
		{"x", "x-wing", 3},
		{"x", "xy-wing", 2},
		{"jigsaw", "naked-pair", 2},
		{"16x16", "pointing", 1},
	} {
		t.Run(c.kind+"/"+c.technique, func(t *testing.T) {
			tech, _ := Named(c.technique)
			aim := Aim{Techniques: []Technique{tech}}
			g, err := NewVariantGenerator(aim, c.kind, nil, "none", 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			for i := range c.n {
				made, err := g.Generate(rand.New(rand.NewPCG(1, uint64(i))))
				if err != nil {
					t.Fatal(err)
				}
				v := made.Variant
				if n := enginetest.CoverCount(v.Size, v.Regions, v.Extra, made.Puzzle, 2); n != 1 {
					t.Fatalf("%s: %d solutions", v.Format(made.Puzzle), n)
				}
				res, err := vlogic.NewSolver(v).Solve(made.Puzzle)
				if err != nil {
					t.Fatal(err)
				}
				if j := aim.Judge(VariantSteps(res.Steps)); !aim.Met(j) || res.ER > j.Top || res.Guesses > 0 {
					t.Errorf("%s: %+v, er %.1f", v.Format(made.Puzzle), j, res.ER)
				}
			}
		})
	}
	sky, _ := Named("bug+1")
	if _, err := NewVariantGenerator(Aim{Techniques: []Technique{sky}}, "killer", nil, "none", 0, nil); !errors.Is(err, ErrNotOnLadder) {
		t.Errorf("bug+1 on killer: %v", err)
	}
	xw, _ := Named("x-wing")
	if _, err := NewVariantGenerator(Aim{Techniques: []Technique{xw}}, "killer", nil, "none", 0, nil); err == nil {
		t.Error("a killer made by digging")
	}
}
