package variant

import (
	"math/rand/v2"
	"testing"
)

// puzzles makes k puzzles of v from a fixed seed, for the benchmarks (no
// public 16x16 set is at hand; these are pressrun's own, minimal).
func puzzles(b *testing.B, v *Variant, k int) []Grid {
	b.Helper()
	rng := rand.New(rand.NewPCG(11, 12))
	out := make([]Grid, k)
	for i := range out {
		p, _, err := Generate(v, "none", rng)
		if err != nil {
			b.Fatal(err)
		}
		out[i] = p
	}
	return out
}

// BenchmarkUnique16 times the uniqueness check (counting to two) of
// minimal 16x16 puzzles: the check a generator runs at every removal.
func BenchmarkUnique16(b *testing.B) {
	v := must(Sized(16))
	ps := puzzles(b, v, 10)
	s := NewSolver(v)
	b.ResetTimer()
	for i := range b.N {
		if !s.Unique(ps[i%len(ps)]) {
			b.Fatal("not unique")
		}
	}
}

// BenchmarkGenerate16 times making one minimal 16x16 puzzle.
func BenchmarkGenerate16(b *testing.B) {
	v := must(Sized(16))
	rng := rand.New(rand.NewPCG(1, 2))
	for range b.N {
		if _, _, err := Generate(v, "none", rng); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGenerate6 times making one minimal 6x6 puzzle.
func BenchmarkGenerate6(b *testing.B) {
	v := must(Sized(6))
	rng := rand.New(rand.NewPCG(1, 2))
	for range b.N {
		if _, _, err := Generate(v, "none", rng); err != nil {
			b.Fatal(err)
		}
	}
}

// benchLayouts times drawing one n x n jigsaw layout with rot180
// symmetry and a solution grid (RandomLayout, failed fills included),
// and reports the share of the walk's layouts the fill found a solution
// for.
func benchLayouts(b *testing.B, n int) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range b.N {
		if _, err := RandomLayout(n, "rot180", rng); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	w := newWalk(must(Sized(n)), "rot180")
	filled := 0
	const k = 100
	for range k {
		if v := must(Jigsaw(n, w.draw(rng))); newFiller(v).fill(rng) != nil {
			filled++
		}
	}
	b.ReportMetric(float64(filled)/k, "filled/layout")
}

func BenchmarkRandomLayout9(b *testing.B) { benchLayouts(b, 9) }
func BenchmarkRandomLayout6(b *testing.B) { benchLayouts(b, 6) }

// benchJigsaw times making one minimal rot180 jigsaw puzzle of the kind,
// its layout drawn too (GenerateKind).
func benchJigsaw(b *testing.B, kind string) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range b.N {
		if _, err := GenerateKind(kind, Options{Symmetry: "rot180", Minimal: true}, rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkGenerateJigsaw9(b *testing.B) { benchJigsaw(b, "jigsaw") }
func BenchmarkGenerateJigsaw6(b *testing.B) { benchJigsaw(b, "jigsaw-6x6") }
