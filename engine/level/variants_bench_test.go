package level

import (
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// BenchmarkKillerLevels makes one killer a level per op, from the same
// seeds each run: the time a book's killer section costs a puzzle.
func BenchmarkKillerLevels(b *testing.B) {
	v, err := variant.ForKind("killer")
	if err != nil {
		b.Fatal(err)
	}
	for _, lv := range For(v) {
		b.Run(lv.Name, func(b *testing.B) {
			g, err := NewVariantGenerator(VariantOptions{Kind: "killer", Level: lv})
			if err != nil {
				b.Fatal(err)
			}
			tried := 0
			for i := range b.N {
				if _, err := g.Generate(rand.New(rand.NewPCG(uint64(i), 23))); err != nil {
					b.Fatal(err)
				}
				tried += g.Tried
				g.Tried = 0
			}
			b.ReportMetric(float64(tried)/float64(b.N), "tries/op")
		})
	}
}
