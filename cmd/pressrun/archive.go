package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

const defaultArchive = "pressrun.db"

var archiveCommand = command{
	name:    "archive",
	summary: "ask and fill the archive: stats, query, show, import, export, rerate",
	usage: `usage: pressrun archive SUBCOMMAND [flags]

The archive (a SQLite file, ./pressrun.db unless --archive says otherwise)
remembers every puzzle pressrun made or imported, its ratings, where it came
from and where it was published. Subcommands:

  stats    counts per level, published and not, per book and outlet, and
           the spread of the ratings
  query    the puzzles that match filters, as a table on a terminal or as
           tsv, json or puzzle lines
  show ID  one puzzle: grid, solution, ratings, provenance, publications
  import   add puzzles from files: each is checked, rated, canonicalised
           and stored unless an equal or isomorphic one is there already
  export   the archive, or what the filters select, as tsv, json or lines
  rerate   rate again the puzzles an older rater rated (or --all)

Run 'pressrun archive SUBCOMMAND --help' for its flags. The schema is
documented in the store package; sqlite3 can read the file directly.`,
	subs: []command{archiveStats, archiveQuery, archiveShow, archiveImport, archiveExport, archiveRerate},
}

// openArchive opens the archive named by --archive. Only a command that
// adds puzzles creates it; the others refuse a path with no file, so a
// typo does not leave an empty archive behind and answer as if it were
// the real one.
func openArchive(path string, create bool) (*store.DB, error) {
	if !create {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, usagef("'pressrun archive import' makes one; --archive names another file", "no archive at %s", path)
		}
	}
	db, err := store.Open(path)
	if errors.Is(err, store.ErrNotArchive) {
		return nil, usagef("--archive names the archive file; pressrun leaves other files alone", "%v", err)
	}
	if errors.Is(err, store.ErrNewer) {
		return nil, &hintedError{err: err, hint: "use a newer pressrun with this archive"}
	}
	return db, err
}

// filterFlags are the filters query and export share.
type filterFlags struct {
	level, er, score, clues, book, outlet, from, to, symmetry, id, source string
	published, unpublished                                                bool
}

func (f *filterFlags) define(fs *flag.FlagSet) {
	fs.StringVar(&f.level, "level", "", "only this `LEVEL` (easy, medium, hard, expert, evil)")
	fs.StringVar(&f.er, "er", "", "er in `MIN-MAX` (or one value)")
	fs.StringVar(&f.score, "score", "", "score in `MIN-MAX`")
	fs.StringVar(&f.clues, "clues", "", "number of givens in `MIN-MAX`")
	fs.BoolVar(&f.published, "published", false, "only puzzles that were published")
	fs.BoolVar(&f.unpublished, "unpublished", false, "only puzzles never published")
	fs.StringVar(&f.book, "book", "", "only puzzles placed in the book with this `ID`")
	fs.StringVar(&f.outlet, "outlet", "", "only puzzles placed in this newspaper `OUTLET`'s daily issues")
	fs.StringVar(&f.from, "from", "", "archived on or after `DATE` (YYYY-MM-DD)")
	fs.StringVar(&f.to, "to", "", "archived before `DATE` (YYYY-MM-DD)")
	fs.StringVar(&f.symmetry, "symmetry", "", "only puzzles made with this `SYMMETRY`")
	fs.StringVar(&f.id, "id", "", "ids starting with `PREFIX` (hex)")
	fs.StringVar(&f.source, "source", "", "only puzzles of this `SOURCE` (generate, import, or an import's label)")
}

