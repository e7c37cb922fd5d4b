package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/teach"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

// The commands' work on the puzzles of variants (--variant KIND): the
// same flags, output and exit codes as for classic, through the variant
// engine.

// variantRatingColumns are the rating columns of a variant puzzle: the
// variant rater's (the seeds' metrics are classic's only).
var variantRatingColumns = []string{"level", "er", "ep", "ed", "score", "steps"}

func variantRatingRow(r *store.Ratings) []any {
	return []any{r.Level, num(r.ER), num(r.EP), num(r.ED), r.Score, r.Steps}
}

// variantLine is an archived puzzle as a line: its cells (a classic
// puzzle's 81), after its key for a jigsaw or a killer (each has its own
// layout), so that every command reads it back.
func variantLine(p *store.Puzzle) string {
	v := p.Geometry()
	if v.Layout() != "" {
		return v.Key() + " " + v.Format(p.Givens)
	}
	return v.Format(p.Givens)
}

// loadVariantLadder is the ladder of kind's puzzles: the --levels file,
// which must say variant: KIND, or the kind's built-in one.
func loadVariantLadder(path string, kind *variant.Variant) (level.Ladder, error) {
	if path == "" {
		return level.For(kind), nil
	}
	k, ladder, err := configs.LoadLevelsFor(path)
	if err != nil {
		return nil, usagef("configs/levels-16x16.yaml is a variant's ladder to start from", "--levels %v", err)
	}
	if k.String() != kind.Name {
		return nil, usagef("a variant's levels file says whose puzzles it rates: variant: "+kind.Name,
			"--levels %s is a ladder for %s puzzles, not %s", path, k, kind.Name)
	}
	return ladder, nil
}

// variantGenerateFlags are generate's flags that apply to variants.
type variantGenerateFlags struct {
	n, workers              int
	seed                    uint64
	seedGiven               bool
	symmetry, clues, format string
	levelName, levels       string
	minimal, minimalGiven   bool
	technique               *teach.Aim
}

// generateVariant is generate for the puzzles of kind.
func generateVariant(ctx context.Context, e *env, kind *variant.Variant, f variantGenerateFlags) error {
	cfg := pipeline.VariantConfig{Kind: kind.Name, Count: f.n, Seed: f.seed, Workers: f.workers, Symmetry: f.symmetry,
		Minimal: f.minimal, Label: "generate", Version: version, Unrated: f.format == "line"}
	if f.symmetry != "random" && !slices.Contains(variant.Symmetries, f.symmetry) {
		return usagef("", "--symmetry %q: want one of %s or random", f.symmetry, strings.Join(variant.Symmetries, ", "))
	}
	if f.symmetry != "random" {
		if ok, err := variant.KindAllows(kind.Name, f.symmetry); err != nil || !ok {
			return usagef("rot180 suits every kind", "--symmetry %s: %s puzzles cannot have it", f.symmetry, kind.Name)
		}
	}
	var err error
	if f.clues != "" {
		if cfg.CluesMin, cfg.CluesMax, err = parseCluesFor(f.clues, kind.Size); err != nil {
			return err
		}
	}
	ladder, err := loadVariantLadder(f.levels, kind)
	if err != nil {
		return err
	}
	cfg.Ladder = ladder
	if f.technique != nil {
		cfg.Technique, cfg.Stream = f.technique, pipeline.LevelStream("technique "+f.technique.Names())
	} else if f.levelName != "" {
		lv, ok := ladder.Find(f.levelName)
		if !ok {
			return usagef("", "--level %q: the %s ladder has %s", f.levelName, kind.Name, strings.Join(ladder.Names(), ", "))
		}
		cfg.Level, cfg.Stream = &lv, pipeline.LevelStream(lv.Name)
		if !f.minimalGiven {
			cfg.Minimal = false // the level's own digging
		}
	} else if f.clues == "" && !f.minimal {
		return usagef("--minimal=false --clues 30-35 makes puzzles with 30 to 35 givens", "--minimal=false needs --clues to say where to stop digging")
	}
	if !f.seedGiven {
		cfg.Seed = rand.Uint64()
		fmt.Fprintf(e.stderr, "pressrun: seed %d\n", cfg.Seed)
	}
	emit := func(g pipeline.VariantGenerated) error {
		_, err := fmt.Fprintln(e.stdout, variantLine(&g.Puzzle))
		return err
	}
	if f.format != "line" {
		cols := append(append([]string{"index", "puzzle", "solution", "clues", "symmetry"}, variantRatingColumns...), "techniques", "variant")
		if _, err := variant.KillerSize(kind.Name); err == nil && f.format == "json" {
			cols[1] = "cages" // the killer's JSON form, which every command reads
			cols = append(cols, "givens")
		}
		out, err := newTable(e.stdout, f.format, cols...)
		if err != nil {
			return err
		}
		emit = func(g pipeline.VariantGenerated) error {
			p := &g.Puzzle
			v := p.Geometry()
			var puzzle any = p.Line(p.Givens)
			if cols[1] == "cages" {
				puzzle = v.Cages
			}
			row := append([]any{g.Index, puzzle, p.Line(p.Solution), p.Givens.Clues(), p.Symmetry}, variantRatingRow(p.Ratings)...)
			row = append(row, techniqueCounts(p.Ratings.Techniques), v.Key())
			if cols[1] == "cages" {
				row = append(row, p.Line(p.Givens))
			}
			return out.row(row...)
		}
	}
	var times []time.Duration
	timed := func(g pipeline.VariantGenerated) error {
		times = append(times, g.Took)
		return emit(g)
	}
	err = pipeline.GenerateVariants(ctx, cfg, timed)
	if cfg.Technique != nil && err == nil {
		writeTechniqueTimes(e.stderr, cfg.Technique, times)
	}
	switch {
	case errors.Is(err, level.ErrNoPuzzle) && cfg.Technique != nil:
		return &hintedError{err: err, hint: "try another seed, or --symmetry none; 'pressrun help techniques' says which techniques are rare"}
	case errors.Is(err, teach.ErrNotOnLadder):
		return usagef("'pressrun help techniques' lists the kinds each technique is on", "--technique %s: %s", cfg.Technique.Names(), strings.TrimPrefix(err.Error(), "pipeline: teach: "))
	case errors.Is(err, level.ErrNoPuzzle):
		return &hintedError{err: err, hint: "try another seed, or --symmetry none, or widen --clues"}
	case errors.Is(err, variant.ErrNoPuzzle), errors.Is(err, variant.ErrOptions):
		return &hintedError{err: err, hint: "widen --clues, or allow --minimal=false"}
	}
	return err
}

