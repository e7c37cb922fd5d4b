// Package words holds the words pressrun prints in books and daily files,
// one file per language (en.yaml, de.yaml, ...): headings, captions, the
// how-to-play text, level names, the names of weekdays and months. A new
// language is a new file beside its peers. A key a language lacks falls
// back to English, and Gaps lists such keys so a test can refuse them.
package words

import (
	"embed"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"time"

	"gopkg.in/yaml.v3"
)

//go:embed *.yaml
var files embed.FS

// Words is one language's words. A nil *Words is English.
type Words struct {
	Code string // "de", the file's name
	Name string // the language's name in itself: "Deutsch"
	// Weekdays run from Sunday, as time.Weekday does; Months from January.
	weekdays, weekdaysShort [7]string
	months, monthsShort     [12]string
	texts                   map[string]string
	descriptions            map[string]string
	hints                   map[string]string
	// firstOfMonth is the first day as written before a month's name
	// ("1er" in French: "1er janvier"); "" writes it as a number.
	firstOfMonth string
	english      *Words // nil for English itself
}

// file is a language's file as it is written.
type file struct {
	Name          string            `yaml:"name"`
	Weekdays      []string          `yaml:"weekdays"`
	WeekdaysShort []string          `yaml:"weekdays-short"`
	Months        []string          `yaml:"months"`
	MonthsShort   []string          `yaml:"months-short"`
	FirstOfMonth  string            `yaml:"first-of-month"`
	Texts         map[string]string `yaml:"texts"`
	// Descriptions are the built-in ladders' level descriptions (as
	// engine/level writes them, in English) in the language.
	Descriptions map[string]string `yaml:"descriptions"`
	// Hints are the hints' phrases (engine/logic's, fmt formats in
	// English) in the language; a translation may take its arguments in
	// another order with explicit indexes (%[2]s).
	Hints map[string]string `yaml:"hints"`
}

var (
	loadOnce sync.Once
	loaded   map[string]*Words
	loadErr  error
)

func load() {
	loaded = map[string]*Words{}
	names, _ := fs.Glob(files, "*.yaml")
	for _, name := range names {
		data, err := files.ReadFile(name)
		if err != nil {
			loadErr = err
			return
		}
		var f file
		dec := yaml.NewDecoder(strings.NewReader(string(data)))
		dec.KnownFields(true)
		if err := dec.Decode(&f); err != nil {
			loadErr = fmt.Errorf("words: %s: %w", name, err)
			return
		}
		if len(f.Weekdays) != 7 || len(f.WeekdaysShort) != 7 || len(f.Months) != 12 || len(f.MonthsShort) != 12 {
			loadErr = fmt.Errorf("words: %s: want 7 weekdays and 12 months, long and short", name)
			return
		}
		w := &Words{Code: strings.TrimSuffix(name, ".yaml"), Name: f.Name, texts: f.Texts, descriptions: f.Descriptions, hints: f.Hints}
		copy(w.weekdays[:], f.Weekdays)
		copy(w.weekdaysShort[:], f.WeekdaysShort)
		copy(w.months[:], f.Months)
		copy(w.monthsShort[:], f.MonthsShort)
		w.firstOfMonth = f.FirstOfMonth
		loaded[w.Code] = w
	}
	en := loaded["en"]
	if en == nil {
		loadErr = fmt.Errorf("words: no en.yaml")
		return
	}
	for code, w := range loaded {
		if code != "en" {
			w.english = en
		}
	}
}

func all() map[string]*Words {
	loadOnce.Do(load)
	if loadErr != nil {
		panic(loadErr) // the files are embedded: a test reads them all
	}
	return loaded
}

// Codes are the languages there are words for, English first, then in
// the order of their codes.
func Codes() []string {
	var out []string
	for code := range all() {
		if code != "en" {
			out = append(out, code)
		}
	}
	slices.Sort(out)
	return append([]string{"en"}, out...)
}

// Of returns the words of the language with the code ("de"), or an error
// naming the codes there are.
func Of(code string) (*Words, error) {
	if w, ok := all()[code]; ok {
		return w, nil
	}
	return nil, fmt.Errorf("no words for language %q: want one of %s", code, strings.Join(Codes(), ", "))
}

// English is the English words, the fallback of every other language.
func English() *Words { return all()["en"] }

func (w *Words) orEnglish() *Words {
	if w == nil {
		return English()
	}
	return w
}

// Lang is the language's code; "en" for nil.
func (w *Words) Lang() string { return w.orEnglish().Code }

// Has reports whether the language itself (not its English fallback) has
// the key.
func (w *Words) Has(key string) bool {
	_, ok := w.orEnglish().texts[key]
	return ok
}

// Text is the key's words in the language, else in English. A key
// English lacks too is a mistake in the code: it comes back as
// "{key}", which a test of each page's words finds.
func (w *Words) Text(key string) string {
	w = w.orEnglish()
	if s, ok := w.texts[key]; ok {
		return s
	}
	if w.english != nil {
		if s, ok := w.english.texts[key]; ok {
			return s
		}
	}
	return "{" + key + "}"
}

