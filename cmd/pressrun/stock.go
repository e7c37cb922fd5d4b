package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

var stockCommand = command{
	name:    "stock",
	summary: "fill the archive with unpublished puzzles of each kind and level, on any number of machines",
	usage: `usage: pressrun stock [flags] [SPEC.yaml]

Stock generates and rates puzzles into the archive until it holds, of each
kind and level asked for, as many unpublished puzzles as the target, then
stops; builds and daily batches take those first. Ask for one kind with
flags:

  pressrun stock --level evil --target 5000
  pressrun stock --variant 16x16 --level hard --target 200 --archive postgres://desk@db/puzzles

or for several with a stock spec (see configs/stock.yaml): archive:,
workers:, batch: and stock:, a list of entries that say which puzzles as a
book's sections do (variant:, level:, symmetry:, clues:, minimal:), each
with target: instead of count:.

Run it on as many machines as you like against one PostgreSQL archive:
each counts the stock again before each batch, so they share the work, and
the archive's canonical key keeps out a puzzle two of them made. Each
machine draws its own seed unless --seed gives one. Every batch (--batch
puzzles) is one transaction: Ctrl-C or SIGTERM finishes and archives the
batch under way, then stops (exit 130, 143); a kill loses only that batch.
With --watch it does not stop when the targets are met, but looks again
every --every and tops up what builds took.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		archive := fs.String("archive", "", "the archive: a `FILE`, or a postgres:// URL (default: $"+archiveEnv+", else the spec's\narchive:, else ./pressrun.db)")
		kind := fs.String("variant", "classic", "stock puzzles of this `KIND` (without a spec)")
		levelName := fs.String("level", "", "stock puzzles of this `LEVEL` of the kind's ladder (without a spec)")
		target := fs.Int("target", 0, "hold `N` unpublished puzzles of the kind and level (without a spec)")
		workers := workersFlag(fs, "generate and rate on")
		batch := fs.Int("batch", 0, fmt.Sprintf("archive `N` puzzles a transaction (default: the spec's batch:, else %d)", pipeline.DefaultStockBatch))
		seed := fs.Uint64("seed", 0, "this run's `SEED` (default: drawn at random, so that machines differ)")
		watch := fs.Bool("watch", false, "keep topping up until stopped, instead of stopping once the targets are met")
		every := fs.Duration("every", time.Minute, "with --watch, look at the stock every `DURATION`")
		quiet := fs.Bool("quiet", false, "no progress and no summary, only errors")
		return archiveErrors(func(ctx context.Context, e *env, args []string) error {
			spec, err := stockSpec(e, args, *kind, *levelName, *target, fs)
			if err != nil {
				return err
			}
			spec.Archive = archivePath(*archive, spec.Archive)
			cfg := pipeline.StockConfig{Archive: spec.Archive, Spec: spec, Workers: spec.Workers, Batch: spec.Batch,
				Version: version, Watch: *watch, Every: *every}
			if flagGiven(fs, "workers") {
				cfg.Workers = *workers
			}
			if *batch != 0 {
				if *batch < 1 {
					return usagef("", "--batch must be at least 1")
				}
				cfg.Batch = *batch
			}
			if flagGiven(fs, "seed") {
				cfg.Seed = *seed
			} else {
				var b [8]byte
				rand.Read(b[:])
				cfg.Seed = binary.LittleEndian.Uint64(b[:])
			}
			show := newStockShow(ctx, e, spec, *quiet)
			began := time.Now()
			rep, err := pipeline.Stock(ctx, cfg, show.update)
			show.stop(err == nil)
			if !*quiet {
				for _, t := range rep.Targets {
					fmt.Fprintf(e.stderr, "pressrun: stock: %-22s %d of %d in stock; made %d here (%d new, %d already archived)\n",
						t.Key, t.Have, t.Target, t.Made, t.Added, t.Duplicates)
				}
				fmt.Fprintf(e.stderr, "pressrun: stock: seed %d, %.1fs, archive %s\n", cfg.Seed, time.Since(began).Seconds(), store.Shown(spec.Archive))
			}
			return keeping(err, "every batch finished, in "+store.Shown(spec.Archive)+"; run it again to go on")
		})
	},
}

// stockSpec is the stock spec named by args, or the one entry the flags
// give; not both.
func stockSpec(e *env, args []string, kind, levelName string, target int, fs *flag.FlagSet) (*configs.Stock, error) {
	flags := flagGiven(fs, "level") || flagGiven(fs, "target") || flagGiven(fs, "variant")
	switch {
	case len(args) > 1:
		return nil, usagef("give one stock spec, or the flags of one kind", "unexpected argument %q", args[1])
	case len(args) == 1 && flags:
		return nil, usagef("a spec lists its kinds and targets; leave out --variant, --level and --target", "a stock spec and --variant, --level or --target")
	case len(args) == 1:
		spec, err := configs.LoadStock(args[0])
		if err != nil {
			return nil, specProblems(e, err, "see configs/stock.yaml")
		}
		return spec, nil
	case levelName == "" || target < 1:
		return nil, usagef("for example: pressrun stock --level evil --target 5000", "without a spec, stock needs --level and --target (at least 1)")
	}
	entry, err := configs.StockEntry(kind, levelName, target)
	if err != nil {
		return nil, usagef("", "%v", err)
	}
	return &configs.Stock{Archive: "pressrun.db", Entries: []configs.Section{entry}, Ladder: level.Default()}, nil
}

// stockShow shows how the targets stand: a bar a target on a terminal, a
// line a target every few seconds otherwise.
type stockShow struct {
	w     io.Writer
	quiet bool
	p     *mpb.Progress
	bars  []*mpb.Bar
	mu    sync.Mutex
	last  []pipeline.StockProgress
	said  []time.Time
	start time.Time
}

func newStockShow(ctx context.Context, e *env, spec *configs.Stock, quiet bool) *stockShow {
	s := &stockShow{w: e.stderr, quiet: quiet, last: make([]pipeline.StockProgress, len(spec.Entries)),
		said: make([]time.Time, len(spec.Entries)), start: time.Now()}
	if quiet || !isTerminal(e.stderr) {
		return s
	}
	s.p = mpb.NewWithContext(context.WithoutCancel(ctx), mpb.WithOutput(e.stderr), mpb.WithWidth(32), mpb.WithRefreshRate(200*time.Millisecond))
	for i, entry := range spec.Entries {
		i := i
		bar := s.p.AddBar(int64(entry.Count),
			mpb.PrependDecorators(decor.Name(fmt.Sprintf("%-22s", configs.StockKey(entry))), decor.CountersNoUnit("%5d/%5d")),
			mpb.AppendDecorators(decor.Any(func(decor.Statistics) string {
				s.mu.Lock()
				st := s.last[i]
				s.mu.Unlock()
				return fmt.Sprintf("made %d (%d already archived), %.0f a minute", st.Made, st.Duplicates, float64(st.Made)/time.Since(s.start).Minutes())
			})))
		s.bars = append(s.bars, bar)
	}
	return s
}

func (s *stockShow) update(st pipeline.StockProgress) {
	s.mu.Lock()
	s.last[st.Entry] = st
	s.mu.Unlock()
	switch {
	case s.quiet:
	case s.p != nil:
		s.bars[st.Entry].SetCurrent(int64(min(st.Have, st.Target)))
	case st.Done || time.Since(s.said[st.Entry]) > 5*time.Second:
		s.said[st.Entry] = time.Now()
		fmt.Fprintf(s.w, "pressrun: stock: %s: %d of %d in stock, made %d here\n", st.Key, st.Have, st.Target, st.Made)
	}
}

func (s *stockShow) stop(ok bool) {
	if s.p != nil {
		stopBars(s.p, s.bars, ok)
	}
}