func (f *filterFlags) filter() (store.Filter, error) {
	var out store.Filter
	out.Level, out.Outlet, out.Symmetry, out.IDPrefix, out.Source = f.level, f.outlet, f.symmetry, strings.ToLower(f.id), f.source
	var err error
	if out.ERMin, out.ERMax, err = floatRange("--er", f.er); err != nil {
		return out, err
	}
	if out.ScoreMin, out.ScoreMax, err = intRange("--score", f.score); err != nil {
		return out, err
	}
	if out.CluesMin, out.CluesMax, err = intRange("--clues", f.clues); err != nil {
		return out, err
	}
	if f.published && f.unpublished {
		return out, usagef("", "--published and --unpublished exclude each other")
	}
	if f.published || f.unpublished {
		v := f.published
		out.Published = &v
	}
	if f.book != "" {
		id, err := strconv.ParseInt(f.book, 10, 64)
		if err != nil {
			return out, usagef("book ids are the numbers 'pressrun archive stats' lists", "--book %q: not a book id", f.book)
		}
		out.Book = &id
	}
	for _, d := range []struct {
		flag, text string
		dst        *time.Time
	}{{"--from", f.from, &out.From}, {"--to", f.to, &out.To}} {
		if d.text == "" {
			continue
		}
		t, err := time.Parse("2006-01-02", d.text)
		if err != nil {
			return out, usagef("dates are written YYYY-MM-DD", "%s %q: not a date", d.flag, d.text)
		}
		*d.dst = t
	}
	if f.id != "" && strings.Trim(out.IDPrefix, "0123456789abcdef") != "" {
		return out, usagef("ids are hex digits, as 'pressrun archive query' prints them", "--id %q: not a hex prefix", f.id)
	}
	return out, nil
}

func floatRange(name, text string) (*float64, *float64, error) {
	if text == "" {
		return nil, nil, nil
	}
	lo, hi, found := strings.Cut(text, "-")
	if !found {
		hi = lo
	}
	a, err1 := strconv.ParseFloat(lo, 64)
	b, err2 := strconv.ParseFloat(hi, 64)
	if err1 != nil || err2 != nil || a > b {
		return nil, nil, usagef(name+" 3.0-4.4 selects 3.0 to 4.4", "%s %q: want MIN-MAX", name, text)
	}
	return &a, &b, nil
}

func intRange(name, text string) (*int, *int, error) {
	lo, hi, err := floatRange(name, text)
	if lo == nil || err != nil {
		return nil, nil, err
	}
	if *lo != math.Trunc(*lo) || *hi != math.Trunc(*hi) {
		return nil, nil, usagef("", "%s %q: want whole numbers", name, text)
	}
	a, b := int(*lo), int(*hi)
	return &a, &b, nil
}

// puzzleColumns are the columns query and export print in tsv and json:
// every rating column between the puzzle and its provenance.
var puzzleColumns = append(append([]string{"id", "puzzle", "solution"}, ratingColumns...),
	"clues", "symmetry", "source", "label", "created")

func puzzleRow(p store.Puzzle) []any {
	r := p.Ratings
	if r == nil {
		r = &store.Ratings{}
	}
	row := append([]any{p.ID, p.Givens.String(), p.Solution.String()}, ratingRow(&r.Ratings)...)
	return append(row, p.Givens.Clues(), p.Symmetry, p.Source, p.Label, p.Created.UTC().Format(time.RFC3339))
}

// num prints a rating without trailing noise: 4.2, 0.0917.
type num float64

func (n num) String() string               { return strconv.FormatFloat(float64(n), 'f', -1, 64) }
func (n num) MarshalJSON() ([]byte, error) { return []byte(n.String()), nil }

var archiveQuery = command{
	name:    "archive query",
	summary: "the puzzles that match filters",
	usage: `usage: pressrun archive query [flags]

Query prints the archived puzzles the filters select, at most --limit of
them, ordered by --order. On a terminal it prints a table; otherwise, or
with --format, tsv (a header row, then one row a puzzle), json lines or
puzzle lines. Every filter is passed to SQLite as a bound value.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		return setupSelect(fs, "", 20)
	},
}

var archiveExport = command{
	name:    "archive export",
	summary: "the archive, or a query, as tsv, json or puzzle lines",
	usage: `usage: pressrun archive export [flags]

Export writes every archived puzzle the filters select (all of them without
filters) as tsv (default), json lines or puzzle lines, ordered by id.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		return setupSelect(fs, "tsv", 0)
	},
}