// Fill is Text with its {name} placeholders filled from pairs of a name
// and a value: Fill("caption.puzzle", "n", 12) is "Puzzle 12".
func (w *Words) Fill(key string, pairs ...any) string {
	return fill(w.Text(key), pairs...)
}

func fill(s string, pairs ...any) string {
	if len(pairs) == 0 || !strings.Contains(s, "{") {
		return s
	}
	args := make([]string, 0, len(pairs))
	for i := 0; i+1 < len(pairs); i += 2 {
		args = append(args, "{"+fmt.Sprint(pairs[i])+"}", fmt.Sprint(pairs[i+1]))
	}
	return strings.NewReplacer(args...).Replace(s)
}

// Keys are the keys English has, sorted: every key the code may ask for.
func Keys() []string {
	var out []string
	for k := range English().texts {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// Gaps are the keys English has and this language lacks: where an English
// word would appear in its book.
func (w *Words) Gaps() []string {
	var out []string
	for _, k := range Keys() {
		if !w.Has(k) {
			out = append(out, k)
		}
	}
	return out
}

// Description is a built-in level's description, given in English, in
// the language; one the file lacks comes back as given.
func (w *Words) Description(english string) string {
	if s, ok := w.orEnglish().descriptions[english]; ok {
		return s
	}
	return english
}

// Phrase is a hint's phrase, given in English, in the language (the
// engine's logic.Phrasebook); one the file lacks comes back as given.
func (w *Words) Phrase(english string) string {
	if s, ok := w.orEnglish().hints[english]; ok {
		return s
	}
	return english
}

// HintPhrases are the hint phrases (in English) the languages translate.
func HintPhrases() []string {
	var out []string
	for _, w := range all() {
		for p := range w.hints {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// HasPhrase reports whether the language has the hint phrase.
func (w *Words) HasPhrase(english string) bool {
	_, ok := w.orEnglish().hints[english]
	return ok
}

// HasDescription reports whether the language has the description.
func (w *Words) HasDescription(english string) bool {
	_, ok := w.orEnglish().descriptions[english]
	return ok
}

// Count says a small count in words ("two", "zwei"), larger ones in
// figures: count.0 to count.12 in the file.
func (w *Words) Count(n int) string {
	if key := fmt.Sprintf("count.%d", n); n >= 0 && w.orEnglish().Has(key) {
		return w.Text(key)
	}
	return fmt.Sprint(n)
}

// List joins items as a sentence does: "a, b and c", "a, b und c"; conj
// is the key of the last joining word ("list.and", "list.or").
func (w *Words) List(items []string, conj string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], w.Text("list.comma")) + w.Text(conj) + items[len(items)-1]
}

// Weekday is the day's name: "Monday", "Montag".
func (w *Words) Weekday(d time.Weekday) string { return w.orEnglish().weekdays[d] }

// Month is the month's name: "January", "Januar".
func (w *Words) Month(m time.Month) string { return w.orEnglish().months[m-1] }

// Date formats t by Go's reference-time layout ("Monday 2 January 2006"),
// with the language's names of weekdays and months in place of English
// ones: "Monday", "Mon", "January" and "Jan" are the language's; every
// other element is time.Format's.
func (w *Words) Date(t time.Time, layout string) string {
	w = w.orEnglish()
	var b []byte
	for layout != "" {
		i, name := nextName(layout)
		if i < 0 {
			b = t.AppendFormat(b, layout)
			break
		}
		if i > 0 {
			b = t.AppendFormat(b, layout[:i])
		}
		var word string
		switch name {
		case "Monday":
			word = w.weekdays[t.Weekday()]
		case "Mon":
			word = w.weekdaysShort[t.Weekday()]
		case "January":
			word = w.months[t.Month()-1]
		case "Jan":
			word = w.monthsShort[t.Month()-1]
		}
		if (name == "January" || name == "Jan") && t.Day() == 1 && w.firstOfMonth != "" {
			b = firstOfMonth(b, w.firstOfMonth)
		}
		b = append(b, word...)
		layout = layout[i+len(name):]
	}
	return string(b)
}

// firstOfMonth writes the day before a month's name, when it is a lone 1
// followed by spaces (the "1 " of "jeudi 1 janvier"), as first ("1er").
func firstOfMonth(b []byte, first string) []byte {
	n := len(b)
	for n > 0 && b[n-1] == ' ' {
		n--
	}
	if n == 0 || b[n-1] != '1' || (n > 1 && b[n-2] >= '0' && b[n-2] <= '9') {
		return b
	}
	spaces := string(b[n:])
	return append(append(b[:n-1], first...), spaces...)
}

// nextName finds the first weekday or month element of a layout, the
// longer name first where both start at one place.
func nextName(layout string) (at int, name string) {
	at = -1
	for _, n := range []string{"Monday", "January", "Mon", "Jan"} {
		if i := strings.Index(layout, n); i >= 0 && (at < 0 || i < at) {
			at, name = i, n
		}
	}
	return at, name
}
