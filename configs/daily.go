package configs

import (
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"
	"unicode/utf8"

	"gopkg.in/yaml.v3"

	"github.com/pressrun/pressrun/engine/level"
	"github.com/pressrun/pressrun/engine/logic"

	"github.com/pressrun/pressrun/templates/words"
)

// Daily is a daily spec, what a newspaper's puzzle desk writes for
// `pressrun daily`:
//
//	seed: 7
//	outlets:
//	  - name: The Morning Star
//	files: {formats: [pdf, svg, png], column: 80mm}
//
// Paths in it (archive, output, fonts, a levels file) are relative to the
// spec's folder. LoadDaily fills the defaults and reports every problem
// at its line, as LoadBook does.
type Daily struct {
	File     string // the spec's path, as errors name it
	Checksum string // SHA-256 (hex) of the spec's bytes and of a levels file it names

	Seed    *uint64      // nil: choose one and print it
	Archive string       // default pressrun.db beside the spec
	Output  string       // the folder the files go into; default the spec's name without .yaml, beside it
	Ladder  level.Ladder // classic's; default level.Default()
	// Ladders are the ladders levels: gives for the variants, by
	// Kind.Name; nil when it gives none. LadderOf is a kind's ladder.
	Ladders  map[string]level.Ladder
	Scale    *logic.Scale // of classic puzzles' ratings, as in the book spec
	Words    *words.Words // the language of the words the files print, as in the book spec
	IQR      IQR          // each level's fence, as in the book spec
	Reprints bool         // a puzzle in the ledger (of a book or a non-exclusive outlet) may run again

	Outlets []Outlet // at least one, names unique
	Files   Files

	// Lines gives the line of each field set in the spec ("files.dpi",
	// "outlets[1].rotation.sunday"), for errors found later.
	Lines map[string]int
}

// Outlet is a newspaper, or a syndicated feed that several papers take.
type Outlet struct {
	Name string // as printed and recorded in the ledger; unique in the spec
	Slug string // Name for file names: lowercase letters, digits and '-'
	// Rotation is each weekday's puzzles, indexed by time.Weekday (Sunday
	// 0): one level name per puzzle of the day, in order; an empty day has
	// no puzzle. A weekday given one level has PerDay puzzles at it; a list
	// gives that day's puzzles one level each. Default: DefaultRotation.
	Rotation [7][]string
	// Kinds are the kinds of the rotation's puzzles: Kinds[day][i] is the
	// kind of the puzzle at Rotation[day][i], its level on that kind's
	// ladder. A day of classic puzzles only has none (nil); Kind reads it.
	Kinds     [7][]Kind
	PerDay    int  // puzzles a day where the rotation gives one level; default 1
	Exclusive bool // default true: its puzzles appear nowhere else
	// NumberFrom is the date of the outlet's puzzle No. 1 ({number} in a
	// label counts the puzzles from it); nil: 1 January of each date's
	// year, so the number is the puzzle's count in its year.
	NumberFrom *time.Time
}

// Kind is the kind of the puzzle at Rotation[day][i]: the zero Kind,
// classic, unless the rotation names a variant.
func (o Outlet) Kind(day time.Weekday, i int) Kind {
	if i < len(o.Kinds[day]) {
		return o.Kinds[day][i]
	}
	return Kind{}
}

// LadderOf is the ladder of a kind's puzzles: Ladder for classic, the one
// levels: gives for the kind, or else the built-in level.For.
func (d *Daily) LadderOf(k Kind) level.Ladder { return ladderOf(d.Ladder, d.Ladders, k) }

// DefaultRotation is a newspaper's week: easy on Monday and Tuesday,
// medium on Wednesday and Thursday, hard on Friday, expert on Saturday and
// evil on Sunday.
var DefaultRotation = [7]string{
	time.Sunday: "evil", time.Monday: "easy", time.Tuesday: "easy", time.Wednesday: "medium",
	time.Thursday: "medium", time.Friday: "hard", time.Saturday: "expert",
}

