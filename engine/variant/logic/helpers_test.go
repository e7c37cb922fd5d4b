package logic

import (
	"math/rand/v2"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// every is each variant pressrun knows without a layout, and a 9x9 and a
// 6x6 jigsaw (the layouts of engine/variant's tests).
func every(t testing.TB) []*variant.Variant {
	t.Helper()
	var out []*variant.Variant
	for _, n := range variant.Sizes {
		v, err := variant.Sized(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	out = append(out, variant.X(), variant.Windoku(), jigsaw(t, 9, ""+
		"111223333"+
		"111122333"+
		"112222233"+
		"444455666"+
		"445556666"+
		"444555566"+
		"777888889"+
		"778898899"+
		"777799999"), jigsaw(t, 6, ""+
		"111124"+
		"112224"+
		"333224"+
		"353664"+
		"553664"+
		"555664"))
	return out
}

func jigsaw(t testing.TB, n int, layout string) *variant.Variant {
	t.Helper()
	v, err := variant.ParseLayout(n, layout)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// generated makes k minimal puzzles of v from the seed.
func generated(t testing.TB, v *variant.Variant, k int, seed uint64) []variant.Grid {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, uint64(v.Size)))
	out := make([]variant.Grid, k)
	for i := range out {
		p, _, err := variant.Generate(v, "none", rng)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = p
	}
	return out
}
