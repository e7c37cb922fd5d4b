package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/user"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

var dailyCommand = command{
	name:    "daily",
	summary: "a newspaper's batch from a YAML spec: a puzzle a day for each outlet, never repeated",
	usage: `usage: pressrun daily [flags] SPEC.yaml --from DATE --days N
       pressrun daily [flags] SPEC.yaml --month YYYY-MM

Daily makes the puzzles of each outlet of SPEC.yaml (see
configs/daily-newspaper.yaml) for each date of the range, at the level its
rotation gives the weekday, and writes them where a page-layout system or
a web CMS picks them up (the spec's output: folder, or --out):

  OUTLET/DATE-puzzle.EXT       the day's puzzle, a column wide (pdf, svg,
                               png, eps, ipuz: the spec's files.formats;
                               ipuz holds the puzzle and its solution in
                               ipuz's Sudoku kind, as archive export writes
                               it, its uniqueid the id printed with it)
  OUTLET/DATE-solution.EXT     its solution
  OUTLET/DATE-previous-solution.EXT
                               the solution of the outlet's issue before,
                               printed beside the day's puzzle (a hard
                               link to that day's solution file when it is
                               in the batch: the same bytes, stored once)
  OUTLET/DATE-record.json      date, weekday, outlet, level, puzzle,
                               solution, every rating and the archive id
  feed-FROM-to-TO.csv, .json   every puzzle of the batch, for a CMS
  proof-FROM-to-TO.pdf         the editor's proof: each outlet's days in
                               order, each puzzle beside its solution

(the names follow the spec's files.name). Each puzzle is the first of its
own stream (the seed, the outlet, the date) that lies inside its level's
IQR fence and has never run in that outlet, nor anywhere for an exclusive
one; every issue goes into the archive's ledger. Run again on the same
dates, it takes the puzzles from the ledger, makes nothing and writes the
same bytes, drawing only the files that changed (the output folder's
.pressrun-drawn.json records what each file was drawn from and its bytes'
digest); a longer range makes only the new days; a range made in two runs
gives the same puzzles as one. --replace DATE --why TEXT swaps that
day's puzzles (the old ones stay in the ledger as withdrawn, with why) and
writes the range's files again.

The spec is checked whole first: every problem is reported as
FILE:LINE: field: problem and nothing is opened or written (exit status 2).
Interrupted, it keeps every puzzle made so far in the archive and writes
no file half: run it again.`,
	setup: setupDaily,
}

