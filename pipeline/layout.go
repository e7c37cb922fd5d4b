package pipeline

import (
	"fmt"
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
// puzzle is labelled by its Sudoku Explainer rating alone (level.ER). Make
// one with NewSectioner.
type Sectioner struct {
	ladder        level.Ladder
	rating, stars bool
	byLevel       [][]templates.Puzzle
	solver        engine.Solver
}

// NewSectioner sorts by the levels of ladder. With rating each puzzle
// shows its rating; with stars, a star for each rung of the ladder from
// the first.
func NewSectioner(ladder level.Ladder, rating, stars bool) *Sectioner {
	return &Sectioner{ladder: ladder, rating: rating, stars: stars, byLevel: make([][]templates.Puzzle, len(ladder))}
}

// Add solves and rates g and files it under its level. NotUnique(err)
// says that g has no solution or several; another error is a failure of
// the rater.
func (s *Sectioner) Add(g engine.Grid) error {
	if _, err := s.solver.SolveUnique(g); err != nil {
		return err
	}
	res, err := logic.Solve(g)
	if err != nil {
		return fmt.Errorf("rating the puzzle: %w", err)
	}
	lv := max(s.ladder.Index(s.ladder.Of(level.ER(res.ER))), 0)
	p := templates.Puzzle{ID: ShortID(g), Level: DisplayLevel(s.ladder[lv].Name), Givens: g, Solution: res.Solution}
	if s.rating {
		p.Rating = res.ER
	}
	if s.stars {
		p.Stars = lv + 1
	}
	s.byLevel[lv] = append(s.byLevel[lv], p)
	return nil
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
	return store.PuzzleID(form)[:8]
}

// DisplayLevel is a level's name as a book's heading prints it: "Hard".
func DisplayLevel(name string) string {
	if name == "" {
		return name
	}
	return strings.ToUpper(name[:1]) + name[1:]
}
