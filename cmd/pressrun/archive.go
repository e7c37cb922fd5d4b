package main

import (
	"context"
	"errors"
	"flag"
	"math"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine/teach"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/store"
)

// archiveEnv names the default archive of every command, so that the
// several folders of a desk can share one.
const archiveEnv = "PRESSRUN_ARCHIVE"

// archiveFlag defines --archive, whose default archivePath decides.
func archiveFlag(fs *flag.FlagSet) *string {
	return fs.String("archive", "", "the archive: a `FILE`, or a postgres:// URL (default: $"+archiveEnv+", else ./pressrun.db)")
}

// archivePath is the archive a command uses: --archive when given, else
// $PRESSRUN_ARCHIVE, else the spec's archive: (for build and daily; empty
// for the others), else ./pressrun.db (the spec's folder's for a spec). The
// variable beats the spec because it is the desk's choice for this shell
// while a spec travels between desks: the example specs all say
// "archive: pressrun.db", and a variable they overrode would do nothing.
func archivePath(flagValue, specArchive string) string {
	switch {
	case flagValue != "":
		return flagValue
	case os.Getenv(archiveEnv) != "":
		return os.Getenv(archiveEnv)
	case specArchive != "":
		return specArchive // the spec's archive:, else pressrun.db beside it
	}
	return "pressrun.db"
}

var archiveCommand = command{
	name:    "archive",
	summary: "ask and fill the archive: stats, query, show, import, export, rerate, copy",
	usage: `usage: pressrun archive SUBCOMMAND [flags]

The archive (a SQLite file, or a PostgreSQL database a whole desk shares:
--archive FILE-OR-URL, else $PRESSRUN_ARCHIVE, else ./pressrun.db)
remembers every puzzle pressrun made or imported, its ratings, where it
came from and where it was published. Subcommands:

  stats    counts per level, published and not, per book and outlet, and
           the spread of the ratings
  query    the puzzles that match filters, as a table on a terminal or as
           tsv, json or puzzle lines
  show ID  one puzzle: grid, solution, ratings, provenance, publications
  import   add puzzles from files (lines, tsv, json, ipuz): each is
           checked, rated, canonicalised and stored unless an equal or
           isomorphic one is there already
  export   the archive, or what the filters select, as tsv, json, lines
           or ipuz
  rerate   rate again the puzzles an older rater rated (or --all)
  copy     copy a whole archive, ledger included, between SQLite and
           PostgreSQL (--from A --to B)

stats, query, show and export only read: they work on a read-only archive
(or one in a read-only folder) and write nothing there. import makes the
archive when it first stores a puzzle (also of an empty file); the others
refuse a path with no archive, an empty file, or a file of something else,
and leave it as it is. Run 'pressrun archive SUBCOMMAND --help' for its
flags. The schema is documented in the store package; sqlite3 can read the
file directly.`,
	subs: []command{archiveStats, archiveQuery, archiveShow, archiveImport, archiveExport, archiveRerate, archiveCopy},
}

