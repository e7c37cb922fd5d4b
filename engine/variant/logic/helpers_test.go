package logic

import (
	"math/rand/v2"
	"os"
	"strings"
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

// read16 reads the 16x16 puzzles of a file of engine/variant's testdata,
// one a line: the 16x16 variant and the puzzles.
func read16(t testing.TB, file string) (*variant.Variant, []variant.Grid) {
	t.Helper()
	v, err := variant.Sized(16)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile("../testdata/" + file)
	if err != nil {
		t.Fatal(err)
	}
	var out []variant.Grid
	for _, line := range strings.Fields(string(data)) {
		p, err := v.Parse(line)
		if err != nil {
			t.Fatalf("%s: %v", file, err)
		}
		out = append(out, p)
	}
	return v, out
}