// parseCluesFor is --clues for a grid of side n: MIN-MAX or N within n-1
// to n².
func parseCluesFor(s string, n int) (lo, hi int, err error) {
	if _, err := fmt.Sscanf(s, "%d-%d", &lo, &hi); err != nil {
		if _, err := fmt.Sscanf(s, "%d", &lo); err != nil || fmt.Sprint(lo) != s {
			return 0, 0, usagef("", "--clues %q: want MIN-MAX or N", s)
		}
		hi = lo
	}
	if lo < n-1 || hi > n*n || lo > hi {
		return 0, 0, usagef("", "--clues %q: want a range within %d-%d for a %dx%d grid", s, n-1, n*n, n, n)
	}
	return lo, hi, nil
}

// rateVariant is rate for the puzzles of kind: the variant rater's
// columns, the techniques, and the variant's key last.
func rateVariant(ctx context.Context, e *env, files []string, kind *variant.Variant, levels, format string, keepGoing bool, workers, budget int) error {
	ladder, err := loadVariantLadder(levels, kind)
	if err != nil {
		return err
	}
	out, err := newTable(e.stdout, format, append(append([]string{"puzzle"}, variantRatingColumns...), "techniques", "variant")...)
	if err != nil {
		return err
	}
	type rated struct {
		p      store.Puzzle
		reason string
	}
	rejected := 0
	err = eachVariantParallel(ctx, e, files, kind, keepGoing, workers,
		func() func(pipeline.Position, variant.Puzzle) rated {
			kit := pipeline.NewVariantKit()
			kit.Budget, kit.Stop = budget, ctx.Done()
			return func(_ pipeline.Position, p variant.Puzzle) rated {
				a, err := kit.Prepare(p, ladder)
				if err != nil {
					return rated{reason: err.Error()}
				}
				return rated{p: a}
			}
		},
		func(at pipeline.Position, p variant.Puzzle, v rated) error {
			if v.reason != "" {
				fmt.Fprintf(e.stderr, "%s: %s\n", at, v.reason)
				rejected++
				if !keepGoing {
					return usagef("fix it, or pass --keep-going to rate the rest", "stopped at the first puzzle without exactly one solution")
				}
				return nil
			}
			row := append([]any{p.Variant.Format(p.Grid)}, variantRatingRow(v.p.Ratings)...)
			return out.row(append(row, techniqueCounts(v.p.Ratings.Techniques), p.Variant.Key())...)
		})
	if err == nil && rejected > 0 {
		err = usagef("'pressrun solve --variant "+kind.Name+"' counts the solutions", "skipped %s without exactly one solution", plural(rejected, "puzzle"))
	}
	return err
}

// canonVariant is canon for the puzzles of kind: each puzzle's canonical
// form under the variant's own group, as the archive keeps it (a
// jigsaw's canonical layout in its key), and the variant's key.
func canonVariant(ctx context.Context, e *env, files []string, kind *variant.Variant, format string, keepGoing bool, workers int) error {
	out, err := newTable(e.stdout, format, "puzzle", "canonical", "variant")
	if err != nil {
		return err
	}
	return eachVariantParallel(ctx, e, files, kind, keepGoing, workers,
		func() func(pipeline.Position, variant.Puzzle) string {
			kit := pipeline.NewVariantKit()
			return func(_ pipeline.Position, p variant.Puzzle) string { return kit.Canonical(p.Variant, p.Grid) }
		},
		func(_ pipeline.Position, p variant.Puzzle, form string) error {
			return out.row(p.Variant.Format(p.Grid), form, p.Variant.Key())
		})
}
