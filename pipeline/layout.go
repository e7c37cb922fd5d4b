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
	"github.com/pressrun/pressrun/store"
	"github.com/pressrun/pressrun/templates"
)

// Sectioner sorts puzzles into a book's sections by level, as `pressrun
// layout` lays them out: a section for each level of the ladder that has
// puzzles, from the easiest, with its puzzles in the order added. Each
// puzzle is labelled by its Sudoku Explainer rating alone (level.ER). A
// puzzle that repeats one added before, or is an isomorph of one (the same
// engine.Canonical form), is a *Duplicate. Make one with NewSectioner.
type Sectioner struct {
	ladder        level.Ladder
	rating, stars bool
	// AllowDuplicates files a repeated puzzle too; Add still reports it.
	AllowDuplicates bool
	byLevel         [][]templates.Puzzle
	seen            map[engine.Grid]added // by canonical form
	solver          engine.Solver
}

// added is the first puzzle of a canonical form, and where it was read.
type added struct {
	at Position
	g  engine.Grid
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

// NewSectioner sorts by the levels of ladder. With rating each puzzle
// shows its rating; with stars, a star for each rung of the ladder from
// the first.
func NewSectioner(ladder level.Ladder, rating, stars bool) *Sectioner {
	return &Sectioner{ladder: ladder, rating: rating, stars: stars, byLevel: make([][]templates.Puzzle, len(ladder)),
		seen: map[engine.Grid]added{}}
}

// Add solves and rates g, read at at, and files it under its level. A
// puzzle that repeats one added before comes back as a *Duplicate and is
// not filed, unless AllowDuplicates. NotUnique(err) says that g has no
// solution or several; another error is a failure of the rater.
func (s *Sectioner) Add(at Position, g engine.Grid) (*Duplicate, error) {
	form, _ := engine.Canonical(g)
	var dup *Duplicate
	if first, ok := s.seen[form]; ok {
		dup = &Duplicate{At: at, First: first.at, Isomorph: first.g != g}
		if !s.AllowDuplicates {
			return dup, nil
		}
	}
	if _, err := s.solver.SolveUnique(g); err != nil {
		return dup, err
	}
	res, err := logic.Solve(g)
	if err != nil {
		return dup, fmt.Errorf("rating the puzzle: %w", err)
	}
	if dup == nil {
		s.seen[form] = added{at, g}
	}
	lv := max(s.ladder.Index(s.ladder.Of(level.ER(res.ER))), 0)
	p := templates.Puzzle{ID: shortID(form), Level: DisplayLevel(s.ladder[lv].Name), Givens: slices.Clone(g[:]), Solution: slices.Clone(res.Solution[:])}
	if s.rating {
		p.Rating = res.ER
	}
	if s.stars {
		p.Stars = lv + 1
	}
	s.byLevel[lv] = append(s.byLevel[lv], p)
	return dup, nil
}

// Sections are the sections of the puzzles added so far.
func (s *Sectioner) Sections() []templates.Section {
	var out []templates.Section
	for i, ps := range s.byLevel {
		if len(ps) > 0 {
			out = append(out, templates.Section{Name: DisplayLevel(s.ladder[i].Name), Description: s.ladder[i].Description, Puzzles: ps})
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