// setupSelect is query and export: filters, order, limit, format.
func setupSelect(fs *flag.FlagSet, defaultFormat string, defaultLimit int) func(context.Context, *env, []string) error {
	path := fs.String("archive", defaultArchive, "the archive `FILE`")
	var ff filterFlags
	ff.define(fs)
	limit := fs.Int("limit", defaultLimit, "print at most `N` puzzles (0: all)")
	order := fs.String("order", "id", "order by `COLUMN`: id, created, clues, level, er, ep, ed, score, wnef, gc")
	desc := fs.Bool("desc", false, "largest first")
	format := fs.String("format", defaultFormat, "output `FORMAT`: table, tsv, json or line")
	return func(ctx context.Context, e *env, args []string) error {
		if len(args) > 0 {
			return usagef("filters are flags, e.g. --level hard --er 3-4", "unexpected argument %q", args[0])
		}
		f, err := ff.filter()
		if err != nil {
			return err
		}
		if _, ok := store.Orders[*order]; !ok {
			return usagef("order by id, created, clues, level, er, ep, ed, score, wnef or gc", "--order %q: no such column", *order)
		}
		f.Order, f.Descending, f.Limit = *order, *desc, *limit
		fmtName := *format
		if fmtName == "" {
			fmtName = "tsv"
			if e.terminal {
				fmtName = "table"
			}
		}
		if err := checkFormat(fmtName, "table", "tsv", "json", "line"); err != nil {
			return err
		}
		db, err := openArchive(*path, false)
		if err != nil {
			return err
		}
		defer db.Close()
		found := 0
		each := func(fn func(store.Puzzle) error) error {
			err := db.Each(ctx, f, func(p store.Puzzle) error { found++; return fn(p) })
			if err == nil && found == 0 {
				err = warnUnknownLevel(ctx, e, db, f.Level)
			}
			return err
		}
		switch fmtName {
		case "line":
			return each(func(p store.Puzzle) error {
				_, err := fmt.Fprintln(e.stdout, p.Givens.String())
				return err
			})
		case "table":
			tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tLEVEL\tER\tSCORE\tCLUES\tSYMMETRY\tSOURCE\tPUZZLE")
			err := each(func(p store.Puzzle) error {
				r := p.Ratings
				if r == nil {
					r = &store.Ratings{Ratings: rate.Ratings{Level: "-"}}
				}
				_, err := fmt.Fprintf(tw, "%s\t%s\t%.1f\t%d\t%d\t%s\t%s\t%s\n", p.ID[:8], r.Level, r.ER, r.Score,
					p.Givens.Clues(), p.Symmetry, sourceName(p), p.Givens)
				return err
			})
			if err != nil {
				return err
			}
			return tw.Flush()
		}
		out, err := newTable(e.stdout, fmtName, puzzleColumns...)
		if err != nil {
			return err
		}
		return each(func(p store.Puzzle) error { return out.row(puzzleRow(p)...) })
	}
}

// warnUnknownLevel says so on stderr when no archived puzzle has the level
// a filter names, with the levels there are: a misspelt --level otherwise
// looks like an empty selection. Query calls it only when nothing matched.
func warnUnknownLevel(ctx context.Context, e *env, db *store.DB, level string) error {
	if level == "" {
		return nil
	}
	st, err := db.Stats(ctx)
	if err != nil {
		return err
	}
	var names []string
	for _, l := range st.Levels {
		if l.Level == level {
			return nil
		}
		if l.Level != "" {
			names = append(names, l.Level)
		}
	}
	fmt.Fprintf(e.stderr, "pressrun: no archived puzzle has level %q; the archive's levels: %s\n", level, strings.Join(names, ", "))
	return nil
}

func sourceName(p store.Puzzle) string {
	if p.Label != "" {
		return p.Source + ":" + p.Label
	}
	return p.Source
}

