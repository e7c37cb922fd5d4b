package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/pressrun/pressrun/pipeline"
)

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
			start := time.Now()
			st, err := pipeline.Import(ctx, db, pipeline.ImportConfig{
				Stdin: e.stdin, Files: files, Label: *label, Version: version, Workers: *workers, KeepGoing: *keepGoing,
				Report: func(err error) { fmt.Fprintf(e.stderr, "%s\n", err) },
			})
			fmt.Fprintf(e.stderr, "pressrun: archive import: %d added, %d duplicates (%d exact, %d isomorphic), %d rejected in %.1fs\n",
				st.Added, st.Exact+st.Isomorphic, st.Exact, st.Isomorphic, st.Rejected, time.Since(start).Seconds())
			var bad *pipeline.BadInput
			var rejected *pipeline.Rejection
			switch {
			case errors.As(err, &bad):
				return stoppedAtBadInput()
			case errors.As(err, &rejected):
				return usagef("fix it, or pass --keep-going to import the rest", "stopped at the first rejected puzzle")
			case err != nil:
				return err
			}
			if err := (badInput{st.BadPuzzles, st.BadFiles}).err(*keepGoing); err != nil {
				return err
			}
			if st.Rejected > 0 {
				return usagef("", "rejected %s", plural(st.Rejected, "puzzle"))
			}
			return nil
		}
	},
}