// Files says what `pressrun daily` writes for each day.
type Files struct {
	Formats  []string // of DailyFormats, in the spec's order; default pdf, svg, png
	ColumnMM float64  // the width of a puzzle file; default templates' 80 mm
	DPI      int      // of PNG files; default 300
	Font     string   // TrueType files; empty: the Go fonts
	BoldFont string
	// Name is each file's path inside the output folder, a Pattern with
	// {outlet} (the slug), {date}, {kind} (puzzle, solution,
	// previous-solution, record), {slot} ("" on a day of one puzzle, else
	// "-1", "-2", ...), {number}, {level} and {ext}; default
	// "{outlet}/{date}-{kind}{slot}.{ext}".
	Name Pattern
	// Label is printed above a puzzle's grid; default
	// "{date:Monday 2 January}". SolutionLabel above a solution's;
	// default "Solution: {date:Monday 2 January}".
	Label, SolutionLabel Pattern
	// PreviousSolution writes, beside each day's puzzle, the solution of
	// the outlet's previous issue (kind previous-solution); default true.
	PreviousSolution bool
}

// DailyFormats are the file formats a daily spec may ask for (ipuz: the
// puzzle and its solution as an object of ipuz's Sudoku kind).
var DailyFormats = []string{"pdf", "svg", "png", "eps", "ipuz"}

// Pattern is a file name or label with placeholders in braces: {outlet},
// {date} or {date:LAYOUT} (LAYOUT in Go's reference-time words, such as
// "Mon 2 Jan" or "Monday 2 January 2006"), {kind}, {slot}, {number},
// {level} and {ext}. ParsePattern checks one; Expand fills it in.
type Pattern struct {
	Text string
}

// PatternValues are what a Pattern's placeholders stand for.
type PatternValues struct {
	Outlet string // the outlet's slug in a file name, its name in a label
	Date   time.Time
	Kind   string
	Slot   string
	Number int
	Level  string       // as printed: "Easy"
	Words  *words.Words // the language of weekdays and months in {date}; nil: English
	Ext    string
}

// The column widths a daily spec may ask for, in mm: the templates'
// limits for a single puzzle (templates.Single refuses others) and its
// default (templates.DefaultColumnMM), repeated here so that the spec
// reports them at their line and Files says its width.
const (
	minColumnMM     = 30
	maxColumnMM     = 300
	defaultColumnMM = 80
)

// The PNG resolutions a daily spec may ask for, in dots per inch: those
// templates.WriteSinglePNG makes.
const (
	minDPI = 50
	maxDPI = 2400
)

// maxPerDay bounds per-day: a newspaper prints a few puzzles a day, and a
// typo of 1000 should not become a week of 7000 puzzles.
const maxPerDay = 100

// LoadDaily reads and checks the daily spec at path, as LoadBook does a
// book spec: every problem is reported, as an *Error in the returned
// Errors, and the spec is returned too when it could be read at all.
func LoadDaily(path string) (*Daily, error) { return load(path, ParseDaily) }

// ParseDaily reads a daily spec's bytes; path names it in errors and
// anchors its relative paths.
func ParseDaily(path string, data []byte) (*Daily, error) {
	r, root, sum, err := readSpec(path, data, "empty file: a daily spec has at least outlets:")
	if err != nil {
		return nil, err
	}
	d := &Daily{File: path, Archive: filepath.Join(r.dir, "pressrun.db"), IQR: defaultIQR, Scale: logic.DefaultScale, Words: words.English(), Lines: r.lines,
		Files: Files{
			Formats: []string{"pdf", "svg", "png"}, ColumnMM: defaultColumnMM, DPI: 300,
			Name:             Pattern{"{outlet}/{date}-{kind}{slot}.{ext}"},
			Label:            Pattern{words.English().Text("daily.label")},
			SolutionLabel:    Pattern{words.English().Text("daily.solution-label")},
			PreviousSolution: true,
		}}
	var levelsNode, outletsNode *yaml.Node
	keys := r.sharedKeys(shared{seed: &d.Seed, archive: &d.Archive, output: &d.Output, reprints: &d.Reprints,
		iqr: &d.IQR, levels: &levelsNode, scale: &d.Scale, words: &d.Words, made: "puzzles"})
	keys["outlets"] = func(n *yaml.Node, _ string) { outletsNode = n }
	keys["files"] = func(n *yaml.Node, f string) { r.files(n, f, &d.Files) }
	r.mapping(root, "", keys)
	// The labels left at their English defaults are the language's.
	if d.Files.Label.Text == words.English().Text("daily.label") {
		d.Files.Label = Pattern{d.Words.Text("daily.label")}
	}
	if d.Files.SolutionLabel.Text == words.English().Text("daily.solution-label") {
		d.Files.SolutionLabel = Pattern{d.Words.Text("daily.solution-label")}
	}
	// The ladders first: rotations name their levels.
	ls := r.levels(levelsNode, sum)
	d.Ladder, d.Ladders = ls.classic, ls.given
	d.Outlets = r.outlets(r.items(outletsNode, "outlets", "a list of outlets, each with a name"), ls)
	if d.Output == "" {
		d.Output = strings.TrimSuffix(path, filepath.Ext(path))
	}
	r.checkOutputFolder(d.Output)
	r.checkName(d)
	d.Checksum = hex.EncodeToString(sum.Sum(nil))
	if len(r.errs) > 0 {
		return d, r.errs.sorted()
	}
	return d, nil
}

