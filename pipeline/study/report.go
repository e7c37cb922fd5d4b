package study

import (
	"bytes"
	"context"
	"fmt"
	"html"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/pressrun/pressrun/pipeline"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Report is what a study run found: sections of findings, each with its
// tables (every number of the run) and its plots.
type Report struct {
	Title    string
	Notes    []string // about the whole run: data, sample, seed, time
	Sections []Section
}

// Section is one part of a study: what it reproduces, in words, with
// its tables and plots.
type Section struct {
	Title    string
	Notes    []string
	Verdicts []Finding // the paper's claims this section tests, each with its verdict
	Tables   []Table
	Plots    []Plot
}

// Finding is what a reproduction finds of one of the paper's claims:
// the claim in one sentence, the paper's figure beside pressrun's, whether
// it holds, the statistic that decides it, and the reason for any gap
// (data substituted, a definition the seed does not give, a cap, the
// sample's size and power).
type Finding struct {
	Name      string // short, unique in the study: numbers.tsv's row
	Claim     string
	Paper     string // the paper's figure, as it prints it
	Pressrun  string // pressrun's figure
	Verdict   Verdict
	Statistic string // what decides it: a test and its p, a count, a range
	Reason    string // why it differs, or why it holds only partly
}

// Verdict is whether a paper's claim holds in a reproduction.
type Verdict string

// The verdicts a claim can get.
const (
	Holds       Verdict = "holds"
	HoldsPartly Verdict = "holds partly"
	DoesNotHold Verdict = "does not hold"
)

// Verdicts are every section's findings, each with its verdict, in order.
func (s *Report) Verdicts() []Finding {
	var out []Finding
	for _, sec := range s.Sections {
		out = append(out, sec.Verdicts...)
	}
	return out
}

// Table is a table of a section. Its cells are text as the report
// prints it; numbers.tsv repeats every cell with its table and row.
type Table struct {
	Name    string // short, unique in the study: numbers.tsv's key
	Caption string
	Columns []string
	Rows    [][]string
}

// Plot is a plot of a section.
type Plot struct {
	Name    string // the file name under plots/, without extension
	Caption string
	Plot    *plot.Plot
}

// addRow appends a row of values, formatted: strings as they are, floats
// with 4 significant digits, ints in full.
func (t *Table) addRow(values ...any) {
	row := make([]string, len(values))
	for i, v := range values {
		row[i] = cell(v)
	}
	t.Rows = append(t.Rows, row)
}

func cell(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case int:
		return strconv.Itoa(v)
	case float64:
		return strconv.FormatFloat(v, 'g', 4, 64)
	case bool:
		return strconv.FormatBool(v)
	}
	return fmt.Sprint(v)
}

// The size a study's plots are drawn at.
const (
	plotW = 16 * vg.Centimeter
	plotH = 10 * vg.Centimeter
)

// Write writes the report into dir: report.html (the report, its plots
// inline as SVG), numbers.tsv (every number of every table, one a line:
// section, table, row, column, value) and plots/NAME.png for each plot. The
// files are written under temporary names and renamed into place when all
// are complete.
func Write(ctx context.Context, dir string, s *Report) error {
	files := map[string][]byte{}
	var page, tsv bytes.Buffer
	tsv.WriteString("section\ttable\trow\tcolumn\tvalue\n")
	fmt.Fprintf(&page, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>%s</title>\n<style>%s</style></head><body>\n<h1>%s</h1>\n",
		html.EscapeString(s.Title), pageStyle, html.EscapeString(s.Title))
	writeVerdicts(&page, &tsv, s)
	for _, n := range s.Notes {
		fmt.Fprintf(&page, "<p class=\"note\">%s</p>\n", html.EscapeString(n))
	}
	for si, sec := range s.Sections {
		fmt.Fprintf(&page, "<h2 id=\"s%d\">%d. %s</h2>\n", si+1, si+1, html.EscapeString(sec.Title))
		for _, n := range sec.Notes {
			fmt.Fprintf(&page, "<p>%s</p>\n", html.EscapeString(n))
		}
		for _, t := range sec.Tables {
			fmt.Fprintf(&page, "<table><caption>%s</caption>\n<tr>", html.EscapeString(t.Caption))
			for _, c := range t.Columns {
				fmt.Fprintf(&page, "<th>%s</th>", html.EscapeString(c))
			}
			page.WriteString("</tr>\n")
			for _, r := range t.Rows {
				page.WriteString("<tr>")
				for ci, v := range r {
					fmt.Fprintf(&page, "<td>%s</td>", html.EscapeString(v))
					if ci > 0 {
						fmt.Fprintf(&tsv, "%s\t%s\t%s\t%s\t%s\n", tsvField(sec.Title), t.Name, tsvField(r[0]), tsvField(t.Columns[ci]), tsvField(v))
					}
				}
				page.WriteString("</tr>\n")
			}
			page.WriteString("</table>\n")
		}
		for _, p := range sec.Plots {
			if p.Name == "" || p.Name != filepath.Base(p.Name) || strings.HasPrefix(p.Name, "-") || strings.HasPrefix(p.Name, ".") {
				return fmt.Errorf("study: plot name %q is not a plain file name", p.Name)
			}
			svg, png, err := drawPlot(p.Plot)
			if err != nil {
				return fmt.Errorf("study: plot %s: %w", p.Name, err)
			}
			files[filepath.Join("plots", p.Name+".png")] = png
			fmt.Fprintf(&page, "<figure>%s<figcaption>%s (plots/%s.png)</figcaption></figure>\n", svgBody(svg), html.EscapeString(p.Caption), p.Name)
		}
	}
	page.WriteString("</body></html>\n")
	files["report.html"] = page.Bytes()
	files["numbers.tsv"] = tsv.Bytes()
	var out pipeline.Output
	for _, name := range slices.Sorted(maps.Keys(files)) {
		if err := out.AddBytes(filepath.Join(dir, name), files[name]); err != nil {
			out.Abort()
			return fmt.Errorf("study: %w", err)
		}
	}
	if err := out.Commit(ctx); err != nil {
		return fmt.Errorf("study: %w", err)
	}
	return nil
}

