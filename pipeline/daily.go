package pipeline

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/store"
)

// DailyOptions are what `pressrun daily` adds to a spec.
type DailyOptions struct {
	Seed    uint64    // the spec's seed, or the one chosen for it
	From    time.Time // the first date (its year, month and day count)
	Days    int       // at least 1
	Outlets []string  // the outlets to make, by name or slug; empty: all
	// Replace, when set, swaps the puzzles of the selected outlets' issues
	// of that date (inside the range) for new ones, recording why.
	Replace *Replacement
	Version string
	Workers int // below 1: one per core
	// Progress, when set, is told how the run is doing, from one
	// goroutine.
	Progress func(DailyProgress)
}

// Replacement is a day whose puzzles are withdrawn and made again.
type Replacement struct {
	Date time.Time
	Why  string
	By   string // who asks for it, recorded beside why
}

// DailyProgress is how far a daily run has come.
type DailyProgress struct {
	Puzzles  int // the puzzles of the range
	Ledger   int // taken from the ledger
	Placed   int // new puzzles chosen
	Made     int // candidates generated
	Files    int // files rendered
	AllFiles int // files to render
}

// The day's puzzle of an outlet is the first candidate of its own stream
// that lies inside its level's fence and may run there: a stream that
// depends only on the seed, the outlet, the date and the slot, so that the
// puzzle does not depend on the range it is made in. dailyTries bounds the
// candidates of one puzzle.
const dailyTries = 200

// fenceSample is how many puzzles of a level its fence is drawn from: a
// sample of the level's own stream, the same in every run of a seed.
const fenceSample = 48

// ErrNoIssue is a --replace of a day the ledger has no issue of.
var ErrNoIssue = errors.New("no issue of that day in the ledger")

// DailyDay is one outlet's issue of one date: its puzzles, and where
// they came from.
type DailyDay struct {
	Outlet  *configs.Outlet
	Date    time.Time
	Puzzles []DailyPuzzle // by slot
	// Withdrawn are the puzzles of the day replaced before, with why.
	Withdrawn  []store.IssuePuzzle
	FromLedger bool // the issue was recorded by an earlier run
	Replaced   bool // this run replaced its puzzles
	// Previous is the outlet's issue before this one (its solution is
	// printed beside this day's puzzle), nil when there is none.
	Previous *DailyDay
}

// DailyPuzzle is one puzzle of a day.
type DailyPuzzle struct {
	Slot   int // 1-based
	Level  string
	Number int // the outlet's running number (configs.Outlet.NumberFrom)
	Puzzle store.Puzzle
	// Symbols is the print style of a variant's symbols (the rotation's
	// symbols:), "" for numbers.
	Symbols string
	// Candidates is how many of its stream's candidates were weighed
	// before it (0 when it came from the ledger).
	Candidates int
}

// DailyResult is what a daily run made and wrote.
type DailyResult struct {
	Days     []*DailyDay // by outlet (the spec's order), then date
	Ledger   int         // puzzles taken from the ledger
	Placed   int         // new puzzles placed (replacements included)
	Made     int         // candidates generated, fence samples included
	Outside  int         // candidates outside their level's fence
	Taken    int         // candidates already run where they may not run again
	Guessed  int         // candidates whose rating includes a guess: never placed
	Fences   map[string]Fence
	Files    []string // every file written, the batch files last
	Feed     string   // the batch's CSV feed; its JSON feed has the same name in .json
	Proof    string   // the proof PDF
	Warnings []string
	Archive  string
	DryRun   bool
	// Unchanged is how many of Files were found as an earlier run drew
	// them (drawn.go), and not drawn again.
	Unchanged int
}

// SelectOutlets returns the spec's outlets that names (names or slugs,
// case-insensitive) select; all of them when names is empty. An unknown
// name is an error that lists the outlets.
func SelectOutlets(spec *configs.Daily, names []string) ([]*configs.Outlet, error) {
	var out []*configs.Outlet
	for i := range spec.Outlets {
		o := &spec.Outlets[i]
		if len(names) == 0 || slices.ContainsFunc(names, func(n string) bool {
			return strings.EqualFold(n, o.Name) || strings.EqualFold(n, o.Slug)
		}) {
			out = append(out, o)
		}
	}
	for _, n := range names {
		if !slices.ContainsFunc(spec.Outlets, func(o configs.Outlet) bool {
			return strings.EqualFold(n, o.Name) || strings.EqualFold(n, o.Slug)
		}) {
			var have []string
			for _, o := range spec.Outlets {
				have = append(have, fmt.Sprintf("%q", o.Name))
			}
			return nil, fmt.Errorf("no outlet %q in %s; it has %s", n, spec.File, strings.Join(have, ", "))
		}
	}
	return out, nil
}

