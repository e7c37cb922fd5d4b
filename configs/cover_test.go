package configs

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

const coverSections = "title: T\nsections:\n  - {level: easy, count: 1}\n"

// A cover: part gives the paper's figure a page, KDP's for a named paper
// or the one written; the defaults are white paper and the first puzzle.
func TestCover(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		cover string
		want  Cover
	}{
		{"cover: {}\n", Cover{Paper: "white", PaperIn: 0.002252, Art: "first-puzzle"}},
		{"cover:\n  paper: cream\n  art: grids\n", Cover{Paper: "cream", PaperIn: 0.0025, Art: "grids"}},
		{"cover:\n  paper: premium-color\n", Cover{Paper: "premium-color", PaperIn: 0.002347, Art: "first-puzzle"}},
		{"cover:\n  paper: cream\n  paper-thickness: 0.0635mm\n", Cover{PaperIn: 0.0635 / 25.4, Art: "first-puzzle"}},
		{"cover:\n  blurb: |\n    One.\n\n    Two.\n  background: art/bg.png\n  colour: \"#1f3a5f\"\n  spine-text: false\n",
			Cover{Paper: "white", PaperIn: 0.002252, Art: "first-puzzle", Blurb: "One.\n\nTwo.", Background: filepath.Join(dir, "art/bg.png"), Colour: "#1f3a5f", NoSpineText: true}},
	} {
		b, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte(coverSections+c.cover))
		if err != nil {
			t.Errorf("%q: %v", c.cover, err)
			continue
		}
		if b.Cover == nil || *b.Cover != c.want {
			t.Errorf("%q: %+v, want %+v", c.cover, b.Cover, c.want)
		}
	}
	b, err := ParseBook(filepath.Join(dir, "s.yaml"), []byte(coverSections))
	if err != nil || b.Cover != nil {
		t.Errorf("no cover: part: %v, %+v", err, b.Cover)
	}
}

// Every bad value of the cover: part is a problem at its line and field.
func TestCoverProblems(t *testing.T) {
	spec := coverSections + `cover:
  paper: glossy
  paper-thickness: 0.25in
  art: mosaic
  spine-text: maybe
  blurb: [a, b]
  back: yes
`
	_, err := ParseBook(filepath.Join(t.TempDir(), "s.yaml"), []byte(spec))
	var es Errors
	if !errors.As(err, &es) || !errors.Is(err, ErrSpec) {
		t.Fatalf("errors %v", err)
	}
	want := []string{
		`s.yaml:5: cover.paper: "glossy": want one of white, cream, premium-color`,
		`s.yaml:6: cover.paper-thickness: 0.25in: a page of book paper is 0.001-0.01 in`,
		`s.yaml:7: cover.art: "mosaic": want one of first-puzzle, grids`,
		`s.yaml:8: cover.spine-text: want true or false`,
		`s.yaml:9: cover.blurb: want text`,
		`s.yaml:10: cover.back: unknown field; want one of art, background, blurb, colour, paper, paper-thickness, spine-text`,
	}
	if len(es) != len(want) {
		t.Fatalf("%d problems, want %d:\n%v", len(es), len(want), err)
	}
	for i, e := range es {
		if !strings.Contains(e.Error(), want[i]) {
			t.Errorf("problem %d: %q, want %q", i, e, want[i])
		}
	}
	if _, err := ParseBook(filepath.Join(t.TempDir(), "s.yaml"), []byte(coverSections+"cover: yes\n")); err == nil || !strings.Contains(err.Error(), "s.yaml:4: cover: want cover as key: value lines") {
		t.Errorf("cover: yes: %v", err)
	}
}

// FuzzCover: any cover: part gives a cover or problems, never a panic; a
// cover without problems has a paper.
func FuzzCover(f *testing.F) {
	f.Add("cover:\n  paper: cream\n  blurb: |\n    One.\n\n    Two.\n  art: grids\n  colour: \"#1f3a5f\"\n")
	f.Add("cover: {paper-thickness: 0.07mm, spine-text: false, background: bg.jpg}\n")
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, cover string) {
		b, err := ParseBook(filepath.Join(dir, "f.yaml"), []byte(coverSections+cover))
		if err != nil || b.Cover == nil {
			return
		}
		if in := b.Cover.PaperIn; in < minPaperIn || in > maxPaperIn {
			t.Fatalf("%q: %g in a page passed", cover, in)
		}
	})
}
