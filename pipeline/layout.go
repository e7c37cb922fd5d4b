package pipeline

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"

	"github.com/pressrun/pressrun/templates/words"
)

// Sectioner sorts puzzles into a book's sections by level, as `pressrun
// layout` lays them out: a section for each level of the ladder that has
// puzzles, from the easiest, with its puzzles in the order added. Each
// classic puzzle is labelled by its Sudoku Explainer rating alone
// (level.ER); a variant's (NewVariantSectioner) by the variant rater's
// result, as rate --variant labels it. A puzzle that repeats one added
// before, or is an isomorph of one (the same canonical form), is a
// *Duplicate. Make one with NewSectioner or NewVariantSectioner.
type Sectioner struct {
	ladder        level.Ladder
	rating, stars bool
	// AllowDuplicates files a repeated puzzle too; Add still reports it.
	AllowDuplicates bool
	// Scale is classic puzzles' rating scale, for their levels and
	// printed ratings (Add); nil: logic.DefaultScale.
	Scale *logic.Scale
	// Words name the levels in the book's language; nil: English.
	Words   *words.Words
	byLevel [][]templates.Puzzle
	seen    map[string]added // by canonical form
	solver  engine.Solver
	kit     *VariantKit // a variant's tools; nil for classic
	symbols string      // a variant's print style of its symbols
}

// added is the first puzzle of a canonical form, and where it was read.
type added struct {
	at   Position
	line string
}

// Duplicate is a puzzle read at At that repeats the one read at First:
// the same givens, or with Isomorph a relabelled, rotated or reflected
// copy of them.
type Duplicate struct {
	At, First Position
	Isomorph  bool
}

func (d *Duplicate) Error() string {
	if d.Isomorph {
		return fmt.Sprintf("%s: an isomorph (relabelled/rotated copy) of %s", d.At, d.First)
	}
	return fmt.Sprintf("%s: the same puzzle as %s", d.At, d.First)
}

// NewSectioner sorts classic puzzles by the levels of ladder. With rating
// each puzzle shows its rating; with stars, a star for each rung of the
// ladder from the first.
func NewSectioner(ladder level.Ladder, rating, stars bool) *Sectioner {
	return &Sectioner{ladder: ladder, rating: rating, stars: stars, byLevel: make([][]templates.Puzzle, len(ladder)),
		seen: map[string]added{}}
}

// NewVariantSectioner sorts the puzzles of a variant kind (AddVariant) by
// the levels of ladder (nil: level.For(kind)), their symbols printed in
// the style symbols (variant.Labels; empty: numbers).
func NewVariantSectioner(kind *variant.Variant, ladder level.Ladder, symbols string, rating, stars bool) *Sectioner {
	if ladder == nil {
		ladder = level.For(kind)
	}
	s := NewSectioner(ladder, rating, stars)
	s.kit, s.symbols = NewVariantKit(), symbols
	return s
}

// Add solves and rates g, read at at, and files it under its level. A
// puzzle that repeats one added before comes back as a *Duplicate and is
// not filed, unless AllowDuplicates. NotUnique(err) says that g has no
// solution or several; another error is a failure of the rater.
func (s *Sectioner) Add(at Position, g engine.Grid) (*Duplicate, error) {
	form, _ := engine.Canonical(g)
	key, line := form.String(), g.String()
	dup := s.duplicate(at, key, line)
	if dup != nil && !s.AllowDuplicates {
		return dup, nil
	}
	if _, err := s.solver.SolveUnique(g); err != nil {
		return dup, err
	}
	res, err := logic.SolveWith(g, logic.Options{Scale: s.Scale})
	if err != nil {
		return dup, fmt.Errorf("rating the puzzle: %w", err)
	}
	p := templates.Puzzle{ID: shortID(form), Givens: slices.Clone(g[:]), Solution: slices.Clone(res.Solution[:])}
	if s.rating {
		p.RatingLabel = s.Scale.OrDefault().Label
	}
	s.file(at, key, line, dup, p, s.ladder.Of(level.ER(res.ER)), res.ER)
	return dup, nil
}

// AddVariant is Add for a puzzle of the Sectioner's variant kind (of its
// own layout for a jigsaw), rated by the variant rater, with the short id
// of its archive id. NotUnique(err) says that it has no solution or
// several, in classic's words (engine.ErrNoSolution and
// engine.ErrManySolutions).
func (s *Sectioner) AddVariant(at Position, p variant.Puzzle) (*Duplicate, error) {
	v := p.Variant
	form := s.kit.Canonical(v, p.Grid)
	line := v.Key() + " " + v.Format(p.Grid)
	dup := s.duplicate(at, form, line)
	if dup != nil && !s.AllowDuplicates {
		return dup, nil
	}
	solution, err := s.kit.SolveUnique(v, p.Grid)
	if err != nil {
		return dup, err
	}
	r, err := s.kit.RateSolved(v, p.Grid, solution, s.ladder)
	if err != nil {
		return dup, fmt.Errorf("rating the puzzle: %w", err)
	}
	tp := templates.Puzzle{ID: store.PuzzleID(form)[:8], Variant: v, Symbols: s.symbols,
		Givens: slices.Clone(p.Grid), Solution: solution}
	s.file(at, form, line, dup, tp, r.Level, r.ER)
	return dup, nil
}

// duplicate is the *Duplicate of the puzzle line read at at, of the
// canonical form key, or nil when it is the first of its form.
func (s *Sectioner) duplicate(at Position, key, line string) *Duplicate {
	if first, ok := s.seen[key]; ok {
		return &Duplicate{At: at, First: first.at, Isomorph: first.line != line}
	}
	return nil
}

