// Package pipeline owns the concurrent stages that turn a request into
// puzzles: generation over a fixed number of workers today, and the rating,
// canonicalisation, storing and selection of a book as they arrive.
package pipeline

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/generate"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/teach"
	"github.com/pressrun/pressrun/store"
)

// GenerateConfig says how many puzzles to make, from which seed, on how many
// workers and with which engine options.
type GenerateConfig struct {
	Count   int
	Seed    uint64
	Workers int // below 1 means runtime.GOMAXPROCS(0)
	Options engine.GenerateOptions
	// Level, when set, asks for puzzles at that level of Ladder, made by
	// level.Generator with Options' symmetry, clue range and minimality
	// (level.Options says what they do there; its pattern does not apply)
	// and rated in full (Generated.Ratings).
	Level  *level.Level
	Ladder level.Ladder
	// Scale is the scale of er, ep and ed in the ratings; nil:
	// logic.DefaultScale.
	Scale *logic.Scale
	// Stream keeps apart the puzzles of requests made with one seed: a
	// book's sections, or the levels of `generate --level`. Job i draws
	// from rand.NewPCG(StreamSeed(Seed, Stream), i); stream 0 is the seed
	// itself.
	Stream uint64
	// First is the first job's index: a run of Count jobs from First makes
	// the puzzles a longer run from 0 makes at those indices.
	First int
	// Tries bounds the candidates a level puzzle's job makes before it
	// fails with level.ErrNoPuzzle (0: level's default).
	Tries int
	// Method, when it names a method of engine/generate other than
	// masking (tuned, hillclimb), makes the puzzles by that method with
	// Aim (its target, budget and ladder), rated in full (Generated.Ratings)
	// and with their outcome (Generated.Outcome); Options, Level and the
	// clue bounds do not apply then. "" and "masking" are the generators
	// above.
	Method string
	Aim    generate.Options
	// Technique, when set, asks for puzzles whose solve on Scale needs its
	// techniques and nothing harder (teach.Generator, with Options'
	// symmetry; the clue bounds and minimality do not apply), rated in
	// full (Generated.Ratings) with their levels on Ladder.
	Technique *teach.Aim
}

// LevelStream is the stream of `generate --level NAME`: a hash of the
// name, so that one seed's easy and evil puzzles do not start from the
// same solution grids.
func LevelStream(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64() | 1 // never 0, the plain seed's stream
}

