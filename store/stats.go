package store

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"time"
)

// Stats is what `pressrun archive stats` prints.
type Stats struct {
	Levels  []LevelCount
	Books   []BookCount
	Outlets []OutletCount
	ER      []Bin // er in steps of 1.0
	Score   []Bin // score in bands
	Months  []Bin // puzzles archived each month (YYYY-MM), by month
}

// LevelCount counts the puzzles of a variant's level ("" for unrated).
type LevelCount struct {
	Variant                string // the kind: classic, 6x6, ...
	Level                  string
	Unpublished, Published int
	// Stock is how many of the unpublished ones nobody holds: what stock
	// workers fill and builds take (Stock).
	Stock int
}

// BookCount is a book and how many puzzles it placed.
type BookCount struct {
	ID      int64
	Title   string
	Puzzles int
	Created string
}

// OutletCount is a newspaper outlet, its issues and puzzles.
type OutletCount struct {
	Outlet          string
	Issues, Puzzles int
}

// Bin is one bar of a histogram.
type Bin struct {
	Label string
	Count int
}

// Stats counts the archive's puzzles of the kind (classic, 6x6, ...; ""
// every kind), and its books and outlets.
//
// On a million puzzles every count comes from an index or from the small
// side (placements, reservations) rather than a walk over the table: the
// totals per kind and level and the spread of er from (variant, level,
// er), the spread of score from (score), the months from (created), and
// what is published or held from the rows that say so.
func (s *DB) Stats(ctx context.Context, kind string) (Stats, error) {
	var st Stats
	levels, err := s.levelTotals(ctx, kind)
	if err != nil {
		return st, err
	}
	published, err := s.levelCounts(ctx, "stats", `SELECT p.variant, coalesce(p.level, ''), count(*) FROM puzzles p
		WHERE p.id IN (SELECT puzzle_id FROM placements)`, kind)
	if err != nil {
		return st, err
	}
	all := levels
	if kind != "" {
		if all, err = s.levelTotals(ctx, ""); err != nil {
			return st, err
		}
	}
	stock, err := s.stock(ctx, all)
	if err != nil {
		return st, err
	}
	for _, t := range levels {
		k := levelKey{t.variant, t.level}
		st.Levels = append(st.Levels, LevelCount{Variant: t.variant, Level: t.level,
			Unpublished: t.count - published[k], Published: published[k]})
	}
	for _, c := range stock {
		for i := range st.Levels {
			if l := &st.Levels[i]; l.Variant == c.Variant && l.Level == c.Level {
				l.Stock = c.Count
			}
		}
	}
	if st.Books, err = s.Books(ctx); err != nil {
		return st, err
	}
	if st.Outlets, err = s.Outlets(ctx); err != nil {
		return st, err
	}
	if st.ER, err = s.erSpread(ctx, kind); err != nil {
		return st, err
	}
	if st.Score, err = s.scoreSpread(ctx, kind); err != nil {
		return st, err
	}
	st.Months, err = s.months(ctx, kind)
	return st, err
}

// ofKind is the SQL that narrows puzzles to the kind, after the word
// (WHERE or AND), and its argument; nothing for every kind ("").
func ofKind(word, kind string) (string, []any) {
	if kind == "" {
		return "", nil
	}
	return word + " variant = ?", []any{kind}
}

// levelKey names a kind's level ("" unrated).
type levelKey struct{ variant, level string }

// levelTotal is how many puzzles a kind's level holds, and the lowest er
// among them (99 when none has one), which orders the levels.
type levelTotal struct {
	variant, level string
	count, rated   int // every puzzle, the rated ones
	minER          float64
}

// levelTotals counts the puzzles per kind and level (of the kind, "" every
// kind): classic first, then the kinds by name, each kind's levels from
// the easiest, unrated ("") last. Rated puzzles always have a level (the
// rater writes both), so a NULL level is an unrated puzzle.
func (s *DB) levelTotals(ctx context.Context, kind string) ([]levelTotal, error) {
	where, args := ofKind(" WHERE", kind)
	rows, err := list(ctx, s, "stats", `SELECT variant, coalesce(level, ''), level IS NOT NULL, count(*), min(coalesce(er, 99)) FROM puzzles`+where+` GROUP BY variant, level`,
		func(r *sql.Rows) (t levelTotal, err error) {
			var rated bool
			err = r.Scan(&t.variant, &t.level, &rated, &t.count, &t.minER)
			if rated {
				t.rated = t.count
			}
			return t, err
		}, args...)
	if err != nil {
		return nil, err
	}
	// A NULL level and a rated puzzle's empty one are both "".
	var out []levelTotal
	at := map[levelKey]int{}
	for _, t := range rows {
		k := levelKey{t.variant, t.level}
		if i, ok := at[k]; ok {
			out[i].count += t.count
			out[i].rated += t.rated
			out[i].minER = min(out[i].minER, t.minER)
			continue
		}
		at[k] = len(out)
		out = append(out, t)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.variant == "classic") != (b.variant == "classic") {
			return a.variant == "classic"
		}
		if a.variant != b.variant {
			return a.variant < b.variant
		}
		if a.minER != b.minER {
			return a.minER < b.minER
		}
		return a.level < b.level
	})
	return out, nil
}

