package logic

import (
	"bufio"
	"cmp"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// reference is a set of puzzles as a community rater rated them
// (testdata/reference/RATER-SET.tsv, written by scripts/rate-references).
//
// referenceScales are the raters' scales: SukakuExplainer's own, and
// Sudoku Explainer 1.2.1's, which skfr re-implements (and, on some
// dynamic chains, counts a little shorter than 1.2.1 does).
var referenceScales = map[string]*Scale{"sukaku": Sukaku, "se121": Classic, "skfr": Classic}

type reference struct {
	name    string
	puzzles []engine.Grid
	er      [][3]float64 // er, ep, ed; NaN where the rater gave none
}

func readReference(t *testing.T, path string) reference {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	ref := reference{name: strings.TrimSuffix(filepath.Base(path), ".tsv")}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Split(sc.Text(), "\t")
		if len(fields) != 4 {
			t.Fatalf("%s:%d: %d fields, want puzzle, er, ep, ed", path, n, len(fields))
		}
		g, err := engine.Parse(fields[0])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		var r [3]float64
		for i, s := range fields[1:] {
			if r[i], err = strconv.ParseFloat(s, 64); err != nil {
				r[i] = math.NaN()
			}
		}
		ref.puzzles = append(ref.puzzles, g)
		ref.er = append(ref.er, r)
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ref
}

// agreement is how often pressrun's er, ep and ed equal a reference's,
// and are within 0.1 and 0.3 of it, over the puzzles the reference
// rated; bound counts the er that are lower bounds (Result.Bound).
type agreement struct {
	n                       int
	exact, within1, within3 [3]int
	bound                   int
	misses                  map[[2]float64]int // er: (reference, pressrun) -> puzzles
}

func (a agreement) share(k [3]int, i int) float64 { return float64(k[i]) / float64(max(a.n, 1)) }

// compare holds res, pressrun's ratings of the reference's puzzles at
// the indexes idx, to the reference's.
func compare(ref reference, idx []int, res []Result) agreement {
	a := agreement{misses: map[[2]float64]int{}}
	for k, i := range idx {
		want := ref.er[i]
		if math.IsNaN(want[0]) {
			continue
		}
		a.n++
		got := [3]float64{res[k].ER, res[k].EP, res[k].ED}
		for j := range 3 {
			d := math.Abs(got[j] - want[j])
			if d < 1e-9 {
				a.exact[j]++
			}
			if d <= 0.1+1e-9 {
				a.within1[j]++
			}
			if d <= 0.3+1e-9 {
				a.within3[j]++
			}
		}
		if res[k].Bound {
			a.bound++
		}
		if math.Abs(got[0]-want[0]) > 1e-9 {
			a.misses[[2]float64{want[0], got[0]}]++
		}
	}
	return a
}

// referenceFloors are the shares of exact er agreement each reference set
// must keep (of the sample the test rates): today's, a little under, so
// that a change that loses agreement fails. Issue 26 asks 0.95 on the
// full sets: Sudoku Explainer 1.2.1.3's and SukakuExplainer's sets meet
// it; skfr's top1465 cannot while pressrun follows Sudoku Explainer
// 1.2.1.3, since skfr and 1.2.1.3 themselves agree on only 84% of it
// (skfr's dynamic chains are often 0.1 shorter). On the hardest, skfr's
// nested chains are its own: Sudoku Explainer 1.2.1.3, which pressrun
// follows, rates them 0.1 to 0.3 above skfr as a rule. Sudoku Explainer
// 1.2.1.3's and SukakuExplainer's hardest sets are short (14 and 15 puzzles, all
// agreeing today): one miss is 7%. skfr's hardest sample begins with the
// 15 it shares with Sudoku Explainer 1.2.1.3's set (sampleOf), where
// their nested chains part most: 4 of its 24 agree today (an even spread
// of 24 had 6), and one miss more fails.
var referenceFloors = map[string]float64{
	"se121-unbiased":  0.99,
	"se121-top1465":   0.99,
	"skfr-unbiased":   0.95,
	"skfr-top1465":    0.83,
	"skfr-hardest":    0.15,
	"se121-hardest":   0.85,
	"sukaku-hardest":  0.85,
	"sukaku-unbiased": 0.99,
	"sukaku-bank":     0.99,
}

// hardestSample is how many of a hardest set the test rates without
// FULL=1: they take nested forcing chains, about 2.5 s a puzzle.
const hardestSample = 24

// devHardestSample is a developer's hardest sample (CI unset): an even
// spread of 8 of Sudoku Explainer 1.2.1.3's 15 and SukakuExplainer's 14,
// all exact in CI, and skfr's puzzles among those 8 (sharedOnly).
const devHardestSample = 8

// sampleOf is the indexes of ref's puzzles the test rates: every one with
// FULL=1 or in a set of at most its sample (300, hardestSample for the
// hardest); else the puzzles that another set on the same scale rates in
// full come first (skfr's hardest holds SE 1.2.1.3's 15, rated once for
// both by solveOnce, at seconds each), and the rest of the sample is
// spread evenly over the others.
func sampleOf(ref reference, refs []reference) []int {
	sample := func(r reference) int {
		switch {
		case os.Getenv("FULL") != "":
			return len(r.puzzles)
		case !strings.HasSuffix(r.name, "-hardest"):
			return 300
		case !skips.Acceptance():
			return devHardestSample
		}
		return hardestSample
	}
	scale := func(r reference) *Scale { return referenceScales[strings.Split(r.name, "-")[0]] }
	n := sample(ref)
	if len(ref.puzzles) <= n {
		idx := make([]int, len(ref.puzzles))
		for i := range idx {
			idx[i] = i
		}
		return idx
	}
	rated := map[engine.Grid]bool{}
	for _, r := range refs {
		switch {
		case r.name == ref.name || scale(r) != scale(ref):
		case len(r.puzzles) <= sample(r):
			for _, g := range r.puzzles {
				rated[g] = true
			}
		case sharedOnly(ref) && strings.HasSuffix(r.name, "-hardest") && r.name < ref.name:
			for _, i := range sampleOf(r, refs) {
				rated[r.puzzles[i]] = true
			}
		}
	}
	var idx, rest []int
	for i, g := range ref.puzzles {
		if rated[g] && len(idx) < n {
			idx = append(idx, i)
		} else {
			rest = append(rest, i)
		}
	}
	if sharedOnly(ref) && len(idx) > 0 {
		return idx
	}
	step := float64(len(rest)) / float64(n-len(idx))
	for k := range n - len(idx) {
		idx = append(idx, rest[int(float64(k)*step)])
	}
	slices.Sort(idx)
	return idx
}

// sharedOnly says whether a developer's run (CI unset, FULL unset) rates
// of ref only the puzzles another hardest set rates anyway: skfr's
// hardest, on the puzzles of Sudoku Explainer 1.2.1.3's sample, whose
// floor holds for CI's sample of 24 (on the 15 shared with 1.2.1.3, where
// the two part most, 2 agree; the other nine take nested chains for
// seconds each). Its agreement is reported, and its floor checked in CI.
func sharedOnly(ref reference) bool {
	return ref.name == "skfr-hardest" && !skips.Acceptance() && os.Getenv("FULL") == ""
}

// TestReferenceAgreement rates the puzzles of each reference set (every
// one with FULL=1, else an even sample of at most 300, hardestSample of
// the hardest; see sampleOf) and reports how
// often er, ep and ed equal the community rater's and are within 0.1,
// with the commonest disagreements; it fails when exact er agreement
// falls under the set's floor.
func TestReferenceAgreement(t *testing.T) {
	files, _ := filepath.Glob("testdata/reference/*.tsv")
	if len(files) == 0 {
		t.Fatal("no reference ratings in testdata/reference (scripts/rate-references writes them)")
	}
	var refs []reference
	for _, path := range files {
		refs = append(refs, readReference(t, path))
	}
	for _, ref := range refs {
		path := filepath.Join("testdata/reference", ref.name+".tsv")
		t.Run(ref.name, func(t *testing.T) {
			idx := sampleOf(ref, refs)
			grids := make([]engine.Grid, len(idx))
			for k, i := range idx {
				grids[k] = ref.puzzles[i]
			}
			scale := referenceScales[strings.Split(ref.name, "-")[0]]
			if scale == nil {
				t.Fatalf("%s: no rater %q", path, strings.Split(ref.name, "-")[0])
			}
			a := compare(ref, idx, solveAllWith(t, grids, Options{Scale: scale}))
			t.Logf("%s: %d puzzles; exact er %.1f%% ep %.1f%% ed %.1f%%; within 0.1 er %.1f%% ep %.1f%% ed %.1f%%; within 0.3 er %.1f%%; %d er lower bounds (over the budget)",
				ref.name, a.n, 100*a.share(a.exact, 0), 100*a.share(a.exact, 1), 100*a.share(a.exact, 2),
				100*a.share(a.within1, 0), 100*a.share(a.within1, 1), 100*a.share(a.within1, 2), 100*a.share(a.within3, 0), a.bound)
			type miss struct {
				pair [2]float64
				n    int
			}
			var misses []miss
			for p, n := range a.misses {
				misses = append(misses, miss{p, n})
			}
			slices.SortFunc(misses, func(x, y miss) int {
				return cmp.Or(y.n-x.n, cmp.Compare(x.pair[0], y.pair[0]), cmp.Compare(x.pair[1], y.pair[1]))
			})
			var sb strings.Builder
			for _, m := range misses[:min(12, len(misses))] {
				fmt.Fprintf(&sb, " %.1f->%.1f x%d", m.pair[0], m.pair[1], m.n)
			}
			t.Logf("commonest er disagreements (reference->pressrun):%s", sb.String())
			if sharedOnly(ref) {
				t.Logf("%s: a developer's run rates the %d puzzles shared with another set; the floor, %.0f%%, is checked on CI's sample of %d", ref.name, a.n, 100*referenceFloors[ref.name], hardestSample)
			} else if floor := referenceFloors[ref.name]; a.share(a.exact, 0) < floor {
				t.Errorf("exact er agreement %.1f%%, under the floor %.1f%%", 100*a.share(a.exact, 0), 100*floor)
			}
		})
	}
}
