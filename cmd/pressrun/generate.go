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
	"github.com/pressrun/pressrun/engine/generate"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/variant"
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
--clues applies to levels too: a puzzle dug with fewer givens gets givens
of its solution back (whole orbits of the symmetry, drawn at random, up
to a count drawn from the range) and is rated again. More givens make a
puzzle easier: an easy one stays easy, a harder one that falls below its
level is dropped and another dug. A puzzle with more givens is dropped.
--level easy --clues 36-45 makes puzzles for beginners. With --level,
--minimal defaults to the level's own digging: minimal from hard up, not
for easy and medium, and never when --clues starts above what minimal
puzzles reach (27 givens without symmetry, 31 with rot180); --minimal
makes even easy puzzles minimal and adds no givens back. --pattern does
not apply with --level.

--method M chooses how the puzzles are made (--target aims the last two):

  masking    the default: seed 000's random masking, as above
  tuned      seed 000's tuned masking: givens removed by strategies aimed
             at the target (the given that lowers the WNEF most, when a
             WNEF below 0.19 is sought; then the fullest box's, the
             commonest digit's, and the rest in row order), a removal
             undone when it goes past the target; at a minimum short of
             it, annealing adds givens back and optimises again, keeping
             the closest (--anneal=false turns it off); each removal is
             tested unique by a solver, or with --uniqueness hybrid by
             seed 000's hybrid test (naked and hidden singles, then at
             most two guesses; it refuses some unique boards)
  hillclimb  seed 002's hill climbing: from a random start, add, delete
             or change one given at a time, keeping a change only when
             the rating comes closer to the target

--target COLUMN=VALUE names any rating column of 'pressrun rate' (and
steps, ruleguesses, rulebacktracks): wnef=0.12, callcount=98.2, er=4.5.
A puzzle hits the target when the column is within --tolerance of VALUE:
an absolute width (0.005) or a share of VALUE (10%); by default 0.005 on
wnef, 0.01 on gc, 0.05 on er, ep and ed, and 10% (at least 0.5) on the
counts. tuned comes at the target from the easy side (from above on wnef,
where lower is harder); hillclimb from either. Seed 002's levels are
callcount=6.2, 29.2, 98.2 and 527.4; seed 000's are wnef=0.268, 0.111,
0.092 and 0.041, but on pressrun's WNEF even 17-clue puzzles have a median
of 0.10, and tuned reaches 0.107 on average, 0.097 at best (0.151 and
0.128 without annealing; 20 puzzles).
--max-moves bounds the moves a puzzle may take (default 20000 for tuned,
3000 for hillclimb); a puzzle that runs out is the closest one found, a
miss. Each puzzle is unique and rated; tsv and json add the columns
method, target, tolerance, hit, attempts (solution grids or starts tried),
moves, anneals, then every rating column. At the end a line on stderr
counts the hits and misses and gives the mean time a puzzle took.
--symmetry, --pattern, --clues, --minimal and --level do not apply with
tuned or hillclimb.

--technique NAMES makes puzzles for a teaching book's chapter: each one's
solve, always taking the simplest step available, needs one of the named
techniques (comma-separated: any of them) at least once, --require N
times with N, where nothing simpler applies, and nothing rated above it.
'pressrun help techniques' lists the names, their ratings on each scale
and the kinds they apply to (--scale sukaku has the skyscraper, the kite
and the turbot fish). The puzzles are dug from a full grid while they stay
within the technique, so they are not minimal; --symmetry applies, and
--variant for every kind but the killers. tsv and json add the rating
columns; stderr gives the median and slowest time a puzzle took. The
rare techniques take seconds a puzzle (jellyfish, the BUG types, aligned
triplet exclusion), and a hidden quad, which Sudoku Explainer's order
hardly ever needs, is not found at all within the tries.

--variant KIND makes puzzles of another kind: 4x4, 6x6, 8x8, 12x12, 16x16,
x, windoku, jigsaw or jigsaw-6x6, at the levels of that kind's ladder
('pressrun help rate'), with the symmetries its geometry allows (a jigsaw
gets a layout of its own, made with the symmetry). Lines are n*n cells in
1-9 then A-G; a jigsaw's start with its key, "jigsaw:LAYOUT CELLS", so
that solve, rate, canon, explain, layout and archive import read them
back. tsv and json print the variant rater's columns and the variant's
key; --pattern and --method are classic's.`,
	setup: setupGenerate,
}