// Dates are the days of a range, from from.
func Dates(from time.Time, days int) []time.Time {
	start := time.Date(from.Year(), from.Month(), from.Day(), 0, 0, 0, 0, time.UTC)
	out := make([]time.Time, days)
	for i := range out {
		out[i] = start.AddDate(0, 0, i)
	}
	return out
}

// Daily makes a newspaper batch (see ARCHITECTURE.md, "Other jobs"): for
// each selected outlet and each date of the range, the issue the ledger
// has, or new puzzles at the weekday's levels, each the first of its
// (outlet, date, slot) stream inside its level's fence that the outlet may
// run; it records the new issues in the ledger in one transaction, then
// writes every file (DailyFiles) all or nothing. Run again on the same
// range, it takes every puzzle from the ledger and writes the same bytes.
func Daily(ctx context.Context, spec *configs.Daily, lay *DailyLayout, opts DailyOptions) (*DailyResult, error) {
	outlets, dates, err := dailyRange(spec, opts)
	if err != nil {
		return nil, err
	}
	db, err := store.Open(spec.Archive, store.Create)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	res := &DailyResult{Archive: spec.Archive, Fences: map[string]Fence{}}
	days, err := ledgerDays(ctx, db, outlets, dates, opts.Replace)
	if err != nil {
		return nil, err
	}
	var needs []*need
	for _, d := range days {
		switch {
		case d.Replaced || !d.FromLedger:
			needs = append(needs, needsOf(d)...)
		default:
			res.Ledger += len(d.Puzzles)
		}
	}
	prog := DailyProgress{Ledger: res.Ledger}
	for _, d := range days {
		prog.Puzzles += len(d.Outlet.Rotation[d.Date.Weekday()])
	}
	report := func() {
		if opts.Progress != nil {
			opts.Progress(prog)
		}
	}
	report()

	if len(needs) > 0 {
		holder, release, err := hold(ctx, db, "daily")
		if err != nil {
			return nil, err
		}
		defer release()
		m := &maker{db: db, spec: spec, opts: opts, holder: holder, res: res, prog: &prog, report: report, used: map[string]bool{}}
		if err := m.fill(ctx, needs); err != nil {
			return nil, err
		}
	}
	// The issue before each outlet's first day is older than the range:
	// the ledger's, as recording the range leaves it.
	if err := linkPrevious(ctx, db, days); err != nil {
		return nil, err
	}
	// The ledger first: once it has the issues, a run stopped while
	// writing the files loses nothing, and the next run writes them. The
	// files are drawn while it records them (a year's 730 issues take a
	// fifteenth of a second) and put in place only after (writeDaily).
	recorded := func() error { return nil }
	if len(needs) > 0 {
		rec := func() error { return record(context.WithoutCancel(ctx), db, days, opts.Replace, spec.Reprints) }
		if opts.Replace != nil {
			// A replaced day reads its withdrawals back, which its files
			// show: recorded before they are drawn.
			if err := rec(); err != nil {
				return nil, err
			}
		} else {
			recorded = beside(func() error {
				if err := rec(); err != nil {
					return err
				}
				// What closing the archive would write, written now; if
				// that fails, closing it writes it.
				db.Flush(context.WithoutCancel(ctx))
				return nil
			})
			defer recorded() // no return before the ledger's goroutine is done
		}
	}
	res.Days = days
	if err := writeDaily(ctx, spec, lay, opts, outlets, dates, res, &prog, report, recorded); err != nil {
		return nil, err
	}
	return res, nil
}

// DailyPlan is what a daily run of a range would do, as --dry-run says.
type DailyPlan struct {
	Outlets []OutletPlan
	// Feed, FeedJSON and Proof are the batch's files.
	Feed, FeedJSON, Proof string
}

// OutletPlan is one outlet's part of a plan.
type OutletPlan struct {
	Outlet  *configs.Outlet
	Days    int            // issue days in the range
	Puzzles int            // their puzzles
	Ledger  int            // of them in the ledger already
	ToMake  map[string]int // new puzzles by level: a classic level's name, or a variant's kind and level ("16x16 hard")
	Replace int            // puzzles --replace withdraws
}

