package configs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/pressrun/pressrun/engine"
	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/rate"
	"github.com/pressrun/pressrun/engine/teach"
	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/store"

	"github.com/pressrun/pressrun/templates/words"
)

// Book is a book spec, what an editor writes for `pressrun build`:
//
//	title: Classic Sudoku
//	seed: 2024
//	output: classic-book.pdf
//	page: {trim: 6x9}
//	sections:
//	  - {level: easy, count: 50}
//
// Paths in it (archive, output, fonts, a levels file) are relative to the
// spec's folder. LoadBook fills the defaults; the checks that need the
// page layout (trim, per-page, fonts) are the pipeline's, which reports
// them at the lines Lines records.
type Book struct {
	File     string // the spec's path, as errors name it
	Checksum string // SHA-256 (hex) of the spec's bytes and of a levels file it names

	Title, Subtitle, Author string
	Seed                    *uint64    // nil: choose one and print it
	Date                    *time.Time // the book's date; nil: SOURCE_DATE_EPOCH, else today
	Archive                 string     // default pressrun.db beside the spec
	Output                  string     // the PDF; the manifest and the report go beside it

	Page   Page
	Layout Layout
	Ladder level.Ladder // classic's; default level.Default()
	// Ladders are the ladders levels: gives for the variants, by
	// Kind.Name ("16x16"); nil when it gives none. LadderOf is a
	// section's ladder.
	Ladders map[string]level.Ladder
	// Scale is the Sudoku Explainer scale of classic puzzles' er, ep and
	// ed (scale: classic or sukaku): the ladder's levels are read on it,
	// and a printed rating is on it. Default logic.DefaultScale.
	Scale *logic.Scale
	// Words are the language of every word the book prints around the
	// spec's own (language: en, de, fr, es or it; default en).
	Words *words.Words
	IQR   IQR
	// Sections are the book's parts in order, each a level and a count of
	// a kind of puzzle.
	Sections []Section
	Reprints bool // a puzzle in the ledger may be selected again
	// Front is what the publisher puts before the puzzles.
	Front FrontMatter
	// Hints are the hints appendix's levels and size; zero: no appendix.
	Hints Hints

	// Lines gives the line of each field set in the spec ("page.trim",
	// "sections[2].count"), for errors found later.
	Lines map[string]int

	Cover *Cover // the wrap-around cover; nil: none
}

// Page is the spec's page: part.
type Page struct {
	Trim           string  // "6x9", "A5", "8.5x11", "WxHmm"; default 6x9
	Bleed          bool    // 0.125 in on the outside, top and bottom
	MarginIn       float64 // outside, top and bottom margin in inches; 0: the default
	Font, BoldFont string  // TrueType files; empty: the Go fonts
}

// Layout is the spec's layout: part.
type Layout struct {
	PerPage, SolutionsPerPage int // 0: the defaults
	LargePrint                bool
	Show                      string // "", "rating" or "stars"
	// TintRegions shades a jigsaw's regions in light greys beside their
	// thick borders, for readers who find the borders hard to follow.
	TintRegions bool
	// TintCages shades a killer's cages in light greys, neighbours apart,
	// beside their dashed outlines.
	TintCages bool
	// Combinations adds a reference page of cage combinations (the sums
	// of 2 to 5 cells with one set of digits) to a book with killers.
	Combinations bool
}

// IQR is how a section drops its outliers (seed 002): the values of
// Metric outside the fence are rejected.
type IQR struct {
	Metric string  // a rating column; default score
	K      float64 // default 1.5
	Fence  string  // "median" (default): [median - k IQR, median + k IQR]; "tukey": [Q1 - k IQR, Q3 + k IQR]; "none"
}

// LadderOf is the ladder of a kind's puzzles: Ladder for classic, the one
// levels: gives for the kind, or else the built-in level.For.
func (b *Book) LadderOf(k Kind) level.Ladder { return ladderOf(b.Ladder, b.Ladders, k) }

