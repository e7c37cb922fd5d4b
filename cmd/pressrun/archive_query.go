package main

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/store"
)

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
	path := archiveFlag(fs)
	var ff filterFlags
	ff.define(fs)
	limit := fs.Int("limit", defaultLimit, "print at most `N` puzzles (0: all)")
	order := fs.String("order", "id", "order by `COLUMN`: id, created, clues, level, er, ep, ed, score, wnef, gc")
	desc := fs.Bool("desc", false, "largest first")
	format := fs.String("format", defaultFormat, "output `FORMAT`: table, tsv, json or line")
	return archiveErrors(func(ctx context.Context, e *env, args []string) error {
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
		if *limit < 0 {
			return usagef("--limit 0 prints them all", "--limit %d: want 0 or more", *limit)
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
	})
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
