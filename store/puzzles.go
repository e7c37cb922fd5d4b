package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/variant"
)

// Puzzle is an archived puzzle: the grid, where it came from and, when it
// has been rated, its current ratings.
type Puzzle struct {
	ID string // see PuzzleID
	// Variant is the puzzle's geometry, a jigsaw's with its layout; nil
	// is classic 9x9 (Geometry gives it).
	Variant  *variant.Variant
	Givens   variant.Grid
	Solution variant.Grid
	// Canonical is the canonical form as the archive keeps it
	// (CanonicalForm): what the id is the hash of.
	Canonical string
	Symmetry  string
	Source    string // "generate" or "import"
	Label     string // the import's --source label, or what generated it
	Version   string // the pressrun version that made or imported it
	Seed      *int64 // generated: the run's seed
	Job       *int64 // generated: the job index within the run
	Created   time.Time
	Ratings   *Ratings
}

// classic is the geometry of the puzzles whose Variant is nil.
var classic = variant.Classic()

// Geometry is the puzzle's variant: Variant, or classic 9x9 when nil.
func (p *Puzzle) Geometry() *variant.Variant {
	if p.Variant == nil {
		return classic
	}
	return p.Variant
}

// Kind names the puzzle's variant as specs and the archive's variant
// column do: classic, 6x6, x, jigsaw, ...
func (p *Puzzle) Kind() string { return p.Geometry().Name }

// Line is g, a grid of the puzzle's geometry, as one line (variant's
// Format: '.' for empty, 1-9 then A-G).
func (p *Puzzle) Line(g variant.Grid) string { return p.Geometry().Format(g) }

// Classic is g, a grid of a classic puzzle, as the classic engine's grid.
func Classic(g variant.Grid) engine.Grid { return engine.Grid(g) }

// Cells is a classic engine grid as the archive's grids are held.
func Cells(g engine.Grid) variant.Grid { return variant.Grid(g[:]) }

// Ratings is one rater's verdict on a puzzle, as the archive keeps it:
// the level, the techniques and every column of rate.Columns (the
// archive's table has a column of each name; the other fields of
// rate.Ratings are not kept and read back as zero), with the rater
// version that made them and when.
type Ratings struct {
	rate.Ratings
	Rater string    // rater version
	Rated time.Time // set by the archive when it stores them
}

// CanonicalForm is the text of a canonical form: of a classic puzzle
// (v nil or classic) its 81-character line, as archives before variants
// kept it; of any other its variant's key, a space and its line, so that
// puzzles of different variants (and jigsaws of different canonical
// layouts) never share one. v is the canonical form's variant: for a
// jigsaw, the one with the canonical layout.
func CanonicalForm(v *variant.Variant, canonical variant.Grid) string {
	if v == nil || v.Name == "classic" {
		return classic.Format(canonical)
	}
	return v.Key() + " " + v.Format(canonical)
}

// PuzzleID is a puzzle's archive id: the first 16 hex digits of the
// SHA-256 of its canonical form's text (CanonicalForm; for classic, the
// line as Grid.String writes it). Isomorphic puzzles share it; books print
// its first 8. The archive stores it as the integer those digits spell,
// the table's rowid.
func PuzzleID(canonical string) string {
	sum := sha256.Sum256([]byte(canonical))
	return hex.EncodeToString(sum[:8])
}

// key is the integer an id is stored as.
func key(id string) (int64, error) {
	u, err := strconv.ParseUint(id, 16, 64)
	if err != nil || len(id) != 16 {
		return 0, fmt.Errorf("puzzle id %q is not 16 hex digits", id)
	}
	return int64(u), nil
}

// idOf is the id a stored integer stands for.
func idOf(k int64) string { return fmt.Sprintf("%016x", uint64(k)) }

// Outcome is what happened to one puzzle of an Insert.
type Outcome uint8

