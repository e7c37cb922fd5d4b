package configs

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/pressrun/pressrun/engine/logic"

	"github.com/pressrun/pressrun/templates/words"
)

// The shipped example loads without a problem, with the values it says.
func TestDailyExample(t *testing.T) {
	d, err := LoadDaily("daily-newspaper.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if d.Seed == nil || *d.Seed != 2026 || d.Archive != "pressrun.db" || d.Output != "daily" || d.Reprints || d.Checksum == "" {
		t.Errorf("top: %+v", d)
	}
	if d.IQR != (IQR{Metric: "score", K: 1.5, Fence: "median"}) || !reflect.DeepEqual(d.Ladder.Names(), []string{"easy", "medium", "hard", "expert", "evil"}) {
		t.Errorf("iqr %+v, ladder %v", d.IQR, d.Ladder.Names())
	}
	if len(d.Outlets) != 2 {
		t.Fatalf("outlets %+v", d.Outlets)
	}
	star, harbour := d.Outlets[0], d.Outlets[1]
	if star.Name != "The Morning Star" || star.Slug != "the-morning-star" || !star.Exclusive || star.PerDay != 1 ||
		!reflect.DeepEqual(star.Rotation, expand(DefaultRotation, 1)) {
		t.Errorf("outlet 0: %+v", star)
	}
	light := expand(DefaultRotation, 1)
	light[time.Saturday], light[time.Sunday] = []string{"hard"}, []string{"expert"}
	if harbour.Name != "Harbour Evening News" || harbour.Slug != "harbour-evening-news" || !harbour.Exclusive ||
		!reflect.DeepEqual(harbour.Rotation, light) {
		t.Errorf("outlet 1: %+v", harbour)
	}
	want := Files{Formats: []string{"pdf", "svg", "png"}, ColumnMM: 80, DPI: 300,
		Name: Pattern{"{outlet}/{date}-{kind}{slot}.{ext}"}, Label: Pattern{"{date:Monday 2 January}"},
		SolutionLabel: Pattern{"Solution: {date:Monday 2 January}"}, PreviousSolution: true}
	if !reflect.DeepEqual(d.Files, want) {
		t.Errorf("files\n%+v, want\n%+v", d.Files, want)
	}
	if d.Lines["outlets[1].rotation.sunday"] == 0 || d.Lines["files.dpi"] == 0 {
		t.Errorf("lines %v", d.Lines)
	}
}

// expand is a one-level-a-day rotation with perDay puzzles each day.
func expand(week [7]string, perDay int) [7][]string {
	var out [7][]string
	for day, lv := range week {
		out[day] = slices.Repeat([]string{lv}, perDay)
	}
	return out
}

