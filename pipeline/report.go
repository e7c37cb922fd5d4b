package pipeline

import (
	"bytes"
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Report draws the build report an editor looks at: for each section, the
// distribution of its candidates' spread metric (a histogram), the fence
// (red dashed lines) and the median (a grey line), and below the axis a
// mark for every candidate: kept (blue), spare (grey) or rejected (red).
// It returns the PNG's bytes.
func Report(m *BookManifest) ([]byte, error) {
	n := len(m.Sections)
	if n == 0 {
		return nil, fmt.Errorf("report: no sections")
	}
	cols := 1
	if n > 1 {
		cols = 2
	}
	rows := (n + cols - 1) / cols
	plots := make([][]*plot.Plot, rows)
	for r := range plots {
		plots[r] = make([]*plot.Plot, cols)
	}
	for i, s := range m.Sections {
		p, err := sectionPlot(s)
		if err != nil {
			return nil, err
		}
		plots[i/cols][i%cols] = p
	}
	const panelW, panelH = 7 * vg.Centimeter * 1.5, 6 * vg.Centimeter * 1.4
	img := vgimg.NewWith(vgimg.UseWH(panelW*vg.Length(cols), panelH*vg.Length(rows)+vg.Centimeter), vgimg.UseDPI(110))
	dc := draw.New(img)
	dc.SetColor(color.White)
	dc.Fill(dc.Rectangle.Path())
	fnt := plot.DefaultFont
	fnt.Size = vg.Points(13)
	title := draw.TextStyle{Color: color.Black, Font: fnt, Handler: plot.DefaultTextHandler, XAlign: draw.XCenter, YAlign: draw.YTop}
	dc.FillText(title, vg.Point{X: dc.Max.X / 2, Y: dc.Max.Y - vg.Millimeter*2},
		fmt.Sprintf("%s: each section's %s, its IQR fence and the kept puzzles", m.Title, m.Sections[0].Fence.Metric))
	area := dc
	area.Max.Y -= vg.Centimeter
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadX: vg.Millimeter * 4, PadY: vg.Millimeter * 4,
		PadTop: vg.Millimeter * 2, PadBottom: vg.Millimeter * 2, PadLeft: vg.Millimeter * 2, PadRight: vg.Millimeter * 2}
	canvases := plot.Align(plots, tiles, area)
	for r := range plots {
		for c := range plots[r] {
			if plots[r][c] != nil {
				plots[r][c].Draw(canvases[r][c])
			}
		}
	}
	var buf bytes.Buffer
	if _, err := (vgimg.PngCanvas{Canvas: img}).WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	return buf.Bytes(), nil
}

var (
	keptColour  = color.RGBA{R: 0x1f, G: 0x5f, B: 0xbf, A: 0xff}
	spareColour = color.RGBA{R: 0x99, G: 0x99, B: 0x99, A: 0xff}
)

// Red is the reports' mark: the build report's rejected candidates and
// fence, the study's reference values and bounds.
var Red = color.RGBA{R: 0xd0, G: 0x20, B: 0x20, A: 0xff}

func sectionPlot(s SectionManifest) (*plot.Plot, error) {
	p := plot.New()
	f := s.Fence
	p.Title.Text = fmt.Sprintf("%d. %s: %d kept of %d, %d outside the fence", s.Index, s.Title, s.Count, f.Candidates, f.Rejected)
	p.X.Label.Text = f.Metric
	p.Y.Label.Text = "candidates"
	vals := make(plotter.Values, len(s.Candidates))
	lo, hi := math.Inf(1), math.Inf(-1)
	for i, c := range s.Candidates {
		vals[i] = c.Value
		lo, hi = math.Min(lo, c.Value), math.Max(hi, c.Value)
	}
	if f.Low != nil {
		lo = math.Min(lo, *f.Low)
	}
	if f.High != nil {
		hi = math.Max(hi, *f.High)
	}
	if len(vals) == 0 {
		return p, nil
	}
	bins := max(5, min(30, int(math.Sqrt(float64(len(vals))))*2))
	h, err := plotter.NewHist(vals, bins)
	if err != nil {
		return nil, err
	}
	// The bars as polygons from 0, so that the room under the axis where
	// the marks stand stays clear (a Histogram fills down to the axis).
	for _, bin := range h.Bins {
		if bin.Weight == 0 {
			continue
		}
		bar, err := plotter.NewPolygon(plotter.XYs{{X: bin.Min, Y: 0}, {X: bin.Max, Y: 0}, {X: bin.Max, Y: bin.Weight}, {X: bin.Min, Y: bin.Weight}})
		if err != nil {
			return nil, err
		}
		bar.Color = color.RGBA{R: 0xc8, G: 0xd8, B: 0xf0, A: 0xff}
		bar.LineStyle.Color = color.RGBA{R: 0x60, G: 0x70, B: 0x90, A: 0xff}
		p.Add(bar)
	}
	top := 0.0
	for _, b := range h.Bins {
		top = math.Max(top, b.Weight)
	}
	// One mark a candidate below the axis: kept, spare or rejected.
	groups := map[string]plotter.XYs{}
	for i, c := range s.Candidates {
		kind := c.Outcome
		if kind != "kept" && kind != "spare" {
			kind = "rejected"
		}
		// Spread the marks a little in y so that equal values stay visible.
		groups[kind] = append(groups[kind], plotter.XY{X: c.Value, Y: -top * (0.06 + 0.04*float64(i%3))})
	}
	for _, g := range []struct {
		kind  string
		col   color.Color
		shape draw.GlyphDrawer
	}{{"kept", keptColour, draw.CircleGlyph{}}, {"spare", spareColour, draw.RingGlyph{}}, {"rejected", Red, draw.CrossGlyph{}}} {
		pts := groups[g.kind]
		if len(pts) == 0 {
			continue
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = g.col, g.shape, vg.Points(2)
		p.Add(sc)
		p.Legend.Add(fmt.Sprintf("%s (%d)", g.kind, len(pts)), sc)
	}
	line := func(x float64, col color.Color, dashed bool, name string) error {
		l, err := plotter.NewLine(plotter.XYs{{X: x, Y: -top * 0.15}, {X: x, Y: top * 1.05}})
		if err != nil {
			return err
		}
		l.LineStyle.Color, l.LineStyle.Width = col, vg.Points(1.2)
		if dashed {
			l.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		}
		p.Add(l)
		if name != "" {
			p.Legend.Add(name, l)
		}
		return nil
	}
	if err := line(f.Median, color.Gray{Y: 0x70}, false, "median"); err != nil {
		return nil, err
	}
	for i, b := range []*float64{f.Low, f.High} {
		if b == nil {
			continue
		}
		name := ""
		if i == 0 {
			name = fmt.Sprintf("fence (%s, k=%g)", f.Kind, f.K)
		}
		if err := line(*b, Red, true, name); err != nil {
			return nil, err
		}
	}
	pad := math.Max((hi-lo)*0.05, 0.5)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	// Room above the bars for the legend, and below the axis for the marks.
	p.Y.Min, p.Y.Max = -top*0.18, top*1.55
	p.Y.Tick.Marker = countTicks{}
	p.Legend.Top = true
	p.Legend.TextStyle.Font.Size = vg.Points(8)
	return p, nil
}

// countTicks are the default ticks of a count axis, without the negative
// ones of the room under it where the marks stand.
type countTicks struct{}

func (countTicks) Ticks(min, max float64) []plot.Tick {
	var out []plot.Tick
	for _, t := range (plot.DefaultTicks{}).Ticks(0, max) {
		if t.Value >= 0 {
			out = append(out, t)
		}
	}
	return out
}
