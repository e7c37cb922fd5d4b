package study

import (
	"fmt"
	"image/color"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/pressrun/pressrun/pipeline"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// seriesColour is the colour of a plot's i-th series: ten that tell
// apart (plotutil's palette has seven), then again.
func seriesColour(i int) color.Color {
	palette := []color.NRGBA{
		{0xd6, 0x27, 0x28, 0xff}, {0x2c, 0xa0, 0x2c, 0xff}, {0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x94, 0x67, 0xbd, 0xff},
		{0x8c, 0x56, 0x4b, 0xff}, {0xe3, 0x77, 0xc2, 0xff}, {0x7f, 0x7f, 0x7f, 0xff}, {0xbc, 0xbd, 0x22, 0xff}, {0x17, 0xbe, 0xcf, 0xff},
	}
	return palette[i%len(palette)]
}

// namedValues is a series of a plot.
type namedValues struct {
	name   string
	values []float64
}

// logWork is log10(v + 1): work counts start at 0.
func logWork(v float64) float64 { return math.Log10(v + 1) }

// logTicks label a log10(v + 1) axis with v at the powers of ten, up to
// top when it is set (above it the room is the legend's).
type logTicks struct{ top float64 }

func (l logTicks) Ticks(min, max float64) []plot.Tick {
	if l.top > 0 {
		max = math.Min(max, l.top)
	}
	var out []plot.Tick
	if min < math.Log10(2) {
		out = append(out, plot.Tick{Value: 0, Label: "0"})
	}
	narrow := max-min < 1.3 // less than about a decade: label every tick
	for e := math.Floor(min); e <= math.Ceil(max); e++ {
		v := math.Pow(10, e)
		out = append(out, plot.Tick{Value: math.Log10(v + 1), Label: tickLabel(v)})
		if e+1 <= math.Ceil(max) {
			for k := 2.0; k < 10; k++ {
				t := plot.Tick{Value: math.Log10(k*v + 1)}
				if narrow {
					t.Label = tickLabel(k * v)
				}
				out = append(out, t)
			}
		}
	}
	return out
}

func tickLabel(v float64) string {
	switch {
	case v >= 1e6:
		return fmt.Sprintf("%gM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%gk", v/1e3)
	}
	return fmt.Sprintf("%g", v)
}

// histogramPlot is the distribution of a method's work on a log scale.
func histogramPlot(title, unit string, work []float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = unit + " (log scale)"
	p.Y.Label.Text = "puzzles"
	vals := make(plotter.Values, len(work))
	for i, w := range work {
		vals[i] = logWork(w)
	}
	lo, hi := slices.Min(vals), slices.Max(vals)
	bins := histBins(len(vals))
	if hi-lo < 1e-9 {
		bins = 1
	}
	h, err := plotter.NewHist(vals, bins)
	if err != nil {
		return nil, err
	}
	histFill(h)
	p.Add(h)
	p.X.Tick.Marker = logTicks{}
	return p, nil
}

// sortedPlot draws each series sorted, against the puzzle's rank.
func sortedPlot(title string, series []namedValues) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "puzzles, sorted by the method's work"
	p.Y.Label.Text = "work (log scale)"
	top := 1.0
	for i, s := range series {
		v := slices.Clone(s.values)
		slices.Sort(v)
		pts := make(plotter.XYs, len(v))
		for j, x := range v {
			pts[j] = plotter.XY{X: float64(j + 1), Y: logWork(x)}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color = seriesColour(i)
		l.LineStyle.Width = vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(s.name, l)
		for _, pt := range pts {
			top = math.Max(top, pt.Y)
		}
	}
	// Room above the curves for the legend, a line a series.
	p.Y.Min = 0
	p.Y.Max = top * (1 + 0.09*float64(len(series)))
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.Y.Tick.Marker = logTicks{top: top}
	return p, nil
}

// scatterPlot draws y (work, log scale) against x. Both are often whole
// or on a coarse scale (er moves in steps of 0.1, counts are whole), so
// each point is moved a little, the same way every time, to show how
// many stand on one spot.
func scatterPlot(title, xLabel, yLabel string, x, y []float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel + " (log scale, points spread a little)"
	var pts plotter.XYs
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range x {
		if !math.IsNaN(x[i]) && !math.IsNaN(y[i]) {
			pts = append(pts, plotter.XY{X: x[i] + (rng.Float64()-0.5)*0.08, Y: logWork(y[i]) + (rng.Float64()-0.5)*0.08})
		}
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	cloud(s, 0x70, 1.5)
	p.Add(s)
	p.Y.Tick.Marker = logTicks{}
	return p, nil
}

// boxPlot draws one box a group (quartiles, whiskers at 1.5 IQR, the
// outliers as points), with each group's reference value, when known, as
// a red cross.
func boxPlot(title, yLabel string, groups []namedValues, refs []float64, logY bool) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.Y.Label.Text = yLabel
	names := make([]string, len(groups))
	var ref plotter.XYs
	for i, g := range groups {
		names[i] = g.name
		vals := make(plotter.Values, len(g.values))
		for j, v := range g.values {
			vals[j] = v
			if logY {
				vals[j] = logWork(v)
			}
		}
		b, err := plotter.NewBoxPlot(vg.Points(28), float64(i), vals)
		if err != nil {
			return nil, err
		}
		p.Add(b)
		if i < len(refs) && !math.IsNaN(refs[i]) {
			r := refs[i]
			if logY {
				r = logWork(r)
			}
			ref = append(ref, plotter.XY{X: float64(i), Y: r})
		}
	}
	if len(ref) > 0 {
		s, err := plotter.NewScatter(ref)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle.Color = pipeline.Red
		s.GlyphStyle.Shape = plotutil.Shape(3)
		s.GlyphStyle.Radius = vg.Points(5)
		p.Add(s) // the captions say what the red crosses are
	}
	p.NominalX(names...)
	if logY {
		p.Y.Tick.Marker = logTicks{}
		p.Y.Label.Text += " (log scale)"
	}
	return p, nil
}

// linePlot draws each series against xs, with points.
func linePlot(title, xLabel, yLabel string, xs []float64, series []namedValues) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xLabel
	p.Y.Label.Text = yLabel
	for i, s := range series {
		pts := make(plotter.XYs, len(xs))
		for j := range xs {
			pts[j] = plotter.XY{X: xs[j], Y: s.values[j]}
		}
		l, sc, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color, sc.GlyphStyle.Color = seriesColour(i), seriesColour(i)
		sc.GlyphStyle.Shape = plotutil.Shape(i)
		p.Add(l, sc)
		p.Legend.Add(s.name, l, sc)
	}
	return p, nil
}

