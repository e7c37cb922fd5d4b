package pipeline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/templates"
)

// setFrontMatter puts the spec's front matter on the book to lay out.
func setFrontMatter(b *templates.Book, f configs.FrontMatter) {
	b.Publisher, b.ISBN, b.Edition, b.Copyright = f.Publisher, f.ISBN, f.Edition, f.Copyright
	b.Dedication, b.Introduction, b.HowToPlay, b.NoCredit = f.Dedication, f.Introduction, f.HowToPlay, f.NoCredit
	if !f.Has("dedication") {
		b.Dedication = ""
	}
	if !f.Has("introduction") {
		b.Introduction = ""
	}
	b.Omit = templates.Omit{Title: !f.Has("title"), Copyright: !f.Has("copyright"), HowToPlay: !f.Has("how-to-play"),
		Contents: !f.Has("contents"), SectionPages: !f.Has("level-introductions")}
}

// LevelUse is what one section of a book asks of its reader: its name,
// the numbers of its first and last puzzles, and how many steps of each
// technique (logic.Technique.Key) its puzzles' solves took.
type LevelUse struct {
	Name        string
	First, Last int
	Techniques  map[string]int
}

// familyText explains each family of techniques in a sentence or two.
var familyText = map[logic.Family]string{
	logic.Singles: "Singles: a digit with only one place left in a row, column or box (a hidden single), " +
		"or a cell that only one digit fits (a naked single).",
	logic.Cages: "Cage combinations and the rule of 45: a cage's sum allows only some sets of digits " +
		"(two cells making 17 can only be 8 and 9), and a row, column or box adds up to 45, " +
		"so the cells left over after the whole cages inside it add up to what those cages leave.",
	logic.Intersections: "Pointing and claiming: when a digit's places in a box all lie in one row or column, " +
		"it can go nowhere else in that row or column; when its places in a row or column all lie in one box, " +
		"it can go nowhere else in that box.",
	logic.Subsets: "Pairs, triples and quads: when two cells of a row, column or box can only hold the same two digits, " +
		"those digits go nowhere else there (a naked pair); when two digits can only go in the same two cells, " +
		"those cells hold nothing else (a hidden pair). Three and four cells work the same way.",
	logic.Fish: "X-wings, swordfish and jellyfish: when a digit's places in two rows lie in the same two columns, " +
		"it can go nowhere else in those columns (and rows and columns the other way round); " +
		"three lines make a swordfish, four a jellyfish.",
	logic.SingleDigit: "Skyscrapers, kites and turbot fish: two rows, columns or boxes where a digit has only two places each, " +
		"joined so that one of two far cells must hold it: a cell that sees both cannot.",
	logic.Wings: "Wings: a cell with two candidates and cells it sees, whose candidates force a digit into one of two cells: " +
		"a cell that sees both cannot hold that digit.",
	logic.Uniqueness: "Unique rectangles and BUG: every puzzle has one solution, so a pattern that would allow two " +
		"(four cells on two rows, two columns and two boxes with the same two candidates) can be ruled out.",
	logic.Chains: "Chains: follow what a candidate's being true, or false, forces, link by link. When both ways lead " +
		"to the same conclusion, or one way leads to a contradiction, that conclusion holds. " +
		"The hardest puzzles need chains within chains: take your time and a sharp pencil.",
	logic.Guessing: "Trial and error: the very hardest puzzles can need it. Pencil in a candidate and follow it; " +
		"if it leads to a contradiction, it was wrong.",
}