const (
	Added               Outcome = iota
	DuplicateExact              // the same givens were already archived
	DuplicateIsomorphic         // an equivalent puzzle was already archived
)

func (o Outcome) String() string {
	return [...]string{"added", "duplicate", "isomorphic duplicate"}[o]
}

// InsertStats counts the outcomes of an Insert.
type InsertStats struct {
	Added, Exact, Isomorphic int
}

// Insert archives a batch of puzzles in one transaction. Each puzzle needs
// Givens, Solution and Canonical; ID is derived when empty. A puzzle whose
// canonical form is already archived (or comes earlier in the batch) is not
// stored again: it is counted as an exact or isomorphic duplicate, and its
// ratings are not touched. The outcome of each puzzle is returned in order.
//
// Rows go to SQLite a hundred at a time in multi-row INSERTs that return
// the ids they stored, which costs a fraction of a statement per row.
func (s *DB) Insert(ctx context.Context, batch []Puzzle) ([]Outcome, InsertStats, error) {
	out := make([]Outcome, len(batch))
	var st InsertStats
	now := s.now()
	for i := range batch {
		if batch[i].ID == "" {
			batch[i].ID = PuzzleID(batch[i].Canonical)
		}
	}
	// Rows go in in id order, the table's key order, so that SQLite
	// appends to pages near each other instead of all over the file; the
	// sort is stable, so of two copies in the batch the later one is still
	// the duplicate.
	order := make([]int, len(batch))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(batch[a].ID, batch[b].ID) })
	sorted := make([]Puzzle, len(batch))
	for i, j := range order {
		sorted[i] = batch[j]
	}
	sortedOut := make([]Outcome, len(batch))
	err := s.write(ctx, func(tx *txn) error {
		st = InsertStats{}
		var stmts chunkStatements
		defer stmts.close()
		for start := 0; start < len(sorted); start += insertChunk {
			chunk := sorted[start:min(start+insertChunk, len(sorted))]
			if err := s.insertChunk(ctx, tx, &stmts, chunk, sortedOut[start:start+len(chunk)], &st, now); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, InsertStats{}, fmt.Errorf("store: insert: %w", err)
	}
	for i, j := range order {
		out[j] = sortedOut[i]
	}
	return out, st, nil
}

const insertChunk = 100

// chunkStatements caches the multi-row statements of one transaction by
// their row count.
type chunkStatements struct {
	puzzles map[int]*sql.Stmt
}

func (c *chunkStatements) close() {
	for _, st := range c.puzzles {
		st.Close()
	}
}

// ratingColumns are the puzzle's columns of its current ratings, as a list
// for SQL: rater and level, a column of each name in rate.Columns, then
// techniques (JSON) and rated. rating_history has the same columns.
var ratingColumns = "rater, level, " + strings.Join(rate.Columns, ", ") + ", techniques, rated"

// nRatingColumns is the number of ratingColumns.
var nRatingColumns = len(rate.Columns) + 4

// placeholders is n comma-separated question marks in parentheses.
func placeholders(n int) string {
	return "(" + strings.TrimSuffix(strings.Repeat("?,", n), ",") + ")"
}

// puzzleValues is the number of values a puzzle's row takes before its
// ratings: id, variant, layout, givens, solution, canonical, clues,
// symmetry, source, label, version, seed, job and created.
const puzzleValues = 14

func (c *chunkStatements) get(ctx context.Context, tx *txn, n int) (*sql.Stmt, error) {
	m := &c.puzzles
	head := `INSERT INTO puzzles (id, variant, layout, givens, solution, canonical, clues, symmetry, source, label, version, seed, job, created, ` +
		ratingColumns + `) VALUES `
	row, tail := placeholders(puzzleValues+nRatingColumns), " ON CONFLICT DO NOTHING RETURNING id"
	if *m == nil {
		*m = map[int]*sql.Stmt{}
	}
	if st, ok := (*m)[n]; ok {
		return st, nil
	}
	st, err := tx.PrepareContext(ctx, head+strings.TrimSuffix(strings.Repeat(row+",", n), ",")+tail)
	if err != nil {
		return nil, err
	}
	(*m)[n] = st
	return st, nil
}

func (s *DB) insertChunk(ctx context.Context, tx *txn, stmts *chunkStatements, chunk []Puzzle, out []Outcome, st *InsertStats, now string) error {
	ins, err := stmts.get(ctx, tx, len(chunk))
	if err != nil {
		return err
	}
	args := make([]any, 0, (puzzleValues+nRatingColumns)*len(chunk))
	for i := range chunk {
		p := &chunk[i]
		k, err := key(p.ID)
		if err != nil {
			return err
		}
		sym := p.Symmetry
		if sym == "" {
			sym = "none"
		}
		v := p.Geometry()
		args = append(args, k, v.Name, v.Layout(), v.Format(p.Givens), v.Format(p.Solution), p.Canonical,
			p.Givens.Clues(), sym, p.Source, p.Label, p.Version, p.Seed, p.Job, now)
		rargs, err := ratingArgs(p.Ratings, now)
		if err != nil {
			return err
		}
		args = append(args, rargs...)
	}
	rows, err := ins.QueryContext(ctx, args...)
	if err != nil {
		return fmt.Errorf("insert puzzles: %w", err)
	}
	added := map[string]bool{}
	for rows.Next() {
		var k int64
		if err := rows.Scan(&k); err != nil {
			rows.Close()
			return err
		}
		added[idOf(k)] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("insert puzzles: %w", err)
	}
	for i := range chunk {
		p := &chunk[i]
		if added[p.ID] {
			delete(added, p.ID) // a later copy in the batch is a duplicate
			out[i] = Added
			st.Added++
			continue
		}
		o, err := lookup(ctx, tx, p.Line(p.Givens), p.Canonical, p.ID)
		switch {
		case err != nil:
			return err
		case o == Added:
			return fmt.Errorf("puzzle %s: neither stored nor found", p.Line(p.Givens))
		case o == DuplicateExact:
			st.Exact++
		default:
			st.Isomorphic++
		}
		out[i] = o
	}
	return nil
}

// ratingArgs are the values of ratingColumns; all NULL for no ratings.
// The rating columns go as Column gives them: SQLite's INTEGER columns
// store a whole REAL as an integer.
func ratingArgs(r *Ratings, now string) ([]any, error) {
	if r == nil {
		return make([]any, nRatingColumns), nil
	}
	tech := []byte("{}")
	if r.Techniques != nil {
		var err error
		if tech, err = json.Marshal(r.Techniques); err != nil {
			return nil, err
		}
	}
	args := make([]any, 0, nRatingColumns)
	args = append(args, r.Rater, r.Level)
	for _, c := range rate.Columns {
		v, _ := r.Column(c)
		args = append(args, v)
	}
	return append(args, string(tech), now), nil
}

// Rerate records a newer rater's ratings for archived puzzles: the new ones
// become the puzzle's current ratings and the old ones move to
// rating_history. Rating again with the same rater version just replaces
// the current ratings.
func (s *DB) Rerate(ctx context.Context, ratings map[string]Ratings) error {
	now := s.now()
	return s.write(ctx, func(tx *txn) error {
		keep, err := tx.PrepareContext(ctx, `INSERT INTO rating_history (puzzle_id, `+ratingColumns+`, replaced)
			SELECT id, `+ratingColumns+`, CAST(? AS TEXT) FROM puzzles WHERE id = ? AND rater IS NOT NULL AND rater <> ?`)
		if err != nil {
			return err
		}
		defer keep.Close()
		set, err := tx.PrepareContext(ctx, `UPDATE puzzles SET (`+ratingColumns+`) = `+placeholders(nRatingColumns)+` WHERE id = ?`)
		if err != nil {
			return err
		}
		defer set.Close()
		for id, r := range ratings {
			k, err := key(id)
			if err != nil {
				return err
			}
			if _, err := keep.ExecContext(ctx, now, k, r.Rater); err != nil {
				return err
			}
			args, err := ratingArgs(&r, now)
			if err != nil {
				return err
			}
			res, err := set.ExecContext(ctx, append(args, k)...)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return fmt.Errorf("rerate %s: %w", id, ErrNotFound)
			}
		}
		return nil
	})
}