// checkOutputFolder makes sure the output folder can be written, or made
// in a folder that can, without making it.
func (r *specReader) checkOutputFolder(output string) {
	line := r.lines["output"]
	st, err := os.Stat(output)
	switch {
	case err != nil:
		r.checkFolder(line, "output", filepath.Dir(output))
	case !st.IsDir():
		r.failAt(line, "output", "%s is a file; want a folder (each day's files go into it)", output)
	default:
		r.checkFolder(line, "output", output)
	}
}

// files reads the files: part into fs, over its defaults.
func (r *specReader) files(n *yaml.Node, field string, fs *Files) {
	r.mapping(n, field, map[string]func(*yaml.Node, string){
		"formats": func(v *yaml.Node, f string) {
			items := r.list(v, f)
			if v.Kind == yaml.SequenceNode && len(items) == 0 {
				r.fail(v, f, "want at least one of %s", strings.Join(DailyFormats, ", "))
			}
			fs.Formats = nil
			for i := range items {
				item := &items[i]
				format := r.oneOf(item, fmt.Sprintf("%s[%d]", f, i), DailyFormats...)
				if format != "" && slices.Contains(fs.Formats, format) {
					r.fail(item, fmt.Sprintf("%s[%d]", f, i), "%s is listed twice", format)
					continue
				}
				fs.Formats = append(fs.Formats, format)
			}
		},
		"column": func(v *yaml.Node, f string) {
			mm, ok := parseLength(v.Value, "mm")
			switch {
			case v.Kind != yaml.ScalarNode || !ok:
				r.fail(v, f, "want a width such as 80mm, 3.2in or 230pt (a bare number is mm)")
			case mm < minColumnMM || mm > maxColumnMM:
				r.fail(v, f, "%.4g mm: want %d-%d mm", mm, minColumnMM, maxColumnMM)
			default:
				fs.ColumnMM = mm
			}
		},
		"dpi": func(v *yaml.Node, f string) {
			if dpi := r.integerIn(v, f, minDPI, maxDPI); dpi > 0 {
				fs.DPI = dpi
			}
		},
		"font":              func(v *yaml.Node, f string) { fs.Font = r.readable(v, f) },
		"bold-font":         func(v *yaml.Node, f string) { fs.BoldFont = r.readable(v, f) },
		"name":              func(v *yaml.Node, f string) { fs.Name = r.pattern(v, f) },
		"label":             func(v *yaml.Node, f string) { fs.Label = r.pattern(v, f) },
		"solution-label":    func(v *yaml.Node, f string) { fs.SolutionLabel = r.pattern(v, f) },
		"previous-solution": func(v *yaml.Node, f string) { fs.PreviousSolution = r.boolean(v, f) },
	})
}

// integerIn is integer with an upper bound too; 0 when there is a problem.
func (r *specReader) integerIn(n *yaml.Node, field string, least, most int) int {
	v := r.integer(n, field, least)
	if v > most {
		r.fail(n, field, "must be at most %d", most)
		return 0
	}
	return v
}

// readable is path for a file that must exist and be readable now.
func (r *specReader) readable(n *yaml.Node, field string) string {
	p := r.path(n, field)
	if p == "" {
		return ""
	}
	st, err := os.Stat(p)
	switch {
	case err != nil:
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		r.fail(n, field, "%s: %v", p, err)
	case st.IsDir():
		r.fail(n, field, "%s is a folder; want a TrueType file", p)
	case syscall.Access(p, 4 /* R_OK */) != nil:
		r.fail(n, field, "%s is not readable", p)
	}
	return p
}

func (r *specReader) pattern(n *yaml.Node, field string) Pattern {
	text := r.text(n, field)
	p, err := ParsePattern(text)
	if n.Kind == yaml.ScalarNode && err != nil {
		r.fail(n, field, "%v", err)
	}
	return p
}

