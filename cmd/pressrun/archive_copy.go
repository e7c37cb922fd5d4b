package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"

	"github.com/pressrun/pressrun/store"
)

var archiveCopy = command{
	name:    "archive copy",
	summary: "copy a whole archive, ledger included, between SQLite and PostgreSQL",
	usage: `usage: pressrun archive copy --from ARCHIVE --to ARCHIVE [flags]

Copy copies every table of one archive into another: the puzzles and their
ratings and history, the books, the daily issues, the ledger, the
candidates and the reservations. Either may be a SQLite file or a
PostgreSQL URL (postgres://USER:PASSWORD@HOST:PORT/DATABASE): a desk
moves its archive into the shared database with it, and takes a copy away
the other way. The target is made where there is none (a new file, or a
database with no tables); it must be empty, or a copy of the same archive
that stopped half way, which is taken up where it stopped. Rows go in
batches, a transaction each. At the end every table's row count and
checksum are compared, and printed; running the same copy again changes
nothing.`,
	setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
		from := fs.String("from", "", "the `ARCHIVE` to copy: a file, or a postgres:// URL")
		to := fs.String("to", "", "the `ARCHIVE` to copy into: a file, or a postgres:// URL")
		batch := fs.Int("batch", 2000, "`ROWS` a transaction")
		return archiveErrors(func(ctx context.Context, e *env, args []string) error {
			switch {
			case len(args) > 0:
				return usagef("name both archives with --from and --to", "unexpected argument %q", args[0])
			case *from == "" || *to == "":
				return usagef("for example: pressrun archive copy --from pressrun.db --to postgres://desk@db.example/puzzles", "both --from and --to are needed")
			case *batch < 1:
				return usagef("", "--batch must be at least 1")
			case *from == *to:
				return usagef("", "--from and --to name the same archive")
			}
			src, err := store.Open(*from, store.ReadOnly)
			if err != nil {
				return err
			}
			defer src.Close()
			dst, err := store.Open(*to, store.Create)
			if err != nil {
				return err
			}
			defer dst.Close()
			start := time.Now()
			show := copyProgress(ctx, e)
			sums, err := store.Copy(ctx, src, dst, *batch, show.update)
			show.stop(err == nil)
			if err != nil {
				return keeping(err, "the batches copied before it; run the same copy again to finish")
			}
			rows := 0
			for _, s := range sums {
				fmt.Fprintf(e.stdout, "%-15s %9d rows  sha256 %s\n", s.Table, s.Rows, s.Sum)
				rows += s.Rows
			}
			fmt.Fprintf(e.stderr, "pressrun: archive copy: %s (%s) into %s (%s): %s in %d tables, every count and checksum equal, in %.1fs\n",
				src.Path(), src.Backend(), dst.Path(), dst.Backend(), plural(rows, "row"), len(sums), time.Since(start).Seconds())
			return nil
		})
	},
}

// copyShow shows a copy's progress: a bar a table on a terminal, a line a
// table otherwise.
type copyShow struct {
	w    io.Writer
	p    *mpb.Progress
	bars map[string]*mpb.Bar
	last string
}

func copyProgress(ctx context.Context, e *env) *copyShow {
	c := &copyShow{w: e.stderr, bars: map[string]*mpb.Bar{}}
	if e.terminal {
		c.p = mpb.NewWithContext(ctx, mpb.WithOutput(e.stderr), mpb.WithWidth(32), mpb.WithRefreshRate(120*time.Millisecond))
	}
	return c
}

func (c *copyShow) update(p store.CopyProgress) {
	if c.p == nil {
		// One line a table, when it is done.
		if p.Done == p.Rows && c.last != p.Table {
			c.last = p.Table
			fmt.Fprintf(c.w, "pressrun: archive copy: %s: %s\n", p.Table, plural(p.Rows, "row"))
		}
		return
	}
	bar, ok := c.bars[p.Table]
	if !ok {
		bar = c.p.AddBar(int64(max(p.Rows, 1)),
			mpb.PrependDecorators(decor.Name(fmt.Sprintf("%-15s", p.Table)), decor.CountersNoUnit("%8d/%8d")),
			mpb.AppendDecorators(decor.OnComplete(decor.EwmaETA(decor.ET_STYLE_GO, 30, decor.WCSyncSpace), " done")))
		c.bars[p.Table] = bar
	}
	done := p.Done
	if p.Rows == 0 {
		done = 1
	}
	bar.EwmaSetCurrent(int64(done), 50*time.Millisecond)
}

func (c *copyShow) stop(ok bool) {
	if c.p == nil {
		return
	}
	var bars []*mpb.Bar
	for _, b := range c.bars {
		bars = append(bars, b)
	}
	stopBars(c.p, bars, ok)
}