// Lookup says whether a puzzle with canonical form canonical (the text
// CanonicalForm gives) is archived: Added when it is not, DuplicateExact
// when the archived one has the same givens (line, as Puzzle.Line writes
// them), DuplicateIsomorphic when it is an equivalent puzzle. It is what
// an import asks before the costly rating of a puzzle; Insert still
// decides, for puzzles archived in between.
func (s *DB) Lookup(ctx context.Context, line, canonical string) (Outcome, error) {
	o, err := lookup(ctx, s.db, line, canonical, PuzzleID(canonical))
	if err != nil {
		return Added, fmt.Errorf("store: %w", err)
	}
	return o, nil
}

// lookup is Lookup within a transaction or without: Added when no puzzle
// has the id, else what the archived one is to the givens line. A
// different canonical form under the same id is a hash collision, an
// error.
func lookup(ctx context.Context, q interface {
	QueryRowContext(context.Context, string, ...any) *sql.Row
}, line, canonical string, id string) (Outcome, error) {
	k, err := key(id)
	if err != nil {
		return Added, err
	}
	var givens, stored string
	err = q.QueryRowContext(ctx, `SELECT givens, canonical FROM puzzles WHERE id = ?`, k).Scan(&givens, &stored)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return Added, nil
	case err != nil:
		return Added, fmt.Errorf("puzzle %s: %w", line, err)
	case stored != canonical:
		return Added, fmt.Errorf("puzzle %s: id %s is taken by another canonical form (%s): a hash collision", line, id, stored)
	case givens == line:
		return DuplicateExact, nil
	}
	return DuplicateIsomorphic, nil
}