// outlets reads the outlets list against the ladders; the levels of a
// kind whose ladder had problems are not checked.
func (r *specReader) outlets(items []*yaml.Node, ls ladders) []Outlet {
	var out []Outlet
	names := map[string]string{} // lowercase name and slug -> the field that has it
	for i, item := range items {
		field := fmt.Sprintf("outlets[%d]", i)
		o := Outlet{PerDay: 1, Exclusive: true}
		var nameNode, rotationNode *yaml.Node
		r.mapping(item, field, map[string]func(*yaml.Node, string){
			"name": func(v *yaml.Node, f string) {
				nameNode = v
				o.Name = strings.TrimSpace(r.text(v, f))
			},
			"rotation": func(v *yaml.Node, _ string) { rotationNode = v },
			"per-day": func(v *yaml.Node, f string) {
				if perDay := r.integerIn(v, f, 1, maxPerDay); perDay > 0 {
					o.PerDay = perDay
				}
			},
			"exclusive":   func(v *yaml.Node, f string) { o.Exclusive = r.boolean(v, f) },
			"number-from": func(v *yaml.Node, f string) { o.NumberFrom = r.date(v, f) },
		})
		if item.Kind != yaml.MappingNode {
			continue
		}
		f := field + ".name"
		o.Slug = slug(o.Name)
		switch {
		case nameNode == nil:
			r.fail(item, f, "want the outlet's name, as printed and recorded")
		case nameNode.Kind != yaml.ScalarNode:
		case o.Name == "":
			r.fail(nameNode, f, "want a name")
		case names[strings.ToLower(o.Name)] != "":
			r.fail(nameNode, f, "%q is named twice (first at %s; names are compared without case)", o.Name, names[strings.ToLower(o.Name)])
		case o.Slug == "":
			r.fail(nameNode, f, "%q has no letter a-z or digit to name its files by", o.Name)
		case names["slug "+o.Slug] != "":
			r.fail(nameNode, f, "%q gives the same file name %q as %s; want names that differ in letters or digits",
				o.Name, o.Slug, names["slug "+o.Slug])
		default:
			names[strings.ToLower(o.Name)] = f
			names["slug "+o.Slug] = f
		}
		o.Rotation, o.Kinds = r.rotation(rotationNode, item, field+".rotation", o.PerDay, ls)
		out = append(out, o)
	}
	return out
}

// slug is an outlet's name for file names: lowercase, each run of
// anything but a-z and 0-9 one '-', none at the ends.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(name) {
		if c >= 'a' && c <= 'z' || c >= '0' && c <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(c)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}

// weekdays are the names a rotation's days go by, lowercase.
var weekdays = map[string]time.Weekday{
	"sunday": time.Sunday, "monday": time.Monday, "tuesday": time.Tuesday, "wednesday": time.Wednesday,
	"thursday": time.Thursday, "friday": time.Friday, "saturday": time.Saturday,
	"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday,
}

// rotation reads an outlet's rotation: (n; nil when not given) over
// DefaultRotation and expands it, each weekday one level per puzzle and
// beside it the puzzle's kind (a day of classic puzzles only has no
// kinds); outlet is the outlet's node, for problems of the default.
func (r *specReader) rotation(n, outlet *yaml.Node, field string, perDay int, ls ladders) (rot [7][]string, kinds [7][]Kind) {
	var given [7]*yaml.Node
	if n != nil && n.Kind != yaml.MappingNode {
		r.fail(n, field, "want weekday: level lines, such as sunday: evil")
	} else if n != nil {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			day, ok := weekdays[strings.ToLower(k.Value)]
			if !ok || k.Kind != yaml.ScalarNode {
				r.fail(k, join(field, k.Value), "unknown weekday; want monday, tuesday, ... sunday (or mon ... sun)")
				continue
			}
			f := join(field, strings.ToLower(day.String()))
			if given[day] != nil {
				r.fail(k, f, "set twice")
				continue
			}
			given[day] = v
			r.lines[f] = v.Line
		}
	}
	ladder, ladderOK := ls.of(Kind{})
	empty := true
	for i := range 7 {
		day := time.Weekday((i + 1) % 7) // Monday first, as problems are listed
		f := join(field, strings.ToLower(day.String()))
		v := given[day]
		switch {
		case v == nil:
			name := DefaultRotation[day]
			if lv, ok := ladder.Find(name); ok {
				name = lv.Name
			} else if ladderOK {
				at := outlet
				if n != nil {
					at = n
				}
				r.fail(at, f, "no level %q (the default for %s); the ladder has %s: give %s a level",
					name, day, strings.Join(ladder.Names(), ", "), day)
			}
			rot[day] = slices.Repeat([]string{name}, perDay)
		case v.Kind == yaml.SequenceNode:
			for j, item := range v.Content {
				lv, k := r.dayPuzzle(item, fmt.Sprintf("%s[%d]", f, j), ls)
				rot[day] = append(rot[day], lv)
				kinds[day] = append(kinds[day], k)
			}
		case v.Kind == yaml.MappingNode || v.Kind == yaml.ScalarNode && v.Tag != "!!null":
			lv, k := r.dayPuzzle(v, f, ls)
			rot[day] = slices.Repeat([]string{lv}, perDay)
			kinds[day] = slices.Repeat([]Kind{k}, perDay)
		default:
			r.fail(v, f, "want a level, or a list of levels ([] for no puzzle that day)")
			empty = false // the problem is this one
		}
		if !slices.ContainsFunc(kinds[day], func(k Kind) bool { return k != Kind{} }) {
			kinds[day] = nil
		}
		empty = empty && len(rot[day]) == 0
	}
	if empty {
		r.fail(n, field, "every day is empty; want at least one puzzle a week")
	}
	return rot, kinds
}

