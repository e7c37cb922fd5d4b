package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/store"
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
prints how many were added, duplicates (exact and isomorphic) and rejected.
Where there is no archive yet (no file, or an empty one) import makes it
when it stores the first puzzle: an import that stores nothing leaves no
file behind.

A file named *.ipuz, or one (or standard input) starting with a JSON
object or array that names ipuz.org, is read as ipuz (http://ipuz.org/sudoku#1; one puzzle or
an array of them, at most 1 MiB): its version, kind, dimensions (4x4 to
16x16), charset, puzzle and solution are checked, boxes, zones and cages
give the variant (--variant, if given, must be the same), the solution must solve
the puzzle and be its only one. Every ipuz file is checked before
anything is stored: a bad one is reported as FILE: field: problem and
nothing of the run is imported, unless --keep-going. 'pressrun archive
export --help' says what pressrun writes in ipuz and what ipuz cannot
say.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		path := archiveFlag(fs)
		label := fs.String("source", "", "provenance `LABEL` recorded with each puzzle (default: the file's name)")
		workers := workersFlag(fs, "rate on")
		keepGoing := fs.Bool("keep-going", false, "skip bad and rejected puzzles and import the rest (the exit status is still 2)")
		kindAndScale := kindAndScaleFlags(fs, "import")
		budget := budgetFlag(fs, "is archived with its er a lower bound, and counted")
		return archiveErrors(func(ctx context.Context, e *env, files []string) error {
			kind, scale, err := kindAndScale()
			if err != nil {
				return err
			}
			chainBudget, err := budget()
			if err != nil {
				return err
			}
			// A variant keeps its kind's own budget unless --budget is
			// given, as in rate.
			variantBudget := 0
			if flagGiven(fs, "budget") {
				variantBudget = chainBudget
			}
			start := time.Now()
			st, err := pipeline.Import(ctx, pipeline.ImportConfig{Archive: archivePath(*path, ""),
				Stdin: e.stdin, Files: files, Label: *label, Version: version, Workers: *workers, KeepGoing: *keepGoing, Kind: kind, Scale: scale, Budget: chainBudget,
				VariantBudget: variantBudget,
				Report:        func(err error) { fmt.Fprintf(e.stderr, "%s\n", err) },
			})
			var fe *store.FileError
			if errors.As(err, &fe) && st == (pipeline.ImportStats{}) {
				return err // the archive cannot be written: nothing was read
			}
			fmt.Fprintf(e.stderr, "pressrun: archive import: %d added, %d duplicates (%d exact, %d isomorphic), %d rejected in %.1fs\n",
				st.Added, st.Exact+st.Isomorphic, st.Exact, st.Isomorphic, st.Rejected, time.Since(start).Seconds())
			if st.Bound > 0 {
				fmt.Fprintf(e.stderr, "pressrun: archive import: %s archived with er only a lower bound: the solve spent its chain budget (--budget; 0 for none), and the techniques count the guesses that followed\n", plural(st.Bound, "puzzle"))
			}
			var bad *pipeline.BadInput
			var rejected *pipeline.Rejection
			switch {
			case errors.As(err, &bad):
				return stoppedAt(bad)
			case errors.As(err, &rejected):
				return usagef("fix it, or pass --keep-going to import the rest", "stopped at the first rejected puzzle")
			case err != nil:
				return keeping(err, fmt.Sprintf("the %s added before it, in %s; importing the same files again adds the rest",
					plural(st.Added, "puzzle"), archivePath(*path, "")))
			}
			if err := (badInput{st.BadPuzzles, st.BadFiles}).err(*keepGoing); err != nil {
				return err
			}
			if st.Rejected > 0 {
				return usagef("", "rejected %s", plural(st.Rejected, "puzzle"))
			}
			return nil
		})
	},
}
