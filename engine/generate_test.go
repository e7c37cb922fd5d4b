package engine

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

func generateN(t testing.TB, opts GenerateOptions, seed uint64, n int) []Generated {
	t.Helper()
	g, err := NewGenerator(opts)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	out := make([]Generated, n)
	for i := range out {
		if out[i], err = g.Generate(rng); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// Generated puzzles are unique, minimal and symmetric, for every symmetry.
func TestGenerateProperties(t *testing.T) {
	var s Solver
	for sym := SymmetryNone; sym <= SymmetryRandom; sym++ {
		t.Run(sym.String(), func(t *testing.T) {
			used := map[Symmetry]bool{}
			for _, p := range generateN(t, GenerateOptions{Symmetry: sym, Minimal: true}, 1, 40) {
				sol, n := s.Solve(p.Puzzle)
				if n != 1 || sol != p.Solution {
					t.Fatalf("%v: %d solutions, or not the solution given", p.Puzzle, n)
				}
				if sym != SymmetryRandom && p.Symmetry != sym {
					t.Fatalf("asked %v, got %v", sym, p.Symmetry)
				}
				if !p.Puzzle.HasSymmetry(p.Symmetry) {
					t.Fatalf("%v is not %v symmetric", p.Puzzle, p.Symmetry)
				}
				if !s.Minimal(p.Puzzle, p.Symmetry) {
					t.Fatalf("%v is not minimal under %v", p.Puzzle, p.Symmetry)
				}
				used[p.Symmetry] = true
			}
			if sym == SymmetryRandom && len(used) < 4 {
				t.Fatalf("random symmetry used only %v in 40 puzzles", used)
			}
		})
	}
}

// Minimal under no symmetry means every single given is needed.
func TestGenerateMinimalEveryClue(t *testing.T) {
	var s Solver
	for _, p := range generateN(t, GenerateOptions{Minimal: true}, 2, 30) {
		for cell, v := range p.Puzzle {
			if v == 0 {
				continue
			}
			q := p.Puzzle
			q[cell] = 0
			if n, _ := s.CountSolutions(q, 2); n != 2 {
				t.Fatalf("%v: the given at %s can go", p.Puzzle, CellName(cell))
			}
		}
	}
}

func TestGenerateSameSeedSamePuzzles(t *testing.T) {
	a := generateN(t, GenerateOptions{Symmetry: SymmetryRandom, Minimal: true}, 42, 20)
	b := generateN(t, GenerateOptions{Symmetry: SymmetryRandom, Minimal: true}, 42, 20)
	c := generateN(t, GenerateOptions{Symmetry: SymmetryRandom, Minimal: true}, 43, 20)
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("puzzle %d differs for the same seed", i)
		}
	}
	if a[0] == c[0] {
		t.Fatal("seeds 42 and 43 gave the same first puzzle")
	}
}

func TestGenerateClueRange(t *testing.T) {
	var s Solver
	// Not minimal: dig to a count inside the range.
	for _, p := range generateN(t, GenerateOptions{MinClues: 30, MaxClues: 34}, 3, 40) {
		if c := p.Puzzle.Clues(); c < 30 || c > 34 {
			t.Fatalf("%v has %d clues, want 30-34", p.Puzzle, c)
		}
		if !s.Unique(p.Puzzle) {
			t.Fatalf("%v is not unique", p.Puzzle)
		}
	}
	// Minimal and in range.
	for _, p := range generateN(t, GenerateOptions{MinClues: 22, MaxClues: 23, Minimal: true}, 4, 20) {
		if c := p.Puzzle.Clues(); c < 22 || c > 23 || !s.Minimal(p.Puzzle, SymmetryNone) {
			t.Fatalf("%v: %d clues or not minimal", p.Puzzle, p.Puzzle.Clues())
		}
	}
}

func TestGeneratePattern(t *testing.T) {
	// A rot180-symmetric checkerboard template of 41 cells.
	text := `
x . x . x . x . x
. x . x . x . x .
x . x . x . x . x
. x . x . x . x .
x . x . x . x . x
. x . x . x . x .
x . x . x . x . x
. x . x . x . x .
x . x . x . x . x`
	pat, err := ParsePattern(text)
	if err != nil {
		t.Fatal(err)
	}
	var s Solver
	for _, p := range generateN(t, GenerateOptions{Pattern: &pat, Symmetry: Rot180, Minimal: true}, 5, 10) {
		for cell, v := range p.Puzzle {
			if v != 0 && !pat[cell] {
				t.Fatalf("%v has a given at %s outside the pattern", p.Puzzle, CellName(cell))
			}
		}
		if !s.Unique(p.Puzzle) || !p.Puzzle.HasSymmetry(Rot180) {
			t.Fatalf("%v: not unique or not symmetric", p.Puzzle)
		}
	}
}

func TestGenerateImpossible(t *testing.T) {
	if _, err := NewGenerator(GenerateOptions{MaxClues: 16}); !errors.Is(err, ErrOptions) {
		t.Fatalf("at most 16 clues: want ErrOptions, got %v", err)
	}
	if _, err := NewGenerator(GenerateOptions{MinClues: 30, MaxClues: 20}); err == nil {
		t.Fatal("accepted an empty clue range")
	}
	// Minimal puzzles with 40 or more clues essentially never occur.
	g, err := NewGenerator(GenerateOptions{MinClues: 40, Minimal: true, Attempts: 5})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Generate(rand.New(rand.NewPCG(1, 1))); !errors.Is(err, ErrNoPuzzle) {
		t.Fatalf("want ErrNoPuzzle, got %v", err)
	}
	if _, err := ParsePattern("x x x"); err == nil {
		t.Fatal("accepted a 3-cell pattern")
	}
}

// Cross-check with QQWing, an independent solver, when it is installed.
func TestGenerateUniqueByQQWing(t *testing.T) {
	qq, err := exec.LookPath("qqwing")
	if err != nil {
		skips.Skip(t, skips.NoQQWing)
	}
	ps := generateN(t, GenerateOptions{Symmetry: SymmetryRandom, Minimal: true}, 6, 100)
	var in bytes.Buffer
	for _, p := range ps {
		in.WriteString(p.Puzzle.String() + "\n")
	}
	cmd := exec.Command(qq, "--solve", "--count-solutions", "--csv")
	cmd.Stdin = &in
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(ps)+1 {
		t.Fatalf("qqwing printed %d lines for %d puzzles", len(lines), len(ps))
	}
	for i, line := range lines[1:] {
		f := strings.Split(line, ",")
		if len(f) < 2 || f[1] != "1" || f[0] != ps[i].Solution.String() {
			t.Fatalf("qqwing on %v: %q", ps[i].Puzzle, line)
		}
	}
}

func BenchmarkGenerateMinimal(b *testing.B) {
	g, err := NewGenerator(GenerateOptions{Minimal: true})
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.Generate(rng); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "puzzles/s")
}