// dayPuzzle reads one puzzle of a rotation's day at field: a classic
// level's name, or level:, variant:, symbols: and layout: lines such as
// {level: hard, variant: 16x16, symbols: 1-16}.
func (r *specReader) dayPuzzle(v *yaml.Node, field string, ls ladders) (string, Kind) {
	if v.Kind != yaml.MappingNode {
		return r.levelOn(v, field, Kind{}, ls), Kind{}
	}
	var levelNode *yaml.Node
	var kr kindReader
	r.mapping(v, field, kr.keys(map[string]func(*yaml.Node, string){
		"level": func(n *yaml.Node, _ string) { levelNode = n },
	}))
	k, kindOK := r.kind(kr, field)
	switch {
	case levelNode == nil:
		ladder, _ := ls.of(k)
		r.fail(v, field+".level", "want a level (%s)", strings.Join(ladder.Names(), ", "))
		return "", k
	case !kindOK:
		return r.text(levelNode, field+".level"), k
	}
	return r.levelOn(levelNode, field+".level", k, ls), k
}

// checkName checks the file-name pattern against the outlets: each file
// of a run must have its own name, inside the output folder.
func (r *specReader) checkName(d *Daily) {
	line, f := r.lines["files.name"], "files.name"
	text := d.Files.Name.Text
	pieces, err := parsePattern(text)
	if err != nil {
		return // reported where it was read
	}
	has := map[string]bool{}
	dateOK := false
	for _, p := range pieces {
		has[p.name] = true
		dateOK = dateOK || p.name == "date" && namesDay(p.layout())
	}
	switch {
	case !has["date"]:
		r.failAt(line, f, "%q: want {date}: each day's files need their own names", text)
	case !dateOK:
		r.failAt(line, f, "%q: a {date:LAYOUT} must give the year, month and day, or days' files would overwrite each other", text)
	}
	if !has["kind"] {
		r.failAt(line, f, "%q: want {kind}: a day's puzzle and solution need their own names", text)
	}
	if !has["ext"] {
		r.failAt(line, f, "%q: want {ext}: each format's file needs its own name", text)
	}
	if !has["outlet"] && len(d.Outlets) > 1 {
		r.failAt(line, f, "%q: want {outlet}: there are %d outlets, whose files would overwrite each other", text, len(d.Outlets))
	}
	if !has["slot"] && !has["number"] {
	busy:
		for _, o := range d.Outlets {
			for day, levels := range o.Rotation {
				if len(levels) > 1 {
					r.failAt(line, f, "%q: want {slot} or {number}: %s has %d puzzles on %s",
						text, o.Name, len(levels), time.Weekday(day))
					break busy
				}
			}
		}
	}
	// Every value a run may put in a name must leave it inside the output
	// folder: a sample of each is enough, the others are alike.
	v := PatternValues{Outlet: "outlet", Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC),
		Kind: "previous-solution", Slot: "-1", Number: 1, Ext: "pdf"}
	if len(d.Outlets) > 0 {
		v.Outlet = d.Outlets[0].Slug
	}
	levels := d.Ladder.Names()
	for _, o := range d.Outlets {
		for _, kinds := range o.Kinds {
			for _, k := range kinds {
				levels = append(levels, d.LadderOf(k).Names()...)
			}
		}
	}
	slices.Sort(levels)
	for _, name := range slices.Compact(levels) {
		v.Level = name
		if name := d.Files.Name.Expand(v); !filepath.IsLocal(name) || strings.Contains(text, "..") {
			r.failAt(line, f, "%q: the files must stay inside the output folder: want a relative path without \"..\"", text)
			return
		}
	}
}

