package variant

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// readGenerated reads testdata/killer-generated.txt: pressrun's own
// expert and evil killers, each its variant and puzzle.
func readGenerated(tb testing.TB) ([]*Variant, []Grid) {
	tb.Helper()
	data, err := os.ReadFile("testdata/killer-generated.txt")
	if err != nil {
		tb.Fatal(err)
	}
	var vs []*Variant
	var gs []Grid
	for line := range strings.Lines(string(data)) {
		key, cells, _ := strings.Cut(strings.TrimSpace(line), " ")
		v, err := FromKey(key)
		if err != nil {
			tb.Fatal(err)
		}
		g, err := v.Parse(cells)
		if err != nil {
			tb.Fatal(err)
		}
		vs, gs = append(vs, v), append(gs, g)
	}
	return vs, gs
}

// BenchmarkKillerUniqueGenerated times the uniqueness check of
// pressrun's own expert and evil killers (testdata/killer-generated.txt),
// one an iteration in turn, each with a new solver as a rater meeting a
// new killer makes one.
func BenchmarkKillerUniqueGenerated(b *testing.B) {
	vs, gs := readGenerated(b)
	nodes := 0
	b.ResetTimer()
	for i := range b.N {
		s := NewSolver(vs[i%len(vs)])
		if !s.Unique(gs[i%len(gs)]) {
			b.Fatal("not unique")
		}
		nodes += s.nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkKillerUniquePublished times the uniqueness check (counting to
// two) of the published killers of testdata (17 hard 9x9 killers, no
// givens), one an iteration in turn.
func BenchmarkKillerUniquePublished(b *testing.B) {
	ps := readKillers(b)
	solvers := make([]*Solver, len(ps))
	for i, p := range ps {
		solvers[i] = NewSolver(p.v)
	}
	benchKillers(b, solvers)
}

// BenchmarkKillerUniqueRandom times it on unique 9x9 killers of random
// layouts (randomKiller, cages of 1 to 5 cells), one an iteration in turn.
func BenchmarkKillerUniqueRandom(b *testing.B) {
	rng := rand.New(rand.NewPCG(11, 12))
	var solvers []*Solver
	empty := make(Grid, 81)
	for len(solvers) < 20 {
		s := NewSolver(randomKiller(b, 9, rng).v)
		if s.Unique(empty) {
			solvers = append(solvers, s)
		}
	}
	benchKillers(b, solvers)
}

// benchKillers times the uniqueness check of the empty killers the
// solvers are for, one an iteration in turn.
func benchKillers(b *testing.B, solvers []*Solver) {
	empty := make(Grid, 81)
	nodes := 0
	b.ResetTimer()
	for i := range b.N {
		s := solvers[i%len(solvers)]
		if !s.Unique(empty) {
			b.Fatal("not unique")
		}
		nodes += s.nodes
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// BenchmarkKillerCanonical times the canonical form of the testdata
// killers (testKillers: 17 + 46, no givens), one an iteration in turn,
// each as an import meets it: its group derived (GroupOf) and the form
// found, the canonical killer built. "kept" times the form alone, the
// groups derived beforehand.
func BenchmarkKillerCanonical(b *testing.B) {
	ps := testKillers(b)
	empty := make(Grid, 81)
	b.Run("derive", func(b *testing.B) {
		moves := 0
		for i := range b.N {
			v := ps[i%len(ps)].v
			G := GroupOf(v)
			G.Canonical(empty)
			moves += int(G.Moves())
		}
		b.ReportMetric(float64(moves)/float64(b.N), "moves/op")
	})
	b.Run("kept", func(b *testing.B) {
		groups := make([]*Group, len(ps))
		for i, p := range ps {
			groups[i] = GroupOf(p.v)
		}
		b.ResetTimer()
		for i := range b.N {
			groups[i%len(groups)].Canonical(empty)
		}
	})
}
