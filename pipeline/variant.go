package pipeline

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/teach"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/engine/variant/logic"
	"github.com/pressrun/pressrun/store"
)

// VariantRaterVersion names the variant rater (engine/variant/logic and
// the built-in ladders of level.For) in the archive, apart from the
// classic rater's RaterVersion: a variant puzzle is rated by its own.
//
// 2: the 9x9 kinds (X, windoku, jigsaw, killer) take nishio, dynamic
// and nested forcing chains where 1 guessed or took static chains.
// 3: killers take house combinations (4.0 and up), and their dynamic
// chains follow the cages' sums.
// 4: a killer's cage steps count in its score (their costs were left out);
// boards up to 8x8 take nishio and the dynamic chains, and every board up
// to 9x9 but a killer the BUG.
// 5: every chain rung is engine/logic's (its forcing chains and cycles
// where the rater had its own X- and xy-chains), 12x12 and 16x16 take
// BUG, nishio and the dynamic chains (engine/logic/wide), and the fish
// take every pair of house families (windoku's windows, a jigsaw's
// regions).
// 6: killers take innie-outie differences (3.2), the rule of 45 with
// the innies of some crossing cages less the outies of others.
// 7: a killer's dynamic chains also follow the sums of the rule of 45's
// regions over a few houses, whose cells may repeat a digit, and its
// dynamic chains plus and nested chains the fit of each house's cages.
// 8: the turbot fish and the strong-linked fish are engine/logic's, the
// sukaku scale's: grouped links (a line's segments, a region's empty
// rectangle or two of its lines) and loops over every kind's houses, and
// no chain cell among the eliminations, as SukakuExplainer; so are the
// WXYZ- and VWXYZ-wings (SukakuExplainer's shape and rating) and the
// unique rectangles, now with SukakuExplainer's unique loops. A rating
// no longer depends on the puzzles rated before it on the same Solver
// (the nested searches' cache spent less of the budget on a puzzle
// rated again).
const VariantRaterVersion = "pressrun-variant-rate-8"

// VariantKit is a worker's tools for the puzzles of variants, kept per
// geometry: the exact solver, the rater and the symmetry group, each of
// which costs more to build than a small grid's work (an X group takes
// milliseconds to derive), and each built when first asked for: a file
// of jigsaws or killers has a geometry a puzzle, and canon needs only
// its group. The kit forgets them past a few dozen geometries. Not safe
// for concurrent use.
type VariantKit struct {
	tools map[string]*variantTools
	// Budget bounds the chain searches of each rating, in engine/logic's
	// implications (logic.Options.Budget): 0 for the kind's default,
	// negative for no limit.
	Budget int
	// Stop, when closed, ends a rating in hand soon after, with
	// logic.ErrStopped (logic.Options.Stop): a caller's ctx.Done(), so
	// that Ctrl-C stops a long rating at once, not at its end.
	Stop <-chan struct{}
}

type variantTools struct {
	v     *variant.Variant
	exact *variant.Solver
	rater *logic.Solver
	group *variant.Group
	// teller is a rater whose step texts are in told's language.
	teller *logic.Solver
	told   logic.Phrasebook
}

// NewVariantKit is an empty kit.
func NewVariantKit() *VariantKit { return &VariantKit{tools: map[string]*variantTools{}} }

func (k *VariantKit) of(v *variant.Variant) *variantTools {
	key := v.Key()
	if t, ok := k.tools[key]; ok {
		return t
	}
	if len(k.tools) > 48 {
		clear(k.tools)
	}
	t := &variantTools{v: v}
	k.tools[key] = t
	return t
}

// Solver is the exact solver of v's grids.
func (k *VariantKit) Solver(v *variant.Variant) *variant.Solver {
	t := k.of(v)
	if t.exact == nil {
		t.exact = variant.NewSolver(t.v)
	}
	return t.exact
}

