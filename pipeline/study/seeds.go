package study

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/generate"
	"github.com/pressrun/pressrun/engine/solve"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/pipeline/stats"
)

// Reproduction is a seed whose experiments `pressrun study --reproduce`
// repeats: what it reproduces, what --sample changes in it, and the run.
type Reproduction struct {
	ID     string
	What   string // what it reproduces, for help study
	Sample string // its sets' default sizes and what --sample N changes
	run    func(context.Context, Options) (*Report, error)
}

// Reproductions are the seeds Reproduce knows, each in its own file.
var Reproductions = []Reproduction{seed000, seed001, seed002, seed003, seed004}

// ReproductionIDs are the seeds Reproduce knows.
func ReproductionIDs() []string {
	ids := make([]string, len(Reproductions))
	for i, r := range Reproductions {
		ids[i] = r.ID
	}
	return ids
}

// ErrNoReproduction is the error of Reproduce for a seed it does not know.
var ErrNoReproduction = errors.New("no such reproduction")

// ErrNoData is wrapped when a reproduction's data set is missing.
var ErrNoData = errors.New("data set missing")

// Reproduce repeats seed id's experiment on the public sets in
// o.DataDir and reports it beside the paper's figures, each claim with
// its verdict.
func Reproduce(ctx context.Context, id string, o Options) (*Report, error) {
	start := time.Now()
	i := slices.IndexFunc(Reproductions, func(r Reproduction) bool { return r.ID == id })
	if i < 0 {
		return nil, fmt.Errorf("%w: %q (want one of %s)", ErrNoReproduction, id, strings.Join(ReproductionIDs(), ", "))
	}
	s, err := Reproductions[i].run(ctx, o)
	if err != nil {
		return nil, err
	}
	s.Notes = append(s.Notes, fmt.Sprintf("Seed %d for every random choice, %d workers, %.1f s in all.", o.Solve.Seed, pipeline.Workers(o.Workers), time.Since(start).Seconds()))
	return s, nil
}

// Set compares the methods on a puzzle set, seed 001's way.
func Set(ctx context.Context, name string, ps []engine.Grid, o Options) (*Report, error) {
	start := time.Now()
	ps = o.sample(ps, -1)
	r, err := runMethods(ctx, studyKey(name), ps, studyMethods(o.Methods), o, true)
	if err != nil {
		return nil, err
	}
	sec, err := r.compare(fmt.Sprintf("The methods side by side on %s", name))
	if err != nil {
		return nil, err
	}
	return &Report{Title: "pressrun study: " + name, Sections: []Section{sec},
		Notes: []string{fmt.Sprintf("%d puzzles of %s; seed %d, %d workers, %.1f s in all.", len(ps), name, o.Solve.Seed, pipeline.Workers(o.Workers), time.Since(start).Seconds())}}, nil
}

// studyKey is a set's name as the report's files and tables name it: its
// first file's base name without extension, in letters, digits and '-'
// ("set" when nothing is left).
func studyKey(name string) string {
	name, _, _ = strings.Cut(name, ", ")
	name = strings.TrimSuffix(filepath.Base(name), filepath.Ext(name))
	key := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, name)
	if strings.Trim(key, "-") == "" {
		return "set"
	}
	return key
}

// readSet reads a public set of o.DataDir: puzzles and, for a TSV with a
// third column (se-bands.tsv), each puzzle's band.
func readSet(o Options, name string) (ps []engine.Grid, bands []string, err error) {
	path := filepath.Join(o.DataDir, name)
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, fmt.Errorf("no %s there: %w", name, ErrNoData)
	}
	if err != nil {
		return nil, nil, err
	}
	for n, line := range strings.Split(string(data), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Split(line, "\t")
		g, err := engine.Parse(fields[0])
		if err != nil {
			return nil, nil, fmt.Errorf("%s:%d: %w", path, n+1, err)
		}
		ps = append(ps, g)
		if len(fields) >= 3 {
			bands = append(bands, fields[2])
		}
	}
	return ps, bands, nil
}

// seBands are se-bands.tsv's bands, easiest first, with the level of
// seed 000's and seed 002's tables each is set beside (hard2 has none:
// the papers have four levels).
var seBands = []struct{ band, paperLevel string }{
	{"easy", "easy"}, {"medium", "medium"}, {"hard1", "hard"}, {"hard2", ""}, {"diabolical", "evil"},
}

