package desk

import (
	"bytes"
	"fmt"
	"image/color"
	"net/http"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/pressrun/pressrun/store"
)

// stats is GET /stats: the archive's counts per kind and level and per
// month archived, and the spread of its ratings.
func (d *Desk) stats(w http.ResponseWriter, r *http.Request) {
	st, err := d.archiveStats(r.Context())
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	d.render(w, r, http.StatusOK, "stats", "Stats", "stats", st)
}

// statsPlot is GET /stats/{name}.svg: er.svg or score.svg, the spread
// of a rating as a bar chart (gonum/plot, as the reports draw).
func (d *Desk) statsPlot(w http.ResponseWriter, r *http.Request) {
	st, err := d.archiveStats(r.Context())
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	var bins []store.Bin
	var title, unit string
	switch r.PathValue("name") {
	case "er.svg":
		bins, title, unit = st.ER, "Sudoku Explainer rating (er) of the rated puzzles", "er"
	case "score.svg":
		bins, title, unit = st.Score, "Score of the rated puzzles", "score"
	case "months.svg":
		bins, title, unit = st.Months, "Puzzles archived each month", "month"
	default:
		d.fail(w, r, http.StatusNotFound, fmt.Sprintf("no plot %q", r.PathValue("name")), "ask for er.svg, score.svg or months.svg")
		return
	}
	svg, err := barsSVG(title, unit, bins)
	if err != nil {
		d.fail(w, r, http.StatusInternalServerError, err.Error(), "")
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Write(svg)
}

// barsSVG draws bins as a bar chart, one labelled bar a bin.
func barsSVG(title, unit string, bins []store.Bin) ([]byte, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = unit
	p.Y.Label.Text = "puzzles"
	values := make(plotter.Values, len(bins))
	names := make([]string, len(bins))
	for i, b := range bins {
		values[i], names[i] = float64(b.Count), b.Label
	}
	if len(bins) > 0 {
		bars, err := plotter.NewBarChart(values, vg.Points(22))
		if err != nil {
			return nil, err
		}
		bars.Color = color.NRGBA{0x23, 0x39, 0x5b, 0xff}
		bars.LineStyle.Width = 0
		p.Add(bars)
		p.NominalX(names...)
	}
	wt, err := p.WriterTo(7*vg.Inch, 3.2*vg.Inch, "svg")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