// Canonical is the canonical form of g, a grid of v, as the archive keeps
// it (store.CanonicalForm: the canonical variant's key and line).
func (k *VariantKit) Canonical(v *variant.Variant, g variant.Grid) string {
	t := k.of(v)
	if t.group == nil {
		t.group = variant.GroupOf(t.v)
	}
	cv, cg, _ := t.group.Canonical(g)
	return store.CanonicalForm(cv, cg)
}

// SolveUnique is g's solution, g a grid of v; a puzzle without exactly
// one is refused in the classic engine's words (engine.ErrNoSolution or
// engine.ErrManySolutions), which NotUnique knows.
func (k *VariantKit) SolveUnique(v *variant.Variant, g variant.Grid) (variant.Grid, error) {
	switch n, sol := k.Solver(v).Count(g, 2); n {
	case 0:
		return nil, engine.ErrNoSolution
	case 1:
		return sol, nil
	}
	return nil, engine.ErrManySolutions
}

// Solve is the variant rater's whole solve of g, a puzzle of v, steps and
// all; a puzzle without exactly one solution is refused as SolveUnique
// refuses it.
func (k *VariantKit) Solve(v *variant.Variant, g variant.Grid) (logic.Result, error) {
	res, err := k.rater(v).SolveWith(g, k.options(nil))
	if errors.Is(err, logic.ErrNotUnique) {
		_, err = k.SolveUnique(v, g)
	}
	return res, err
}

// options are the rater's options for the kit's budget; solution, when
// not nil, is the puzzle's known solution.
func (k *VariantKit) options(solution variant.Grid) logic.Options {
	return logic.Options{Solution: solution, Budget: k.Budget, Stop: k.Stop}
}

// rater is the variant rater of v's puzzles, made on first use.
func (k *VariantKit) rater(v *variant.Variant) *logic.Solver {
	t := k.of(v)
	if t.rater == nil {
		t.rater = logic.NewSolver(t.v)
	}
	return t.rater
}

// SolveIn is Solve with the step texts said in pb's language (nil:
// English) and naming the symbols by labels (nil: the variant's own
// characters; logic.Solver.PrintSymbols), as a book's hints say them.
func (k *VariantKit) SolveIn(v *variant.Variant, g variant.Grid, pb logic.Phrasebook, labels []string) (logic.Result, error) {
	if pb == nil && labels == nil {
		return k.Solve(v, g)
	}
	t := k.of(v)
	if t.teller == nil || t.told != pb {
		t.teller, t.told = logic.NewSolverIn(t.v, pb), pb
	}
	t.teller.PrintSymbols(labels)
	res, err := t.teller.SolveWith(g, k.options(nil))
	if errors.Is(err, logic.ErrNotUnique) {
		_, err = k.SolveUnique(v, g)
	}
	return res, err
}

// Rate rates g, a puzzle of v with exactly one solution (see Solve), and
// names its level on ladder (nil: level.For(v)). The archive's metrics of
// the classic seeds are not measured for variants and stay zero.
func (k *VariantKit) Rate(v *variant.Variant, g variant.Grid, ladder level.Ladder) (store.Ratings, error) {
	res, err := k.Solve(v, g)
	if err != nil {
		return store.Ratings{}, err
	}
	return VariantRatings(v, res, ladder), nil
}

// RateSolved is Rate for g whose one solution, solution, the caller has
// just found (SolveUnique): the rater takes it instead of counting the
// solutions again, which on a hard killer is most of the rating's time.
func (k *VariantKit) RateSolved(v *variant.Variant, g, solution variant.Grid, ladder level.Ladder) (store.Ratings, error) {
	res, err := k.rater(v).SolveWith(g, k.options(solution))
	if err != nil {
		return store.Ratings{}, err
	}
	return VariantRatings(v, res, ladder), nil
}

// VariantRatings are the archive's ratings of a variant rater's result,
// its level named on ladder (nil: level.For(v)).
func VariantRatings(v *variant.Variant, res logic.Result, ladder level.Ladder) store.Ratings {
	if ladder == nil {
		ladder = level.For(v)
	}
	r := rate.Ratings{ER: res.ER, EP: res.EP, ED: res.ED, Score: res.Score, Steps: len(res.Steps), Techniques: res.Counts}
	r.Level = ladder.Of(res)
	return store.Ratings{Ratings: r, Rater: VariantRaterVersion}
}

