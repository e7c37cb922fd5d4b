package pipeline

import (
	"slices"
	"strings"

	"github.com/pressrun/pressrun/configs"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/templates"

	"github.com/pressrun/pressrun/templates/words"
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

// familyKey is the words' key of a family of techniques: "family.subsets"
// its name in a list, "family.subsets.text" its paragraph.
func familyKey(f logic.Family) string { return "family." + f.String() }

// HowToPlay writes the rules pages of a book whose sections ask what
// levels say: the rules, then what each level needs (the families of
// techniques its puzzles' solves used, each explained once), so that the
// page promises no more and no less than the puzzles need: chains only
// when a section needs them, "no need to guess" only when none does.
// rules is the rules part (templates.Rules: classic's one sentence, or
// each kind's the book has); boldGivens says the solutions set the givens
// in bold (the book has a bold face); hints that some puzzles have hints
// at the back.
func HowToPlay(w *words.Words, rules string, levels []LevelUse, boldGivens, hints bool) string {
	paras := []string{rules}
	add := func(text string) { paras = append(paras, text) }

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
		add(w.Text("howto.guessing"))
	} else {
		add(w.Text("howto.no-guessing"))
	}

	if len(levels) > 0 {
		add(w.Text("howto.levels"))
		var before []logic.Family
		for i, lv := range levels {
			var fresh []string
			for _, f := range used[i] {
				if !slices.Contains(before, f) {
					fresh = append(fresh, w.Text(familyKey(f)))
					before = append(before, f)
				}
			}
			what := w.Text("howto.level-same")
			switch {
			case i == 0:
				what = w.List(fresh, "list.semicolon-and")
			case len(fresh) > 0:
				what = w.Fill("howto.level-more", "techniques", w.List(fresh, "list.semicolon-and"))
			}
			add(w.Fill("howto.level-item", "level", lv.Name, "first", lv.First, "last", lv.Last, "what", what))
		}
	}
	for f := logic.Singles; f <= logic.Guessing; f++ {
		if all[f] {
			add(w.Text(familyKey(f) + ".text"))
		}
	}

	if hints {
		add(w.Text("howto.layout-hints"))
	} else {
		add(w.Text("howto.layout"))
	}
	if boldGivens {
		add(w.Text("howto.solutions-bold"))
	} else {
		add(w.Text("howto.solutions"))
	}
	return strings.Join(paras, "\n\n")
}

// RatingNote is the paragraph that ends how to play in a book that prints
// its classic puzzles' ratings on the scale: what the number is and which
// rater gives the same one, so that a reader can check it.
func RatingNote(w *words.Words, scale *logic.Scale) string {
	scale = scale.OrDefault()
	key := "rating.classic"
	if scale == logic.Sukaku {
		key = "rating.sukaku"
	}
	return w.Fill(key, "label", scale.Label, "what", w.Text("rating.what"))
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
	return HowToPlay(book.Words, templates.Rules(book.Words, book.Sections), levels, book.Fonts.Bold != nil, hints)
}
