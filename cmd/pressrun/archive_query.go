package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

var archiveQuery = command{
	name:    "archive query",
	summary: "the puzzles that match filters",
	usage: `usage: pressrun archive query [flags]

Query prints the archived puzzles the filters select, at most --limit of
them, ordered by --order. On a terminal it prints a table; otherwise, or
with --format, tsv (a header row, then one row a puzzle), json lines or
puzzle lines. Every filter is passed to SQLite as a bound value.

With --outlet or --book it says what was published there, when: one row a
placement in the archive's ledger, by date (an outlet's issue date, the
day a book was recorded), then outlet or book, then slot or number; --from
and --to bound that date, both included; the other filters narrow by the
puzzle; without --limit it lists every row; --order may name a puzzle's
column to order by before the date. An outlet's rows have the date,
weekday, outlet, slot, level, id, er, score, puzzle and status (current,
or "withdrawn TIME: WHY" for a daily puzzle replaced); a book's the date,
book, title, section, number, page, level, id, er, score, puzzle and
status. --outlet is an outlet's name in any case; --book a book's id, or
its title in any case:

  pressrun archive query --outlet "the morning star" --from 2026-12-01 --to 2026-12-31`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		return setupSelect(fs, "", 20, true)
	},
}

var archiveExport = command{
	name:    "archive export",
	summary: "the archive, or a query, as tsv, json, puzzle lines or ipuz",
	usage: `usage: pressrun archive export [flags]

Export writes every archived puzzle the filters select (all of them without
filters) as tsv (default), json lines, puzzle lines or ipuz, ordered by id.
--outlet and --book select the puzzles placed there (ask 'pressrun archive
query' for the placements themselves).

--format ipuz writes each puzzle as an object of ipuz's Sudoku kind
(http://ipuz.org/sudoku#1, specification version 2): with --output DIR
one file a puzzle, DIR/ID.ipuz; with --output FILE.json, or to standard
output, one JSON array of them. Each has the puzzle and solution (numbers
up to 9x9, characters of the charset above), dimensions, charset, boxes,
the level and er as difficulty, title, copyright, origin, and the
archive id as uniqueid; a jigsaw's regions and the diagonals of X or the
windows of windoku are zones (GroupSpecs, cells [column, row] from 1, a
jigsaw's with boxes false), a killer's cages CalcSpecs ("operator": "+",
"value": the sum). What ipuz cannot say is in the field
"https://github.com/pressrun/pressrun/ipuz": the variant's name (its
archive key), the box shape of sides other than 9 ("boxes": true names
no shape), that a killer cage's digits differ (a CalcSpec says only what
its cells add up to), the symmetry, and the ratings and rater.
'pressrun archive import' reads these files back.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		return setupSelect(fs, "tsv", 0, false)
	},
}

// setupSelect is query and export: filters, order, limit, format. With
// ledger (query), --outlet and --book ask for the ledger's placements.
func setupSelect(fs *flag.FlagSet, defaultFormat string, defaultLimit int, ledger bool) func(context.Context, *env, []string) error {
	path := archiveFlag(fs)
	var ff filterFlags
	ff.define(fs, ledger)
	limitHelp, orderHelp, defaultOrder := "print at most `N` puzzles (0: all)", "order by `COLUMN`: id, created, clues, level, er, ep, ed, score, wnef, gc", "id"
	if ledger {
		limitHelp = "print at most `N` rows (0: all; with --outlet or --book, all unless given)"
		orderHelp += ",\nor with --outlet or --book date (default: date there, else id)"
		defaultOrder = ""
	}
	limit := fs.Int("limit", defaultLimit, limitHelp)
	order := fs.String("order", defaultOrder, orderHelp)
	desc := fs.Bool("desc", false, "largest first")
	formats, formatHelp := []string{"table", "tsv", "json", "line"}, "output `FORMAT`: table, tsv, json or line"
	var output, title, copyright, publisher *string
	if !ledger {
		formats, formatHelp = append(formats, "ipuz"), "output `FORMAT`: table, tsv, json, line or ipuz"
		output = fs.String("output", "", "with --format ipuz: a `PATH`, a folder to write ID.ipuz files into, or a\nFILE.json for one JSON array (default: the array to standard output)")
		title = fs.String("title", "Sudoku", "with --format ipuz: each puzzle's title, `TEXT` and its id")
		copyright = fs.String("copyright", "", "with --format ipuz: the copyright `TEXT` of each puzzle")
		publisher = fs.String("publisher", "", "with --format ipuz: the publisher `NAME` of each puzzle")
	}
	format := fs.String("format", defaultFormat, formatHelp)
	return archiveErrors(func(ctx context.Context, e *env, args []string) error {
		if len(args) > 0 {
			return usagef("filters are flags, e.g. --level hard --er 3-4", "unexpected argument %q", args[0])
		}
		placements := ledger && ff.placements()
		var f store.Filter
		var pf store.PlacementFilter
		var err error
		if placements {
			pf, err = ff.placementFilter()
		} else {
			f, err = ff.filter()
		}
		if err != nil {
			return err
		}
		if _, ok := store.Orders[*order]; !ok && *order != "" && !(placements && *order == "date") {
			if ledger && *order == "date" {
				return usagef("order puzzles by created, the day they were archived", "--order date: only with --outlet or --book")
			}
			return usagef("order by id, created, clues, level, er, ep, ed, score, wnef or gc", "--order %q: no such column", *order)
		}
		if *limit < 0 {
			return usagef("--limit 0 prints them all", "--limit %d: want 0 or more", *limit)
		}
		fmtName := *format
		if fmtName == "" {
			fmtName = "tsv"
			if e.terminal {
				fmtName = "table"
			}
		}
		if err := checkFormat(fmtName, formats...); err != nil {
			return err
		}
		if output != nil && *output != "" && fmtName != "ipuz" {
			return usagef("export writes tsv, json and lines to standard output", "--output: only with --format ipuz")
		}
		if placements {
			pf.Order, pf.Descending = *order, *desc
			if flagGiven(fs, "limit") {
				pf.Limit = *limit
			}
			return queryPlacements(ctx, e, archivePath(*path, ""), ff, pf, fmtName)
		}
		f.Order, f.Descending, f.Limit = cmp.Or(*order, "id"), *desc, *limit
		db, err := store.Open(archivePath(*path, ""), store.ReadOnly)
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
		case "ipuz":
			meta := pipeline.IpuzMeta{Copyright: *copyright, Publisher: *publisher, Origin: "pressrun " + version}
			return exportIpuz(ctx, e, *output, func(fn func(*pipeline.Ipuz) error) error {
				return each(func(p store.Puzzle) error {
					m := meta
					m.Title = strings.TrimSpace(*title + " " + p.ID[:8])
					return fn(pipeline.NewIpuz(p, m))
				})
			})
		case "line":
			return each(func(p store.Puzzle) error {
				_, err := fmt.Fprintln(e.stdout, variantLine(&p))
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
					p.Givens.Clues(), p.Symmetry, sourceName(p), p.Line(p.Givens))
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
	})
}

// warnUnknownLevel says so on stderr when no archived puzzle has the level
// a filter names, with the levels there are: a misspelt --level otherwise
// looks like an empty selection. Query calls it only when nothing matched.
func warnUnknownLevel(ctx context.Context, e *env, db *store.DB, level string) error {
	if level == "" {
		return nil
	}
	st, err := db.Stats(ctx, "")
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

// puzzleColumns are the columns query and export print in tsv and json:
// every rating column between the puzzle and its provenance, and last its
// variant (its key: a jigsaw's holds its layout), which `archive import`
// reads back.
var puzzleColumns = append(append([]string{"id", "puzzle", "solution"}, ratingColumns...),
	"clues", "symmetry", "source", "label", "created", "variant")

func puzzleRow(p store.Puzzle) []any {
	r := p.Ratings
	if r == nil {
		r = &store.Ratings{}
	}
	row := append([]any{p.ID, p.Line(p.Givens), p.Line(p.Solution)}, ratingRow(&r.Ratings)...)
	return append(row, p.Givens.Clues(), p.Symmetry, p.Source, p.Label, p.Created.UTC().Format(time.RFC3339), p.Geometry().Key())
}

// flagGiven reports whether the command line set the flag name.
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// The columns of query's placements: an outlet's, a book's.
var (
	outletPlacementColumns = []string{"date", "weekday", "outlet", "slot", "level", "id", "er", "score", "puzzle", "status"}
	bookPlacementColumns   = []string{"date", "book", "title", "section", "number", "page", "level", "id", "er", "score", "puzzle", "status"}
)

// queryPlacements prints the rows of the ledger that pf selects in the
// place --outlet or --book names.
func queryPlacements(ctx context.Context, e *env, path string, ff filterFlags, pf store.PlacementFilter, format string) error {
	db, err := store.Open(path, store.ReadOnly)
	if err != nil {
		return err
	}
	defer db.Close()
	var rows []store.PlacementRow
	found, err := placeIn(ctx, e, db, ff, &pf)
	if err == nil && found {
		rows, err = db.Placements(ctx, pf)
		if err == nil && len(rows) == 0 {
			err = warnUnknownLevel(ctx, e, db, pf.Puzzles.Level)
		}
	}
	if err != nil {
		return err
	}
	book := ff.book != ""
	cols := outletPlacementColumns
	if book {
		cols = bookPlacementColumns
	}
	switch format {
	case "line":
		for _, r := range rows {
			if _, err := fmt.Fprintln(e.stdout, variantLine(&r.Puzzle)); err != nil {
				return err
			}
		}
		return nil
	case "table":
		tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, strings.ToUpper(strings.Join(cols, "\t")))
		id, er := slices.Index(cols, "id"), slices.Index(cols, "er")
		for _, r := range rows {
			values := placementRow(r, book)
			values[id], values[er] = r.Puzzle.ID[:8], fmt.Sprintf("%.1f", values[er])
			for i, v := range values {
				if i > 0 {
					fmt.Fprint(tw, "\t")
				}
				fmt.Fprint(tw, v)
			}
			if _, err := fmt.Fprintln(tw); err != nil {
				return err
			}
		}
		return tw.Flush()
	}
	out, err := newTable(e.stdout, format, cols...)
	if err != nil {
		return err
	}
	for _, r := range rows {
		if err := out.row(placementRow(r, book)...); err != nil {
			return err
		}
	}
	return nil
}

// placementRow is a placement's values in the columns of an outlet's
// placements, or of a book's.
func placementRow(r store.PlacementRow, book bool) []any {
	rt := &rate.Ratings{}
	if r.Puzzle.Ratings != nil {
		rt = &r.Puzzle.Ratings.Ratings
	}
	status := "current"
	if r.Withdrawn != "" {
		status = "withdrawn " + r.Withdrawn
		if r.Why != "" {
			status += ": " + r.Why
		}
	}
	tail := []any{rt.Level, r.Puzzle.ID, ratingValue(rt, "er"), ratingValue(rt, "score"), r.Puzzle.Line(r.Puzzle.Givens), status}
	if book {
		return append([]any{r.Date, int(r.Book.ID), r.Book.Title, r.Section, r.Ordinal, r.Page}, tail...)
	}
	weekday := ""
	if d, err := time.Parse(time.DateOnly, r.Date); err == nil {
		weekday = d.Weekday().String()
	}
	return append([]any{r.Date, weekday, r.Outlet, r.Ordinal}, tail...)
}

// placeIn sets pf's place to what --outlet or --book names in the
// archive's ledger: every outlet of that name in any case; the book of
// that id (a number) or title (in any case). When the ledger has none it
// says so on stderr, with what the ledger has, and reports false: there is
// no row to print. A title several books have is bad usage.
func placeIn(ctx context.Context, e *env, db *store.DB, ff filterFlags, pf *store.PlacementFilter) (bool, error) {
	if ff.outlet != "" {
		outlets, err := db.Outlets(ctx)
		if err != nil {
			return false, err
		}
		var names []string
		for _, o := range outlets {
			if strings.EqualFold(o.Outlet, ff.outlet) {
				pf.Outlets = append(pf.Outlets, o.Outlet)
			}
			names = append(names, strconv.Quote(o.Outlet))
		}
		if len(pf.Outlets) > 0 {
			return true, nil
		}
		fmt.Fprintf(e.stderr, "pressrun: the ledger has no daily issue of outlet %q%s\n", ff.outlet, known("outlets", names))
		return false, nil
	}
	books, err := db.Books(ctx)
	if err != nil {
		return false, err
	}
	id, err := strconv.ParseInt(ff.book, 10, 64)
	byID := err == nil
	var ids, names []string
	for _, b := range books {
		if byID && b.ID == id || !byID && strings.EqualFold(b.Title, ff.book) {
			ids = append(ids, strconv.FormatInt(b.ID, 10))
			pf.Book = &b.ID
		}
		names = append(names, fmt.Sprintf("%d %q", b.ID, b.Title))
	}
	switch {
	case len(ids) > 1:
		pf.Book = nil
		return false, usagef("name one by its id: --book "+strings.Join(ids, " or --book "), "--book %q: %d books have this title: %s", ff.book, len(ids), strings.Join(ids, ", "))
	case len(ids) == 1:
		return true, nil
	}
	what := fmt.Sprintf("book %d", id)
	if !byID {
		what = fmt.Sprintf("book titled %q", ff.book)
	}
	fmt.Fprintf(e.stderr, "pressrun: the ledger has no %s%s\n", what, known("books", names))
	return false, nil
}

// known ends the warning that the ledger has no such place: "; its
// outlets: a, b", or ", nor any other".
func known(what string, names []string) string {
	if len(names) == 0 {
		return ", nor any other"
	}
	return "; its " + what + ": " + strings.Join(names, ", ")
}

// exportIpuz writes the ipuz objects each gives: into the folder output,
// one ID.ipuz a puzzle; as one JSON array into output when it ends in
// .json; else as that array to standard output. Files appear only when
// all are written.
func exportIpuz(ctx context.Context, e *env, output string, each func(func(*pipeline.Ipuz) error) error) error {
	var all []*pipeline.Ipuz
	if err := each(func(x *pipeline.Ipuz) error { all = append(all, x); return nil }); err != nil {
		return err
	}
	if all == nil {
		all = []*pipeline.Ipuz{}
	}
	switch {
	case output == "":
		data, err := pipeline.IpuzJSON(all)
		if err == nil {
			_, err = e.stdout.Write(data)
		}
		return err
	case strings.EqualFold(filepath.Ext(output), ".json"):
		data, err := pipeline.IpuzJSON(all)
		if err != nil {
			return err
		}
		return pipeline.WriteFiles(map[string][]byte{output: data})
	}
	names, err := pipeline.WriteIpuzFiles(ctx, output, all)
	if err == nil {
		fmt.Fprintf(e.stderr, "pressrun: archive export: %s written in %s\n", plural(len(names), "ipuz file"), output)
	}
	return err
}
