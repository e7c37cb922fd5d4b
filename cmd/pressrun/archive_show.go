package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

var archiveShow = command{
	name:    "archive show",
	summary: "one puzzle with everything the archive knows of it",
	usage: `usage: pressrun archive show [flags] ID

Show prints the puzzle whose id is ID or starts with it (at least 4 hex
digits): the grid, the solution, every rating, where it came from and every
place it was published.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		path := archiveFlag(fs)
		return archiveErrors(func(ctx context.Context, e *env, args []string) error {
			if len(args) != 1 {
				return usagef("ids are printed by 'pressrun archive query'", "show takes one id")
			}
			id := strings.ToLower(args[0])
			if len(id) < 4 || len(id) > 16 || strings.Trim(id, "0123456789abcdef") != "" {
				return usagef("an id is 4 to 16 of the hex digits 'pressrun archive query' prints", "%q is not a puzzle id", args[0])
			}
			db, err := store.Open(archivePath(*path, ""), store.ReadOnly)
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
		})
	},
}

func writeShow(w io.Writer, p store.Puzzle, pubs []store.Publication) {
	fmt.Fprintf(w, "id         %s\n", p.ID)
	if p.Variant != nil {
		fmt.Fprintf(w, "variant    %s\n", p.Geometry().Key())
	}
	fmt.Fprintf(w, "puzzle     %s\n", p.Line(p.Givens))
	fmt.Fprintf(w, "solution   %s\n", p.Line(p.Solution))
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
	v := p.Geometry()
	lines := [2][]string{strings.Split(strings.TrimSpace(v.Pretty(p.Givens)), "\n"), strings.Split(strings.TrimSpace(v.Pretty(p.Solution)), "\n")}
	width := len(lines[0][0])
	for i := range lines[0] {
		fmt.Fprintf(w, "  %-*s    %s\n", width, lines[0][i], lines[1][i])
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
		if r.Rater != pipeline.VariantRaterVersion { // the seeds' metrics are classic's
			fmt.Fprintf(w, "metrics    %s\n", strings.Join(metrics, ", "))
		}
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
