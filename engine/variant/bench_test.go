package variant

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// readPuzzles reads a testdata file of v's puzzles, one line each (the
// sources are in testdata/README.md).
func readPuzzles(tb testing.TB, v *Variant, path string) []Grid {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var out []Grid
	for _, line := range strings.Fields(string(data)) {
		g, err := v.Parse(line)
		if err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		out = append(out, g)
	}
	if len(out) == 0 {
		tb.Fatalf("%s: no puzzles", path)
	}
	return out
}

// benchUnique times the uniqueness check (counting to two) over the
// puzzles of a testdata file, one puzzle an iteration in turn.
func benchUnique(b *testing.B, key, path string) {
	v := must(Named(key))
	ps := readPuzzles(b, v, path)
	s := NewSolver(v)
	nodes := 0
	b.ResetTimer()
	for i := range b.N {
		if !s.Unique(ps[i%len(ps)]) {
			b.Fatalf("%s: not unique", v.Format(ps[i%len(ps)]))
		}
		nodes += s.nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkUnique16 times the uniqueness check of minimal 16x16 puzzles
// (about 94 givens, pressrun's own): the check a generator runs at every
// removal, on its hardest puzzles.
func BenchmarkUnique16(b *testing.B) { benchUnique(b, "16x16", "testdata/minimal-16x16.txt") }

// BenchmarkUnique16Published times it on 55 published 16x16 puzzles
// (janko.at by way of Gecode's examples, 98 to 128 givens).
func BenchmarkUnique16Published(b *testing.B) { benchUnique(b, "16x16", "testdata/janko16.txt") }

// BenchmarkUnique12 times it on minimal 12x12 puzzles.
func BenchmarkUnique12(b *testing.B) { benchUnique(b, "12x12", "testdata/minimal-12x12.txt") }

// BenchmarkUnique9 times it on minimal classic puzzles (the variant
// solver's, not the classic engine's).
func BenchmarkUnique9(b *testing.B) { benchUnique(b, "classic", "testdata/minimal-classic.txt") }

// BenchmarkUniqueX times it on minimal Sudoku X puzzles.
func BenchmarkUniqueX(b *testing.B) { benchUnique(b, "x", "testdata/minimal-x.txt") }

// BenchmarkUniqueWindoku times it on minimal windoku puzzles.
func BenchmarkUniqueWindoku(b *testing.B) { benchUnique(b, "windoku", "testdata/minimal-windoku.txt") }

// BenchmarkUnique6 times it on minimal 6x6 puzzles.
func BenchmarkUnique6(b *testing.B) { benchUnique(b, "6x6", "testdata/minimal-6x6.txt") }

// benchGenerate times making one minimal puzzle of the variant key.
func benchGenerate(b *testing.B, key string) {
	v := must(Named(key))
	rng := rand.New(rand.NewPCG(1, 2))
	givens := 0
	for range b.N {
		p, _, err := Generate(v, "none", rng)
		if err != nil {
			b.Fatal(err)
		}
		givens += p.Clues()
	}
	b.ReportMetric(float64(givens)/float64(b.N), "givens")
}

// BenchmarkGenerate16 times making one minimal 16x16 puzzle.
func BenchmarkGenerate16(b *testing.B) { benchGenerate(b, "16x16") }

// BenchmarkGenerate12 times making one minimal 12x12 puzzle.
func BenchmarkGenerate12(b *testing.B) { benchGenerate(b, "12x12") }

// BenchmarkGenerateX times making one minimal Sudoku X puzzle.
func BenchmarkGenerateX(b *testing.B) { benchGenerate(b, "x") }

// BenchmarkGenerate6 times making one minimal 6x6 puzzle.
func BenchmarkGenerate6(b *testing.B) { benchGenerate(b, "6x6") }

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
