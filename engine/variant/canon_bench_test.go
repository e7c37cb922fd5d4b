package variant

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine"
)

// canonData is k generated puzzles of v and their solutions, from a
// fixed seed (pressrun's own: no public set of these variants is at
// hand), half of them with a rot180 pattern as books print them.
func canonData(b *testing.B, v *Variant, k int) (puzzles, solutions []Grid) {
	b.Helper()
	rng := rand.New(rand.NewPCG(31, 32))
	for i := range k {
		sym := []string{"none", "rot180"}[i%2]
		if !v.Allows(sym) {
			sym = "none"
		}
		p, sol, err := Generate(v, sym, rng)
		if err != nil {
			b.Fatal(err)
		}
		puzzles, solutions = append(puzzles, p), append(solutions, sol)
	}
	return puzzles, solutions
}

// benchCanonical times Canonical over the grids with a kept group and
// reports the slowest single call too.
func benchCanonical(b *testing.B, v *Variant, grids []Grid) {
	G := GroupOf(v)
	var worst time.Duration
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		G.Canonical(grids[i%len(grids)])
		worst = max(worst, time.Since(start))
	}
	b.ReportMetric(float64(worst.Microseconds()), "worst-µs")
}

func BenchmarkCanonical(b *testing.B) {
	for _, tt := range []struct {
		name string
		v    *Variant
		k    int
	}{
		{"16x16", must(Sized(16)), 10},
		{"12x12", must(Sized(12)), 10},
		{"6x6", must(Sized(6)), 50},
		{"x", X(), 50},
		{"windoku", Windoku(), 50},
		{"jigsaw", jigsaw9(b), 50},
		{"jigsaw-6x6", jigsaw6(b), 50},
	} {
		var ps, sols []Grid
		b.Run(tt.name+"/puzzle", func(b *testing.B) {
			ps, sols = canonData(b, tt.v, tt.k)
			benchCanonical(b, tt.v, ps)
		})
		b.Run(tt.name+"/solution", func(b *testing.B) {
			if sols == nil {
				ps, sols = canonData(b, tt.v, tt.k)
			}
			benchCanonical(b, tt.v, sols)
		})
	}
}

// BenchmarkCanonicalClassic compares the generic path on classic with
// engine.Canonical on the same puzzles (the pipeline keeps the engine's).
func BenchmarkCanonicalClassic(b *testing.B) {
	var ps []engine.Grid
	for _, line := range strings.Fields(string(must2(os.ReadFile("../testdata/top1465-sample.txt")))) {
		if p, err := engine.Parse(line); err == nil {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		b.Fatal("no puzzles")
	}
	b.Run("generic", func(b *testing.B) {
		grids := make([]Grid, len(ps))
		for i, p := range ps {
			grids[i] = Grid(append([]uint8(nil), p[:]...))
		}
		benchCanonical(b, Classic(), grids)
	})
	b.Run("engine", func(b *testing.B) {
		for i := range b.N {
			engine.Canonical(ps[i%len(ps)])
		}
	})
}

// BenchmarkGroupOf times deriving a group (the search of X's moves).
func BenchmarkGroupOf(b *testing.B) {
	for _, v := range []*Variant{X(), Windoku(), must(Sized(16))} {
		b.Run(v.Name, func(b *testing.B) {
			for range b.N {
				GroupOf(v)
			}
		})
	}
}

func must2(data []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return data
}