// archiveErrors words the problems of the archive file (*store.FileError)
// that run reports, whatever the command was doing when it met them; run
// adds the command's name.
func archiveErrors(run func(context.Context, *env, []string) error) func(context.Context, *env, []string) error {
	return func(ctx context.Context, e *env, args []string) error {
		err := run(ctx, e, args)
		var fe *store.FileError
		if !errors.As(err, &fe) {
			return err
		}
		switch {
		case errors.Is(fe, store.ErrNoArchive) && store.IsURL(fe.Path):
			return usagef("createdb makes the database (see the README's shared archive); build, daily and 'pressrun archive import' make the archive in it", "%v", fe)
		case errors.Is(fe, store.ErrLocation):
			return usagef("--archive, "+archiveEnv+" and a spec's archive: take a file's path or postgres://USER:PASSWORD@HOST:PORT/DATABASE", "%v", fe)
		case errors.Is(fe, store.ErrUnreachable):
			return &hintedError{err: fe, hint: "start the server (Debian: pg_ctlcluster 15 main start), or mend the URL's host and port"}
		case errors.Is(fe, store.ErrDenied):
			return &hintedError{err: fe, hint: "the URL's user and password (or PGUSER, PGPASSWORD, ~/.pgpass) must be a login of that server"}
		case errors.Is(fe, store.ErrNoArchive):
			return usagef("'pressrun archive import' makes one; --archive or "+archiveEnv+" names another file", "%v", fe)
		case errors.Is(fe, store.ErrNotArchive) && store.IsURL(fe.Path):
			return usagef("give pressrun a database of its own (createdb pressrun); it leaves other programs' tables alone", "%v", fe)
		case errors.Is(fe, store.ErrNotArchive):
			return usagef("--archive or "+archiveEnv+" names the archive file; pressrun leaves other files alone", "%v", fe)
		case errors.Is(fe, store.ErrNewer):
			return &hintedError{err: fe, hint: "use a newer pressrun with this archive"}
		case errors.Is(fe, store.ErrOlder):
			return &hintedError{err: fe, hint: "a command that writes to it (archive import, archive rerate, build) upgrades it, run by someone who may write it"}
		case errors.Is(fe, store.ErrReadOnly):
			return &hintedError{err: fe, hint: "archive stats, query, show and export read it as it is; to write to it, make the file and its folder writable for you, or work on a copy"}
		case errors.Is(fe, store.ErrUnreadable):
			return &hintedError{err: fe, hint: "any archive command run once by someone who may write its folder folds the log into the archive"}
		case errors.Is(fe, store.ErrDamaged):
			return &hintedError{err: fe, hint: "restore it from a backup, or run sqlite3's .recover on a copy"}
		}
		return &hintedError{err: fe, hint: "--archive or " + archiveEnv + " names an archive in a folder you can write to"}
	}
}

// filterFlags are the filters query, export and rerate share.
type filterFlags struct {
	variant, level, er, score, clues, book, outlet, from, to, symmetry, id, source string
	technique                                                                      string
	published, unpublished                                                         bool
}

// define defines the filter flags; ledger says that --outlet and --book
// ask for the ledger's placements (query), not for puzzles placed there.
func (f *filterFlags) define(fs *flag.FlagSet, ledger bool) {
	variantFilterFlag(fs, &f.variant)
	fs.StringVar(&f.level, "level", "", "only this `LEVEL` (easy, medium, hard, expert, evil)")
	fs.StringVar(&f.er, "er", "", "er in `MIN-MAX` (or one value)")
	fs.StringVar(&f.technique, "technique", "", "only puzzles whose solve has a step of `NAMES` (comma-separated: any of them;\n'pressrun help techniques'); with --er at the technique's rating, those it is the hardest of")
	fs.StringVar(&f.score, "score", "", "score in `MIN-MAX`")
	fs.StringVar(&f.clues, "clues", "", "number of givens in `MIN-MAX`")
	fs.BoolVar(&f.published, "published", false, "only puzzles that were published")
	fs.BoolVar(&f.unpublished, "unpublished", false, "only puzzles never published")
	if ledger {
		fs.StringVar(&f.book, "book", "", "what was published in book `ID` (its number, or its title in any case): one\nrow a placement")
		fs.StringVar(&f.outlet, "outlet", "", "what was published in newspaper `OUTLET`'s daily issues (its name, any case):\none row a placement")
		fs.StringVar(&f.from, "from", "", "from `DATE` (YYYY-MM-DD), included: with --outlet or --book, the publication\ndate; else the date archived")
		fs.StringVar(&f.to, "to", "", "to `DATE` (YYYY-MM-DD): with --outlet or --book, the publication date, included;\nelse the date archived, not included")
	} else {
		fs.StringVar(&f.book, "book", "", "only puzzles placed in the book with this `ID`")
		fs.StringVar(&f.outlet, "outlet", "", "only puzzles placed in this newspaper `OUTLET`'s daily issues")
		fs.StringVar(&f.from, "from", "", "archived on or after `DATE` (YYYY-MM-DD)")
		fs.StringVar(&f.to, "to", "", "archived before `DATE` (YYYY-MM-DD)")
	}
	fs.StringVar(&f.symmetry, "symmetry", "", "only puzzles made with this `SYMMETRY`")
	fs.StringVar(&f.id, "id", "", "ids starting with `PREFIX` (hex)")
	fs.StringVar(&f.source, "source", "", "only puzzles of this `SOURCE` (generate, import, or an import's label)")
}