var archiveShow = command{
	name:    "archive show",
	summary: "one puzzle with everything the archive knows of it",
	usage: `usage: pressrun archive show [flags] ID

Show prints the puzzle whose id is ID or starts with it (at least 4 hex
digits): the grid, the solution, every rating, where it came from and every
place it was published.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		path := fs.String("archive", defaultArchive, "the archive `FILE`")
		return func(ctx context.Context, e *env, args []string) error {
			if len(args) != 1 {
				return usagef("ids are printed by 'pressrun archive query'", "show takes one id")
			}
			id := strings.ToLower(args[0])
			if len(id) < 4 || len(id) > 16 || strings.Trim(id, "0123456789abcdef") != "" {
				return usagef("an id is 4 to 16 of the hex digits 'pressrun archive query' prints", "%q is not a puzzle id", args[0])
			}
			db, err := openArchive(*path, false)
			if err != nil {
				return err
			}
			defer db.Close()
			p, err := db.Get(ctx, id)
			if errors.Is(err, store.ErrNotFound) {
				return usagef("find it with 'pressrun archive query'", "%v", err)
			}
			if errors.Is(err, store.ErrAmbiguous) {
				return usagef("give more digits of the id", "%v", err)
			}
			if err != nil {
				return err
			}
			pubs, err := db.Publications(ctx, p.ID)
			if err != nil {
				return err
			}
			writeShow(e.stdout, p, pubs)
			return nil
		}
	},
}

func writeShow(w io.Writer, p store.Puzzle, pubs []store.Publication) {
	fmt.Fprintf(w, "id         %s\n", p.ID)
	fmt.Fprintf(w, "puzzle     %s\n", p.Givens)
	fmt.Fprintf(w, "solution   %s\n", p.Solution)
	fmt.Fprintf(w, "canonical  %s\n", p.Canonical)
	fmt.Fprintf(w, "clues      %d, symmetry %s\n", p.Givens.Clues(), p.Symmetry)
	prov := sourceName(p)
	if p.Seed != nil {
		prov += fmt.Sprintf(", seed %d", *p.Seed)
		if p.Job != nil {
			prov += fmt.Sprintf(" job %d", *p.Job)
		}
	}
	fmt.Fprintf(w, "source     %s, pressrun %s, archived %s\n\n", prov, p.Version, p.Created.UTC().Format(time.RFC3339))
	grids := [2]engine.Grid{p.Givens, p.Solution}
	lines := [2][]string{strings.Split(strings.TrimSpace(grids[0].Pretty()), "\n"), strings.Split(strings.TrimSpace(grids[1].Pretty()), "\n")}
	for i := range lines[0] {
		fmt.Fprintf(w, "  %-21s    %s\n", lines[0][i], lines[1][i])
	}
	fmt.Fprintln(w)
	if r := p.Ratings; r != nil {
		fmt.Fprintf(w, "level      %s (rater %s)\n", r.Level, r.Rater)
		fmt.Fprintf(w, "er/ep/ed   %v / %v / %v, score %d\n", num(r.ER), num(r.EP), num(r.ED), r.Score)
		var metrics []string
		for _, c := range rate.Columns {
			switch c {
			case "er", "ep", "ed", "score": // the line above
			case "rreduction":
				metrics = append(metrics, fmt.Sprintf("r-reduction %v", ratingValue(&r.Ratings, c)))
			default:
				metrics = append(metrics, fmt.Sprintf("%s %v", c, ratingValue(&r.Ratings, c)))
			}
		}
		fmt.Fprintf(w, "metrics    %s\n", strings.Join(metrics, ", "))
		var parts []string
		techniqueCounts(r.Techniques).ordered(func(k string, n int) { parts = append(parts, fmt.Sprintf("%s %d", k, n)) })
		fmt.Fprintf(w, "techniques %s\n", strings.Join(parts, ", "))
	} else {
		fmt.Fprintln(w, "level      not rated")
	}
	if len(pubs) == 0 {
		fmt.Fprintln(w, "published  never")
		return
	}
	for _, pub := range pubs {
		where := ""
		if pub.Book != nil {
			where = fmt.Sprintf("book %d %q", pub.Book.ID, pub.Book.Title)
		} else {
			where = fmt.Sprintf("%s %s", pub.Outlet, pub.Date)
		}
		page := ""
		if pub.Page > 0 {
			page = fmt.Sprintf(", page %d", pub.Page)
		}
		fmt.Fprintf(w, "published  %s, %s #%d%s (%s)\n", where, pub.Section, pub.Ordinal, page, pub.Created)
	}
}

var archiveImport = command{
	name:    "archive import",
	summary: "add puzzles from files",
	usage: `usage: pressrun archive import [flags] FILE...

Import reads puzzles in any format pressrun reads (standard input for none
or "-"). Each one is checked for exactly one solution, rated, canonicalised
and stored, unless the archive holds it already, the same or isomorphic
(relabelled, rotated, rows or columns swapped); those are counted, not
stored. A line that is not a puzzle, or a puzzle without exactly one
solution, is reported as FILE:LINE: reason and not stored; import stops at
the first unless --keep-going, keeping what it stored before. At the end it
prints how many were added, duplicates (exact and isomorphic) and rejected.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		path := fs.String("archive", defaultArchive, "the archive `FILE`")
		label := fs.String("source", "", "provenance `LABEL` recorded with each puzzle (default: the file's name)")
		workers := fs.Int("workers", 0, "rate on `W` goroutines (default: one per CPU core)")
		keepGoing := fs.Bool("keep-going", false, "skip bad and rejected puzzles and import the rest (the exit status is still 2)")
		return func(ctx context.Context, e *env, files []string) error {
			if *workers < 0 {
				return usagef("", "--workers %d: want 1 or more", *workers)
			}
			db, err := openArchive(*path, true)
			if err != nil {
				return err
			}
			defer db.Close()
			return runImport(ctx, e, db, files, *label, *workers, *keepGoing)
		}
	},
}