func setupDaily(fs *flag.FlagSet) func(context.Context, *env, []string) error {
	from := fs.String("from", "", "the first `DATE` (YYYY-MM-DD)")
	days := fs.Int("days", 0, "make `N` days from --from")
	month := fs.String("month", "", "make every day of `YYYY-MM` (instead of --from and --days)")
	archive := fs.String("archive", "", "the archive `FILE` (default: $"+archiveEnv+", else the spec's archive:, else\npressrun.db beside the spec)")
	out := fs.String("out", "", "write into `DIR` (default: the spec's output:)")
	var outlets namesFlag
	fs.Var(&outlets, "outlet", "only this outlet (its `NAME` or the name in its files); may be given more than once")
	replace := fs.String("replace", "", "withdraw the puzzles of `DATE` and make new ones (with --why; and --outlet\nwhen the spec has several)")
	why := fs.String("why", "", "why --replace withdraws the day's puzzles (`TEXT`, kept in the ledger)")
	by := fs.String("by", "", "who asks --replace (`NAME`, kept in the ledger beside why; default: the user running pressrun)")
	dryRun := fs.Bool("dry-run", false, "check the spec and print the plan; make and write nothing")
	quiet := fs.Bool("quiet", false, "no progress bar and no summary, only errors")
	workers := workersFlag(fs, "generate, rate and draw on")
	return archiveErrors(func(ctx context.Context, e *env, args []string) error {
		if len(args) != 1 {
			return usagef("pressrun daily configs/daily-newspaper.yaml --from 2026-12-01 --days 28", "daily takes one spec file")
		}
		start, n, err := dailyRange(*from, *days, *month)
		if err != nil {
			return err
		}
		spec, err := configs.LoadDaily(args[0])
		if spec == nil {
			return specProblems(e, err, dailySpecHint)
		}
		spec.Archive = archivePath(*archive, spec.Archive)
		if *out != "" {
			spec.Output = *out
		}
		lay, cerr := pipeline.CheckDaily(spec)
		if err := configs.Join(err, cerr); err != nil {
			return specProblems(e, err, dailySpecHint)
		}
		opts := pipeline.DailyOptions{From: start, Days: n, Outlets: outlets, Version: version, Workers: *workers}
		if _, err := pipeline.SelectOutlets(spec, outlets); err != nil {
			return usagef("name an outlet of the spec, or leave --outlet out for all", "--outlet: %v", err)
		}
		if opts.Replace, err = replacement(spec, *replace, *why, outlets, start, n); err != nil {
			return err
		}
		if opts.Replace != nil {
			opts.Replace.By = cmp.Or(*by, userName())
		}
		if *dryRun {
			return printDailyPlan(ctx, e, spec, opts)
		}
		opts.Seed = specSeed(e, spec.Seed, spec.File, "these puzzles")
		// Every file's bytes are garbage once written, and each collection
		// drops the pooled megabyte PNG canvases: collecting at 5x the live heap instead of
		// 2x made a re-run of the year 0.84x the wall time (farm-bench, 5
		// pairs: 1.89 s against 2.26 s) for a peak of 167 MB against 87.
		// GOGC, when set, says otherwise.
		if os.Getenv("GOGC") == "" {
			debug.SetGCPercent(400)
		}
		began := time.Now()
		var bar *dailyBar
		if !*quiet && isTerminal(e.stderr) {
			bar = newDailyBar(ctx, e.stderr)
			opts.Progress = bar.update
		}
		res, err := pipeline.Daily(ctx, spec, lay, opts)
		if bar != nil {
			bar.stop(err == nil)
		}
		if errors.Is(err, pipeline.ErrNoIssue) {
			return usagef("--replace swaps a day made before: check the date and --outlet, or --archive", "%v", err)
		}
		if err != nil {
			return keeping(err, fmt.Sprintf("every puzzle made so far, in %s, and the issues recorded there; no file is written half: run the same command again", store.Shown(spec.Archive)))
		}
		if !*quiet {
			writeDailySummary(e.stderr, spec, opts, res, time.Since(began))
		}
		return nil
	})
}

// namesFlag is a flag that may be given more than once.
type namesFlag []string

func (n *namesFlag) String() string { return strings.Join(*n, ",") }
func (n *namesFlag) Set(s string) error {
	*n = append(*n, s)
	return nil
}

// dailyRange is the range the flags give: --from and --days, or --month.
func dailyRange(from string, days int, month string) (time.Time, int, error) {
	const example = "--from 2026-12-01 --days 28, or --month 2026-12"
	switch {
	case month != "" && (from != "" || days != 0):
		return time.Time{}, 0, usagef(example, "--month and --from/--days: give one or the other")
	case month != "":
		m, err := time.Parse("2006-01", month)
		if err != nil {
			return time.Time{}, 0, usagef(example, "--month %q: want YYYY-MM", month)
		}
		return m, m.AddDate(0, 1, -1).Day(), nil
	case from == "":
		return time.Time{}, 0, usagef(example, "which days? give --from and --days, or --month")
	}
	d, err := time.Parse(time.DateOnly, from)
	if err != nil {
		return time.Time{}, 0, usagef(example, "--from %q: want YYYY-MM-DD", from)
	}
	if days < 1 || days > 3660 {
		return time.Time{}, 0, usagef(example, "--days %d: want 1 to 3660 days", days)
	}
	return d, days, nil
}

// userName is the name of the user running pressrun, for the ledger.
func userName() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return os.Getenv("USER")
}