// Section is one part of the book: Count puzzles of Kind at Level.
type Section struct {
	Level string // on the kind's ladder (Book.LadderOf)
	Count int
	Title string // default: the level's name, capitalised
	// Kind is the puzzles' kind (variant:, layout:, symbols:); the zero
	// Kind is classic.
	Kind Kind
	// Symmetry is the givens' symmetry, one the kind allows (Kind.Allows);
	// random draws one of Kind.Symmetries per puzzle.
	Symmetry engine.Symmetry
	// PerPage and SolutionsPerPage are the section's puzzles and solutions
	// a page (per-page:, solutions-per-page:); 0: the book's layout's.
	PerPage, SolutionsPerPage int
	// CluesMin and CluesMax bound the givens (0: any); a puzzle dug with
	// fewer gets givens of its solution back, unless Minimal.
	CluesMin, CluesMax int
	// Minimal: every puzzle minimal (no given, or orbit of givens under
	// the symmetry, can go). Default level.DefaultMinimal: true for the
	// levels dug minimal (all but easy and medium on the default ladder),
	// false when the clues' minimum is above level.MinimalClues.
	Minimal bool
	Order   string // "easiest-first" (default), "as-generated", "hardest-first"
	// AllowGuess (allow-guess:) lets the section print puzzles whose
	// rating includes a guess, a step no technique of the rater makes;
	// its title page then says that some may need trial and error.
	// Without it the section's puzzles are all solved by logic.
	AllowGuess bool
	// Technique (technique:, require:), when set, makes the section a
	// chapter of a teaching book: each puzzle's solve needs one of its
	// techniques (require: times or more) where nothing simpler applies,
	// and nothing rated above it; a level beside it narrows the puzzles
	// to that level too. Its puzzles are dug toward the technique, not
	// minimal.
	Technique *teach.Aim
}

// Orders are the section orders a spec may name.
var Orders = []string{"easiest-first", "as-generated", "hardest-first"}

// Fences are the IQR fences a spec may name.
var Fences = []string{"median", "tukey", "none"}

// ErrSpec is wrapped by the error LoadBook returns for a spec with
// problems; errors.As finds the *Errors listing them.
var ErrSpec = errors.New("the spec has problems")

// Errors are all the problems found in a spec, in the order of the file.
type Errors []*Error