// byBand splits values by band, in seBands' order.
func byBand(bands []string, values []float64) []namedValues {
	out := make([]namedValues, len(seBands))
	for i, b := range seBands {
		out[i].name = b.band
		for j, v := range values {
			if bands[j] == b.band {
				out[i].values = append(out[i].values, v)
			}
		}
	}
	return out
}

// sampleBands takes n puzzles of each band (evenly spread over it).
func sampleBands(ps []engine.Grid, bands []string, n int) ([]engine.Grid, []string) {
	var outP []engine.Grid
	var outB []string
	for _, b := range seBands {
		var in []engine.Grid
		for i := range ps {
			if bands[i] == b.band {
				in = append(in, ps[i])
			}
		}
		for _, g := range spread(in, n) {
			outP, outB = append(outP, g), append(outB, b.band)
		}
	}
	return outP, outB
}

func methodsNamed(names ...string) []studyMethod {
	out := make([]studyMethod, len(names))
	for i, n := range names {
		m, err := solve.Find(n)
		if err != nil {
			panic(err) // the names are this file's own
		}
		out[i] = studyMethod{Name: n, Method: m}
	}
	return out
}

func meanOrNaN(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	return stats.Mean(v)
}

// minOrNaN and maxOrNaN are the least and the most of v, NaN for none.
func minOrNaN(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	return slices.Min(v)
}

func maxOrNaN(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	return slices.Max(v)
}

func solutionOf(g engine.Grid) (engine.Grid, bool) {
	n, sol := engine.CountSolutions(g, 2)
	return sol, n == 1
}

// generated is a puzzle a generator made in a study, and its time.
type generated struct {
	res  generate.Result
	secs float64
	err  error
}

// generatedTarget is what a generator made for one target.
type generatedTarget struct {
	target generate.Target
	made   []generated
}

// generatorMade makes n puzzles by a generation method with opts aimed at
// each value of column. Puzzle i of target t draws from the stream (seed,
// t, i) whatever the options, so that runs with other options are paired.
func generatorMade(ctx context.Context, o Options, n int, method, column string, values []float64, opts generate.Options) ([]generatedTarget, error) {
	var out []generatedTarget
	for ti, v := range values {
		target := generate.Target{Column: column, Value: v, Tolerance: generate.DefaultTolerance(column, v)}
		opts.Target = target
		gt := generatedTarget{target: target}
		o.progress(fmt.Sprintf("%s %s", method, target), 0, n)
		err := pipeline.OrderedRange(ctx, o.Workers, 0, n, func() func(int) generated {
			g, err := generate.New(method, opts)
			return func(i int) generated {
				if err != nil {
					return generated{err: err}
				}
				rng := rand.New(rand.NewPCG(o.Solve.Seed, uint64(ti)<<32|uint64(i)))
				start := time.Now()
				res, err := g.Generate(rng)
				return generated{res, time.Since(start).Seconds(), err}
			}
		}, func(m generated) error {
			gt.made = append(gt.made, m)
			return m.err
		})
		if err != nil {
			return nil, err
		}
		out = append(out, gt)
	}
	return out, nil
}

// hits is how many of the puzzles made hit the target.
func (gt generatedTarget) hits() int {
	n := 0
	for _, m := range gt.made {
		if m.res.Hit {
			n++
		}
	}
	return n
}

// generatorTable tabulates, for each target, the hits, the values of
// column reached, and the time and moves a puzzle took.
func generatorTable(column string, made []generatedTarget) Table {
	t := Table{Columns: []string{"target", "puzzles", "hits", "mean reached", "min reached", "mean ms", "mean moves"}}
	for _, gt := range made {
		var reached, ms, moves []float64
		for _, m := range gt.made {
			c, _ := m.res.Ratings.Column(column)
			reached = append(reached, c)
			ms = append(ms, m.secs*1000)
			moves = append(moves, float64(m.res.Moves))
		}
		t.addRow(gt.target.String(), len(gt.made), gt.hits(), stats.Mean(reached), slices.Min(reached), stats.Mean(ms), stats.Mean(moves))
	}
	return t
}

// joinFloats writes values in format, apart by " / ", and "none" for no
// values.
func joinFloats(v []float64, format string) string {
	if len(v) == 0 {
		return "none"
	}
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprintf(format, x)
	}
	return strings.Join(s, " / ")
}

// sum is the sum of v.
func sum(v []float64) float64 {
	s := 0.0
	for _, x := range v {
		s += x
	}
	return s
}

// quantileOf is v's q-quantile (stats.Quantile of v sorted).
func quantileOf(v []float64, q float64) float64 {
	s := slices.Clone(v)
	slices.Sort(s)
	return stats.Quantile(s, q)
}