// PlanDaily says what Daily would do on the range, reading the archive
// (when there is one) and writing nothing.
func PlanDaily(ctx context.Context, spec *configs.Daily, opts DailyOptions) (*DailyPlan, error) {
	outlets, dates, err := dailyRange(spec, opts)
	if err != nil {
		return nil, err
	}
	db, err := store.Open(spec.Archive, store.ReadOnly)
	switch {
	case errors.Is(err, store.ErrNoArchive):
		db = nil
	case err != nil:
		return nil, err
	default:
		defer db.Close()
	}
	days, err := ledgerDays(ctx, db, outlets, dates, opts.Replace)
	if err != nil {
		return nil, err
	}
	plan := &DailyPlan{}
	plan.Feed, plan.FeedJSON, plan.Proof = DailyBatch(spec, outlets, dates)
	for _, o := range outlets {
		op := OutletPlan{Outlet: o, ToMake: map[string]int{}}
		for _, d := range days {
			if d.Outlet != o {
				continue
			}
			op.Days++
			switch {
			case d.Replaced:
				op.Replace += len(d.Puzzles)
				op.Puzzles += len(d.Puzzles)
				for _, p := range d.Puzzles {
					op.ToMake[gradeOf(o.Kind(d.Date.Weekday(), p.Slot-1), p.Level)]++
				}
			case d.FromLedger:
				op.Puzzles += len(d.Puzzles)
				op.Ledger += len(d.Puzzles)
			default:
				for i, lv := range o.Rotation[d.Date.Weekday()] {
					op.Puzzles++
					op.ToMake[gradeOf(o.Kind(d.Date.Weekday(), i), lv)]++
				}
			}
		}
		plan.Outlets = append(plan.Outlets, op)
	}
	return plan, nil
}

// dailyRange is a run's outlets and dates; it refuses a range that starts
// before an outlet's puzzle No. 1.
func dailyRange(spec *configs.Daily, opts DailyOptions) ([]*configs.Outlet, []time.Time, error) {
	outlets, err := SelectOutlets(spec, opts.Outlets)
	if err != nil {
		return nil, nil, err
	}
	dates := Dates(opts.From, opts.Days)
	for _, o := range outlets {
		if first := dates[0]; o.NumberFrom != nil && first.Before(*o.NumberFrom) {
			return nil, nil, fmt.Errorf("%s's puzzles are numbered from %s (number-from), after the range's first date %s",
				o.Name, o.NumberFrom.Format(time.DateOnly), first.Format(time.DateOnly))
		}
	}
	return outlets, dates, nil
}

// ledgerDays lists the range's issue days of each outlet (a weekday the
// rotation leaves empty has none), with the puzzles the ledger has for
// them.
func ledgerDays(ctx context.Context, db *store.DB, outlets []*configs.Outlet, dates []time.Time, rep *Replacement) ([]*DailyDay, error) {
	var days []*DailyDay
	from, to := dates[0].Format(time.DateOnly), dates[len(dates)-1].Format(time.DateOnly)
	for _, o := range outlets {
		var issues []store.Issue
		if db != nil { // nil: no archive yet
			var err error
			if issues, err = db.Issues(ctx, o.Name, from, to); err != nil {
				return nil, err
			}
		}
		byDate := map[string]store.Issue{}
		for _, is := range issues {
			byDate[is.Date] = is
		}
		for _, date := range dates {
			slots := o.Rotation[date.Weekday()]
			is, recorded := byDate[date.Format(time.DateOnly)]
			if len(slots) == 0 && !recorded {
				continue
			}
			d := &DailyDay{Outlet: o, Date: date, FromLedger: recorded, Withdrawn: is.Withdrawn, Puzzles: puzzlesOf(o, date, is)}
			if rep != nil && rep.Date.Equal(date) {
				if !recorded {
					return nil, fmt.Errorf("--replace %s: %s: %w; run without --replace to make it",
						date.Format(time.DateOnly), o.Name, ErrNoIssue)
				}
				d.Replaced = true
			}
			days = append(days, d)
		}
	}
	return days, nil
}

