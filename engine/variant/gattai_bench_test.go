package variant

import (
	"math/rand/v2"
	"testing"
)

// samurais are n minimal samurai puzzles dug from solutions drawn by a
// fixed seed, as the generator makes them.
func samurais(b *testing.B, n int) (*Variant, []Grid) {
	v, err := Gattai("samurai")
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	var out []Grid
	for range n {
		p, _, err := Generate(v, "none", rng)
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, p)
	}
	return v, out
}

// BenchmarkSamuraiUnique: the exact solver's uniqueness check of a
// minimal samurai (369 cells), the generator's inner loop.
func BenchmarkSamuraiUnique(b *testing.B) {
	v, ps := samurais(b, 8)
	s := NewSolver(v)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if !s.Unique(ps[i%len(ps)]) {
			b.Fatal("not unique")
		}
	}
}

// BenchmarkSamuraiGenerate: a minimal samurai made, a solution drawn and
// dug, one core.
func BenchmarkSamuraiGenerate(b *testing.B) {
	v, _ := Gattai("samurai")
	rng := rand.New(rand.NewPCG(7, 8))
	for b.Loop() {
		if _, _, err := Generate(v, "none", rng); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSamuraiCanonical: the canonical form of a minimal samurai,
// the archive's key for finding copies.
func BenchmarkSamuraiCanonical(b *testing.B) {
	v, ps := samurais(b, 8)
	G := GroupOf(v)
	for i := 0; b.Loop(); i++ {
		G.Canonical(ps[i%len(ps)])
	}
}
