package logic

import (
	"math"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/enginetest"
	"github.com/pressrun/pressrun/engine/enginetest/skips"
)

// sharedData holds the public calibration sets beside the repository;
// tests that need them skip when it is absent.
var sharedData = enginetest.SharedData

// ratedPuzzle is a puzzle with Sudoku Explainer's rating (se-rated.tsv)
// or band (se-bands.tsv).
type ratedPuzzle struct {
	grid engine.Grid
	se   float64
	band string
}

func readTSV(tb testing.TB, path string) []ratedPuzzle {
	tb.Helper()
	var out []ratedPuzzle
	for _, r := range enginetest.ReadRated(tb, path) {
		out = append(out, ratedPuzzle{grid: r.Grid, se: r.SE, band: r.Band})
	}
	return out
}

// solveAll rates the puzzles on all cores, failing the test on any error.
func solveAll(tb testing.TB, puzzles []engine.Grid) []Result {
	return solveAllWith(tb, puzzles, Options{})
}

// solved keeps every result the package's tests have had from SolveWith,
// by puzzle and options: several tests rate the same puzzles the same way
// (SE 1.2.1's and skfr's reference sets share their puzzles and scale,
// SukakuExplainer's bank is drawn from se-rated.tsv, the samples and the
// forum's hardest are rated by more than one test), and a result depends
// on nothing else. The hardest take seconds each.
var solved sync.Map // solveKey -> solveResult

type solveKey struct {
	puzzle engine.Grid
	opts   Options // with the defaults filled in
}

type solveResult struct {
	res Result
	err error
}

// solveOnce is SolveWith, each puzzle and options solved once a test
// binary; a caller gets its own copy of the steps.
func solveOnce(puzzle engine.Grid, opts Options) (Result, error) {
	key := solveKey{puzzle, opts}
	if key.opts.Budget == 0 {
		key.opts.Budget = DefaultBudget
	}
	if key.opts.Scale == nil {
		key.opts.Scale = DefaultScale
	}
	v, ok := solved.Load(key)
	if !ok {
		res, err := SolveWith(puzzle, opts)
		v, _ = solved.LoadOrStore(key, solveResult{res, err})
	}
	r := v.(solveResult)
	res := r.res
	res.Steps = slices.Clone(res.Steps)
	return res, r.err
}

// solveAllWith is solveAll with the options.
func solveAllWith(tb testing.TB, puzzles []engine.Grid, opts Options) []Result {
	tb.Helper()
	out := make([]Result, len(puzzles))
	errs := make([]error, len(puzzles))
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = solveOnce(puzzles[i], opts)
			}
		}()
	}
	for i := range puzzles {
		next <- i
	}
	close(next)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			tb.Errorf("puzzle %d %s: %v", i, puzzles[i], err)
		}
	}
	return out
}

// spearman is the rank correlation of x and y (ties get mean ranks).
func spearman(x, y []float64) float64 {
	rank := func(v []float64) []float64 {
		idx := make([]int, len(v))
		for i := range idx {
			idx[i] = i
		}
		sort.Slice(idx, func(a, b int) bool { return v[idx[a]] < v[idx[b]] })
		r := make([]float64, len(v))
		for i := 0; i < len(idx); {
			j := i
			for j < len(idx) && v[idx[j]] == v[idx[i]] {
				j++
			}
			for k := i; k < j; k++ {
				r[idx[k]] = float64(i+j-1) / 2
			}
			i = j
		}
		return r
	}
	rx, ry := rank(x), rank(y)
	var mx, my float64
	for i := range rx {
		mx += rx[i]
		my += ry[i]
	}
	mx /= float64(len(rx))
	my /= float64(len(ry))
	var sxy, sxx, syy float64
	for i := range rx {
		sxy += (rx[i] - mx) * (ry[i] - my)
		sxx += (rx[i] - mx) * (rx[i] - mx)
		syy += (ry[i] - my) * (ry[i] - my)
	}
	return sxy / math.Sqrt(sxx*syy)
}

