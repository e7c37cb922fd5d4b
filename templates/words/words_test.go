package words

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestNoGaps: every language has every key English has, and each of its
// texts keeps the placeholders of the English one: no English word in a
// German book by accident, and no {n} left unfilled.
func TestNoGaps(t *testing.T) {
	codes := Codes()
	if want := []string{"en", "de", "es", "fr", "it"}; !slices.Equal(codes, want) {
		t.Fatalf("Codes() = %v, want %v", codes, want)
	}
	placeholder := regexp.MustCompile(`\{[a-z]+\}`)
	en := English()
	for _, code := range codes[1:] {
		w, err := Of(code)
		if err != nil {
			t.Fatal(err)
		}
		if gaps := w.Gaps(); len(gaps) > 0 {
			t.Errorf("%s.yaml lacks %d keys English has: %s", code, len(gaps), strings.Join(gaps, ", "))
		}
		for _, k := range Keys() {
			if !w.Has(k) {
				continue
			}
			want := placeholder.FindAllString(en.Text(k), -1)
			got := placeholder.FindAllString(w.Text(k), -1)
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(slices.Compact(want), slices.Compact(got)) {
				t.Errorf("%s.yaml %s: placeholders %v, English has %v", code, k, got, want)
			}
		}
		for k := range w.texts {
			if !en.Has(k) {
				t.Errorf("%s.yaml has %s, which English lacks (a typo?)", code, k)
			}
		}
	}
}

func TestFallbackAndFill(t *testing.T) {
	de, _ := Of("de")
	if got := de.Fill("caption.puzzle", "n", 12); got != "Rätsel 12" {
		t.Errorf("de caption.puzzle = %q", got)
	}
	var nilWords *Words
	if got := nilWords.Fill("caption.puzzle", "n", 12); got != "Puzzle 12" {
		t.Errorf("nil caption.puzzle = %q, want English", got)
	}
	if got := de.Text("no.such.key"); got != "{no.such.key}" {
		t.Errorf("unknown key = %q", got)
	}
	if _, err := Of("xx"); err == nil || !strings.Contains(err.Error(), "en, de, es, fr, it") {
		t.Errorf("Of(xx) = %v, want an error naming the languages", err)
	}
	if got := de.List([]string{"a", "b", "c"}, "list.and"); got != "a, b und c" {
		t.Errorf("de list = %q", got)
	}
}

func TestDate(t *testing.T) {
	day := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC) // a Tuesday
	for _, c := range []struct{ code, layout, want string }{
		{"en", "Monday 2 January 2006", "Tuesday 1 December 2026"},
		{"en", "Mon 2 Jan 06", "Tue 1 Dec 26"},
		{"de", "Monday, 2. January", "Dienstag, 1. Dezember"},
		{"fr", "Monday 2 January", "mardi 1er décembre"},
		{"fr", "Mon 2 Jan 2006", "mar. 1er déc. 2026"},
		{"fr", "2/1/2006", "1/12/2026"}, // no month's name: a number
		{"es", "Monday, 2 de January", "martes, 1 de diciembre"},
		{"it", "Mon 2 Jan 2006", "mar 1 dic 2026"},
		{"de", "2006-01-02", "2026-12-01"},
	} {
		w, _ := Of(c.code)
		if got := w.Date(day, c.layout); got != c.want {
			t.Errorf("%s Date(%q) = %q, want %q", c.code, c.layout, got, c.want)
		}
	}
	// Only the first: the 11th and the 21st stay numbers.
	fr, _ := Of("fr")
	for d, want := range map[int]string{11: "vendredi 11 décembre", 21: "lundi 21 décembre"} {
		if got := fr.Date(day.AddDate(0, 0, d-1), "Monday 2 January"); got != want {
			t.Errorf("fr Date(day %d) = %q, want %q", d, got, want)
		}
	}
	// English dates are Go's own.
	for d := range 7 {
		at := day.AddDate(0, 0, d*40)
		if got, want := English().Date(at, "Monday Mon January Jan 2 2006"), at.Format("Monday Mon January Jan 2 2006"); got != want {
			t.Errorf("English Date = %q, Go says %q", got, want)
		}
	}
}
