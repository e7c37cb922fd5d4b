package logic

import (
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// benchSolve rates minimal puzzles of v made from a fixed seed (no public
// set of the variants is at hand; these are pressrun's own).
func benchSolve(b *testing.B, v *variant.Variant, k int) {
	ps := generated(b, v, k, 21)
	s := NewSolver(v)
	b.ResetTimer()
	for i := range b.N {
		if _, err := s.Solve(ps[i%len(ps)]); err != nil {
			b.Fatal(err)
		}
	}
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