// levelCounts runs query, which selects a kind, a level and a count with
// puzzles as p, narrowed to the kind ("" every kind), grouped by both.
func (s *DB) levelCounts(ctx context.Context, what, query, kind string, args ...any) (map[levelKey]int, error) {
	if kind != "" {
		query += " AND p.variant = ?"
		args = append(args, kind)
	}
	type count struct {
		k levelKey
		n int
	}
	rows, err := list(ctx, s, what, query+" GROUP BY 1, 2", func(r *sql.Rows) (c count, err error) {
		err = r.Scan(&c.k.variant, &c.k.level, &c.n)
		return c, err
	}, args...)
	out := map[levelKey]int{}
	for _, c := range rows {
		out[c.k] += c.n
	}
	return out, err
}

// erSpread counts the rated puzzles by er's whole part (1.0-1.9, ...),
// from the (variant, level, er) index.
func (s *DB) erSpread(ctx context.Context, kind string) ([]Bin, error) {
	where, args := ofKind(" AND", kind)
	type erCount struct {
		er float64
		n  int
	}
	rows, err := list(ctx, s, "stats", `SELECT er, count(*) FROM puzzles WHERE level IS NOT NULL AND er IS NOT NULL`+where+` GROUP BY variant, level, er`,
		func(r *sql.Rows) (c erCount, err error) {
			err = r.Scan(&c.er, &c.n)
			return c, err
		}, args...)
	if err != nil {
		return nil, err
	}
	bins := map[int]int{}
	for _, c := range rows {
		bins[int(math.Floor(c.er))] += c.n
	}
	var out []Bin
	for _, lo := range slices.Sorted(maps.Keys(bins)) {
		out = append(out, Bin{fmt.Sprintf("%d.0-%d.9", lo, lo), bins[lo]})
	}
	return out, nil
}

// scoreBands are the lower ends of the score histogram's bars.
var scoreBands = []int{0, 100, 200, 500, 1000, 2000, 5000, 10000}

// scoreSpread counts the rated puzzles by score band, from the (score)
// index when every kind is asked for.
func (s *DB) scoreSpread(ctx context.Context, kind string) ([]Bin, error) {
	where, args := ofKind(" AND", kind)
	type scoreCount struct{ score, n int }
	rows, err := list(ctx, s, "stats", `SELECT score, count(*) FROM puzzles WHERE score IS NOT NULL`+where+` GROUP BY score`,
		func(r *sql.Rows) (c scoreCount, err error) {
			err = r.Scan(&c.score, &c.n)
			return c, err
		}, args...)
	if err != nil {
		return nil, err
	}
	counts := make([]int, len(scoreBands))
	for _, c := range rows {
		band := max(sort.SearchInts(scoreBands, c.score+1)-1, 0)
		counts[band] += c.n
	}
	var out []Bin
	for band, n := range counts {
		if n == 0 {
			continue
		}
		label := fmt.Sprintf("%d+", scoreBands[band])
		if band+1 < len(scoreBands) {
			label = fmt.Sprintf("%d-%d", scoreBands[band], scoreBands[band+1]-1)
		}
		out = append(out, Bin{label, n})
	}
	return out, nil
}

// months counts the puzzles archived each month. For every kind it counts
// each month's range of the (created) index, from the first month to the
// last; for one kind it groups the kind's rows.
func (s *DB) months(ctx context.Context, kind string) ([]Bin, error) {
	grouped := func(where string, args ...any) ([]Bin, error) {
		return list(ctx, s, "stats", `SELECT substr(created, 1, 7), count(*) FROM puzzles`+where+` GROUP BY 1 ORDER BY 1`,
			func(r *sql.Rows) (b Bin, err error) {
				err = r.Scan(&b.Label, &b.Count)
				return b, err
			}, args...)
	}
	if kind != "" {
		return grouped(" WHERE variant = ?", kind)
	}
	var first, last sql.NullString
	if err := s.db.QueryRowContext(ctx, `SELECT min(created), max(created) FROM puzzles`).Scan(&first, &last); err != nil {
		return nil, fmt.Errorf("store: stats: %w", s.describe(err))
	}
	if !first.Valid {
		return nil, nil
	}
	// Dates from elsewhere (archive copy, a clock far off) could span
	// centuries; past 50 years grouping the rows is cheaper.
	month, err1 := time.Parse("2006-01", first.String[:min(7, len(first.String))])
	end, err2 := time.Parse("2006-01", last.String[:min(7, len(last.String))])
	if err1 != nil || err2 != nil || end.Sub(month) > 50*366*24*time.Hour {
		return grouped("")
	}
	var out []Bin
	for ; !month.After(end); month = month.AddDate(0, 1, 0) {
		from, to := month.Format("2006-01"), month.AddDate(0, 1, 0).Format("2006-01")
		var n int
		if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM puzzles WHERE created >= ? AND created < ?`, from, to).Scan(&n); err != nil {
			return nil, fmt.Errorf("store: stats: %w", s.describe(err))
		}
		if n > 0 {
			out = append(out, Bin{from, n})
		}
	}
	return out, nil
}