// ErrNotFound is returned for an id that matches no puzzle.
var ErrNotFound = errors.New("no such puzzle")

// ErrPlaced is the ledger refusing to place a puzzle: it was placed
// before and the request allows no reprints, or it is an exclusive
// outlet's. The database refuses it, whatever raced.
var ErrPlaced = errors.New("the ledger has placed this puzzle already")

// ErrAmbiguous is returned for an id prefix that matches several puzzles.
var ErrAmbiguous = errors.New("id prefix matches more than one puzzle")

// Get returns the puzzle whose id is id or starts with it (a prefix of at
// least 4 characters), with its current ratings.
func (s *DB) Get(ctx context.Context, id string) (Puzzle, error) {
	if len(id) < 4 {
		return Puzzle{}, fmt.Errorf("store: id %q: give at least 4 characters", id)
	}
	ps, err := s.Query(ctx, Filter{IDPrefix: id, Limit: 2})
	if err != nil {
		return Puzzle{}, err
	}
	switch len(ps) {
	case 0:
		return Puzzle{}, fmt.Errorf("store: %q: %w", id, ErrNotFound)
	case 1:
		return ps[0], nil
	}
	return Puzzle{}, fmt.Errorf("store: %q: %w", id, ErrAmbiguous)
}

// scanPuzzle reads the columns puzzleColumns lists.
func scanPuzzle(rows *sql.Rows) (Puzzle, error) { return scanPuzzleAfter(rows) }