// TestSEAgreement holds the ratings to Sudoku Explainer's on the
// calibration sets and asserts the acceptance thresholds. The bank is
// SukakuExplainer's, so its scale is sukaku.
func TestSEAgreement(t *testing.T) {
	if testing.Short() {
		skips.Skip(t, skips.Short, "rates 5,000 puzzles")
	}
	rated := readTSV(t, sharedData+"/se-rated.tsv")
	grids := make([]engine.Grid, len(rated))
	for i, p := range rated {
		grids[i] = p.grid
	}
	res := solveAllWith(t, grids, Options{Scale: Sukaku})
	var er, se []float64
	var lowN, lowOK, highN, highOK int
	type acc struct {
		n      int
		sum    float64
		within int
	}
	byValue := map[float64]*acc{}
	for i, p := range rated {
		r := res[i].ER
		er = append(er, r)
		se = append(se, p.se)
		ok := math.Abs(r-p.se) <= 0.5+1e-9
		if p.se <= 7.0 {
			lowN++
			if ok {
				lowOK++
			}
		} else {
			highN++
			if ok {
				highOK++
			}
		}
		a := byValue[p.se]
		if a == nil {
			a = &acc{}
			byValue[p.se] = a
		}
		a.n++
		a.sum += r
		if ok {
			a.within++
		}
	}
	rho := spearman(er, se)
	lowShare := float64(lowOK) / float64(lowN)
	highShare := float64(highOK) / float64(highN)
	t.Logf("se-rated.tsv: %d puzzles, Spearman %.3f, within 0.5: %.1f%% of %d rated <= 7.0, %.1f%% of %d above",
		len(rated), rho, 100*lowShare, lowN, 100*highShare, highN)
	var values []float64
	for v := range byValue {
		values = append(values, v)
	}
	sort.Float64s(values)
	var sb strings.Builder
	for _, v := range values {
		a := byValue[v]
		sb.WriteString(strconv.FormatFloat(v, 'f', 1, 64) + "->" + strconv.FormatFloat(a.sum/float64(a.n), 'f', 2, 64) +
			"(" + strconv.Itoa(100*a.within/a.n) + "%) ")
	}
	t.Logf("mean er (share within 0.5) per SE value: %s", sb.String())

	bands := readTSV(t, sharedData+"/se-bands.tsv")
	grids = grids[:0]
	for _, p := range bands {
		grids = append(grids, p.grid)
	}
	bres := solveAllWith(t, grids, Options{Scale: Sukaku})
	bandOf := func(er float64) string {
		switch {
		case er < 1.5:
			return "easy"
		case er < 2.5:
			return "medium"
		case er < 3.8:
			return "hard1"
		case er < 5.0:
			return "hard2"
		}
		return "diabolical"
	}
	count := map[string][2]int{}
	for i, p := range bands {
		c := count[p.band]
		c[0]++
		if bandOf(bres[i].ER) == p.band {
			c[1]++
		}
		count[p.band] = c
	}
	share := func(b string) float64 { return float64(count[b][1]) / float64(count[b][0]) }
	// hard2 is labelled SE 3.8-4.9, but its puzzles rate 2.5: the 40 of
	// them that se-rated.tsv also holds are all 2.5 there (SukakuExplainer),
	// so only easy and medium are held to their bands.
	t.Logf("se-bands.tsv: in band: easy %.1f%%, medium %.1f%%, hard1 %.1f%%, hard2 %.1f%%, diabolical %.1f%%",
		100*share("easy"), 100*share("medium"), 100*share("hard1"), 100*share("hard2"), 100*share("diabolical"))

	if rho < 0.90 {
		t.Errorf("Spearman(er, SE) = %.3f, want >= 0.90", rho)
	}
	if lowShare < 0.80 {
		t.Errorf("within 0.5 of SE for %.1f%% of puzzles rated <= 7.0, want >= 80%%", 100*lowShare)
	}
	if highShare < 0.60 {
		t.Errorf("within 0.5 of SE for %.1f%% of puzzles rated above 7.0, want >= 60%%", 100*highShare)
	}
	if share("easy") < 0.90 || share("medium") < 0.90 {
		t.Errorf("band agreement easy %.1f%%, medium %.1f%%, want >= 90%% each", 100*share("easy"), 100*share("medium"))
	}
}

func mustParse(line string) engine.Grid {
	g, err := engine.Parse(line)
	if err != nil {
		panic(err)
	}
	return g
}