// HowToPlay writes the rules pages of a book whose sections ask what
// levels say: the rules, then what each level needs (the families of
// techniques its puzzles' solves used, each explained once), so that the
// page promises no more and no less than the puzzles need: chains only
// when a section needs them, "no need to guess" only when none does.
// rules is the rules part (templates.Rules: classic's one sentence, or
// each kind's the book has); boldGivens says the solutions set the givens
// in bold (the book has a bold face); hints that some puzzles have hints
// at the back.
func HowToPlay(rules string, levels []LevelUse, boldGivens, hints bool) string {
	paras := []string{rules}
	add := func(format string, args ...any) { paras = append(paras, fmt.Sprintf(format, args...)) }

	used := make([][]logic.Family, len(levels))
	all := map[logic.Family]bool{}
	for i, lv := range levels {
		seen := map[logic.Family]bool{}
		for key, n := range lv.Techniques {
			if t, ok := logic.TechniqueByKey(key); ok && n > 0 {
				seen[t.Family()] = true
			}
		}
		seen[logic.Singles] = true // every solve ends in singles
		for f := range seen {
			used[i] = append(used[i], f)
			all[f] = true
		}
		slices.Sort(used[i])
	}
	if all[logic.Guessing] {
		add("Every puzzle has exactly one solution. Most give way to the techniques below; the very hardest may also need trial and error.")
	} else {
		add("Every puzzle has exactly one solution, and you can reach it by reasoning alone: there is no need to guess.")
	}

	if len(levels) > 0 {
		add("What each level needs:")
		var before []logic.Family
		for i, lv := range levels {
			var fresh []string
			for _, f := range used[i] {
				if !slices.Contains(before, f) {
					fresh = append(fresh, f.String())
					before = append(before, f)
				}
			}
			what := "the same techniques, more often and deeper in the puzzle"
			switch {
			case i == 0:
				what = andList(fresh)
			case len(fresh) > 0:
				what = "everything above, and " + andList(fresh)
			}
			add("- %s (puzzles %d–%d): %s.", lv.Name, lv.First, lv.Last, what)
		}
	}
	for f := logic.Singles; f <= logic.Guessing; f++ {
		if all[f] {
			add("%s", familyText[f])
		}
	}

	layout := "The puzzles are grouped by level, from the easiest to the hardest. Above each puzzle are its number and its level; below it, a short id and the page of its solution."
	if hints {
		layout = "The puzzles are grouped by level, from the easiest to the hardest. Above each puzzle are its number and its level; below it, a short id, the page of its hints when it has some, and the page of its solution. A hint explains one step and gives nothing else away."
	}
	add("%s", layout)
	if boldGivens {
		add("The solutions are at the back of the book. In them, the digits the puzzle gives are set in bold on a grey ground; the digits you fill in are in lighter type.")
	} else {
		add("The solutions are at the back of the book. In them, the digits the puzzle gives are set on a grey ground.")
	}
	return strings.Join(paras, "\n\n")
}

// RatingNote is the paragraph that ends how to play in a book that prints
// its classic puzzles' ratings on the scale: what the number is and which
// rater gives the same one, so that a reader can check it.
func RatingNote(scale *logic.Scale) string {
	scale = scale.OrDefault()
	what := "the difficulty of the hardest step the puzzle needs, from 1.2 (hidden singles) past 9 (forcing chains) to about 11 (chains within chains)"
	if scale == logic.Sukaku {
		return fmt.Sprintf("The number after a puzzle's level, such as %s 4.2, is its SukakuExplainer rating: %s. "+
			"SukakuExplainer finds more techniques than Sudoku Explainer 1.2.1, so a puzzle's SE number elsewhere can be higher.", scale.Label, what)
	}
	return fmt.Sprintf("The number after a puzzle's level, such as %s 4.2, is its Sudoku Explainer rating: %s, as Sudoku Explainer 1.2.1 and skfr rate it.", scale.Label, what)
}

// andList joins words as a sentence does: "a, b and c".
func andList(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], "; ") + "; and " + words[len(words)-1]
}

// howToPlay is HowToPlay for the sections a build selected.
func howToPlay(sections []sectionResult, book *templates.Book) string {
	var levels []LevelUse
	number, hints := 1, false
	for _, s := range sections {
		use := LevelUse{Name: s.printed.Name, First: number, Last: number + len(s.kept) - 1, Techniques: map[string]int{}}
		for _, c := range s.kept {
			for key, n := range c.p.Ratings.Techniques {
				use.Techniques[key] += n
			}
		}
		for _, p := range s.printed.Puzzles {
			hints = hints || len(p.Hints) > 0
		}
		number += len(s.kept)
		levels = append(levels, use)
	}
	return HowToPlay(templates.Rules(book.Sections), levels, book.Fonts.Bold != nil, hints)
}