// file puts p, of level name and rating er, in its section and, unless it
// is dup, remembers its canonical form key as first read at at.
func (s *Sectioner) file(at Position, key, line string, dup *Duplicate, p templates.Puzzle, name string, er float64) {
	if dup == nil {
		s.seen[key] = added{at, line}
	}
	lv := max(s.ladder.Index(name), 0)
	p.Level = LevelName(s.Words, s.ladder[lv])
	if s.rating {
		p.Rating = er
	}
	if s.stars {
		p.Stars = lv + 1
	}
	s.byLevel[lv] = append(s.byLevel[lv], p)
}

// Sections are the sections of the puzzles added so far.
func (s *Sectioner) Sections() []templates.Section {
	var out []templates.Section
	for i, ps := range s.byLevel {
		if len(ps) > 0 {
			out = append(out, templates.Section{Name: LevelName(s.Words, s.ladder[i]), Description: LevelDescription(s.Words, s.ladder[i]), Puzzles: ps})
		}
	}
	return out
}

// ShortID is the id that finds a puzzle in the archive, as a book prints
// it: the first 8 hex digits of its archive id, the same for every
// isomorphic copy.
func ShortID(g engine.Grid) string {
	form, _ := engine.Canonical(g)
	return shortID(form)
}

// shortID is ShortID of a canonical form.
func shortID(form engine.Grid) string { return store.PuzzleID(form.String())[:8] }

// DisplayLevel is a level's name as a book's heading prints it: "Hard".
func DisplayLevel(name string) string {
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}

// LayoutFiles are the files WriteLayout writes.
type LayoutFiles struct {
	PDF      string  // the book; its manifest goes beside it (OutputNames)
	SVGDir   string  // each puzzle and its solution alone as SVG; empty: none
	PNGDir   string  // the same as PNG; may be SVGDir
	DPI      int     // the PNGs' resolution
	ColumnMM float64 // the width of the SVGs and PNGs
}

// LayoutResult is what WriteLayout wrote.
type LayoutResult struct {
	Manifest *templates.Manifest
	JSON     string   // the manifest's name
	Folders  []Folder // where the single puzzles went, each folder once
}

// Folder is a folder of single puzzles and solutions and how many files
// it got.
type Folder struct {
	Dir   string
	Files int
}

// WriteLayout lays out the book and writes it, its manifest and, when
// asked, each puzzle and its solution alone as SVG and PNG
// (sudoku-NNN.svg, sudoku-NNN-solution.png, ...), as one Output: every
// file in place, or, after a failure or the cancellation of ctx, none
// and nothing new left behind. Temporary files of earlier runs that were
// killed are removed first. An error wrapping templates.ErrInvalid means
// the book cannot be laid out as asked; a *WriteError, a file that
// cannot be written.
func WriteLayout(ctx context.Context, book *templates.Book, files LayoutFiles) (*LayoutResult, error) {
	res := &LayoutResult{}
	res.JSON, _ = OutputNames(files.PDF)
	// Laid out before anything is written: a book that cannot be laid out
	// touches no disk.
	var pdf bytes.Buffer
	m, err := templates.WriteBook(&pdf, book)
	if err != nil {
		return nil, err
	}
	manifest, err := m.JSON()
	if err != nil {
		return nil, err
	}
	res.Manifest = m

	type single struct {
		name     string
		p        templates.Puzzle
		solution bool
		png      bool
	}
	var singles []single
	names := []string{files.PDF, res.JSON}
	width := max(3, len(strconv.Itoa(len(m.Puzzles))))
	number := 0
	for _, s := range book.Sections {
		for _, p := range s.Puzzles {
			number++ // the book numbers its puzzles through, from 1
			p.Number = number
			for _, sol := range []bool{false, true} {
				base := fmt.Sprintf("sudoku-%0*d", width, p.Number)
				if sol {
					base += "-solution"
				}
				if files.SVGDir != "" {
					singles = append(singles, single{filepath.Join(files.SVGDir, base+".svg"), p, sol, false})
				}
				if files.PNGDir != "" {
					singles = append(singles, single{filepath.Join(files.PNGDir, base+".png"), p, sol, true})
				}
			}
		}
	}
	for _, s := range singles {
		names = append(names, s.name)
	}
	if err := RemoveStaleTemps(names...); err != nil {
		return nil, err
	}

	var out Output
	defer out.Abort()
	if err := out.AddBytes(files.PDF, pdf.Bytes()); err != nil {
		return nil, err
	}
	if err := out.AddBytes(res.JSON, manifest); err != nil {
		return nil, err
	}
	count := map[string]int{}
	for _, s := range singles {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		one := templates.Single{Puzzle: s.p, Solution: s.solution, ColumnMM: files.ColumnMM, Fonts: book.Fonts, Date: book.Date}
		err := out.Add(s.name, func(w io.Writer) error {
			if s.png {
				return templates.WriteSinglePNG(w, one, files.DPI)
			}
			return templates.WriteSingleSVG(w, one)
		})
		if err != nil {
			return nil, err
		}
		dir := filepath.Dir(s.name) // clean: SVGDir and PNGDir name one folder alike
		if count[dir] == 0 {
			res.Folders = append(res.Folders, Folder{Dir: dir})
		}
		count[dir]++
	}
	for i := range res.Folders {
		res.Folders[i].Files = count[res.Folders[i].Dir]
	}
	if err := out.Commit(ctx); err != nil {
		return nil, err
	}
	return res, nil
}