// puzzlesOf are the current puzzles of the outlet's issue is, of date.
func puzzlesOf(o *configs.Outlet, date time.Time, is store.Issue) []DailyPuzzle {
	var out []DailyPuzzle
	for _, ip := range is.Puzzles {
		out = append(out, DailyPuzzle{Slot: ip.Slot, Level: ip.Level, Number: number(o, date, ip.Slot), Puzzle: ip.Puzzle,
			Symbols: o.Kind(date.Weekday(), ip.Slot-1).Symbols})
	}
	return out
}

// number is the outlet's running number of the puzzle in slot (1-based)
// of date: the puzzles its rotation gives from its NumberFrom (default 1
// January of date's year) up to date, plus slot.
func number(o *configs.Outlet, date time.Time, slot int) int {
	start := time.Date(date.Year(), 1, 1, 0, 0, 0, 0, time.UTC)
	if o.NumberFrom != nil {
		start = *o.NumberFrom
	}
	days := int(date.Sub(start).Hours()/24 + 0.5)
	week := 0
	for _, ls := range o.Rotation {
		week += len(ls)
	}
	n := days / 7 * week
	for i := range days % 7 {
		n += len(o.Rotation[start.AddDate(0, 0, i).Weekday()])
	}
	return n + slot
}

// need is a puzzle to make: a slot of a day, and its stream's progress.
type need struct {
	day    *DailyDay
	slot   int
	kind   configs.Kind
	level  string
	stream uint64
	next   int // the stream's next candidate
	done   bool
}

func needsOf(d *DailyDay) []*need {
	var out []*need
	d.Puzzles = nil
	for i, lv := range d.Outlet.Rotation[d.Date.Weekday()] {
		out = append(out, &need{day: d, slot: i + 1, kind: d.Outlet.Kind(d.Date.Weekday(), i), level: lv, stream: DailyStream(d.Outlet.Name, d.Date, i+1)})
	}
	return out
}

// DailyStream is the stream of an outlet's puzzle in slot of date.
func DailyStream(outlet string, date time.Time, slot int) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "daily\x00%s\x00%s\x00%d", outlet, date.Format(time.DateOnly), slot)
	return h.Sum64() | 1
}

// fenceStream is the stream of a level's fence sample: of a level of a
// kind's ladder (grade), named by the level alone for classic.
func fenceStream(grade string) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "fence\x00%s", grade)
	return h.Sum64() | 1
}

// gradeOf names a level of a kind's ladder: the level for classic (as
// before variants: the fences and their streams keep their names), the
// kind and the level for the others ("16x16 hard"), each with its own
// fence.
func gradeOf(k configs.Kind, level string) string {
	if k.IsClassic() {
		return level
	}
	return k.String() + " " + level
}

// maker makes the puzzles a daily run needs.
type maker struct {
	db     *store.DB
	spec   *configs.Daily
	opts   DailyOptions
	holder string
	res    *DailyResult
	prog   *DailyProgress
	report func()
	used   map[string]bool // ids chosen by this run
}

// job is one candidate to make: of a need, or of a level's fence sample.
type job struct {
	kind   configs.Kind
	level  string
	stream uint64
	index  int
	need   *need
}

// made is a job's candidate.
type made struct {
	job
	p   store.Puzzle
	err error
}

