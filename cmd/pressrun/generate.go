package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/pipeline"
)

var generateCommand = command{
	name:    "generate",
	summary: "make puzzles with a unique solution, in parallel, the same for a seed",
	usage: `usage: pressrun generate [-n N] [flags]

Generate makes N puzzles with a unique solution, minimal by default (no
given, or pair of givens under a symmetry, can go without losing
uniqueness), over --workers goroutines. Puzzle i of a run is made from its
own random stream of the seed, so a seed gives the same output for any
number of workers. Without --seed a random seed is chosen and printed on
stderr ("pressrun: seed N") so the run can be repeated.

--format line prints one 81-character puzzle a line ('.' for empty cells);
tsv and json print these columns:

  index     the puzzle's number in the run, from 0 (its random stream)
  puzzle    the puzzle
  solution  its solution
  clues     the number of givens
  symmetry  the symmetry of the givens' pattern actually used

Symmetries: none, rot180, rot90, mirror, flip, diagonal, antidiagonal, and
random (one of the others, none included, drawn per puzzle).

--level L makes puzzles at level L of the default ladder (easy, medium,
hard, expert, evil; see 'pressrun help rate') or of the --levels file:
levels up to er 1.5 or 2.5 are dug from a full grid only while hidden
singles (or all singles) still solve them, so they are not minimal; other
levels are minimal puzzles kept when the ladder names them level L. tsv
and json then add every column of 'pressrun rate' after symmetry.
--pattern, --clues and --minimal do not apply with --level.`,
	setup: setupGenerate,
}

func setupGenerate(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	n := fs.Int("n", 1, "make `N` puzzles")
	seed := fs.Uint64("seed", 0, "random `SEED` (default: a random one, printed on stderr)")
	symmetry := fs.String("symmetry", "none", "symmetry of the givens' pattern: `SYM` is none, rot180, rot90, mirror, flip,\ndiagonal, antidiagonal or random")
	pattern := fs.String("pattern", "", "clue pattern `FILE`: 81 cells, 'x' where a given may go, '.' where none may")
	clues := fs.String("clues", "", "number of givens: `MIN-MAX` or a single N, within 17-81")
	minimal := fs.Bool("minimal", true, "make minimal puzzles; --minimal=false with --clues stops digging at a\ncount drawn from the range")
	workers := workersFlag(fs, "generate on")
	format := fs.String("format", "line", "output `FORMAT`: line, tsv or json")
	levelName := fs.String("level", "", "make puzzles at `LEVEL`: easy, medium, hard, expert or evil, or a level of --levels")
	levels := levelsFlag(fs)
	return func(ctx context.Context, e *env, args []string) error {
		if len(args) > 0 {
			return usagef("generate reads no files; set the count with -n", "unexpected argument %q", args[0])
		}
		if err := checkFormat(*format, "line", "tsv", "json"); err != nil {
			return err
		}
		if *n < 0 {
			return usagef("-n 100 makes a hundred puzzles", "-n %d: want a count of 0 or more", *n)
		}
		opts := engine.GenerateOptions{Minimal: *minimal}
		cfg := pipeline.GenerateConfig{Count: *n, Seed: *seed, Workers: *workers}
		sym, err := engine.ParseSymmetry(*symmetry)
		if err != nil {
			return usagef("rot180 is the classic newspaper symmetry", "--symmetry %q: want one of none, rot180, rot90, mirror, flip, diagonal, antidiagonal, random", *symmetry)
		}
		opts.Symmetry = sym
		if *levels != "" && *levelName == "" {
			return usagef("--levels ladder.yaml --level gentle", "--levels needs --level to name one of its levels")
		}
		if *levelName != "" {
			ladder, err := loadLadder(*levels)
			if err != nil {
				return err
			}
			lv, ok := ladder.Find(*levelName)
			if !ok {
				return usagef("", "--level %q: want one of %s", *levelName, strings.Join(ladder.Names(), ", "))
			}
			for _, f := range []string{"pattern", "clues", "minimal"} {
				if flagSet(fs, f) {
					return usagef("leave --"+f+" out: a level's puzzles are dug as the level needs",
						"--%s does not apply with --level", f)
				}
			}
			cfg.Level, cfg.Ladder = &lv, ladder
			cfg.Stream = pipeline.LevelStream(lv.Name)
		}
		if *clues != "" {
			if opts.MinClues, opts.MaxClues, err = parseClues(*clues); err != nil {
				return err
			}
		} else if !*minimal {
			return usagef("--minimal=false --clues 30-35 makes puzzles with 30 to 35 givens",
				"--minimal=false needs --clues to say where to stop digging")
		}
		if *pattern != "" {
			p, err := readPattern(*pattern)
			if err != nil {
				return err
			}
			opts.Pattern = &p
		}
		cfg.Options = opts
		if _, err := engine.NewGenerator(opts); err != nil {
			return usagef("check --pattern, --symmetry and --clues together",
				"%s", strings.TrimPrefix(err.Error(), "engine: "))
		}
		if !flagSet(fs, "seed") {
			cfg.Seed = rand.Uint64()
			fmt.Fprintf(e.stderr, "pressrun: seed %d\n", cfg.Seed)
		}

		emit := func(p pipeline.Generated) error {
			_, err := fmt.Fprintln(e.stdout, p.Puzzle)
			return err
		}
		if *format != "line" {
			cols := []string{"index", "puzzle", "solution", "clues", "symmetry"}
			if cfg.Level != nil {
				cols = append(append(cols, ratingColumns...), "techniques")
			}
			out, err := newTable(e.stdout, *format, cols...)
			if err != nil {
				return err
			}
			emit = func(p pipeline.Generated) error {
				row := []any{p.Index, p.Puzzle.String(), p.Solution.String(), p.Puzzle.Clues(), p.Symmetry.String()}
				if p.Ratings != nil {
					row = append(append(row, ratingRow(p.Ratings)...), techniqueCounts(p.Ratings.Techniques))
				}
				return out.row(row...)
			}
		}
		err = pipeline.Generate(ctx, cfg, emit)
		if errors.Is(err, engine.ErrNoPuzzle) {
			hint := "widen --clues, allow --minimal=false, or use a pattern with more cells"
			if !*minimal {
				hint = "widen --clues, or use a pattern with more cells"
			}
			return &hintedError{err: err, hint: hint}
		}
		if errors.Is(err, level.ErrNoPuzzle) {
			hint := "try another seed, or --symmetry none: symmetric puzzles at the extremes are rare"
			if sym == engine.SymmetryNone {
				hint = "try another seed, or a level with a wider range (see --levels)"
			}
			return &hintedError{err: err, hint: hint}
		}
		return err
	}
}

