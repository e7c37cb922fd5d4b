package templates

import (
	"errors"
	"io"
	"slices"
	"testing"

	"golang.org/x/image/font/gofont/gomono"
)

// A text the font cannot print is refused, naming the field, the
// characters and the font; characters the fonts have, or that print as a
// plain stand-in, pass.
func TestCheckGlyphs(t *testing.T) {
	puzzles := testPuzzles(t)[:2]
	book := func(edit func(b *Book)) *Book {
		b := &Book{Title: "Sudoku für Anfänger — Band 1", Subtitle: "Zoë’s “Rätsel” × 2 … ©", Date: testDate,
			Sections: []Section{{Name: "Leicht", Description: "Für den Anfang.", Puzzles: puzzles}}}
		b.Sections[0].Puzzles[0].Level = "Leicht"
		if edit != nil {
			edit(b)
		}
		return b
	}
	if err := CheckGlyphs(book(nil)); err != nil {
		t.Fatalf("text the Go fonts can print: %v", err)
	}
	if _, err := WriteBook(io.Discard, book(nil)); err != nil {
		t.Fatalf("WriteBook: %v", err)
	}
	for _, tt := range []struct {
		edit    func(b *Book)
		field   string
		section int
		missing []rune
		font    string
		bold    bool
	}{
		{func(b *Book) { b.Title = "Sudoku für Anfänger — 数独" }, "title", -1, []rune("数独"), "Go Bold", true},
		{func(b *Book) { b.Author = "山田 太郎" }, "author", -1, []rune("山田太郎"), "Go Regular", false},
		{func(b *Book) { b.Subtitle = "Ⅻ" }, "subtitle", -1, []rune("Ⅻ"), "Go Regular", false},
		{func(b *Book) { b.HowToPlay = "☞ fill the grid" }, "front-matter.how-to-play", -1, []rune("☞"), "Go Regular", false},
		{func(b *Book) { b.Publisher = "Éditions ☞" }, "front-matter.publisher", -1, []rune("☞"), "Go Regular", false},
		{func(b *Book) { b.Sections[0].Name = "Легко ☯" }, "sections[0].name", 0, []rune("☯"), "Go Bold", true},
		{func(b *Book) { b.Sections[0].Description = "易" }, "sections[0].description", 0, []rune("易"), "Go Regular", false},
		{func(b *Book) { b.Sections[0].Puzzles[1].Level = "易" }, "sections[0].puzzles[1].level", 0, []rune("易"), "Go Regular", false},
		// One font for both (Bold false); a control character is in no font.
		{func(b *Book) { b.Fonts = Fonts{Regular: gomono.TTF}; b.Title = "a\x01b" }, "title", -1, []rune{1}, "Go Mono", false},
	} {
		b := book(tt.edit)
		for _, err := range []error{CheckGlyphs(b), func() error { _, err := WriteBook(io.Discard, b); return err }()} {
			var ge *GlyphError
			if !errors.As(err, &ge) || !errors.Is(err, ErrInvalid) {
				t.Errorf("%s: error %v, want a *GlyphError", tt.field, err)
				continue
			}
			if ge.Field != tt.field || ge.Section != tt.section || !slices.Equal(ge.Missing, tt.missing) || ge.Font != tt.font || ge.Bold != tt.bold {
				t.Errorf("%s: got %+v", tt.field, ge)
			}
		}
	}
	ge := &GlyphError{Field: "title", Text: "数独", Missing: []rune("数独一二三四五"), Font: "Go Bold"}
	if got, want := ge.Chars(), "数 (U+6570), 独 (U+72EC), 一 (U+4E00), 二 (U+4E8C), 三 (U+4E09), and 2 more"; got != want {
		t.Errorf("Chars() = %q, want %q", got, want)
	}
	if !ge.CJK() || (&GlyphError{Missing: []rune("☯")}).CJK() {
		t.Error("CJK")
	}
}
