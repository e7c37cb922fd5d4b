package configs

import (
	"time"

	"github.com/pressrun/pressrun/engine/level"
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

	Seed     *uint64 // nil: choose one and print it
	Archive  string  // default pressrun.db beside the spec
	Output   string  // the folder the files go into; default the spec's name without .yaml, beside it
	Ladder   level.Ladder
	IQR      IQR  // each level's fence, as in the book spec
	Reprints bool // a puzzle in the ledger (of a book or a non-exclusive outlet) may run again

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
	PerDay   int  // puzzles a day where the rotation gives one level; default 1
	Exclusive bool // default true: its puzzles appear nowhere else
	// NumberFrom is the date of the outlet's puzzle No. 1 ({number} in a
	// label counts the puzzles from it); nil: 1 January of each date's
	// year, so the number is the puzzle's count in its year.
	NumberFrom *time.Time
}

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

// DailyFormats are the file formats a daily spec may ask for.
var DailyFormats = []string{"pdf", "svg", "png", "eps"}

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
	Level  string // as printed: "Easy"
	Ext    string
}