func runImport(ctx context.Context, e *env, db *store.DB, files []string, label string, workers int, keepGoing bool) error {
	start := time.Now()
	im := &pipeline.Importer{DB: db}
	rejected := 0
	var errStopped = usagef("fix it, or pass --keep-going to import the rest", "stopped at the first rejected puzzle")
	err := eachPuzzleParallel(ctx, e, files, keepGoing, workers,
		func() func(position, engine.Grid) pipeline.Prepared {
			prep := pipeline.Preparer{Archive: db}
			return func(at position, g engine.Grid) pipeline.Prepared {
				prep.Provenance = pipeline.Provenance{Source: "import", Label: label, Version: version}
				if label == "" {
					prep.Provenance.Label = filepath.Base(at.file)
				}
				return prep.Prepare(ctx, g)
			}
		},
		func(at position, _ engine.Grid, p pipeline.Prepared) error {
			if p.Err != nil && !pipeline.NotUnique(p.Err) {
				return p.Err // the archive failed, not the puzzle
			}
			if p.Err != nil {
				fmt.Fprintf(e.stderr, "%s: %v\n", at, p.Err)
				rejected++
				if !keepGoing {
					return errStopped
				}
				return nil
			}
			return im.AddPrepared(ctx, p)
		})
	// Whatever was prepared is stored, also after Ctrl-C: nothing rated is lost.
	if ferr := im.Flush(context.WithoutCancel(ctx)); ferr != nil && err == nil {
		err = ferr
	}
	st := im.Stats
	fmt.Fprintf(e.stderr, "pressrun: archive import: %d added, %d duplicates (%d exact, %d isomorphic), %d rejected in %.1fs\n",
		st.Added, st.Exact+st.Isomorphic, st.Exact, st.Isomorphic, rejected, time.Since(start).Seconds())
	if err == nil && rejected > 0 {
		err = usagef("", "rejected %s", plural(rejected, "puzzle"))
	}
	return err
}

var archiveStats = command{
	name:    "archive stats",
	summary: "counts and rating spreads",
	usage: `usage: pressrun archive stats [flags]

Stats prints how many puzzles the archive holds per level, published and
not, per book and per newspaper outlet, and the spread of er and score
(a histogram on a terminal, tsv otherwise or with --format tsv).`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		path := fs.String("archive", defaultArchive, "the archive `FILE`")
		format := fs.String("format", "", "output `FORMAT`: text or tsv (default: text on a terminal)")
		return func(ctx context.Context, e *env, args []string) error {
			if len(args) > 0 {
				return usagef("", "unexpected argument %q", args[0])
			}
			f := *format
			if f == "" {
				f = "tsv"
				if e.terminal {
					f = "text"
				}
			}
			if err := checkFormat(f, "text", "tsv"); err != nil {
				return err
			}
			db, err := openArchive(*path, false)
			if err != nil {
				return err
			}
			defer db.Close()
			st, err := db.Stats(ctx)
			if err != nil {
				return err
			}
			if f == "text" {
				writeStatsText(e.stdout, st)
				return nil
			}
			out, err := newTable(e.stdout, "tsv", "what", "key", "unpublished", "published", "total")
			if err != nil {
				return err
			}
			for _, l := range st.Levels {
				out.row("level", l.Level, l.Unpublished, l.Published, l.Unpublished+l.Published)
			}
			for _, b := range st.Books {
				out.row("book", fmt.Sprintf("%d %s", b.ID, b.Title), 0, b.Puzzles, b.Puzzles)
			}
			for _, o := range st.Outlets {
				out.row("outlet", o.Outlet, 0, o.Puzzles, o.Puzzles)
			}
			for _, h := range st.ER {
				out.row("er", h.Label, "", "", h.Count)
			}
			for _, h := range st.Score {
				out.row("score", h.Label, "", "", h.Count)
			}
			return nil
		}
	},
}

