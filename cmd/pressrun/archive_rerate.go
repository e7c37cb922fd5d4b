package main

import (
	"context"
	"flag"
	"fmt"
	"time"

	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
)

var archiveRerate = command{
	name:    "archive rerate",
	summary: "rate again what an older rater rated",
	usage: `usage: pressrun archive rerate [flags]

Rerate rates again, with this pressrun's rater, the archived puzzles whose
current ratings come from another rater version or scale (or none),
narrowed by the same filters as query; --all rates every selected puzzle
again. --scale moves classic puzzles to that scale: their ratings on the
other go to the history. The new
ratings become current and the old ones move to the rating_history table,
where sqlite3 can still read them. Levels follow the new ratings. Work is
written in batches, so an interrupted rerate keeps what it finished and the
next run picks up the rest.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		path := archiveFlag(fs)
		workers := workersFlag(fs, "rate on")
		all := fs.Bool("all", false, "rate again also the puzzles the current rater rated")
		scaleFlag := scaleFlag(fs)
		budget := budgetFlag(fs, "is re-rated with its er a lower bound, and counted")
		var ff filterFlags
		ff.define(fs, false)
		return archiveErrors(func(ctx context.Context, e *env, args []string) error {
			if len(args) > 0 {
				return usagef("select puzzles with the filter flags", "unexpected argument %q", args[0])
			}
			f, err := ff.filter()
			if err != nil {
				return err
			}
			scale, err := scaleFlag()
			if err != nil {
				return err
			}
			chainBudget, err := budget()
			if err != nil {
				return err
			}
			if !*all {
				f.RaterNot, f.VariantRaterNot = rate.RaterOn(scale), pipeline.VariantRaterVersion
			}
			db, err := store.Open(archivePath(*path, ""), store.ReadWrite)
			if err != nil {
				return err
			}
			defer db.Close()
			start := time.Now()
			// A variant keeps its kind's own budget unless --budget is
			// given, as in rate.
			variantBudget := 0
			if flagGiven(fs, "budget") {
				variantBudget = chainBudget
			}
			n, bound, err := pipeline.RerateBudget(ctx, db, f, *workers, scale, chainBudget, variantBudget)
			fmt.Fprintf(e.stderr, "pressrun: archive rerate: %d re-rated by %s in %.1fs\n", n, rate.RaterOn(scale), time.Since(start).Seconds())
			if bound > 0 {
				fmt.Fprintf(e.stderr, "pressrun: archive rerate: %s re-rated with er only a lower bound: the solve spent its chain budget (--budget; 0 for none), and the techniques count the guesses that followed\n", plural(bound, "puzzle"))
			}
			return keeping(err, fmt.Sprintf("the %s re-rated before it; run the same rerate again to finish", plural(n, "puzzle")))
		})
	},
}