// writeVerdicts opens the report with the table of the paper's claims and
// their verdicts, each naming its section; numbers.tsv has them under the
// table "verdicts", a row a claim.
func writeVerdicts(page, tsv *bytes.Buffer, s *Report) {
	if len(s.Verdicts()) == 0 {
		return
	}
	page.WriteString("<table class=\"verdicts\"><caption>The paper's claims and whether they hold here</caption>\n<tr><th>claim</th><th>paper</th><th>pressrun</th><th>verdict</th><th>decided by</th><th>reason for any gap</th><th>section</th></tr>\n")
	for si, sec := range s.Sections {
		for _, v := range sec.Verdicts {
			class := strings.ReplaceAll(string(v.Verdict), " ", "-")
			fmt.Fprintf(page, "<tr><td>%s</td><td>%s</td><td>%s</td><td class=\"%s\">%s</td><td>%s</td><td>%s</td><td><a href=\"#s%d\">%[8]d</a></td></tr>\n",
				html.EscapeString(v.Claim), html.EscapeString(v.Paper), html.EscapeString(v.Pressrun), class, html.EscapeString(string(v.Verdict)),
				html.EscapeString(v.Statistic), html.EscapeString(v.Reason), si+1)
			for _, c := range [][2]string{{"claim", v.Claim}, {"paper", v.Paper}, {"pressrun", v.Pressrun}, {"verdict", string(v.Verdict)}, {"statistic", v.Statistic}, {"reason", v.Reason}} {
				fmt.Fprintf(tsv, "%s\tverdicts\t%s\t%s\t%s\n", tsvField(sec.Title), tsvField(v.Name), c[0], tsvField(c[1]))
			}
		}
	}
	page.WriteString("</table>\n")
}

func tsvField(s string) string { return strings.NewReplacer("\t", " ", "\n", " ").Replace(s) }

// drawPlot draws p as SVG and PNG.
func drawPlot(p *plot.Plot) (svg, png []byte, err error) {
	sc := vgsvg.New(plotW, plotH)
	p.Draw(draw.New(sc))
	var a bytes.Buffer
	if _, err := sc.WriteTo(&a); err != nil {
		return nil, nil, err
	}
	img := vgimg.NewWith(vgimg.UseWH(plotW, plotH), vgimg.UseDPI(110))
	p.Draw(draw.New(img))
	var b bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&b); err != nil {
		return nil, nil, err
	}
	return a.Bytes(), b.Bytes(), nil
}

// svgBody strips the XML prolog of an SVG so that it can stand inline.
func svgBody(svg []byte) string {
	s := string(svg)
	if i := strings.Index(s, "<svg"); i > 0 {
		s = s[i:]
	}
	return s
}

const pageStyle = `body{font-family:sans-serif;max-width:60em;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}caption{text-align:left;font-weight:bold;padding:.3em 0}
td,th{border:1px solid #bbb;padding:.2em .5em;text-align:right}td:first-child,th:first-child{text-align:left}
figure{margin:1.5em 0}figcaption{font-size:.9em;color:#444}.note{color:#555}
table.verdicts td,table.verdicts th{text-align:left;vertical-align:top;font-size:.9em}td.holds{background:#dfd}td.holds-partly{background:#ffd}td.does-not-hold{background:#fdd}`