func (f *filterFlags) filter() (store.Filter, error) {
	var out store.Filter
	var err error
	if out.Variant, err = variantFilter(f.variant); err != nil {
		return out, err
	}
	out.Level, out.Outlet, out.Symmetry, out.IDPrefix, out.Source = f.level, f.outlet, f.symmetry, strings.ToLower(f.id), f.source
	if out.ERMin, out.ERMax, err = floatRange("--er", f.er); err != nil {
		return out, err
	}
	if out.ScoreMin, out.ScoreMax, err = intRange("--score", f.score); err != nil {
		return out, err
	}
	if out.CluesMin, out.CluesMax, err = intRange("--clues", f.clues); err != nil {
		return out, err
	}
	if f.technique != "" {
		for _, name := range strings.Split(f.technique, ",") {
			t, err := teach.Named(name)
			if err != nil {
				return out, usagef("'pressrun help techniques' lists them", "--technique %q: no technique of that name", strings.TrimSpace(name))
			}
			for _, m := range t.Members {
				out.Techniques = append(out.Techniques, m.Key())
			}
		}
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
	if out.From, out.To, err = dateRange(f.from, f.to); err != nil {
		return out, err
	}
	if f.id != "" && strings.Trim(out.IDPrefix, "0123456789abcdef") != "" {
		return out, usagef("ids are hex digits, as 'pressrun archive query' prints them", "--id %q: not a hex prefix", f.id)
	}
	return out, nil
}

// placements reports whether the flags ask query for the ledger's
// placements: --outlet or --book.
func (f *filterFlags) placements() bool { return f.outlet != "" || f.book != "" }

// placementFilter is the ledger's query the flags ask for, but for where
// (--outlet and --book, which placeIn finds in the archive): --from and
// --to bound the publication date, both included, and the other filters
// narrow by the puzzle placed.
func (f *filterFlags) placementFilter() (store.PlacementFilter, error) {
	var out store.PlacementFilter
	if f.outlet != "" && f.book != "" {
		return out, usagef("ask once for the outlet and once for the book", "--outlet and --book: give one or the other")
	}
	puzzles := *f
	puzzles.book, puzzles.outlet, puzzles.from, puzzles.to = "", "", "", ""
	var err error
	if out.Puzzles, err = puzzles.filter(); err != nil {
		return out, err
	}
	from, to, err := dateRange(f.from, f.to)
	if !from.IsZero() {
		out.From = from.Format(time.DateOnly)
	}
	if !to.IsZero() {
		out.To = to.Format(time.DateOnly)
	}
	return out, err
}

// dateRange reads --from and --to; either may be empty (a zero time).
func dateRange(from, to string) (time.Time, time.Time, error) {
	var out [2]time.Time
	for i, d := range []struct{ flag, text string }{{"--from", from}, {"--to", to}} {
		if d.text == "" {
			continue
		}
		t, err := time.Parse(time.DateOnly, d.text)
		if err != nil {
			return out[0], out[1], usagef("dates are written YYYY-MM-DD", "%s %q: not a date", d.flag, d.text)
		}
		out[i] = t
	}
	if !out[0].IsZero() && !out[1].IsZero() && out[0].After(out[1]) {
		return out[0], out[1], usagef("--from is the first date, --to the last", "--from %s is after --to %s", from, to)
	}
	return out[0], out[1], nil
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

// sourceName is where a puzzle came from, as query and show print it:
// "import:LABEL".
func sourceName(p store.Puzzle) string {
	if p.Label != "" {
		return p.Source + ":" + p.Label
	}
	return p.Source
}

// variantFilterFlag defines --variant, the kind of puzzle a look at the
// archive keeps to.
func variantFilterFlag(fs *flag.FlagSet, kind *string) {
	fs.StringVar(kind, "variant", "", "only puzzles of this `KIND`: "+strings.Join(variant.Kinds, ", ")+"\n(default: every kind)")
}

// variantFilter is --variant's kind, "" for every kind.
func variantFilter(name string) (string, error) {
	if name == "" {
		return "", nil
	}
	kind, err := variant.Kind(name)
	if err != nil {
		return "", usagef("", "--variant %q: want %s", name, strings.Join(variant.Kinds, ", "))
	}
	return kind, nil
}