// scanPuzzleAfter reads into before the columns a query selects before
// puzzleColumns, then the puzzle.
func scanPuzzleAfter(rows *sql.Rows, before ...any) (Puzzle, error) {
	var p Puzzle
	var k int64
	var kind, layout, givens, solution, created string
	var rater, level, tech, rated sql.NullString
	cols := make([]sql.NullFloat64, len(rate.Columns))
	dst := append(before, &k, &kind, &layout, &givens, &solution, &p.Canonical, &p.Symmetry, &p.Source, &p.Label, &p.Version, &p.Seed, &p.Job, &created,
		&rater, &level)
	for i := range cols {
		dst = append(dst, &cols[i])
	}
	if err := rows.Scan(append(dst, &tech, &rated)...); err != nil {
		return p, err
	}
	p.ID = idOf(k)
	v, err := geometry(kind, layout)
	if err != nil {
		return p, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	if v != classic {
		p.Variant = v
	}
	if p.Givens, err = v.Parse(givens); err == nil {
		p.Solution, err = v.Parse(solution)
	}
	if err != nil {
		return p, fmt.Errorf("puzzle %s: %w", p.ID, err)
	}
	p.Created, _ = time.Parse(time.RFC3339, created)
	if rater.Valid {
		r := &Ratings{Rater: rater.String}
		r.Level = level.String
		for i, c := range rate.Columns {
			r.SetColumn(c, cols[i].Float64)
		}
		r.Rated, _ = time.Parse(time.RFC3339, rated.String)
		if err := json.Unmarshal([]byte(tech.String), &r.Techniques); err != nil {
			return p, fmt.Errorf("puzzle %s: techniques: %w", p.ID, err)
		}
		p.Ratings = r
	}
	return p, nil
}

// puzzleColumns are the columns of a puzzle and its current ratings that
// scanPuzzle reads, in its order.
var puzzleColumns = `p.id, p.variant, p.layout, p.givens, p.solution, p.canonical, p.symmetry, p.source, p.label, p.version, p.seed, p.job, p.created, ` +
	"p." + strings.ReplaceAll(ratingColumns, ", ", ", p.")

// geometry is the variant of an archived row's variant and layout
// columns: the shared classic one for classic rows, which are most, and
// one shared value per other kind; a jigsaw's is built from its layout.
func geometry(kind, layout string) (*variant.Variant, error) {
	switch {
	case kind == "classic":
		return classic, nil
	case layout != "":
		return variant.FromKey(kind + ":" + layout)
	}
	if v, ok := kinds.Load(kind); ok {
		return v.(*variant.Variant), nil
	}
	v, err := variant.Named(kind)
	if err != nil {
		return nil, err
	}
	kinds.Store(kind, v)
	return v, nil
}

// kinds holds the variants geometry built, by kind: a dozen at most, and
// none changes once built.
var kinds sync.Map

// PastRating is a puzzle's ratings by an older rater, and when a newer
// one replaced them (Rerate).
type PastRating struct {
	Ratings
	Replaced time.Time
}

// RatingHistory is the puzzle id's past ratings, oldest first (none for a
// puzzle rated once).
func (s *DB) RatingHistory(ctx context.Context, id string) ([]PastRating, error) {
	k, err := key(id)
	if err != nil {
		return nil, err
	}
	return list(ctx, s, "rating history", `SELECT `+ratingColumns+`, replaced FROM rating_history WHERE puzzle_id = ? ORDER BY replaced, rated`,
		func(rows *sql.Rows) (PastRating, error) {
			var r PastRating
			var tech, rated, replaced string
			cols := make([]float64, len(rate.Columns))
			dst := []any{&r.Rater, &r.Level}
			for i := range cols {
				dst = append(dst, &cols[i])
			}
			if err := rows.Scan(append(dst, &tech, &rated, &replaced)...); err != nil {
				return r, err
			}
			for i, c := range rate.Columns {
				r.SetColumn(c, cols[i])
			}
			r.Rated, _ = time.Parse(time.RFC3339, rated)
			r.Replaced, _ = time.Parse(time.RFC3339, replaced)
			return r, json.Unmarshal([]byte(tech), &r.Techniques)
		}, k)
}