// replacement is --replace and --why, checked against the range and the
// outlets.
func replacement(spec *configs.Daily, date, why string, outlets []string, start time.Time, days int) (*pipeline.Replacement, error) {
	if date == "" {
		if why != "" {
			return nil, usagef("--why goes with --replace DATE", "--why without --replace")
		}
		return nil, nil
	}
	d, err := time.Parse(time.DateOnly, date)
	if err != nil {
		return nil, usagef("--replace 2026-12-05 --why \"reader found a typo\"", "--replace %q: want YYYY-MM-DD", date)
	}
	if strings.TrimSpace(why) == "" {
		return nil, usagef("the ledger keeps the reason beside the withdrawn puzzle", "--replace %s: say why with --why TEXT", date)
	}
	if end := start.AddDate(0, 0, days-1); d.Before(start) || d.After(end) {
		return nil, usagef("give the batch's range, so that its feed and proof are written again with the new puzzle",
			"--replace %s: outside the range %s to %s", date, start.Format(time.DateOnly), end.Format(time.DateOnly))
	}
	if len(spec.Outlets) > 1 && len(outlets) == 0 {
		var names []string
		for _, o := range spec.Outlets {
			names = append(names, fmt.Sprintf("%q", o.Name))
		}
		return nil, usagef("name the outlet whose puzzle is replaced: --outlet "+names[0],
			"--replace %s: the spec has %d outlets (%s): which?", date, len(spec.Outlets), strings.Join(names, ", "))
	}
	return &pipeline.Replacement{Date: d, Why: why}, nil
}

// printDailyPlan is --dry-run: per outlet, the days, the puzzles the
// ledger has and those to make.
func printDailyPlan(ctx context.Context, e *env, spec *configs.Daily, opts pipeline.DailyOptions) error {
	plan, err := pipeline.PlanDaily(ctx, spec, opts)
	if err != nil {
		return err
	}
	w := e.stdout
	end := opts.From.AddDate(0, 0, opts.Days-1)
	fmt.Fprintf(w, "spec      %s\n", spec.File)
	fmt.Fprintf(w, "range     %s to %s (%s)\n", opts.From.Format("Mon 2 Jan 2006"), end.Format("Mon 2 Jan 2006"), plural(opts.Days, "day"))
	fmt.Fprintf(w, "output    %s (%s)\n", spec.Output, strings.Join(spec.Files.Formats, ", "))
	fmt.Fprintf(w, "archive   %s\n", store.Shown(spec.Archive))
	seed := "none: one will be chosen and printed"
	if spec.Seed != nil {
		seed = fmt.Sprint(*spec.Seed)
	}
	fmt.Fprintf(w, "seed      %s\n", seed)
	fmt.Fprintf(w, "fence     %s, k %g, on %s, per level\n\n", spec.IQR.Fence, spec.IQR.K, spec.IQR.Metric)
	fmt.Fprintf(w, "%-28s %-9s %5s %8s %7s %7s  %s\n", "outlet", "exclusive", "days", "puzzles", "ledger", "to make", "by level")
	for _, op := range plan.Outlets {
		var levels []string
		for _, lv := range spec.Ladder.Names() {
			if n := op.ToMake[lv]; n > 0 {
				levels = append(levels, fmt.Sprintf("%s %d", lv, n))
			}
		}
		// Then the variants' levels ("16x16 hard"), in the order of names.
		for _, g := range slices.Sorted(maps.Keys(op.ToMake)) {
			if strings.Contains(g, " ") {
				levels = append(levels, fmt.Sprintf("%s %d", g, op.ToMake[g]))
			}
		}
		make := 0
		for _, n := range op.ToMake {
			make += n
		}
		note := ""
		if op.Replace > 0 {
			note = fmt.Sprintf(" (replacing %d)", op.Replace)
		}
		fmt.Fprintf(w, "%-28s %-9t %5d %8d %7d %7d  %s%s\n", op.Outlet.Name, op.Outlet.Exclusive, op.Days, op.Puzzles, op.Ledger, make,
			strings.Join(levels, ", "), note)
	}
	fmt.Fprintf(w, "\nbatch     %s, %s, %s\n", plan.Feed, plan.FeedJSON, plan.Proof)
	return nil
}