// gcPlot is the distribution of the game complexity, with seed 004's
// range as red dashed lines.
func gcPlot(gc []float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = "Game complexity of 17-clue puzzles"
	p.X.Label.Text = "game complexity H"
	p.Y.Label.Text = "puzzles"
	h, err := plotter.NewHist(plotter.Values(gc), 40)
	if err != nil {
		return nil, err
	}
	h.FillColor = color.RGBA{R: 0xc8, G: 0xd8, B: 0xf0, A: 0xff}
	p.Add(h)
	top := 0.0
	for _, b := range h.Bins {
		top = math.Max(top, b.Weight)
	}
	for _, x := range []float64{1.6946, 1.8189} {
		l, err := plotter.NewLine(plotter.XYs{{X: x, Y: 0}, {X: x, Y: top * 1.05}})
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color, l.LineStyle.Dashes = pipeline.Red, []vg.Length{vg.Points(4), vg.Points(3)}
		p.Add(l) // the caption says what the red lines are
	}
	p.X.Tick.Marker = fixedTicks{2}
	return p, nil
}

// fixedTicks are the default ticks labelled with a fixed number of
// decimals (the default labels 1.75 as 1.8 beside 1.8).
type fixedTicks struct{ decimals int }

func (f fixedTicks) Ticks(min, max float64) []plot.Tick {
	ticks := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ticks {
		if ticks[i].Label != "" {
			ticks[i].Label = strconv.FormatFloat(ticks[i].Value, 'f', f.decimals, 64)
		}
	}
	return ticks
}

// distributionsPlot draws each group's distribution over common bins of a
// log scale, as the share of the group in each bin (a line through the
// bins' centres), so that groups of any size compare on one axis.
func distributionsPlot(title, unit string, groups []namedValues) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = unit + " (log scale)"
	p.Y.Label.Text = "share of the group"
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, g := range groups {
		for _, v := range g.values {
			lo, hi = math.Min(lo, logWork(v)), math.Max(hi, logWork(v))
		}
	}
	if math.IsInf(lo, 0) {
		return p, nil
	}
	const bins = 16
	width := math.Max(hi-lo, 1e-9) / bins
	for i, g := range groups {
		counts := make([]float64, bins)
		for _, v := range g.values {
			counts[min(bins-1, int((logWork(v)-lo)/width))]++
		}
		pts := make(plotter.XYs, bins)
		for b := range counts {
			pts[b] = plotter.XY{X: lo + (float64(b)+0.5)*width, Y: counts[b] / float64(max(1, len(g.values)))}
		}
		l, sc, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color, sc.GlyphStyle.Color = seriesColour(i), seriesColour(i)
		l.LineStyle.Width = vg.Points(1.5)
		sc.GlyphStyle.Shape = plotutil.Shape(i)
		p.Add(l, sc)
		p.Legend.Add(fmt.Sprintf("%s (%d)", g.name, len(g.values)), l, sc)
	}
	p.X.Tick.Marker = logTicks{}
	p.Y.Min = 0
	p.Legend.Top = true
	return p, nil
}

// histBins is the bins of a histogram of n values: √n, from 5 to 40.
func histBins(n int) int { return max(5, min(40, int(math.Sqrt(float64(n))))) }

// histFill colours a histogram's bars as every study plot does.
func histFill(h *plotter.Histogram) {
	h.FillColor = color.RGBA{R: 0xc8, G: 0xd8, B: 0xf0, A: 0xff}
	h.LineStyle.Color = color.RGBA{R: 0x60, G: 0x70, B: 0x90, A: 0xff}
}

// cloud styles a scatter of many points: one blue, alpha see-through
// (denser clouds want less), radius points wide.
func cloud(s *plotter.Scatter, alpha uint8, radius float64) {
	s.GlyphStyle.Color = color.NRGBA{R: 0x1f, G: 0x5f, B: 0xbf, A: alpha}
	s.GlyphStyle.Radius = vg.Points(radius)
}
