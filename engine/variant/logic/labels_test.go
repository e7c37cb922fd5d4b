package logic

import (
	"regexp"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// TestPrintSymbols: a 16x16 solve's step texts name the symbols 10 to 16
// by the letters A to G of the line form, or, after PrintSymbols with a
// book's labels ("1" to "16"), as the book prints them, never run
// together ("5, 12 and 13", not "51213"); a Reset keeps the labels.
func TestPrintSymbols(t *testing.T) {
	v, puzzles := read16(t, "minimal-16x16.txt")
	p := puzzles[0]
	letter := regexp.MustCompile(`\b[A-G]\b|<>[1-9A-G]*[A-G]`)
	texts := func(s *Solver) string {
		res, err := s.Solve(p)
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, st := range res.Steps {
			if st.Technique != Guess {
				b.WriteString(st.Text + "\n")
			}
		}
		return b.String()
	}
	s := NewSolver(v)
	if plain := texts(s); !letter.MatchString(plain) {
		t.Fatalf("no symbol named by a letter in the line form's texts:\n%.600s", plain)
	}
	labels, err := variant.Labels("1-16", 16)
	if err != nil {
		t.Fatal(err)
	}
	s.PrintSymbols(labels)
	s.Reset(v)
	printed := texts(s)
	if m := letter.FindString(printed); m != "" {
		t.Errorf("a symbol named %q with the labels 1-16:\n%.600s", m, printed)
	}
	if !regexp.MustCompile(`(^|[ <>])1[0-6]\b`).MatchString(printed) {
		t.Errorf("no symbol from 10 to 16:\n%.600s", printed)
	}
	if m := regexp.MustCompile(`\b\d{3,}\b`).FindString(printed); m != "" {
		t.Errorf("symbols run together as %q, which the labels 1-16 make ambiguous:\n%.600s", m, printed)
	}
}
