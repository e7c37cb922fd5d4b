package logic

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
	classic "github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
)

// benchSolve rates minimal puzzles of v made from a fixed seed (no public
// set of the variants is at hand; these are pressrun's own), and reports
// the slowest rating too.
func benchSolve(b *testing.B, v *variant.Variant, k int) {
	timeSolves(b, v, generated(b, v, k, 21))
}

func timeSolves(b *testing.B, v *variant.Variant, ps []variant.Grid) {
	s := NewSolver(v)
	var worst time.Duration
	b.ResetTimer()
	for i := range b.N {
		t0 := time.Now()
		if _, err := s.Solve(ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
		worst = max(worst, time.Since(t0))
	}
	b.ReportMetric(float64(worst.Microseconds()), "worst-µs")
}

func BenchmarkSolve4(b *testing.B)  { benchSolve(b, must(variant.Sized(4)), 20) }
func BenchmarkSolve6(b *testing.B)  { benchSolve(b, must(variant.Sized(6)), 20) }
func BenchmarkSolve8(b *testing.B)  { benchSolve(b, must(variant.Sized(8)), 20) }
func BenchmarkSolve9(b *testing.B)  { benchSolve(b, variant.Classic(), 20) }
func BenchmarkSolve12(b *testing.B) { benchSolve(b, must(variant.Sized(12)), 10) }
func BenchmarkSolve16(b *testing.B) { benchSolve(b, must(variant.Sized(16)), 10) }
func BenchmarkSolveX(b *testing.B)  { benchSolve(b, variant.X(), 20) }
func BenchmarkSolveWindoku(b *testing.B) {
	benchSolve(b, variant.Windoku(), 20)
}
func BenchmarkSolveJigsaw(b *testing.B) { benchSolve(b, every(b)[8], 20) }
func BenchmarkSolveJigsaw6(b *testing.B) {
	benchSolve(b, every(b)[9], 20)
}

func must(v *variant.Variant, err error) *variant.Variant {
	if err != nil {
		panic(err)
	}
	return v
}

// dug makes k puzzles of v dug by Solver.Dig to er at most maxER from a
// fixed seed: the puzzles a level-aimed generator rates.
func dug(b *testing.B, v *variant.Variant, k int, maxER float64) []variant.Grid {
	rng := rand.New(rand.NewPCG(23, uint64(v.Size)))
	s := NewSolver(v)
	orbits, _ := variant.Orbits(v.Size, "none")
	out := make([]variant.Grid, k)
	for i := range out {
		sol, err := variant.NewSolver(v).Random(rng)
		if err != nil {
			b.Fatal(err)
		}
		out[i] = s.Dig(sol, orbits, maxER, rng)
	}
	return out
}

// BenchmarkSolve16Dug rates 16x16 puzzles dug to er 6.5 (the expert
// bound's side of the ladder: subsets, fish, wings, bent sets).
func BenchmarkSolve16Dug(b *testing.B) {
	v := must(variant.Sized(16))
	timeSolves(b, v, dug(b, v, 5, 6.5))
}

// BenchmarkSolve9EngineLogic rates the puzzles of BenchmarkSolve9 with
// the classic rater, engine/logic, for the ratio: classic puzzles go
// through engine/logic, this package is for the variants.
func BenchmarkSolve9EngineLogic(b *testing.B) {
	ps := generated(b, variant.Classic(), 20, 21)
	gs := make([]engine.Grid, len(ps))
	for i, p := range ps {
		copy(gs[i][:], p)
	}
	b.ResetTimer()
	for i := range b.N {
		if _, err := classic.Solve(gs[i%len(gs)]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSolveKillerPublished rates the 46 published killers of
// engine/variant/testdata (KrazyDad's intermediate, dailykillersudoku's
// level 10), the exact solver's uniqueness check included.
func BenchmarkSolveKillerPublished(b *testing.B) {
	benchKillers(b, false)
}

// BenchmarkSolveKillerKnown rates them with the solution given
// (Options.Solution), as a generator that has just checked uniqueness
// does: the rater's own time.
func BenchmarkSolveKillerKnown(b *testing.B) {
	benchKillers(b, true)
}

func benchKillers(b *testing.B, known bool) {
	var ps []publishedKiller
	var solvers []*Solver
	var sols []variant.Grid
	for _, p := range readPublished(b) {
		if p.source == "tarek" {
			continue
		}
		s := NewSolver(p.v)
		res, err := s.Solve(p.g)
		if err != nil {
			b.Fatal(err)
		}
		ps, solvers, sols = append(ps, p), append(solvers, s), append(sols, res.Solution)
	}
	var worst time.Duration
	b.ResetTimer()
	for i := range b.N {
		k := i % len(ps)
		opts := Options{}
		if known {
			opts.Solution = sols[k]
		}
		t0 := time.Now()
		if _, err := solvers[k].SolveWith(ps[k].g, opts); err != nil {
			b.Fatal(err)
		}
		worst = max(worst, time.Since(t0))
	}
	b.ReportMetric(float64(worst.Microseconds()), "worst-µs")
}

// BenchmarkSolveKillerGenerated rates pressrun's own expert and evil
// killers (../testdata/killer-generated.txt), one an iteration in turn,
// each with a new Solver (the exact solver's uniqueness check included)
// as the rate command meets a new killer.
func BenchmarkSolveKillerGenerated(b *testing.B) {
	data, err := os.ReadFile("../testdata/killer-generated.txt")
	if err != nil {
		b.Fatal(err)
	}
	var vs []*variant.Variant
	var gs []variant.Grid
	for line := range strings.Lines(string(data)) {
		key, cells, _ := strings.Cut(strings.TrimSpace(line), " ")
		v := must(variant.FromKey(key))
		g, err := v.Parse(cells)
		if err != nil {
			b.Fatal(err)
		}
		vs, gs = append(vs, v), append(gs, g)
	}
	var worst time.Duration
	b.ResetTimer()
	for i := range b.N {
		t0 := time.Now()
		if _, err := NewSolver(vs[i%len(vs)]).Solve(gs[i%len(gs)]); err != nil {
			b.Fatal(err)
		}
		worst = max(worst, time.Since(t0))
	}
	b.ReportMetric(float64(worst.Microseconds()), "worst-µs")
}

// BenchmarkKillerChainStep: one search of the dynamic forcing chains, with
// the cages' sums and the rule of 45's regions (one house or a few) as
// links, where the killer's static rungs leave Tarek's first hard killer:
// the chain engine's work on a hard killer, most of it the sums'
// searches (engine/sums' Fillings and RepeatFillings). No budget.
func BenchmarkKillerChainStep(b *testing.B) {
	var p publishedKiller
	for _, q := range readPublished(b) {
		if q.source == "tarek" {
			p = q
			break
		}
	}
	s, at, _ := stalled(b, p)
	dynamic := classicRung(classic.DynamicRungs[0])
	b.ResetTimer()
	for range b.N {
		if _, ok, _ := s.search.find(dynamic, at.val, at.cand, 0); !ok {
			b.Fatal("no step")
		}
	}
}