// parseClues reads --clues: "MIN-MAX" or a single "N", within 17-81.
func parseClues(s string) (lo, hi int, err error) {
	bad := func(why string) error {
		return usagef("--clues 22-26 asks for 22 to 26 givens; --clues 24 for exactly 24",
			"--clues %q: %s", s, why)
	}
	a, b, isRange := strings.Cut(s, "-")
	if lo, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
		return 0, 0, bad("want MIN-MAX or a single N")
	}
	hi = lo
	if isRange {
		if hi, err = strconv.Atoi(strings.TrimSpace(b)); err != nil {
			return 0, 0, bad("want MIN-MAX or a single N")
		}
	}
	switch {
	case lo > hi:
		return 0, 0, bad("MIN is above MAX")
	case lo < 17:
		return 0, 0, bad("no puzzle with fewer than 17 givens has a unique solution; want 17-81")
	case hi > 81:
		return 0, 0, bad("a grid has 81 cells; want 17-81")
	}
	return lo, hi, nil
}

// readPattern reads a --pattern file; its errors name the file and line.
func readPattern(name string) (engine.Pattern, error) {
	const hint = "a pattern is 81 cells, on one line or nine: 'x' where a given may go, '.' where none may"
	data, err := os.ReadFile(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return engine.Pattern{}, usagef("", "--pattern %s: %v", name, err)
	}
	p, err := engine.ParsePattern(string(data))
	var pe *engine.ParseError
	if errors.As(err, &pe) {
		return engine.Pattern{}, usagef(hint, "--pattern %s:%d: %s", name, pe.Line, pe.Msg)
	}
	if err != nil {
		return engine.Pattern{}, usagef(hint, "--pattern %s: %v", name, err)
	}
	return p, nil
}

// flagSet reports whether the flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}