// A spec of one outlet's name has every default.
func TestDailyDefaults(t *testing.T) {
	dir := t.TempDir()
	d, err := ParseDaily(filepath.Join(dir, "paper.yml"), []byte("outlets: [{name: X}]\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := &Daily{File: filepath.Join(dir, "paper.yml"), Checksum: d.Checksum,
		Archive: filepath.Join(dir, "pressrun.db"), Output: filepath.Join(dir, "paper"), Ladder: d.Ladder, Scale: logic.Classic, Words: words.English(),
		IQR:     IQR{Metric: "score", K: 1.5, Fence: "median"},
		Outlets: []Outlet{{Name: "X", Slug: "x", Rotation: expand(DefaultRotation, 1), PerDay: 1, Exclusive: true}},
		Files: Files{Formats: []string{"pdf", "svg", "png"}, ColumnMM: 80, DPI: 300,
			Name: Pattern{"{outlet}/{date}-{kind}{slot}.{ext}"}, Label: Pattern{"{date:Monday 2 January}"},
			SolutionLabel: Pattern{"Solution: {date:Monday 2 January}"}, PreviousSolution: true},
		Lines: d.Lines}
	if !reflect.DeepEqual(d, want) {
		t.Fatalf("got\n%+v\nwant\n%+v", d, want)
	}
	if len(d.Ladder) != 5 || d.Checksum == "" || d.Seed != nil {
		t.Fatalf("ladder %v, checksum %q, seed %v", d.Ladder.Names(), d.Checksum, d.Seed)
	}
}

// Rotations: weekday names long, short or capitalised; a single level
// repeated per-day times, a list one puzzle each, [] none; the ladder's
// spelling kept.
func TestDailyRotation(t *testing.T) {
	dir := t.TempDir()
	spec := `outlets:
  - name: Twice Daily
    per-day: 2
    rotation:
      Mon: Hard
      TUESDAY: [easy, evil, medium]
      sun: []
  - name: Plain
    per-day: 3
  - name: Custom
    rotation: {fri: tough}
levels:
  - {name: easy, rules: ["er <= 1.5"]}
  - {name: medium, rules: ["er <= 2.5"]}
  - {name: hard, rules: ["er <= 4.4"]}
  - {name: expert, rules: ["er <= 6.5"]}
  - {name: evil, rules: ["er > 6.5"]}
  - {name: Tough, rules: ["er > 9"]}
`
	d, err := ParseDaily(filepath.Join(dir, "r.yaml"), []byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	twice := expand(DefaultRotation, 2)
	twice[time.Monday] = []string{"hard", "hard"}
	twice[time.Tuesday] = []string{"easy", "evil", "medium"}
	twice[time.Sunday] = nil
	custom := expand(DefaultRotation, 1)
	custom[time.Friday] = []string{"Tough"}
	for i, want := range [][7][]string{twice, expand(DefaultRotation, 3), custom} {
		if got := d.Outlets[i].Rotation; !reflect.DeepEqual(got, want) {
			t.Errorf("outlet %d: %v, want %v", i, got, want)
		}
	}
	if d.Lines["outlets[0].rotation.tuesday"] != 6 || d.Lines["outlets[0].rotation.monday"] != 5 {
		t.Errorf("lines %v", d.Lines)
	}
}

// A spec's problems come all at once, in line order, each with its line
// and field.
func TestDailyProblems(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a-file"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	spec := `seed: -1
colour: red
output: no-such/daily
outlets:
  - name: The Star
    rotation:
      funday: easy
      sat: impossible
      sunday: [easy, 3]
      mon:
    per-day: 0
    exclusive: maybe
    number-from: 2026-13-01
  - name: THE STAR
  - name: The Star!
    rotation: {mon: [], tue: [], wed: [], thu: [], fri: [], sat: [], sun: []}
  - name: "***"
  - rotation: {mon: easy}
  - name: [a, b]
files:
  formats: [pdf, gif, pdf]
  column: 20mm
  dpi: 9000
  font: no-such.ttf
  bold-font: a-file/x.ttf
  name: "{outlet}/{dat}.{ext}"
  label: "{date:Mon 2 Jan"
  solution-label: "}"
  previous-solution: sometimes
iqr: {metric: speed}
levels: no-levels.yaml
scale: se
`
	d, err := ParseDaily(filepath.Join(dir, "d.yaml"), []byte(spec))
	var es Errors
	if !errors.As(err, &es) || !errors.Is(err, ErrSpec) {
		t.Fatalf("error %v", err)
	}
	want := []string{
		`d.yaml:1: seed: want a whole number 0 or more (the same seed makes the same puzzles)`,
		`d.yaml:2: colour: unknown field; want one of archive, files, iqr, language, levels, outlets, output, reprints, scale, seed`,
		`d.yaml:3: output: folder no-such does not exist`,
		`d.yaml:7: outlets[0].rotation.funday: unknown weekday; want monday, tuesday, ... sunday (or mon ... sun)`,
		`d.yaml:10: outlets[0].rotation.monday: want a level, or a list of levels ([] for no puzzle that day)`,
		`d.yaml:11: outlets[0].per-day: must be at least 1`,
		`d.yaml:12: outlets[0].exclusive: want true or false`,
		`d.yaml:13: outlets[0].number-from: want a date YYYY-MM-DD`,
		`d.yaml:14: outlets[1].name: "THE STAR" is named twice (first at outlets[0].name; names are compared without case)`,
		`d.yaml:15: outlets[2].name: "The Star!" gives the same file name "the-star" as outlets[0].name; want names that differ in letters or digits`,
		`d.yaml:16: outlets[2].rotation: every day is empty; want at least one puzzle a week`,
		`d.yaml:17: outlets[3].name: "***" has no letter a-z or digit to name its files by`,
		`d.yaml:18: outlets[4].name: want the outlet's name, as printed and recorded`,
		`d.yaml:19: outlets[5].name: want text`,
		`d.yaml:21: files.formats[1]: "gif": want one of pdf, svg, png, eps, ipuz`,
		`d.yaml:21: files.formats[2]: pdf is listed twice`,
		`d.yaml:22: files.column: 20 mm: want 30-300 mm`,
		`d.yaml:23: files.dpi: must be at most 2400`,
		`d.yaml:24: files.font: no-such.ttf: no such file or directory`,
		`d.yaml:25: files.bold-font: a-file/x.ttf: not a directory`,
		`d.yaml:26: files.name: "{outlet}/{dat}.{ext}": unknown placeholder {dat}; want {outlet}, {date}, {date:LAYOUT}, {kind}, {slot}, {number}, {level} or {ext}`,
		`d.yaml:27: files.label: "{date:Mon 2 Jan": "{" at character 1 has no "}" (write {{ for a brace)`,
		`d.yaml:28: files.solution-label: "}": "}" at character 1 has no "{" (write }} for a brace)`,
		`d.yaml:29: files.previous-solution: want true or false`,
		`d.yaml:30: iqr.metric: no rating column "speed"; want one of er, ep, ed, score, wnef, callcount, gc, rreduction, inferences, guesses, backtracks`,
		`d.yaml:31: levels: no-levels.yaml: no such file or directory`,
		`d.yaml:32: scale: scale "se": want classic or sukaku (classic: Sudoku Explainer 1.2.1's, as skfr rates; sukaku: SukakuExplainer's)`,
	}
	var got []string
	for _, e := range es {
		got = append(got, strings.ReplaceAll(e.Error(), dir+"/", ""))
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if d == nil || d.Archive != filepath.Join(dir, "pressrun.db") {
		t.Fatalf("spec %+v", d)
	}
}

// Each problem of one field alone, with its line.
func TestDailyProblem(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "taken"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	one := "outlets: [{name: X}]\n"
	two := "outlets: [{name: X}, {name: Y}]\n"
	for _, tc := range []struct{ spec, want string }{
		{"", "d.yaml: empty file: a daily spec has at least outlets:"},
		{"seed: 1\n", "d.yaml: outlets: want a list of outlets, each with a name"},
		{"outlets: []\n", "d.yaml:1: outlets: want a list of outlets, each with a name"},
		{"outlets: [X]\n", "d.yaml:1: outlets[0]: want outlets[0] as key: value lines"},
		{"- a\n", "d.yaml: outlets: want a list of outlets, each with a name\nd.yaml:1: want the spec as key: value lines"},
		{"outlets: [\n", "d.yaml:1: did not find expected node content"},
		{one + "output: taken\n", "d.yaml:2: output: " + filepath.Join(dir, "taken") + " is a file; want a folder (each day's files go into it)"},
		{one + "output: taken/x\n", "d.yaml:2: output: " + filepath.Join(dir, "taken") + " is not a folder"},
		{"outlets: [{name: X, rotation: easy}]\n", "d.yaml:1: outlets[0].rotation: want weekday: level lines, such as sunday: evil"},
		{"outlets: [{name: X, rotation: {mon: easy, monday: hard}}]\n", "d.yaml:1: outlets[0].rotation.monday: set twice"},
		{"outlets: [{name: X, per-day: 101}]\n", "d.yaml:1: outlets[0].per-day: must be at most 100"},
		{"outlets: [{name: X, rotation: {sunday: [easy, [a]]}}]\n", "d.yaml:1: outlets[0].rotation.sunday[1]: want text"},
		{"outlets: [{name: X, rotation: {sunday: [easy, {a: b}]}}]\n", "d.yaml:1: outlets[0].rotation.sunday[1].a: unknown field; want one of layout, level, symbols, variant\n" +
			"d.yaml:1: outlets[0].rotation.sunday[1].level: want a level (easy, medium, hard, expert, evil)"},
		{"outlets:\n  - name: X\n    rotation: {sat: hard}\nlevels: [{name: easy, rules: ['er <= 3']}, {name: hard, rules: ['er > 3']}]\n",
			"d.yaml:3: outlets[0].rotation.wednesday: no level \"medium\" (the default for Wednesday); the ladder has easy, hard: give Wednesday a level\n" +
				"d.yaml:3: outlets[0].rotation.thursday: no level \"medium\" (the default for Thursday); the ladder has easy, hard: give Thursday a level\n" +
				"d.yaml:3: outlets[0].rotation.sunday: no level \"evil\" (the default for Sunday); the ladder has easy, hard: give Sunday a level"},
		{"outlets:\n  - name: X\nlevels: [{name: easy, rules: ['er <= 3']}, {name: hard, rules: ['er > 3']}]\n",
			"d.yaml:2: outlets[0].rotation.wednesday: no level \"medium\" (the default for Wednesday)"},
		{one + "files: {formats: []}\n", "d.yaml:2: files.formats: want at least one of pdf, svg, png, eps, ipuz"},
		{one + "files: {formats: pdf}\n", "d.yaml:2: files.formats: want a list"},
		{one + "files: {column: wide}\n", "d.yaml:2: files.column: want a width such as 80mm, 3.2in or 230pt (a bare number is mm)"},
		{one + "files: {column: 12in}\n", "d.yaml:2: files.column: 304.8 mm: want 30-300 mm"},
		{one + "files: {dpi: 49}\n", "d.yaml:2: files.dpi: must be at least 50"},
		{one + "files: {font: .}\n", "d.yaml:2: files.font: " + dir + " is a folder; want a TrueType file"},
		{one + "files: {name: '{outlet}-{kind}.{ext}'}\n", `d.yaml:2: files.name: "{outlet}-{kind}.{ext}": want {date}: each day's files need their own names`},
		{one + "files: {name: '{date:Mon 2 Jan}-{kind}.{ext}'}\n", `d.yaml:2: files.name: "{date:Mon 2 Jan}-{kind}.{ext}": a {date:LAYOUT} must give the year, month and day, or days' files would overwrite each other`},
		{one + "files: {name: '{date}.{ext}'}\n", `d.yaml:2: files.name: "{date}.{ext}": want {kind}: a day's puzzle and solution need their own names`},
		{one + "files: {name: '{date}-{kind}'}\n", `d.yaml:2: files.name: "{date}-{kind}": want {ext}: each format's file needs its own name`},
		{two + "files: {name: '{date}-{kind}.{ext}'}\n", `d.yaml:2: files.name: "{date}-{kind}.{ext}": want {outlet}: there are 2 outlets, whose files would overwrite each other`},
		{"outlets: [{name: X, rotation: {sun: [easy, hard]}}]\nfiles: {name: '{date}-{kind}.{ext}'}\n",
			`d.yaml:2: files.name: "{date}-{kind}.{ext}": want {slot} or {number}: X has 2 puzzles on Sunday`},
		{one + "files: {name: '/tmp/{date}-{kind}.{ext}'}\n", `d.yaml:2: files.name: "/tmp/{date}-{kind}.{ext}": the files must stay inside the output folder: want a relative path without ".."`},
		{one + "files: {name: '../{date}-{kind}.{ext}'}\n", `d.yaml:2: files.name: "../{date}-{kind}.{ext}": the files must stay inside the output folder`},
		{one + "files: {name: '{date:/2006/01/02}-{kind}.{ext}'}\n", `d.yaml:2: files.name: "{date:/2006/01/02}-{kind}.{ext}": the files must stay inside the output folder`},
		{one + "files: {label: '{date:}'}\n", `d.yaml:2: files.label: "{date:}": {date:} has no layout; want Go's reference-time words, such as {date:Mon 2 Jan}`},
		{one + "files: {label: '{a{b}}'}\n", `d.yaml:2: files.label: "{a{b}}": "{" at character 1 has no "}"`},
		{one + "files: {mm: 80}\n", "d.yaml:2: files.mm: unknown field; want one of bold-font, column, dpi, font, formats, label, name, previous-solution, solution-label"},
	} {
		_, err := ParseDaily(filepath.Join(dir, "d.yaml"), []byte(tc.spec))
		got := ""
		if err != nil {
			got = strings.ReplaceAll(err.Error(), dir+"/", "")
			got = strings.ReplaceAll(got, dir+" ", ". ")
		}
		want := strings.ReplaceAll(tc.want, filepath.Join(dir, "d.yaml"), "d.yaml")
		want = strings.ReplaceAll(want, dir+"/", "")
		want = strings.ReplaceAll(want, dir+" ", ". ")
		if !strings.HasPrefix(got, want) {
			t.Errorf("%q:\n got %q\nwant %q", tc.spec, got, want)
		}
	}
	if _, err := LoadDaily(filepath.Join(dir, "no-such.yaml")); err == nil || !strings.HasSuffix(err.Error(), "no-such.yaml: no such file or directory") {
		t.Errorf("missing file: %v", err)
	}
}

// Files may go by a name without {outlet} when there is one outlet, with
// {number} instead of {slot} on busy days, and with a full-date layout.
func TestDailyNames(t *testing.T) {
	dir := t.TempDir()
	for _, spec := range []string{
		"outlets: [{name: X}]\nfiles: {name: '{date}-{kind}.{ext}'}\n",
		"outlets: [{name: X, per-day: 2}]\nfiles: {name: '{outlet}/No. {number} {kind}.{ext}{{{date:20060102}}}'}\n",
		"outlets: [{name: X}]\nfiles: {name: '{date:2006/January/02} {kind}.{ext}', column: 230pt, dpi: 2400}\n",
	} {
		if _, err := ParseDaily(filepath.Join(dir, "d.yaml"), []byte(spec)); err != nil {
			t.Errorf("%q: %v", spec, err)
		}
	}
	d, _ := ParseDaily(filepath.Join(dir, "d.yaml"), []byte("outlets: [{name: X}]\nfiles: {column: 3.2in}\n"))
	if d.Files.ColumnMM != 3.2*25.4 {
		t.Errorf("3.2in is %g mm", d.Files.ColumnMM)
	}
	for _, tc := range []struct{ name, slug string }{
		{"The Morning Star", "the-morning-star"}, {"  Café -- Noir! 24/7 ", "caf-noir-24-7"}, {"ÉÉ", ""}, {"a", "a"},
	} {
		if got := slug(tc.name); got != tc.slug {
			t.Errorf("slug(%q) = %q, want %q", tc.name, got, tc.slug)
		}
	}
}

func TestPatternExpand(t *testing.T) {
	v := PatternValues{Outlet: "the-morning-star", Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC),
		Kind: "puzzle", Slot: "-2", Number: 335, Level: "Easy", Ext: "png"}
	for _, tc := range []struct{ pattern, want string }{
		{"{outlet}/{date}-{kind}{slot}.{ext}", "the-morning-star/2026-12-01-puzzle-2.png"},
		{"{date:Mon 2 Jan}", "Tue 1 Dec"},
		{"{date:Monday 2 January}", "Tuesday 1 December"},
		{"Solution: {date:Monday 2 January 2006}", "Solution: Tuesday 1 December 2026"},
		{"No. {number} ({level})", "No. 335 (Easy)"},
		{"{{{kind}}} }}{{", "{puzzle} }{"},
		{"{date:15:04 02/01}", "00:00 01/12"},
		{"", ""},
		{"plain", "plain"},
	} {
		p, err := ParsePattern(tc.pattern)
		if err != nil {
			t.Errorf("%q: %v", tc.pattern, err)
			continue
		}
		if got := p.Expand(v); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.pattern, got, tc.want)
		}
	}
	for _, tc := range []struct{ pattern, err, expand string }{
		{"{date}-{Kind}", `"{date}-{Kind}": unknown placeholder {Kind}; want {outlet}, {date}, {date:LAYOUT}, {kind}, {slot}, {number}, {level} or {ext}`, "2026-12-01-{Kind}"},
		{"{kind:x}", `"{kind:x}": unknown placeholder {kind:x}; want`, "{kind:x}"},
		{"{ext}{", `"{ext}{": "{" at character 6 has no "}" (write {{ for a brace)`, "png{"},
		{"é}", `"é}": "}" at character 2 has no "{" (write }} for a brace)`, "é}"},
		{"{}", `"{}": unknown placeholder {}`, "{}"},
	} {
		p, err := ParsePattern(tc.pattern)
		var pe *PatternError
		if !errors.As(err, &pe) || !strings.HasPrefix(err.Error(), tc.err) || pe.Text != tc.pattern {
			t.Errorf("%q: error %v, want %q", tc.pattern, err, tc.err)
		}
		if got := p.Expand(v); got != tc.expand {
			t.Errorf("%q expands to %q, want %q", tc.pattern, got, tc.expand)
		}
	}
}