func (es Errors) Error() string {
	lines := make([]string, len(es))
	for i, e := range es {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

func (es Errors) Unwrap() error { return ErrSpec }

// LoadBook reads and checks the book spec at path. Every problem is
// reported, not only the first, as an *Error in the returned Errors; the
// spec is returned too when it could be read at all, so that later checks
// can add theirs.
func LoadBook(path string) (*Book, error) { return load(path, ParseBook) }

// load reads the spec at path and parses it; a file that cannot be read
// is the spec's one problem.
func load[S any](path string, parse func(string, []byte) (*S, error)) (*S, error) {
	data, e := readFile(path)
	if e != nil {
		return nil, Errors{e}
	}
	return parse(path, data)
}

// ParseBook reads a book spec's bytes; path names it in errors and anchors
// its relative paths.
func ParseBook(path string, data []byte) (*Book, error) {
	r, root, sum, err := readSpec(path, data, "empty file: a book spec has at least title: and sections:")
	if err != nil {
		return nil, err
	}
	b := &Book{File: path, Title: "Sudoku", Archive: filepath.Join(r.dir, "pressrun.db"),
		Page: Page{Trim: "6x9"}, IQR: defaultIQR, Scale: logic.DefaultScale, Words: words.English(), Lines: r.lines}
	var levelsNode, sectionsNode, hintsNode *yaml.Node
	keys := r.sharedKeys(shared{seed: &b.Seed, archive: &b.Archive, output: &b.Output, reprints: &b.Reprints,
		iqr: &b.IQR, levels: &levelsNode, scale: &b.Scale, words: &b.Words, made: "book"})
	maps.Copy(keys, map[string]func(*yaml.Node, string){
		"title":    func(n *yaml.Node, f string) { b.Title = r.text(n, f) },
		"subtitle": func(n *yaml.Node, f string) { b.Subtitle = r.text(n, f) },
		"author":   func(n *yaml.Node, f string) { b.Author = r.text(n, f) },
		"date":     func(n *yaml.Node, f string) { b.Date = r.date(n, f) },
		"page": func(n *yaml.Node, f string) {
			r.mapping(n, f, map[string]func(*yaml.Node, string){
				"trim":  func(n *yaml.Node, f string) { b.Page.Trim = r.text(n, f) },
				"bleed": func(n *yaml.Node, f string) { b.Page.Bleed = r.boolean(n, f) },
				"margin": func(n *yaml.Node, f string) {
					v, ok := parseLength(n.Value, "in")
					if n.Kind != yaml.ScalarNode || !ok {
						r.fail(n, f, "want a length such as 0.5in or 12mm")
						return
					}
					b.Page.MarginIn = v
				},
				"font":      func(n *yaml.Node, f string) { b.Page.Font = r.path(n, f) },
				"bold-font": func(n *yaml.Node, f string) { b.Page.BoldFont = r.path(n, f) },
			})
		},
		"layout": func(n *yaml.Node, f string) {
			r.mapping(n, f, map[string]func(*yaml.Node, string){
				"per-page":           func(n *yaml.Node, f string) { b.Layout.PerPage = r.integer(n, f, 1) },
				"solutions-per-page": func(n *yaml.Node, f string) { b.Layout.SolutionsPerPage = r.integer(n, f, 1) },
				"large-print":        func(n *yaml.Node, f string) { b.Layout.LargePrint = r.boolean(n, f) },
				"tint-regions":       func(n *yaml.Node, f string) { b.Layout.TintRegions = r.boolean(n, f) },
				"tint-cages":         func(n *yaml.Node, f string) { b.Layout.TintCages = r.boolean(n, f) },
				"combinations":       func(n *yaml.Node, f string) { b.Layout.Combinations = r.boolean(n, f) },
				"show": func(n *yaml.Node, f string) {
					b.Layout.Show = r.oneOf(n, f, "rating", "stars", "nothing")
					if b.Layout.Show == "nothing" {
						b.Layout.Show = ""
					}
				},
			})
		},
		"sections":     func(n *yaml.Node, _ string) { sectionsNode = n },
		"front-matter": func(n *yaml.Node, f string) { b.Front = r.frontMatter(n, f) },
		"cover":        func(n *yaml.Node, f string) { b.Cover = r.cover(n, f) },
		"hints":        func(n *yaml.Node, _ string) { hintsNode = n },
	})
	r.mapping(root, "", keys)
	// The ladders first: sections name their levels.
	ls := r.levels(levelsNode, sum)
	b.Ladder, b.Ladders = ls.classic, ls.given
	r.bookScale = b.Scale
	b.Sections = r.sections(r.items(sectionsNode, "sections", "a list of sections, each a level and a count"), ls)
	b.Hints = r.hints(hintsNode, b.Ladder, !ls.bad["classic"])
	if b.Output == "" {
		b.Output = strings.TrimSuffix(path, filepath.Ext(path)) + ".pdf"
	}
	r.checkOutput(b.Output)
	b.Checksum = hex.EncodeToString(sum.Sum(nil))
	if len(r.errs) > 0 {
		return b, r.errs.sorted()
	}
	return b, nil
}

// defaultIQR is the fence of a spec without iqr:, seed 002's.
var defaultIQR = IQR{Metric: "score", K: 1.5, Fence: "median"}

// readSpec decodes a spec's YAML and starts the checksum of its bytes;
// empty is the problem of a file with nothing in it.
func readSpec(path string, data []byte, empty string) (*specReader, *yaml.Node, hash.Hash, error) {
	r := &specReader{file: path, dir: filepath.Dir(path), lines: map[string]int{}}
	var doc yaml.Node
	if err := yaml.NewDecoder(bytes.NewReader(data)).Decode(&doc); err != nil {
		if err == io.EOF {
			return nil, nil, nil, Errors{{File: path, Msg: empty}}
		}
		e := yamlError(path, err).(*Error)
		return nil, nil, nil, Errors{e}
	}
	sum := sha256.New()
	sum.Write(data)
	return r, doc.Content[0], sum, nil
}

// shared are the places of the fields a book spec and a daily spec share;
// made is what the same seed makes ("book").
type shared struct {
	seed            **uint64
	archive, output *string
	reprints        *bool
	iqr             *IQR
	levels          **yaml.Node
	scale           **logic.Scale
	words           **words.Words
	made            string
}

// sharedKeys reads the shared fields into their places, for mapping.
func (r *specReader) sharedKeys(s shared) map[string]func(*yaml.Node, string) {
	return map[string]func(*yaml.Node, string){
		"seed": func(n *yaml.Node, f string) {
			v, err := strconv.ParseUint(n.Value, 10, 64)
			if n.Kind != yaml.ScalarNode || err != nil {
				r.fail(n, f, "want a whole number 0 or more (the same seed makes the same %s)", s.made)
				return
			}
			*s.seed = &v
		},
		"archive":  func(n *yaml.Node, f string) { *s.archive = r.archive(n, f) },
		"output":   func(n *yaml.Node, f string) { *s.output = r.path(n, f) },
		"reprints": func(n *yaml.Node, f string) { *s.reprints = r.boolean(n, f) },
		"levels":   func(n *yaml.Node, _ string) { *s.levels = n },
		"scale":    func(n *yaml.Node, f string) { r.scale(n, f, s.scale) },
		"language": func(n *yaml.Node, f string) {
			code := r.oneOf(n, f, words.Codes()...)
			if code != "" {
				*s.words, _ = words.Of(code)
			}
		},
		"iqr": func(n *yaml.Node, f string) {
			r.mapping(n, f, map[string]func(*yaml.Node, string){
				"metric": func(n *yaml.Node, f string) {
					s.iqr.Metric = r.text(n, f)
					if s.iqr.Metric != "" && !slices.Contains(rate.Columns, s.iqr.Metric) {
						r.fail(n, f, "no rating column %q; want one of %s", s.iqr.Metric, strings.Join(rate.Columns, ", "))
					}
				},
				"k": func(n *yaml.Node, f string) {
					v, err := strconv.ParseFloat(n.Value, 64)
					if n.Kind != yaml.ScalarNode || err != nil || v <= 0 || math.IsInf(v, 0) {
						r.fail(n, f, "want a number above 0 (seed 002 uses 1.5)")
						return
					}
					s.iqr.K = v
				},
				"fence": func(n *yaml.Node, f string) { s.iqr.Fence = r.oneOf(n, f, Fences...) },
			})
		},
	}
}

// levels reads the spec's levels: (n nil: not given, the built-in
// ladders): a classic ladder inline or as a levels file's name (a file
// that says variant: is that kind's ladder instead), or kind: ladder
// lines, each an inline list or a file's name, such as
// {classic: levels.yaml, 16x16: levels-16.yaml}. The levels files' bytes
// go into sum. A kind whose ladder has problems is bad: its levels are
// then not checked, and the built-in ladder stands in.
func (r *specReader) levels(n *yaml.Node, sum hash.Hash) ladders {
	ls := ladders{classic: level.Default(), given: map[string]level.Ladder{}, bad: map[string]bool{}}
	add := func(k Kind, ladder level.Ladder, extra []byte) {
		sum.Write(extra)
		if k.IsClassic() {
			ls.classic = ladder
		} else {
			ls.given[k.Name] = ladder
		}
	}
	switch {
	case n == nil:
	case n.Kind != yaml.MappingNode:
		k, _, ladder, extra := r.ladder(n, "levels")
		if ladder == nil {
			ls.bad["classic"] = true
			break
		}
		add(k, ladder, extra)
	default:
		seen := map[string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			key, v := n.Content[i], n.Content[i+1]
			f := join("levels", key.Value)
			want, err := parseKind(key.Value)
			switch {
			case key.Kind != yaml.ScalarNode:
				r.fail(key, f, "want kind: ladder lines, such as 16x16: levels-16.yaml")
				continue
			case err != nil:
				r.fail(key, f, "unknown kind %v", err)
				continue
			case seen[want.String()]:
				r.fail(key, f, "set twice (a kind has one ladder)")
				continue
			}
			seen[want.String()] = true
			r.lines[f] = v.Line
			k, said, ladder, extra := r.ladder(v, f)
			switch {
			case ladder == nil:
				ls.bad[want.String()] = true
			case said && k.String() != want.String():
				r.fail(v, f, "%s is a ladder for %s puzzles (its variant: line), not %s", v.Value, k, want)
				ls.bad[want.String()] = true
			default:
				add(want, ladder, extra)
			}
		}
	}
	if len(ls.given) == 0 {
		ls.given = nil
	}
	return ls
}

// levelOf reads a level's name, in the ladder's spelling; ladderOK false
// means the spec's own ladder had problems, so the name is not checked.
func (r *specReader) levelOf(n *yaml.Node, field string, ladder level.Ladder, ladderOK bool) string {
	name := r.text(n, field)
	if n.Kind == yaml.ScalarNode && ladderOK {
		if lv, ok := ladder.Find(name); ok {
			return lv.Name
		}
		r.fail(n, field, "no level %q; the ladder has %s", name, strings.Join(ladder.Names(), ", "))
	}
	return name
}

func (r *specReader) date(n *yaml.Node, field string) *time.Time {
	d, err := time.Parse("2006-01-02", n.Value)
	if n.Kind != yaml.ScalarNode || err != nil {
		r.fail(n, field, "want a date YYYY-MM-DD")
		return nil
	}
	return &d
}

// sorted orders the problems by line.
func (es Errors) sorted() Errors {
	slices.SortStableFunc(es, func(a, b *Error) int { return a.Line - b.Line })
	return es
}

// Join is the problems of both lists (either may be nil or not Errors),
// by line; nil when there are none.
func Join(a, b error) error {
	var all Errors
	for _, err := range []error{a, b} {
		var es Errors
		switch {
		case err == nil:
		case errors.As(err, &es):
			all = append(all, es...)
		default:
			return err
		}
	}
	if len(all) == 0 {
		return nil
	}
	return all.sorted()
}

// specReader walks a spec's YAML nodes, collecting every problem.
type specReader struct {
	file, dir string
	errs      Errors
	lines     map[string]int
	bookScale *logic.Scale // the spec's, once read: a chapter's technique is on its ladder
}

func (r *specReader) fail(n *yaml.Node, field, format string, args ...any) {
	r.failAt(n.Line, field, format, args...)
}

// failAt is fail at a line (0: the file as a whole).
func (r *specReader) failAt(line int, field, format string, args ...any) {
	r.errs = append(r.errs, &Error{File: r.file, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// join is a field's path: "page" + "trim" = "page.trim".
func join(parent, key string) string {
	if parent == "" {
		return key
	}
	return parent + "." + key
}

// mapping calls each key's function with its value; an unknown key is a
// problem that names the keys there are.
func (r *specReader) mapping(n *yaml.Node, field string, keys map[string]func(*yaml.Node, string)) {
	if n.Kind != yaml.MappingNode {
		what := "the spec"
		if field != "" {
			what = field
		}
		r.fail(n, field, "want %s as key: value lines", what)
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		f := join(field, k.Value)
		fn, ok := keys[k.Value]
		if !ok {
			names := make([]string, 0, len(keys))
			for name := range keys {
				names = append(names, name)
			}
			slices.Sort(names)
			r.fail(k, f, "unknown field; want one of %s", strings.Join(names, ", "))
			continue
		}
		if seen[k.Value] {
			r.fail(k, f, "set twice")
			continue
		}
		seen[k.Value] = true
		r.lines[f] = v.Line
		fn(v, f)
	}
}

func (r *specReader) text(n *yaml.Node, field string) string {
	if n.Kind != yaml.ScalarNode {
		r.fail(n, field, "want text")
		return ""
	}
	return n.Value
}

func (r *specReader) path(n *yaml.Node, field string) string {
	p := r.text(n, field)
	if p == "" {
		if n.Kind == yaml.ScalarNode {
			r.fail(n, field, "want a file name")
		}
		return ""
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(r.dir, p)
	}
	return p
}

// archive is the archive's location: a PostgreSQL URL as it is, else a
// file's path (path).
func (r *specReader) archive(n *yaml.Node, field string) string {
	if n.Kind == yaml.ScalarNode && store.IsURL(n.Value) {
		return n.Value
	}
	return r.path(n, field)
}

func (r *specReader) boolean(n *yaml.Node, field string) bool {
	var v bool
	if n.Kind != yaml.ScalarNode || n.Decode(&v) != nil {
		r.fail(n, field, "want true or false")
	}
	return v
}

func (r *specReader) integer(n *yaml.Node, field string, least int) int {
	v, err := strconv.Atoi(n.Value)
	if n.Kind != yaml.ScalarNode || err != nil {
		r.fail(n, field, "want a whole number")
		return 0
	}
	if v < least {
		r.fail(n, field, "must be at least %d", least)
		return 0
	}
	return v
}

func (r *specReader) oneOf(n *yaml.Node, field string, allowed ...string) string {
	v := r.text(n, field)
	if n.Kind == yaml.ScalarNode && !slices.Contains(allowed, v) {
		r.fail(n, field, "%q: want one of %s", v, strings.Join(allowed, ", "))
		return ""
	}
	return v
}

// scale reads a rating scale's name at field into *to, which keeps its
// value when the name is not a scale's.
func (r *specReader) scale(n *yaml.Node, field string, to **logic.Scale) {
	v := r.text(n, field)
	if n.Kind != yaml.ScalarNode {
		return
	}
	s, err := logic.ScaleNamed(v)
	if err != nil {
		r.fail(n, field, "%v (classic: Sudoku Explainer 1.2.1's, as skfr rates; sukaku: SukakuExplainer's)", err)
		return
	}
	*to = s
}

// ladder reads a ladder at field: a list of levels as in a levels file,
// or the name of a levels file. It returns the kind a file's variant:
// line names (said: there is one), the ladder (nil when there were
// problems) and the bytes of a file it read, for the checksum.
func (r *specReader) ladder(n *yaml.Node, field string) (k Kind, said bool, ladder level.Ladder, data []byte) {
	if n.Kind == yaml.ScalarNode {
		p := r.path(n, field)
		if p == "" {
			return Kind{}, false, nil, nil
		}
		data, err := os.ReadFile(p)
		if err == nil {
			var line int
			if k, line, ladder, err = parseLevels(p, data); err == nil {
				return k, line > 0, ladder, data
			}
			var e *Error
			if errors.As(err, &e) {
				r.errs = append(r.errs, e)
				return Kind{}, false, nil, nil
			}
		}
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		r.fail(n, field, "%s: %v", p, err)
		return Kind{}, false, nil, nil
	}
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		r.fail(n, field, "want a list of levels (name:, rules:, description:) or a levels file's name")
		return Kind{}, false, nil, nil
	}
	ok := true
	for i, item := range n.Content {
		field := fmt.Sprintf("%s[%d]", field, i)
		var spec levelSpec
		bad := len(r.errs)
		r.mapping(item, field, map[string]func(*yaml.Node, string){
			"name":        func(v *yaml.Node, _ string) { spec.Name = *v },
			"rules":       func(v *yaml.Node, f string) { spec.Rules = r.list(v, f) },
			"description": func(v *yaml.Node, f string) { spec.Description = r.text(v, f) },
		})
		if len(r.errs) > bad {
			ok = false
			continue
		}
		spec.Name.Line = max(spec.Name.Line, item.Line)
		lv, err := spec.level(r.file, field, ladder)
		if err != nil {
			r.errs = append(r.errs, err)
			ok = false
			continue
		}
		ladder = append(ladder, lv)
	}
	if !ok {
		return Kind{}, false, nil, nil
	}
	return Kind{}, false, ladder, nil
}

func (r *specReader) list(n *yaml.Node, field string) []yaml.Node {
	if n.Kind != yaml.SequenceNode {
		r.fail(n, field, "want a list")
		return nil
	}
	out := make([]yaml.Node, len(n.Content))
	for i, c := range n.Content {
		out[i] = *c
	}
	return out
}

// items are the entries of a list the spec must have, at least one (n
// nil: not given); want says what it is.
func (r *specReader) items(n *yaml.Node, field, want string) []*yaml.Node {
	switch {
	case n == nil:
		r.failAt(0, field, "want %s", want)
	case n.Kind != yaml.SequenceNode || len(n.Content) == 0:
		r.fail(n, field, "want %s", want)
	default:
		return n.Content
	}
	return nil
}

// sections reads the sections list against the ladders; the levels of a
// kind whose ladder had problems are not checked.
func (r *specReader) sections(items []*yaml.Node, ls ladders) []Section {
	return r.puzzleLists(items, ls, "sections", "count")
}

// puzzleLists reads the items of list (a book's sections, a stock spec's
// stock) as Sections, each with its number of puzzles under count (count,
// target). A stock list has no page fields: title, order, per-page.
func (r *specReader) puzzleLists(items []*yaml.Node, ls ladders, list, count string) []Section {
	var out []Section
	for i, item := range items {
		field := fmt.Sprintf("%s[%d]", list, i)
		s := Section{Order: "easiest-first"}
		var levelNode, symmetryNode, cluesNode, minimalNode, techniqueNode, requireNode *yaml.Node
		var kr kindReader
		keys := kr.keys(map[string]func(*yaml.Node, string){
			"level":     func(v *yaml.Node, _ string) { levelNode = v },
			"technique": func(v *yaml.Node, _ string) { techniqueNode = v },
			"require":   func(v *yaml.Node, _ string) { requireNode = v },
			count:       func(v *yaml.Node, f string) { s.Count = r.integer(v, f, 1) },
			"title":     func(v *yaml.Node, f string) { s.Title = r.text(v, f) },
			"symmetry": func(v *yaml.Node, f string) {
				sym, err := engine.ParseSymmetry(r.text(v, f))
				if v.Kind == yaml.ScalarNode && err != nil {
					r.fail(v, f, "%s", strings.TrimPrefix(err.Error(), "engine: "))
					return
				}
				symmetryNode = v
				s.Symmetry = sym
			},
			"clues": func(v *yaml.Node, _ string) { cluesNode = v },
			"minimal": func(v *yaml.Node, f string) {
				minimalNode = v
				s.Minimal = r.boolean(v, f)
			},
			"order":              func(v *yaml.Node, f string) { s.Order = r.oneOf(v, f, Orders...) },
			"allow-guess":        func(v *yaml.Node, f string) { s.AllowGuess = r.boolean(v, f) },
			"per-page":           func(v *yaml.Node, f string) { s.PerPage = r.integer(v, f, 1) },
			"solutions-per-page": func(v *yaml.Node, f string) { s.SolutionsPerPage = r.integer(v, f, 1) },
		})
		if list != "sections" {
			for _, k := range []string{"title", "order", "per-page", "solutions-per-page", "technique", "require"} {
				delete(keys, k)
			}
		}
		r.mapping(item, field, keys)
		if item.Kind != yaml.MappingNode {
			continue
		}
		// The kind first: the level, the symmetry and the clues are checked
		// against its ladder and geometry.
		kind, kindOK := r.kind(kr, field)
		s.Kind = kind
		ladder, _ := ls.of(kind)
		if levelNode != nil && kindOK {
			s.Level = r.levelOn(levelNode, field+".level", kind, ls)
		} else if levelNode != nil {
			s.Level = r.text(levelNode, field+".level")
		}
		if techniqueNode != nil && kindOK {
			s.Technique = r.technique(techniqueNode, requireNode, field, kind)
		}
		if requireNode != nil && techniqueNode == nil {
			r.fail(requireNode, field+".require", "require: counts the steps of a chapter's technique; add technique:")
		}
		if s.Technique != nil {
			for name, n := range map[string]*yaml.Node{"clues": cluesNode, "minimal": minimalNode} {
				if n != nil {
					r.fail(n, field+"."+name, "a chapter's puzzles are dug until they need its technique; leave %s: out", name)
				}
			}
			cluesNode, minimalNode = nil, nil
		}
		if levelNode == nil && techniqueNode == nil {
			r.fail(item, field+".level", "want a level (%s), or a technique: for a chapter", strings.Join(ladder.Names(), ", "))
		}
		if _, ok := r.lines[field+"."+count]; !ok {
			r.fail(item, field+"."+count, "want how many puzzles, at least 1")
		}
		if why := kind.refusal(s.Symmetry); symmetryNode != nil && kindOK && why != "" {
			who := kind.String() + " puzzles allow"
			if kind.IsJigsaw() && kind.Variant != nil {
				who = "this layout allows"
			}
			r.fail(symmetryNode, field+".symmetry", "%s; %s %s", why, who,
				symmetryList(append(kind.Symmetries(), engine.SymmetryRandom), "or"))
		}
		if cluesNode != nil && kindOK {
			s.CluesMin, s.CluesMax = r.clues(cluesNode, field+".clues", kind, s.Symmetry)
		}
		if s.Technique == nil {
			r.minimal(&s, minimalNode, field, ladder)
		}
		out = append(out, s)
	}
	return out
}

// technique reads a chapter's technique: (a name of 'pressrun help
// techniques', or several, comma-separated: any of them) and require:
// (nil: 1), each technique on the kind's ladder (a classic's on the
// spec's scale); nil when there is a problem.
func (r *specReader) technique(n, require *yaml.Node, field string, k Kind) *teach.Aim {
	aim := &teach.Aim{Require: 1}
	if require != nil {
		aim.Require = r.integer(require, field+".require", 1)
	}
	names := r.text(n, field+".technique")
	if n.Kind != yaml.ScalarNode || strings.TrimSpace(names) == "" {
		r.fail(n, field+".technique", "want a technique's name, such as x-wing ('pressrun help techniques' lists them)")
		return nil
	}
	var on []logic.Technique
	switch {
	case k.IsKiller():
		r.fail(n, field+".technique", "a killer chapter is not made yet: a killer's cages are merged, not dug toward a technique")
		return nil
	case k.IsClassic():
		on = r.bookScale.OrDefault().Techniques()
	default:
		on, _ = teach.OnKind(k.Name, nil)
	}
	for _, name := range strings.Split(names, ",") {
		t, err := teach.Named(name)
		if err != nil {
			r.fail(n, field+".technique", "no technique %q ('pressrun help techniques' lists them)", strings.TrimSpace(name))
			return nil
		}
		if !t.On(on) {
			where := k.String() + " puzzles"
			if k.IsClassic() {
				where = "the " + r.bookScale.OrDefault().Name + " scale (scale: sukaku has skyscrapers, kites, turbot fish, strong links and the bent wings)"
			}
			r.fail(n, field+".technique", "%s is not on the ladder of %s", t.Name, where)
			return nil
		}
		aim.Techniques = append(aim.Techniques, t)
	}
	if err := aim.Check(); err != nil {
		r.fail(n, field+".technique", "%s", strings.TrimPrefix(err.Error(), "teach: "))
		return nil
	}
	return aim
}

// clues reads a section's clues: MIN-MAX or N givens of the kind's
// puzzles with the symmetry; 0, 0 when there is a problem.
func (r *specReader) clues(n *yaml.Node, field string, k Kind, sym engine.Symmetry) (lo, hi int) {
	lo, hi, ok := parseRange(n.Value)
	side := k.Side()
	least, most := side-1, side*side // with fewer than n-1 symbols given, two unused ones could swap
	switch {
	case k.IsClassic():
		least = 17
	case k.IsKiller():
		least = 0 // the cages make a killer's one solution; givens are a concession
	}
	orbits := orbitsOf(k, sym)
	switch {
	case n.Kind != yaml.ScalarNode || !ok:
		r.fail(n, field, "want MIN-MAX or N, such as 24-30")
	case (lo < least || hi > most) && k.IsClassic():
		r.fail(n, field, "%d-%d: a puzzle with one solution has %d to %d givens", lo, hi, least, most)
	case lo < least || hi > most:
		r.fail(n, field, "%d-%d: a %s puzzle with one solution has %d to %d givens", lo, hi, k, least, most)
	case lo > hi:
		r.fail(n, field, "MIN %d is above MAX %d", lo, hi)
	case !reachable(orbits, lo, hi):
		r.fail(n, field, "no puzzle with %s symmetry has %d-%d givens (its cells come in groups of %s)",
			sym, lo, hi, orbitSizes(orbits))
	default:
		return lo, hi
	}
	return 0, 0
}

// minimal sets the section's Minimal when minimal: is not given (n nil)
// and checks it when it is. Classic's default is its levels' digging
// (level.DefaultMinimal); a variant's levels are reached by digging to
// the level's bound on er (level.VariantGenerator), so its puzzles are
// minimal only when minimal: true asks. The measured reach of minimal
// puzzles (level.MinimalClues) is classic's; the other 9x9 kinds are held
// to it too.
func (r *specReader) minimal(s *Section, n *yaml.Node, field string, ladder level.Ladder) {
	reach := level.MinimalClues(s.Symmetry)
	nine := s.Kind.Side() == 9
	switch {
	case n == nil && s.Kind.IsClassic():
		lv, _ := ladder.Find(s.Level)
		s.Minimal = level.DefaultMinimal(lv, s.Symmetry, s.CluesMin)
	case n == nil:
		s.Minimal = false
	case s.Minimal && nine && s.CluesMin > reach:
		r.fail(n, field+".minimal", "true, but minimal puzzles with %s symmetry have at most about %d givens, fewer than clues %d-%d asks; leave minimal out to add givens back to dug puzzles",
			s.Symmetry, reach, s.CluesMin, s.CluesMax)
	}
}

// orbitsOf are the cells of the kind's grid that the symmetry moves onto
// each other; random stands for the loosest, none.
func orbitsOf(k Kind, sym engine.Symmetry) [][]int {
	if k.IsClassic() {
		return sym.Orbits()
	}
	if sym == engine.SymmetryRandom {
		sym = engine.SymmetryNone
	}
	orbits, err := variant.Orbits(k.Side(), sym.String())
	if err != nil {
		panic(err) // engine.Symmetry's names are variant.Symmetries
	}
	return orbits
}

// reachable reports whether a pattern made of whole orbits can have
// between lo and hi givens: the count is a sum of orbit sizes.
func reachable(orbits [][]int, lo, hi int) bool {
	can := make([]bool, hi+1)
	can[0] = true
	for _, o := range orbits {
		for n := hi; n >= len(o); n-- {
			can[n] = can[n] || can[n-len(o)]
		}
	}
	return slices.Contains(can[lo:hi+1], true)
}

func orbitSizes(orbits [][]int) string {
	seen := map[int]bool{}
	var sizes []string
	for _, o := range orbits {
		if !seen[len(o)] {
			seen[len(o)] = true
			sizes = append(sizes, strconv.Itoa(len(o)))
		}
	}
	return strings.Join(sizes, " and ")
}

// parseRange reads "MIN-MAX" or "N".
func parseRange(text string) (int, int, bool) {
	lo, hi, found := strings.Cut(strings.TrimSpace(text), "-")
	if !found {
		hi = lo
	}
	a, err1 := strconv.Atoi(strings.TrimSpace(lo))
	b, err2 := strconv.Atoi(strings.TrimSpace(hi))
	return a, b, err1 == nil && err2 == nil
}

// inches are the units a length may be given in, each in inches.
var inches = map[string]float64{"in": 1, "mm": 1 / 25.4, "pt": 1.0 / 72}

// parseLength reads a length in unit ("in" or "mm"): "0.5in", "12mm",
// "36pt" or a bare number of units. A length given in unit is read as
// written, without a round trip through another unit.
func parseLength(text, unit string) (float64, bool) {
	t := strings.TrimSpace(strings.ToLower(text))
	scale := 1.0
	for suffix, u := range inches {
		if rest, ok := strings.CutSuffix(t, suffix); ok {
			t = strings.TrimSpace(rest)
			if suffix != unit {
				scale = u / inches[unit]
			}
			break
		}
	}
	v, err := strconv.ParseFloat(t, 64)
	if err != nil || v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, false
	}
	return v * scale, true
}

// checkOutput makes sure the output's folder exists and can be written,
// without writing anything.
func (r *specReader) checkOutput(output string) {
	line := r.lines["output"]
	if !strings.EqualFold(filepath.Ext(output), ".pdf") {
		r.failAt(line, "output", "%s: the name must end in .pdf (the manifest and report go beside it)", output)
		return
	}
	r.checkFolder(line, "output", filepath.Dir(output))
}

// checkFolder makes sure dir exists and can be written.
func (r *specReader) checkFolder(line int, field, dir string) {
	st, err := os.Stat(dir)
	switch {
	case err != nil:
		r.failAt(line, field, "folder %s does not exist", dir)
	case !st.IsDir():
		r.failAt(line, field, "%s is not a folder", dir)
	case !writable(dir):
		r.failAt(line, field, "folder %s is not writable", dir)
	}
}

// writable reports whether this process may create files in dir.
func writable(dir string) bool { return syscall.Access(dir, 2 /* W_OK */) == nil }