func setupGenerate(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	n := fs.Int("n", 1, "make `N` puzzles")
	seed := fs.Uint64("seed", 0, "random `SEED` (default: a random one, printed on stderr)")
	symmetry := fs.String("symmetry", "none", "symmetry of the givens' pattern: `SYM` is none, rot180, rot90, mirror, flip,\ndiagonal, antidiagonal or random")
	pattern := fs.String("pattern", "", "clue pattern `FILE`: 81 cells, 'x' where a given may go, '.' where none may")
	clues := fs.String("clues", "", "number of givens: `MIN-MAX` or a single N, within 17-81")
	minimal := fs.Bool("minimal", true, "make minimal puzzles (with --level: as the level digs them, see above);\n--minimal=false with --clues stops digging at a count drawn from the range")
	workers := workersFlag(fs, "generate on")
	format := fs.String("format", "line", "output `FORMAT`: line, tsv or json")
	levelName := fs.String("level", "", "make puzzles at `LEVEL`: easy, medium, hard, expert or evil, or a level of --levels")
	levels := levelsFlag(fs)
	method := fs.String("method", "masking", "make puzzles by `METHOD`: masking, tuned or hillclimb")
	target := fs.String("target", "", "aim tuned or hillclimb at `COLUMN=VALUE`: wnef=0.12, callcount=98.2, er=4.5")
	tolerance := fs.String("tolerance", "", "count a puzzle within `T` of the target a hit: 0.005 or 10% (default: by column)")
	anneal := fs.Bool("anneal", true, "let tuned anneal when its minimum is short of the target")
	uniqueness := fs.String("uniqueness", "exact", "how tuned tests that a removal keeps the puzzle unique: `TEST` is exact (a solver)\nor hybrid (seed 000's: singles, then at most two guesses)")
	maxMoves := fs.Int("max-moves", 0, "bound the moves of one puzzle to `N` (default: 20000 for tuned, 3000 for hillclimb)")
	technique := fs.String("technique", "", "make puzzles whose solve needs `NAMES` (any of them, comma-separated) and nothing\nrated above; see 'pressrun help techniques'")
	require := fs.Int("require", 1, "with --technique, at least `N` steps of the techniques")
	kindFlag := variantFlag(fs, "make")
	scaleFlag := scaleFlag(fs)
	return func(ctx context.Context, e *env, args []string) error {
		if len(args) > 0 {
			return usagef("generate reads no files; set the count with -n", "unexpected argument %q", args[0])
		}
		scale, err := scaleFlag()
		if err != nil {
			return err
		}
		if err := checkFormat(*format, "line", "tsv", "json"); err != nil {
			return err
		}
		if *n < 0 {
			return usagef("-n 100 makes a hundred puzzles", "-n %d: want a count of 0 or more", *n)
		}
		kind, err := kindFlag()
		if err != nil {
			return err
		}
		aim, err := techniqueFlag(fs, *technique, *require)
		if err != nil {
			return err
		}
		if aim != nil {
			for _, name := range []string{"level", "method", "pattern", "clues", "minimal"} {
				if flagGiven(fs, name) {
					return usagef("a technique's puzzles are dug until they need it; leave --"+name+" out",
						"--%s does not apply with --technique", name)
				}
			}
		}
		if kind != nil {
			for _, name := range []string{"pattern", "method", "target", "tolerance", "anneal", "uniqueness", "max-moves", "scale"} {
				if flagGiven(fs, name) {
					return usagef("the methods and patterns make classic puzzles; leave out --variant", "--%s with --variant %s", name, kind.Name)
				}
			}
			if _, err := variant.KillerSize(kind.Name); err == nil && aim != nil {
				return usagef("--technique makes classic and the other variants' puzzles", "--technique with --variant %s: its cages are merged, not dug", kind.Name)
			}
			return generateVariant(ctx, e, kind, variantGenerateFlags{n: *n, workers: *workers, seed: *seed, seedGiven: flagGiven(fs, "seed"),
				symmetry: *symmetry, clues: *clues, format: *format, levelName: *levelName, levels: *levels,
				minimal: *minimal, minimalGiven: flagGiven(fs, "minimal"), technique: aim})
		}
		opts := engine.GenerateOptions{Minimal: *minimal}
		cfg := pipeline.GenerateConfig{Count: *n, Seed: *seed, Workers: *workers, Scale: scale}
		sym, err := engine.ParseSymmetry(*symmetry)
		if err != nil {
			return usagef("rot180 is the classic newspaper symmetry", "--symmetry %q: want one of none, rot180, rot90, mirror, flip, diagonal, antidiagonal, random", *symmetry)
		}
		opts.Symmetry = sym
		if cfg.Technique = aim; aim != nil {
			if cfg.Ladder, err = loadLadder(*levels); err != nil {
				return err
			}
			cfg.Options = opts
			cfg.Stream = pipeline.LevelStream("technique " + cfg.Technique.Names())
		}
		if cfg.Method, cfg.Aim, err = methodFlags(fs, *method, *target, *tolerance, !*anneal, *uniqueness, *maxMoves); err != nil {
			return err
		}
		aimed := cfg.Method != "masking"
		if aimed {
			if cfg.Aim.Ladder, err = loadLadder(*levels); err != nil {
				return err
			}
			cfg.Aim.Scale = scale
		} else {
			if *levels != "" && *levelName == "" && cfg.Technique == nil {
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
				if flagGiven(fs, "pattern") {
					return usagef("leave --pattern out: a level's puzzles are dug as the level needs",
						"--pattern does not apply with --level")
				}
				cfg.Level, cfg.Ladder = &lv, ladder
				cfg.Stream = pipeline.LevelStream(lv.Name)
			}
			if *clues != "" {
				if opts.MinClues, opts.MaxClues, err = parseClues(*clues); err != nil {
					return err
				}
			}
			if lv := cfg.Level; lv != nil {
				reach := level.MinimalClues(sym)
				switch {
				case !flagGiven(fs, "minimal"):
					opts.Minimal = level.DefaultMinimal(*lv, sym, opts.MinClues)
				case *minimal && opts.MinClues > reach:
					return usagef("leave --minimal out, and givens of the solution are added back to the dug puzzles",
						"--minimal with --clues %s: minimal puzzles with %s symmetry have at most about %d givens", *clues, sym, reach)
				}
			} else if *clues == "" && !*minimal {
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
		}
		if !flagGiven(fs, "seed") {
			cfg.Seed = rand.Uint64()
			fmt.Fprintf(e.stderr, "pressrun: seed %d\n", cfg.Seed)
		}

		emit := func(p pipeline.Generated) error {
			_, err := fmt.Fprintln(e.stdout, p.Puzzle)
			return err
		}
		if *format != "line" {
			cols := []string{"index", "puzzle", "solution", "clues", "symmetry"}
			switch {
			case aimed:
				cols = append(append(append(cols, methodColumns...), methodRatingColumns...), "techniques")
			case cfg.Level != nil || cfg.Technique != nil:
				cols = append(append(cols, ratingColumns...), "techniques")
			}
			out, err := newTable(e.stdout, *format, cols...)
			if err != nil {
				return err
			}
			emit = func(p pipeline.Generated) error {
				row := []any{p.Index, p.Puzzle.String(), p.Solution.String(), p.Puzzle.Clues(), p.Symmetry.String()}
				if aimed {
					row = append(row, methodRow(cfg, p)...)
				}
				if p.Ratings != nil && !aimed {
					row = append(row, ratingRow(p.Ratings)...)
				}
				if p.Ratings != nil {
					row = append(row, techniqueCounts(p.Ratings.Techniques))
				}
				return out.row(row...)
			}
		}
		tally, err := pipeline.GenerateTallied(ctx, cfg, emit)
		if cfg.Technique != nil && err == nil {
			writeTechniqueTimes(e.stderr, cfg.Technique, tally.Times)
		}
		if aimed && err == nil {
			fmt.Fprintf(e.stderr, "pressrun: %s at %s±%s: %s, %d hit and %d missed, %.1f ms a puzzle\n",
				cfg.Method, cfg.Aim.Target, num(cfg.Aim.Target.Tolerance), plural(tally.Puzzles, "puzzle"),
				tally.Hits, tally.Misses, float64(tally.Mean().Microseconds())/1000)
		}
		if errors.Is(err, engine.ErrNoPuzzle) {
			hint := "widen --clues, allow --minimal=false, or use a pattern with more cells"
			if !*minimal {
				hint = "widen --clues, or use a pattern with more cells"
			}
			return &hintedError{err: err, hint: hint}
		}
		if errors.Is(err, level.ErrNoPuzzle) && cfg.Technique != nil {
			return &hintedError{err: err, hint: "try another seed, or --symmetry none; 'pressrun help techniques' says which techniques are rare"}
		}
		if errors.Is(err, level.ErrNoPuzzle) {
			hint := "try another seed, or --symmetry none: symmetric puzzles at the extremes are rare"
			switch {
			case opts.MinClues > 0 && opts.Minimal:
				hint = "widen --clues, or leave --minimal out: minimal puzzles outside the range are dropped"
			case opts.MinClues > 0:
				hint = fmt.Sprintf("widen --clues: a puzzle dug with more givens is dropped, and givens added to reach %d make it easier, so few %s puzzles fit", opts.MinClues, cfg.Level.Name)
			case sym == engine.SymmetryNone:
				hint = "try another seed, or a level with a wider range (see --levels)"
			}
			return &hintedError{err: err, hint: hint}
		}
		return err
	}
}

// methodFlags reads --method and the flags that aim it: the method's name
// and its options, or bad usage.
func methodFlags(fs *flag.FlagSet, name, target, tolerance string, noAnneal bool, uniqueness string, maxMoves int) (string, generate.Options, error) {
	var opts generate.Options
	m, ok := generate.Lookup(name)
	if !ok {
		return "", opts, usagef("'pressrun help generate' describes them; --method tuned --target wnef=0.12 aims at a WNEF",
			"--method %q: want one of %s", name, strings.Join(generate.Names(), ", "))
	}
	const aim = "--method tuned --target wnef=0.12 aims at a WNEF (seed 000), --method hillclimb --target callcount=98.2 at a call count (seed 002)"
	if !m.Targeted {
		which := m.Name
		if !flagGiven(fs, "method") {
			which += " (the default)"
		}
		for _, f := range []string{"target", "tolerance", "anneal", "uniqueness", "max-moves"} {
			if flagGiven(fs, f) {
				return "", opts, usagef(aim, "--%s does not apply with --method %s: it aims at no rating", f, which)
			}
		}
		return m.Name, opts, nil
	}
	for _, f := range []string{"symmetry", "pattern", "clues", "minimal", "level"} {
		if flagGiven(fs, f) {
			return "", opts, usagef(fmt.Sprintf("leave --%s out: %s makes puzzles without symmetry, pattern or clue bounds, aimed at --target", f, m.Name),
				"--%s does not apply with --method %s", f, m.Name)
		}
	}
	if target == "" {
		return "", opts, usagef(aim, "--method %s needs --target COLUMN=VALUE to aim at", m.Name)
	}
	if noAnneal && m.Name != "tuned" {
		return "", opts, usagef("leave --anneal out: only --method tuned anneals", "--anneal does not apply with --method %s", m.Name)
	}
	switch {
	case uniqueness != "exact" && uniqueness != "hybrid":
		return "", opts, usagef("--uniqueness hybrid tests removals by seed 000's hybrid test; exact, the default, by a solver", "--uniqueness %q: want exact or hybrid", uniqueness)
	case uniqueness == "hybrid" && m.Name != "tuned":
		return "", opts, usagef("leave --uniqueness out: only --method tuned tests its removals by seed 000's hybrid test", "--uniqueness does not apply with --method %s", m.Name)
	}
	if maxMoves < 0 {
		return "", opts, usagef("leave --max-moves out for the method's default", "--max-moves %d: want 1 or more", maxMoves)
	}
	t, err := generate.ParseTarget(target, tolerance)
	var te *generate.TargetError
	if errors.As(err, &te) {
		if te.Tolerance {
			return "", opts, usagef("--tolerance 0.005 counts wnef=0.12 hit from 0.115 to 0.125; --tolerance 10% takes 10% of the value",
				"--tolerance %q: %s", te.Text, te.Reason)
		}
		hint := aim
		if te.UnknownColumn {
			hint = "the rating columns are those 'pressrun rate' prints (see 'pressrun help rate'), and steps, ruleguesses and rulebacktracks"
		}
		return "", opts, usagef(hint, "--target %q: %s", te.Text, te.Reason)
	}
	if err != nil {
		return "", opts, err
	}
	opts.Target, opts.NoAnneal, opts.Hybrid, opts.MaxMoves = t, noAnneal, uniqueness == "hybrid", maxMoves
	return m.Name, opts, nil
}

// methodColumns are the columns generate --method adds after symmetry,
// then methodRatingColumns and the techniques: every column a target can
// name.
var (
	methodColumns       = append([]string{"method", "target", "tolerance", "hit"}, generate.Columns...)
	methodRatingColumns = append([]string{"level"}, rate.RuleColumns...)
)

// methodRow is a puzzle's values in methodColumns and methodRatingColumns.
func methodRow(cfg pipeline.GenerateConfig, p pipeline.Generated) []any {
	row := []any{cfg.Method, cfg.Aim.Target.String(), num(cfg.Aim.Target.Tolerance), p.Outcome.Hit}
	for _, c := range generate.Columns {
		n, _ := p.Outcome.Work.Column(c)
		row = append(row, n)
	}
	row = append(row, p.Ratings.Level)
	for _, c := range rate.RuleColumns {
		row = append(row, ratingValue(p.Ratings, c))
	}
	return row
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