// fill gives every need a puzzle: rounds of one candidate per open need,
// until none is open, the first with the levels' fence samples.
func (m *maker) fill(ctx context.Context, needs []*need) error {
	var grades []string
	gradeNeed := map[string]*need{}
	for _, n := range needs {
		if g := gradeOf(n.kind, n.level); gradeNeed[g] == nil {
			grades = append(grades, g)
			gradeNeed[g] = n
		}
	}
	// The fence samples are made with the first round's candidates: a
	// candidate does not depend on the fence, only whether it is kept.
	var fenceJobs []job
	if m.spec.IQR.Fence != "none" {
		for _, g := range grades {
			for i := range fenceSample {
				fenceJobs = append(fenceJobs, job{kind: gradeNeed[g].kind, level: gradeNeed[g].level, stream: fenceStream(g), index: i})
			}
		}
	}
	for open := needs; len(open) > 0; {
		jobs := fenceJobs
		for _, n := range open {
			if n.next >= dailyTries {
				return fmt.Errorf("%s %s puzzle %d (%s): none of %d candidates lay inside the fence and was free to run",
					n.day.Outlet.Name, n.day.Date.Format(time.DateOnly), n.slot, n.level, dailyTries)
			}
			jobs = append(jobs, job{kind: n.kind, level: n.level, stream: n.stream, index: n.next, need: n})
		}
		cands, err := m.make(ctx, jobs)
		if err != nil {
			return err
		}
		if len(fenceJobs) > 0 {
			values := map[string][]float64{}
			for _, c := range cands[:len(fenceJobs)] {
				v, _ := c.p.Ratings.Column(m.spec.IQR.Metric)
				g := gradeOf(c.kind, c.level)
				values[g] = append(values[g], v)
			}
			for _, g := range grades {
				m.res.Fences[g] = NewFence(m.spec.IQR.Metric, m.spec.IQR.Fence, m.spec.IQR.K, values[g])
			}
			cands, fenceJobs = cands[len(fenceJobs):], nil
		}
		free, err := m.free(ctx, cands)
		if err != nil {
			return err
		}
		// In the order of the needs (outlet, date, slot): the first to
		// want a puzzle gets it.
		var still []*need
		for _, c := range cands {
			n := c.need
			n.next++
			v, _ := c.p.Ratings.Column(m.spec.IQR.Metric)
			switch {
			case guessed(c.p):
				m.res.Guessed++
			case !m.res.Fences[gradeOf(n.kind, n.level)].Holds(v): // no fence (none): holds
				m.res.Outside++
			case !free[c.p.ID] || m.used[c.p.ID]:
				m.res.Taken++
			default:
				m.used[c.p.ID] = true
				n.done = true
				n.day.Puzzles = append(n.day.Puzzles, DailyPuzzle{Slot: n.slot, Level: n.level,
					Number: number(n.day.Outlet, n.day.Date, n.slot), Puzzle: c.p, Candidates: n.next, Symbols: n.kind.Symbols})
				m.res.Placed++
				m.prog.Placed++
				continue
			}
			still = append(still, n)
		}
		m.report()
		open = still
	}
	for _, n := range needs {
		slices.SortFunc(n.day.Puzzles, func(a, b DailyPuzzle) int { return a.Slot - b.Slot })
	}
	return nil
}

// make generates and rates the jobs' candidates on the workers, archives
// them in one batch (also when the run is stopped: nothing rated is lost)
// and returns them in the jobs' order.
func (m *maker) make(ctx context.Context, jobs []job) ([]made, error) {
	var out []made
	produce := func(send func(job) error) error {
		for _, j := range jobs {
			if err := send(j); err != nil {
				return err
			}
		}
		return nil
	}
	newWork := func() func(job) made {
		gens := map[string]func(*rand.Rand) (Generated, error){}
		variants := map[string]func(*rand.Rand, string, int) (store.Puzzle, error){}
		src := rand.NewPCG(0, 0)
		rng := rand.New(src)
		return func(j job) made {
			label := fmt.Sprintf("%s daily %s", m.spec.File, gradeOf(j.kind, j.level))
			ladder := m.spec.LadderOf(j.kind)
			lv, _ := ladder.Find(j.level)
			src.Seed(StreamSeed(m.opts.Seed, j.stream), uint64(j.index))
			if !j.kind.IsClassic() {
				g := gradeOf(j.kind, j.level)
				gen, ok := variants[g]
				if !ok {
					gen = newVariantJob(ctx, VariantConfig{Kind: j.kind.Name, Layout: j.kind.Variant, Level: &lv, Ladder: ladder,
						Label: label, Version: m.opts.Version, Seed: m.opts.Seed})
					variants[g] = gen
				}
				p, err := gen(rng, "none", j.index)
				return made{job: j, p: p, err: err}
			}
			gen, ok := gens[j.level]
			if !ok {
				gen = newGenerate(ctx, GenerateConfig{Level: &lv, Ladder: ladder, Scale: m.spec.Scale, Options: engine.GenerateOptions{Minimal: level.DefaultMinimal(lv, engine.SymmetryNone, 0)}})
				gens[j.level] = gen
			}
			g, err := gen(rng)
			if err != nil {
				return made{job: j, err: err}
			}
			return made{job: j, p: archived(g, label, m.opts.Version, int64(m.opts.Seed), m.spec.Scale)}
		}
	}
	err := Ordered(ctx, m.opts.Workers, produce, newWork, func(c made) error {
		if c.err != nil {
			what := "fence sample"
			if c.need != nil {
				what = fmt.Sprintf("%s %s puzzle %d", c.need.day.Outlet.Name, c.need.day.Date.Format(time.DateOnly), c.need.slot)
			}
			if errors.Is(c.err, level.ErrNoPuzzle) {
				return fmt.Errorf("%s (%s): %w", what, c.level, c.err)
			}
			return c.err
		}
		out = append(out, c)
		m.res.Made++
		m.prog.Made++
		if m.prog.Made%16 == 0 {
			m.report()
		}
		return nil
	})
	if len(out) > 0 {
		batch := make([]store.Puzzle, len(out))
		for i, c := range out {
			batch[i] = c.p
		}
		if _, _, ierr := m.db.Insert(context.WithoutCancel(ctx), batch); ierr != nil {
			return nil, ierr
		}
	}
	if err != nil {
		return nil, err
	}
	return out, nil
}

