package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/pressrun/pressrun/store"
)

var archiveStats = command{
	name:    "archive stats",
	summary: "counts and rating spreads",
	usage: `usage: pressrun archive stats [flags]

Stats prints how many puzzles the archive holds per level, published and
not, and in stock (unpublished and held by no run: what 'pressrun stock'
fills and builds take first), per book and per newspaper outlet, and the spread of er and score
(a histogram on a terminal, tsv otherwise or with --format tsv).`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		path := archiveFlag(fs)
		var kind string
		variantFilterFlag(fs, &kind)
		format := fs.String("format", "", "output `FORMAT`: text or tsv (default: text on a terminal)")
		return archiveErrors(func(ctx context.Context, e *env, args []string) error {
			if len(args) > 0 {
				return usagef("", "unexpected argument %q", args[0])
			}
			kind, err := variantFilter(kind)
			if err != nil {
				return err
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
			db, err := store.Open(archivePath(*path, ""), store.ReadOnly)
			if err != nil {
				return err
			}
			defer db.Close()
			st, err := db.Stats(ctx, kind)
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
				out.row("level", levelKey(l), l.Unpublished, l.Published, l.Unpublished+l.Published)
			}
			for _, l := range st.Levels {
				if l.Level != "" {
					out.row("stock", levelKey(l), l.Stock, "", l.Stock)
				}
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
		})
	},
}

func writeStatsText(w io.Writer, st store.Stats) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "level\tin stock\tunpublished\tpublished\ttotal\t\n")
	total := [3]int{}
	for _, l := range st.Levels {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t\n", levelKey(l), l.Stock, l.Unpublished, l.Published, l.Unpublished+l.Published)
		total[0] += l.Unpublished
		total[1] += l.Published
		total[2] += l.Stock
	}
	fmt.Fprintf(tw, "all\t%d\t%d\t%d\t%d\t\n", total[2], total[0], total[1], total[0]+total[1])
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

// levelKey names a level's row: the level alone for classic, as before
// variants, and after the kind for the others ("16x16 hard").
func levelKey(l store.LevelCount) string {
	if l.Variant == "classic" {
		return l.Level
	}
	return strings.TrimSpace(l.Variant + " " + l.Level)
}