// Prepare checks that p has exactly one solution and makes it an archive
// puzzle: its solution, canonical form, id and ratings on ladder (nil:
// the kind's built-in one). NotUnique(err) tells a puzzle to reject.
func (k *VariantKit) Prepare(p variant.Puzzle, ladder level.Ladder) (store.Puzzle, error) {
	out := k.prepareFor(context.Background(), nil, p, ladder, Provenance{})
	return out.Puzzle, out.Err
}

// archived is a variant puzzle as the archive keeps it, without
// provenance.
func (k *VariantKit) archived(v *variant.Variant, g, solution variant.Grid, r *store.Ratings) store.Puzzle {
	form := k.Canonical(v, g)
	p := store.Puzzle{Variant: v, Givens: g, Solution: solution, Canonical: form, ID: store.PuzzleID(form), Ratings: r}
	if v.Name == "classic" {
		p.Variant = nil
	}
	return p
}

// VariantConfig says what GenerateVariants makes: puzzles of a kind, at a
// level of its ladder or minimal, from a seed on workers.
type VariantConfig struct {
	Kind   string           // a kind of variant.Kinds other than classic
	Layout *variant.Variant // a jigsaw kind's fixed layout; nil: a new one each puzzle
	Count  int
	Seed   uint64
	Stream uint64 // as GenerateConfig's
	First  int
	// Workers below 1 means runtime.GOMAXPROCS(0).
	Workers int
	// Level, when set, is the level of Ladder (nil: level.For the kind)
	// the puzzles are made at; without it they are minimal, or dug to a
	// clue count drawn from the range when not Minimal.
	Level              *level.Level
	Ladder             level.Ladder
	Symmetry           string // a symmetry the kind allows, or "random": one of those, drawn per puzzle
	CluesMin, CluesMax int
	Minimal            bool
	AllowGuess         bool // keep level puzzles whose rating includes a guess (level.VariantOptions)
	// Unrated leaves the puzzles made without a level unrated (Ratings
	// nil), for an output that prints none: a minimal 16x16's rating can
	// take seconds, its making a tenth of one.
	Unrated        bool
	Tries          int // candidates a level puzzle's job makes (0: level's default)
	Label, Version string
	// Technique, when set, asks for puzzles whose solve needs its
	// techniques and nothing harder (teach.VariantGenerator), their levels
	// named on Ladder; Level, Minimal and the clue bounds do not apply.
	Technique *teach.Aim
}

// VariantGenerated is a puzzle GenerateVariants made, as the archive
// keeps it (Puzzle, rated, with its provenance), and its job index.
type VariantGenerated struct {
	Index  int
	Puzzle store.Puzzle
	Took   time.Duration // the job's time
}

// GenerateVariants is Generate for the puzzles of a variant kind: each
// job draws from its own stream of the seed, so the output is the same
// for every worker count; emit gets the puzzles in job order. Each is
// rated (its level on the kind's ladder) and canonicalised on the worker.
func GenerateVariants(ctx context.Context, cfg VariantConfig, emit func(VariantGenerated) error) error {
	if cfg.Count <= 0 {
		return nil
	}
	syms, err := variantSymmetries(cfg)
	if err != nil {
		return err
	}
	if cfg.Level != nil || cfg.Technique != nil {
		if _, err := newVariantMaker(ctx, cfg, syms[0]); err != nil {
			return fmt.Errorf("pipeline: %w", err)
		}
	}
	seed := StreamSeed(cfg.Seed, cfg.Stream)
	type made struct {
		p    store.Puzzle
		i    int
		err  error
		took time.Duration
	}
	newWork := func() func(int) made {
		job := newVariantJob(ctx, cfg)
		src := rand.NewPCG(0, 0)
		rng := rand.New(src)
		return func(i int) made {
			start := time.Now()
			src.Seed(seed, uint64(i))
			sym := syms[0]
			if len(syms) > 1 {
				sym = syms[rng.IntN(len(syms))]
			}
			p, err := job(rng, sym, i)
			if err != nil {
				err = fmt.Errorf("pipeline: puzzle %d: %w", i, err)
			}
			return made{p, i, err, time.Since(start)}
		}
	}
	return OrderedRange(ctx, min(Workers(cfg.Workers), cfg.Count), cfg.First, cfg.First+cfg.Count, newWork, func(m made) error {
		if m.err != nil {
			return m.err
		}
		return emit(VariantGenerated{Index: m.i, Puzzle: m.p, Took: m.took})
	})
}

