package pipeline

import (
	"strings"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/templates/words"
)

// LevelName is the level's name as a book or a daily file in the language
// prints it: the levels file's name for the language, else the language's
// word for a built-in level (easy, medium, hard, expert, evil), else the
// name with a capital.
func LevelName(w *words.Words, lv level.Level) string {
	if s := lv.Names[w.Lang()]; s != "" {
		return s
	}
	if key := "level." + strings.ToLower(lv.Name); words.English().Has(key) {
		return w.Text(key)
	}
	return DisplayLevel(lv.Name)
}

// LevelDescription is the level's description in the language: the levels
// file's for the language, else a built-in ladder's in the language's
// words, else as the levels file gives it.
func LevelDescription(w *words.Words, lv level.Level) string {
	if s := lv.Descriptions[w.Lang()]; s != "" {
		return s
	}
	return w.Description(lv.Description)
}

// levelNamed is LevelName of the ladder's level of that name (a level it
// lacks is named as a built-in one would be).
func levelNamed(w *words.Words, ladder level.Ladder, name string) string {
	lv, ok := ladder.Find(name)
	if !ok {
		lv = level.Level{Name: name}
	}
	return LevelName(w, lv)
}