// FuzzParsePattern: any text is a pattern or a *PatternError, never a
// panic; a pattern expands to text free of placeholders, and the text of
// a pattern without placeholders or braces is itself.
func FuzzParsePattern(f *testing.F) {
	for _, s := range []string{"{outlet}/{date}-{kind}{slot}.{ext}", "{date:Mon 2 Jan}", "{{{number}}}", "{", "}", "{date:}", "{x", "a}}b"} {
		f.Add(s)
	}
	v := PatternValues{Outlet: "o", Date: time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), Kind: "k", Slot: "s", Number: 7, Level: "l", Ext: "e"}
	f.Fuzz(func(t *testing.T, text string) {
		p, err := ParsePattern(text)
		out := p.Expand(v)
		if err != nil {
			var pe *PatternError
			if !errors.As(err, &pe) {
				t.Fatalf("%q: error %v is not a *PatternError", text, err)
			}
			return
		}
		if !strings.ContainsAny(text, "{}") && out != text {
			t.Fatalf("%q expands to %q", text, out)
		}
		if !strings.Contains(text, "{date:") && strings.Count(out, "{") != strings.Count(text, "{{") {
			t.Fatalf("%q expands to %q: a placeholder left", text, out)
		}
	})
}

// FuzzParseDaily: any bytes give a spec or problems, never a panic; a spec
// without problems is one a run can make: outlets with levels of the
// ladder on some day, files in the output folder.
func FuzzParseDaily(f *testing.F) {
	for _, name := range []string{"daily-newspaper.yaml", "classic-book.yaml", "daily-variety.yaml"} {
		data, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	f.Add([]byte("outlets: [{name: X, per-day: 2, rotation: {sun: [], mon: [easy, evil]}}]\nfiles: {name: '{date}/{kind}{slot}.{ext}', formats: [eps]}\n"))
	f.Add([]byte("outlets: [{name: X, rotation: {sat: {level: hard, variant: 16x16, symbols: 1-16}, wed: [{level: evil, variant: 4x4}, easy]}}]\n"))
	f.Add([]byte("outlets: [{name: X, rotation: {sat: {level: g, variant: jigsaw-4x4, layout: 1112412244324333}}}]\nlevels: {jigsaw-4x4: [{name: g, rules: ['er > 0']}]}\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := ParseDaily(filepath.Join(dir, "f.yaml"), data)
		if err != nil {
			var es Errors
			if !errors.As(err, &es) || len(es) == 0 {
				t.Fatalf("error %v is not a list of problems", err)
			}
			return
		}
		if len(d.Outlets) == 0 || len(d.Files.Formats) == 0 {
			t.Fatalf("a spec without outlets or formats passed: %+v", d)
		}
		for _, o := range d.Outlets {
			puzzles := 0
			for day, levels := range o.Rotation {
				for i, lv := range levels {
					if d.LadderOf(o.Kind(time.Weekday(day), i)).Index(lv) < 0 {
						t.Fatalf("outlet %+v: level %q", o, lv)
					}
				}
				if o.Kinds[day] != nil && len(o.Kinds[day]) != len(levels) {
					t.Fatalf("outlet %+v: %d kinds for %d puzzles", o, len(o.Kinds[day]), len(levels))
				}
				puzzles += len(levels)
			}
			if puzzles == 0 || o.Slug == "" || o.PerDay < 1 {
				t.Fatalf("outlet %+v passed", o)
			}
		}
		fs := d.Files
		if fs.ColumnMM < minColumnMM || fs.ColumnMM > maxColumnMM || fs.DPI < minDPI || fs.DPI > maxDPI {
			t.Fatalf("files %+v passed", fs)
		}
		for _, p := range []Pattern{fs.Name, fs.Label, fs.SolutionLabel} {
			if _, err := ParsePattern(p.Text); err != nil {
				t.Fatalf("pattern %q passed: %v", p.Text, err)
			}
		}
		name := fs.Name.Expand(PatternValues{Outlet: d.Outlets[0].Slug, Date: time.Date(2027, 3, 4, 0, 0, 0, 0, time.UTC), Kind: "puzzle", Ext: "pdf"})
		if !filepath.IsLocal(name) {
			t.Fatalf("name %q passed", name)
		}
	})
}