// namesDay reports whether a date layout tells every day apart: the dates
// it writes read back.
func namesDay(layout string) bool {
	for _, d := range []time.Time{time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), time.Date(1999, 2, 28, 0, 0, 0, 0, time.UTC),
		time.Date(2031, 10, 31, 0, 0, 0, 0, time.UTC)} {
		t, err := time.Parse(layout, d.Format(layout))
		if err != nil || !t.Equal(d) {
			return false
		}
	}
	return true
}

// placeholders are the names a Pattern may use, as a problem lists them.
const placeholders = "{outlet}, {date}, {date:LAYOUT}, {kind}, {slot}, {number}, {level} or {ext}"

// PatternError is a problem in a Pattern's text.
type PatternError struct {
	Text string // the whole pattern
	Msg  string
}

func (e *PatternError) Error() string { return fmt.Sprintf("%q: %s", e.Text, e.Msg) }

// piece is a Pattern's literal text (name "") or one placeholder: its
// name, such as "date", and after a colon its argument.
type piece struct {
	name, arg, literal string
}

// layout is a date placeholder's time layout.
func (p piece) layout() string {
	if p.arg == "" {
		return "2006-01-02"
	}
	return p.arg
}

// ParsePattern checks a Pattern's text: its placeholders known, its
// braces balanced ({{ and }} are braces in the text).
func ParsePattern(text string) (Pattern, error) {
	_, err := parsePattern(text)
	return Pattern{Text: text}, err
}

// parsePattern splits a pattern into pieces. On a problem, the pieces
// before it come back, and the rest of the text as it is.
func parsePattern(text string) ([]piece, error) {
	var out []piece
	var lit strings.Builder
	fail := func(i int, format string, args ...any) ([]piece, error) {
		lit.WriteString(text[i:])
		out = append(out, piece{literal: lit.String()})
		return out, &PatternError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case (c == '{' || c == '}') && i+1 < len(text) && text[i+1] == c:
			lit.WriteByte(c)
			i++
		case c == '}':
			return fail(i, "\"}\" at character %d has no \"{\" (write }} for a brace)", utf8.RuneCountInString(text[:i])+1)
		case c == '{':
			end := strings.IndexAny(text[i+1:], "{}")
			if end < 0 || text[i+1+end] == '{' {
				return fail(i, "\"{\" at character %d has no \"}\" (write {{ for a brace)", utf8.RuneCountInString(text[:i])+1)
			}
			inner := text[i+1 : i+1+end]
			name, arg, colon := strings.Cut(inner, ":")
			switch {
			case name == "date" && colon && arg == "":
				return fail(i, "{date:} has no layout; want Go's reference-time words, such as {date:Mon 2 Jan}")
			case name == "date",
				!colon && slices.Contains([]string{"outlet", "kind", "slot", "number", "level", "ext"}, name):
			default:
				return fail(i, "unknown placeholder {%s}; want %s", inner, placeholders)
			}
			if lit.Len() > 0 {
				out = append(out, piece{literal: lit.String()})
				lit.Reset()
			}
			out = append(out, piece{name: name, arg: arg})
			i += 1 + end
		default:
			lit.WriteByte(c)
		}
	}
	if lit.Len() > 0 {
		out = append(out, piece{literal: lit.String()})
	}
	return out, nil
}

// Expand fills in the placeholders. {date} is v.Date as 2006-01-02,
// {date:LAYOUT} as LAYOUT; {number} is v.Number in decimal. In a pattern
// ParsePattern refuses, the text from the first problem on is kept as it
// is.
func (p Pattern) Expand(v PatternValues) string {
	pieces, _ := parsePattern(p.Text)
	var b strings.Builder
	for _, pc := range pieces {
		switch pc.name {
		case "":
			b.WriteString(pc.literal)
		case "outlet":
			b.WriteString(v.Outlet)
		case "date":
			b.WriteString(v.Words.Date(v.Date, pc.layout()))
		case "kind":
			b.WriteString(v.Kind)
		case "slot":
			b.WriteString(v.Slot)
		case "number":
			b.WriteString(strconv.Itoa(v.Number))
		case "level":
			b.WriteString(v.Level)
		case "ext":
			b.WriteString(v.Ext)
		}
	}
	return b.String()
}