// free reports which candidates their outlets may run: reserved for this
// run (nobody else holds them; unpublished, or with reprints published
// but never by an exclusive outlet, and the outlet itself not exclusive)
// and never run by the outlet before.
func (m *maker) free(ctx context.Context, cands []made) (map[string]bool, error) {
	byOutlet := map[*configs.Outlet][]string{}
	var order []*configs.Outlet
	for _, c := range cands {
		o := c.need.day.Outlet
		if _, ok := byOutlet[o]; !ok {
			order = append(order, o)
		}
		byOutlet[o] = append(byOutlet[o], c.p.ID)
	}
	out := map[string]bool{}
	for _, o := range order {
		ids := byOutlet[o]
		mine, err := m.db.ReserveIDs(ctx, m.holder, ids, m.spec.Reprints && !o.Exclusive)
		if err != nil {
			return nil, err
		}
		ran, err := m.db.RanIn(ctx, o.Name, ids)
		if err != nil {
			return nil, err
		}
		for _, id := range ids {
			out[id] = mine[id] && !ran[id]
		}
	}
	return out, nil
}

// record puts the run's new issues into the ledger in one transaction,
// and each replaced one in its own.
func record(ctx context.Context, db *store.DB, days []*DailyDay, rep *Replacement, reprints bool) error {
	var issues []store.Issue
	for _, d := range days {
		if d.FromLedger {
			continue
		}
		issues = append(issues, store.Issue{Outlet: d.Outlet.Name, Date: d.Date.Format(time.DateOnly), Exclusive: d.Outlet.Exclusive,
			Reprints: reprints, Puzzles: issuePuzzles(d)})
	}
	if len(issues) > 0 {
		if err := db.AddIssues(ctx, issues); err != nil {
			return err
		}
	}
	for _, d := range days {
		if d.Replaced {
			if err := db.ReplaceIssue(ctx, d.Outlet.Name, d.Date.Format(time.DateOnly), store.Withdrawal{Why: rep.Why, By: rep.By}, issuePuzzles(d), reprints); err != nil {
				return err
			}
			// Read the day back: its withdrawals now include this one.
			is, err := db.Issues(ctx, d.Outlet.Name, d.Date.Format(time.DateOnly), d.Date.Format(time.DateOnly))
			if err != nil {
				return err
			}
			d.Withdrawn = is[0].Withdrawn
		}
	}
	return nil
}

func issuePuzzles(d *DailyDay) []store.IssuePuzzle {
	out := make([]store.IssuePuzzle, len(d.Puzzles))
	for i, p := range d.Puzzles {
		out[i] = store.IssuePuzzle{Slot: p.Slot, Level: p.Level, Puzzle: p.Puzzle}
	}
	return out
}

// linkPrevious sets each day's Previous: the outlet's issue before it in
// the run, or for its first day the ledger's.
func linkPrevious(ctx context.Context, db *store.DB, days []*DailyDay) error {
	for i, d := range days {
		if i > 0 && days[i-1].Outlet == d.Outlet {
			d.Previous = days[i-1]
			continue
		}
		is, err := db.IssueBefore(ctx, d.Outlet.Name, d.Date.Format(time.DateOnly))
		if errors.Is(err, store.ErrNotFound) {
			continue
		}
		if err != nil {
			return err
		}
		date, _ := time.Parse(time.DateOnly, is.Date)
		d.Previous = &DailyDay{Outlet: d.Outlet, Date: date, FromLedger: true, Puzzles: puzzlesOf(d.Outlet, date, is)}
	}
	return nil
}