// newVariantJob makes one worker's function that makes a job's puzzle:
// with the symmetry, from rng, rated and canonicalised, with its
// provenance (the job's index, cfg's seed, label and version).
func newVariantJob(ctx context.Context, cfg VariantConfig) func(rng *rand.Rand, sym string, index int) (store.Puzzle, error) {
	kit := NewVariantKit()
	gens := map[string]variantMaker{}
	return func(rng *rand.Rand, sym string, index int) (store.Puzzle, error) {
		p, err := variantJob(ctx, cfg, kit, gens, sym, rng)
		if err != nil {
			return p, err
		}
		job, s := int64(index), int64(cfg.Seed)
		p.Symmetry, p.Source, p.Label, p.Version, p.Seed, p.Job = sym, "generate", cfg.Label, cfg.Version, &s, &job
		return p, nil
	}
}

// variantSymmetries are the symmetries a run draws from: the one asked,
// or for random every one the kind allows.
func variantSymmetries(cfg VariantConfig) ([]string, error) {
	sym := cfg.Symmetry
	if sym == "" {
		sym = "none"
	}
	if sym != "random" {
		return []string{sym}, nil
	}
	if cfg.Layout != nil {
		return cfg.Layout.Allowed(), nil
	}
	if n, err := variant.JigsawSize(cfg.Kind); err == nil {
		return variant.LayoutSymmetries(n), nil
	}
	v, err := variant.Named(cfg.Kind)
	if err != nil {
		return nil, err
	}
	return v.Allowed(), nil
}

func variantLevelOptions(cfg VariantConfig, sym string) level.VariantOptions {
	return level.VariantOptions{Kind: cfg.Kind, Layout: cfg.Layout, Level: *cfg.Level, Ladder: cfg.Ladder, Symmetry: sym,
		CluesMin: cfg.CluesMin, CluesMax: cfg.CluesMax, Minimal: cfg.Minimal, AllowGuess: cfg.AllowGuess, Tries: cfg.Tries}
}

// variantMaker makes a puzzle at a level or for a technique, from rng:
// a generator's Generate.
type variantMaker func(*rand.Rand) (level.VariantGenerated, error)

// newVariantMaker is the maker of cfg's puzzles with symmetry sym: for
// cfg.Technique teach's generator, else level's at cfg.Level.
func newVariantMaker(ctx context.Context, cfg VariantConfig, sym string) (variantMaker, error) {
	if cfg.Technique != nil {
		g, err := teach.NewVariantGenerator(*cfg.Technique, cfg.Kind, cfg.Layout, sym, cfg.Tries, ctx.Done())
		if err != nil {
			return nil, err
		}
		return g.Generate, nil
	}
	g, err := level.NewVariantGenerator(variantLevelOptions(cfg, sym))
	if err != nil {
		return nil, err
	}
	return g.Generate, nil
}