func writeDailySummary(w io.Writer, spec *configs.Daily, opts pipeline.DailyOptions, res *pipeline.DailyResult, took time.Duration) {
	outlets := map[string]bool{}
	puzzles := 0
	for _, d := range res.Days {
		outlets[d.Outlet.Name] = true
		puzzles += len(d.Puzzles)
	}
	end := opts.From.AddDate(0, 0, opts.Days-1)
	fmt.Fprintf(w, "pressrun: daily: %s to %s, %s: %s, %d from the ledger, %d new\n", opts.From.Format(time.DateOnly), end.Format(time.DateOnly),
		plural(len(outlets), "outlet"), plural(puzzles, "puzzle"), res.Ledger, res.Placed)
	if res.Made > 0 {
		guessed := ""
		if res.Guessed > 0 {
			guessed = fmt.Sprintf(", %d needing a guess", res.Guessed)
		}
		fmt.Fprintf(w, "pressrun: daily: %s made and rated (fence samples included), %d outside their level's fence, %d run before where they may not run again%s\n",
			plural(res.Made, "candidate"), res.Outside, res.Taken, guessed)
		var levels []string
		for lv := range res.Fences {
			levels = append(levels, lv)
		}
		slices.SortFunc(levels, func(a, b string) int { return spec.Ladder.Index(a) - spec.Ladder.Index(b) })
		for _, lv := range levels {
			f := res.Fences[lv]
			if f.Low != nil {
				fmt.Fprintf(w, "pressrun: %-8s %s fence [%.4g, %.4g] on %s (median %.4g of %d samples)\n", lv, f.Kind, *f.Low, *f.High, f.Metric, f.Median, f.Candidates)
			}
		}
	}
	for _, d := range res.Days {
		if d.Replaced {
			fmt.Fprintf(w, "pressrun: daily: replaced %s %s: %s withdrawn (%s)\n", d.Outlet.Name, d.Date.Format(time.DateOnly),
				plural(len(d.Puzzles), "puzzle"), opts.Replace.Why)
		}
	}
	unchanged := ""
	if res.Unchanged > 0 {
		unchanged = fmt.Sprintf(" (%d of them found as drawn before, not drawn again)", res.Unchanged)
	}
	fmt.Fprintf(w, "pressrun: daily: wrote %s in %s in %.1fs%s: feed %s (and .json), proof %s\n", plural(len(res.Files), "file"), spec.Output,
		took.Seconds(), unchanged, res.Feed, res.Proof)
	fmt.Fprintf(w, "pressrun: daily: the ledger in %s has every issue\n", store.Shown(spec.Archive))
	if opts.Replace != nil && len(opts.Outlets) > 0 && len(opts.Outlets) < len(spec.Outlets) {
		fmt.Fprintf(w, "pressrun: hint: the batch files of every outlet still show the withdrawn puzzle: run 'pressrun daily %s --from %s --days %d' to write them again\n",
			spec.File, opts.From.Format(time.DateOnly), opts.Days)
	}
	for _, warn := range res.Warnings {
		fmt.Fprintf(w, "pressrun: daily: warning: %s\n", warn)
	}
}

// dailyBar draws the run's progress on a terminal: a bar for the puzzles
// chosen, then one for the files drawn, each made when its total is
// known (mpb ends a bar whose count reaches the total it was made with).
type dailyBar struct {
	p              *mpb.Progress
	puzzles, files *mpb.Bar
	mu             sync.Mutex
	last           pipeline.DailyProgress
}

func newDailyBar(ctx context.Context, w io.Writer) *dailyBar {
	return &dailyBar{p: mpb.NewWithContext(ctx, mpb.WithOutput(w), mpb.WithWidth(32), mpb.WithRefreshRate(120*time.Millisecond))}
}

// add makes a bar of total named name.
func (db *dailyBar) add(name string, total int) *mpb.Bar {
	return db.p.AddBar(int64(total),
		mpb.PrependDecorators(decor.Name(fmt.Sprintf("%-8s", name)), decor.CountersNoUnit("%4d/%4d")),
		mpb.AppendDecorators(decor.Any(func(decor.Statistics) string {
			db.mu.Lock()
			defer db.mu.Unlock()
			return fmt.Sprintf("made %d, from the ledger %d", db.last.Made, db.last.Ledger)
		})))
}

func (db *dailyBar) update(st pipeline.DailyProgress) {
	db.mu.Lock()
	db.last = st
	db.mu.Unlock()
	if db.puzzles == nil && st.Puzzles > 0 {
		db.puzzles = db.add("puzzles", st.Puzzles)
	}
	if db.puzzles != nil {
		db.puzzles.SetCurrent(int64(min(st.Ledger+st.Placed, st.Puzzles)))
	}
	if db.files == nil && st.AllFiles > 0 {
		db.files = db.add("files", st.AllFiles)
	}
	if db.files != nil {
		db.files.SetCurrent(int64(min(st.Files, st.AllFiles)))
	}
}

func (db *dailyBar) stop(ok bool) {
	for _, b := range []*mpb.Bar{db.puzzles, db.files} {
		if b != nil && (!ok || !b.Completed()) {
			b.Abort(false)
		}
	}
	db.p.Wait()
}