// StreamSeed is the seed of stream of a run seeded seed: seed itself for
// stream 0, otherwise the two mixed (SplitMix64's finaliser), so that
// streams of one seed share no solution grids.
func StreamSeed(seed, stream uint64) uint64 {
	if stream == 0 {
		return seed
	}
	z := seed ^ (stream * 0x9e3779b97f4a7c15)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Generated is one puzzle of a batch and its job index (0-based). Puzzle
// Index of seed S (stream 0) is the one engine.Generator.Generate makes
// from rand.New(rand.NewPCG(S, uint64(Index))).
type Generated struct {
	Index int
	engine.Generated
	Ratings *rate.Ratings     // with GenerateConfig.Level or a Method
	Outcome *generate.Outcome // with a Method: hit or miss, and the work
}

// result is a finished job: a puzzle or the error that stopped it, and the
// time the job took.
type result struct {
	Generated
	err     error
	elapsed time.Duration
}

// GenerateTally sums up a run: its puzzles, how many of them hit their
// method's target and how many missed, and the time they took, job by job
// (so about the same for any worker count).
type GenerateTally struct {
	Puzzles, Hits, Misses int
	Time                  time.Duration
	Times                 []time.Duration // each puzzle's, in job order
}

// Mean is the mean time a puzzle took.
func (t GenerateTally) Mean() time.Duration {
	if t.Puzzles == 0 {
		return 0
	}
	return t.Time / time.Duration(t.Puzzles)
}

// Generate makes cfg.Count puzzles on cfg.Workers goroutines and calls emit
// with each, in job order, from a single goroutine. Job i draws from its own
// RNG, rand.New(rand.NewPCG(cfg.Seed, uint64(i))), so the output (and, when
// a job fails, the puzzles emitted before the failure) is the same for every
// worker count.
//
// It returns the first of: an error of emit, the error of the lowest failing
// job (wrapping engine.ErrNoPuzzle when the options cannot be met), or
// ctx.Err() when ctx is cancelled; in every case the workers have stopped
// when it returns. Bad options are reported before any work starts.
func Generate(ctx context.Context, cfg GenerateConfig, emit func(Generated) error) error {
	_, err := GenerateTallied(ctx, cfg, emit)
	return err
}

// GenerateTallied is Generate, also returning the tally of the puzzles
// emitted.
func GenerateTallied(ctx context.Context, cfg GenerateConfig, emit func(Generated) error) (GenerateTally, error) {
	var tally GenerateTally
	if cfg.Count <= 0 {
		return tally, nil
	}
	workers := min(Workers(cfg.Workers), cfg.Count)
	// Bad options are reported before any work starts.
	if _, err := engine.NewGenerator(cfg.Options); err != nil {
		return tally, fmt.Errorf("pipeline: %w", err)
	}
	if cfg.Level != nil {
		if _, err := level.NewGenerator(levelOptions(cfg)); err != nil {
			return tally, fmt.Errorf("pipeline: %w", err)
		}
	}
	if methodRun(cfg) {
		if _, err := generate.New(cfg.Method, cfg.Aim); err != nil {
			return tally, fmt.Errorf("pipeline: %w", err)
		}
	}
	if cfg.Technique != nil {
		if _, err := teach.NewGenerator(*cfg.Technique, cfg.Scale, cfg.Options.Symmetry); err != nil {
			return tally, fmt.Errorf("pipeline: %w", err)
		}
	}
	seed := StreamSeed(cfg.Seed, cfg.Stream)
	newWork := func() func(int) result {
		next := newGenerate(ctx, cfg)
		// One PCG per worker, reseeded per job: the same stream as a fresh
		// rand.NewPCG(seed, i), without an allocation per puzzle.
		src := rand.NewPCG(0, 0)
		rng := rand.New(src)
		return func(i int) result {
			start := time.Now()
			src.Seed(seed, uint64(i))
			p, err := next(rng)
			if err != nil {
				err = fmt.Errorf("pipeline: puzzle %d: %w", i, err)
			}
			p.Index = i
			return result{Generated: p, err: err, elapsed: time.Since(start)}
		}
	}
	err := OrderedRange(ctx, workers, cfg.First, cfg.First+cfg.Count, newWork, func(r result) error {
		if r.err != nil {
			return r.err
		}
		if err := emit(r.Generated); err != nil {
			return err
		}
		tally.Puzzles++
		tally.Time += r.elapsed
		tally.Times = append(tally.Times, r.elapsed)
		if o := r.Outcome; o != nil && o.Hit {
			tally.Hits++
		} else if o != nil {
			tally.Misses++
		}
		return nil
	})
	return tally, err
}

// newGenerate makes one worker's generating function: engine.Generator's,
// or with cfg.Level a level.Generator's, which also rates, or with
// cfg.Method that method's (see newMethod).
func newGenerate(ctx context.Context, cfg GenerateConfig) func(*rand.Rand) (Generated, error) {
	if methodRun(cfg) {
		return newMethod(cfg)
	}
	if cfg.Technique != nil {
		return newTeach(ctx, cfg)
	}
	if cfg.Level == nil {
		gen, _ := engine.NewGenerator(cfg.Options) // checked by Generate
		return func(rng *rand.Rand) (Generated, error) {
			p, err := gen.Generate(rng)
			return Generated{Generated: p}, err
		}
	}
	gen, _ := level.NewGenerator(levelOptions(cfg)) // checked by Generate
	return func(rng *rand.Rand) (Generated, error) {
		p, r, err := gen.Generate(rng)
		if err != nil {
			return Generated{}, err
		}
		return Generated{Generated: p, Ratings: &r}, nil
	}
}

// newTeach makes one worker's generating function for cfg.Technique:
// teach.Generator's puzzles, rated in full; a rare technique's search
// ends when ctx does.
func newTeach(ctx context.Context, cfg GenerateConfig) func(*rand.Rand) (Generated, error) {
	gen, _ := teach.NewGenerator(*cfg.Technique, cfg.Scale, cfg.Options.Symmetry) // checked by Generate
	gen.Tries, gen.Stop = cfg.Tries, ctx.Done()
	return func(rng *rand.Rand) (Generated, error) {
		p, _, err := gen.Generate(rng)
		if err != nil {
			return Generated{}, err
		}
		r, err := rate.RateOn(p.Puzzle, cfg.Ladder, cfg.Scale)
		if err != nil {
			return Generated{}, err
		}
		return Generated{Generated: p, Ratings: &r}, nil
	}
}

func levelOptions(cfg GenerateConfig) level.Options[rate.Ratings] {
	return level.Options[rate.Ratings]{Level: *cfg.Level, Ladder: cfg.Ladder, Symmetry: cfg.Options.Symmetry,
		Rate: levelRater(*cfg.Level, cfg.Ladder, cfg.Scale), Tries: cfg.Tries,
		CluesMin: cfg.Options.MinClues, CluesMax: cfg.Options.MaxClues, Minimal: cfg.Options.Minimal}
}

// levelRater rates candidates for a level: in full, but when the level's
// rules are all on the logical solver's columns only the puzzles that meet
// them get the costlier metrics, and when the level bounds er from above
// the solve of a candidate stops as soon as it needs a harder step.
func levelRater(lv level.Level, ladder level.Ladder, scale *logic.Scale) level.Rater[rate.Ratings] {
	quick := true
	for _, rule := range lv.Rules {
		quick = quick && slices.Contains(rate.LogicColumns, rule.Column)
	}
	maxER := 0.0
	if _, max := lv.Bounds("er"); max != nil && *max > 0 {
		maxER = *max
	}
	return func(g engine.Grid) (rate.Ratings, error) {
		if !quick {
			return rate.RateOn(g, ladder, scale)
		}
		r, stopped, err := rate.LogicOn(g, maxER, scale)
		if err != nil || stopped || !lv.Holds(r) {
			return r, err
		}
		r.Measure(g, ladder)
		return r, nil
	}
}

// archived is a generated classic puzzle as the archive keeps it: with
// its canonical form, provenance (label, pressrun's version, the run's
// seed and the job index) and ratings, on the scale it was rated on.
func archived(g Generated, label, version string, seed int64, scale *logic.Scale) store.Puzzle {
	p := classicPuzzle(g.Puzzle, g.Solution)
	job := int64(g.Index)
	p.Symmetry, p.Source, p.Label, p.Version, p.Seed, p.Job = g.Symmetry.String(), "generate", label, version, &seed, &job
	p.Ratings = &store.Ratings{Ratings: *g.Ratings, Rater: rate.RaterOn(scale)}
	return p
}