func writeStatsText(w io.Writer, st store.Stats) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "level\tunpublished\tpublished\ttotal\t\n")
	total := [2]int{}
	for _, l := range st.Levels {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t\n", l.Level, l.Unpublished, l.Published, l.Unpublished+l.Published)
		total[0] += l.Unpublished
		total[1] += l.Published
	}
	fmt.Fprintf(tw, "all\t%d\t%d\t%d\t\n", total[0], total[1], total[0]+total[1])
	tw.Flush()
	if len(st.Books) > 0 {
		fmt.Fprintln(w, "\nbooks")
		for _, b := range st.Books {
			fmt.Fprintf(w, "  %4d  %-40s %6d puzzles  %s\n", b.ID, b.Title, b.Puzzles, b.Created)
		}
	}
	if len(st.Outlets) > 0 {
		fmt.Fprintln(w, "\noutlets")
		for _, o := range st.Outlets {
			fmt.Fprintf(w, "  %-30s %6d puzzles, %d issues\n", o.Outlet, o.Puzzles, o.Issues)
		}
	}
	for _, h := range []struct {
		name string
		bins []store.Bin
	}{{"er", st.ER}, {"score", st.Score}} {
		if len(h.bins) == 0 {
			continue
		}
		fmt.Fprintf(w, "\n%s\n", h.name)
		most := 0
		for _, b := range h.bins {
			most = max(most, b.Count)
		}
		for _, b := range h.bins {
			bar := strings.Repeat("#", int(math.Ceil(40*float64(b.Count)/float64(max(most, 1)))))
			fmt.Fprintf(w, "  %11s %7d %s\n", b.Label, b.Count, bar)
		}
	}
}

var archiveRerate = command{
	name:    "archive rerate",
	summary: "rate again what an older rater rated",
	usage: `usage: pressrun archive rerate [flags]

Rerate rates again, with this pressrun's rater, the archived puzzles whose
current ratings come from another rater version (or none), narrowed by the
same filters as query; --all rates every selected puzzle again. The new
ratings become current and the old ones move to the rating_history table,
where sqlite3 can still read them. Levels follow the new ratings. Work is
written in batches, so an interrupted rerate keeps what it finished and the
next run picks up the rest.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		path := fs.String("archive", defaultArchive, "the archive `FILE`")
		workers := fs.Int("workers", 0, "rate on `W` goroutines (default: one per CPU core)")
		all := fs.Bool("all", false, "rate again also the puzzles the current rater rated")
		var ff filterFlags
		ff.define(fs)
		return func(ctx context.Context, e *env, args []string) error {
			if len(args) > 0 {
				return usagef("select puzzles with the filter flags", "unexpected argument %q", args[0])
			}
			if *workers < 0 {
				return usagef("", "--workers %d: want 1 or more", *workers)
			}
			f, err := ff.filter()
			if err != nil {
				return err
			}
			if !*all {
				f.RaterNot = pipeline.RaterVersion
			}
			db, err := openArchive(*path, false)
			if err != nil {
				return err
			}
			defer db.Close()
			return runRerate(ctx, e, db, f, *workers)
		}
	},
}

// rerateBatch is how many new ratings go to the archive in one transaction.
const rerateBatch = 1000

func runRerate(ctx context.Context, e *env, db *store.DB, f store.Filter, workers int) error {
	start := time.Now()
	type rated struct {
		id  string
		r   store.Ratings
		err error
	}
	batch := map[string]store.Ratings{}
	done := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		if err := db.Rerate(context.WithoutCancel(ctx), batch); err != nil {
			return err
		}
		done += len(batch)
		clear(batch)
		return nil
	}
	err := pipeline.Ordered(ctx, workers,
		func(send func(store.Puzzle) error) error { return db.Each(ctx, f, send) },
		func() func(store.Puzzle) rated {
			return func(p store.Puzzle) rated {
				r, err := pipeline.Rate(p.Givens)
				return rated{p.ID, r, err}
			}
		},
		func(r rated) error {
			if r.err != nil {
				return fmt.Errorf("puzzle %s: %w", r.id, r.err)
			}
			batch[r.id] = r.r
			if len(batch) >= rerateBatch {
				return flush()
			}
			return nil
		})
	// What was rated is kept, also after Ctrl-C.
	if ferr := flush(); ferr != nil && err == nil {
		err = ferr
	}
	fmt.Fprintf(e.stderr, "pressrun: archive rerate: %d re-rated by %s in %.1fs\n", done, pipeline.RaterVersion, time.Since(start).Seconds())
	return err
}