// variantJob makes job's puzzle with symmetry sym: at the level or for
// the technique, or
// minimal (or dug into the clue range), rated and canonicalised.
func variantJob(ctx context.Context, cfg VariantConfig, kit *VariantKit, gens map[string]variantMaker, sym string, rng *rand.Rand) (store.Puzzle, error) {
	if cfg.Level != nil || cfg.Technique != nil {
		gen := gens[sym]
		if gen == nil {
			var err error
			if gen, err = newVariantMaker(ctx, cfg, sym); err != nil {
				return store.Puzzle{}, err
			}
			gens[sym] = gen
		}
		g, err := gen(rng)
		if err != nil {
			return store.Puzzle{}, err
		}
		r := VariantRatings(g.Variant, g.Result, cfg.Ladder)
		return kit.archived(g.Variant, g.Puzzle, g.Solution, &r), nil
	}
	opts := variant.Options{Symmetry: sym, MinClues: cfg.CluesMin, MaxClues: cfg.CluesMax, Minimal: cfg.Minimal}
	var g variant.Generated
	var err error
	if cfg.Layout != nil {
		g, err = variant.GenerateWith(cfg.Layout, opts, rng)
	} else {
		g, err = variant.GenerateKind(cfg.Kind, opts, rng)
	}
	if err != nil {
		return store.Puzzle{}, err
	}
	if cfg.Unrated {
		return kit.archived(g.Variant, g.Puzzle, g.Solution, nil), nil
	}
	r, err := kit.Rate(g.Variant, g.Puzzle, cfg.Ladder)
	if err != nil {
		return store.Puzzle{}, err
	}
	return kit.archived(g.Variant, g.Puzzle, g.Solution, &r), nil
}

// fitsVariant is fits for a variant section: rated by the variant rater
// at the level on the kind's ladder, of the section's layout when it
// fixes one, with its givens and symmetry, and minimal when the section
// asks (every orbit of givens of the symmetry is needed).
func (b *builder) fitsVariant(sec configs.Section, lv level.Level, ladder level.Ladder) func(store.Puzzle) bool {
	kit := NewVariantKit()
	return func(p store.Puzzle) bool {
		if p.Ratings == nil || p.Ratings.Rater != VariantRaterVersion || sec.Level != "" && ladder.Of(&p.Ratings.Ratings) != lv.Name {
			return false
		}
		v := p.Geometry()
		if sec.Kind.Variant != nil && v.Key() != sec.Kind.Variant.Key() {
			return false
		}
		return b.suits(sec, p) && (!sec.Minimal || variantMinimal(kit.Solver(v), p.Givens, p.Symmetry))
	}
}

// variantMinimal reports whether no orbit of g's givens under sym can go
// without losing the one solution.
func variantMinimal(s *variant.Solver, g variant.Grid, sym string) bool {
	orbits, err := variant.Orbits(int(math.Sqrt(float64(len(g)))), sym)
	if err != nil {
		orbits, _ = variant.Orbits(int(math.Sqrt(float64(len(g)))), "none")
	}
	h := slices.Clone(g)
	for _, o := range orbits {
		if h[o[0]] == 0 {
			continue
		}
		for _, c := range o {
			h[c] = 0
		}
		unique := s.Unique(h)
		for _, c := range o {
			h[c] = g[c]
		}
		if unique {
			return false
		}
	}
	return true
}

// prepareFor is Preparer.Prepare for a variant puzzle: checked for one
// solution and canonicalised; rated on ladder (nil: the kind's built-in
// one) only when the archive, if any, does not hold it already.
func (k *VariantKit) prepareFor(ctx context.Context, db *store.DB, p variant.Puzzle, ladder level.Ladder, pv Provenance) Prepared {
	sol, err := k.SolveUnique(p.Variant, p.Grid)
	if err != nil {
		return Prepared{Err: err}
	}
	out := Prepared{Puzzle: k.archived(p.Variant, p.Grid, sol, nil)}
	out.Puzzle.Source, out.Puzzle.Label, out.Puzzle.Version, out.Puzzle.Seed = pv.Source, pv.Label, pv.Version, pv.Seed
	if db != nil {
		known, err := db.Lookup(ctx, out.Puzzle.Line(p.Grid), out.Puzzle.Canonical)
		if err != nil {
			return Prepared{Err: err}
		}
		if out.Known = known; known != store.Added {
			return out
		}
	}
	r, err := k.RateSolved(p.Variant, p.Grid, sol, ladder)
	if err != nil {
		return Prepared{Err: fmt.Errorf("pipeline: rate %s: %w", p.Variant.Format(p.Grid), err)}
	}
	out.Puzzle.Ratings = &r
	return out
}
