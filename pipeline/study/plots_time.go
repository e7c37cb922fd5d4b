package study

// The plots of solving times on log axes, as seed 001 draws them.

import (
	"math"
	"slices"
	"strconv"

	"github.com/pressrun/pressrun/pipeline"
	"github.com/pressrun/pressrun/pipeline/stats"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// msTicks label a log10(ms) axis with the times at the powers of ten.
type msTicks struct{}

func (msTicks) Ticks(min, max float64) []plot.Tick {
	label := func(v float64) string {
		v, _ = strconv.ParseFloat(strconv.FormatFloat(v, 'g', 6, 64), 64) // 3 x 0.01 is 0.03
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	narrow := max-min < 1.3     // about a decade or less: label 2, 3 and 5 too
	fewDecades := max-min < 2.5 // label 2 and 5 too
	var out []plot.Tick
	for e := math.Floor(min); e <= math.Ceil(max); e++ {
		out = append(out, plot.Tick{Value: e, Label: label(math.Pow(10, e))})
		for k := 2.0; k < 10 && e < math.Ceil(max); k++ {
			t := plot.Tick{Value: e + math.Log10(k)}
			if narrow && (k == 2 || k == 3 || k == 5) || fewDecades && (k == 2 || k == 5) {
				t.Label = label(k * math.Pow(10, e))
			}
			out = append(out, t)
		}
	}
	return out
}

func log10s(v []float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = math.Log10(math.Max(x, 1e-6))
	}
	return out
}

func logTimeHistogram(title string, ms []float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "time, ms (log scale)"
	p.Y.Label.Text = "puzzles"
	h, err := plotter.NewHist(plotter.Values(log10s(ms)), histBins(len(ms)))
	if err != nil {
		return nil, err
	}
	histFill(h)
	p.Add(h)
	p.X.Tick.Marker, p.Y.Tick.Marker = msTicks{}, fixedTicks{0}
	return p, nil
}

func linearTimeHistogram(title string, ms []float64, hi float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "time, ms"
	p.Y.Label.Text = "puzzles"
	var in plotter.Values
	for _, x := range ms {
		if x <= hi {
			in = append(in, x)
		}
	}
	h, err := plotter.NewHist(in, histBins(len(in)))
	if err != nil {
		return nil, err
	}
	histFill(h)
	p.Add(h)
	p.X.Min = 0
	p.Y.Tick.Marker = fixedTicks{0}
	return p, nil
}

func sortedTimes(title string, series []namedValues) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "puzzles, sorted by the solver's time"
	p.Y.Label.Text = "time, ms (log scale)"
	for i, s := range series {
		v := log10s(s.values)
		slices.Sort(v)
		pts := make(plotter.XYs, len(v))
		for j, y := range v {
			pts[j] = plotter.XY{X: float64(j + 1), Y: y}
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color, l.LineStyle.Width = seriesColour(i), vg.Points(1.5)
		p.Add(l)
		if len(series) > 1 {
			p.Legend.Add(s.name, l)
		}
	}
	p.Legend.Top, p.Legend.Left = true, true
	p.Y.Tick.Marker = msTicks{}
	return p, nil
}

// addHLine draws a dashed red horizontal line at y across the plot.
func addHLine(p *plot.Plot, y float64) {
	f := plotter.NewFunction(func(float64) float64 { return y })
	f.Color, f.Dashes = pipeline.Red, []vg.Length{vg.Points(4), vg.Points(3)}
	p.Add(f)
}

// timeDensity is a Gaussian kernel density of log10(ms).
func timeDensity(title string, ms []float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "time, ms (log scale)"
	p.Y.Label.Text = "density per decade of time"
	x := log10s(ms)
	sd := stats.StdDev(x)
	s := slices.Clone(x)
	slices.Sort(s)
	iqr := stats.Quantile(s, 0.75) - stats.Quantile(s, 0.25)
	bw := 0.9 * math.Min(sd, iqr/1.34) * math.Pow(float64(len(x)), -0.2)
	if !(bw > 0) {
		bw = 0.05
	}
	lo, hi := s[0]-3*bw, s[len(s)-1]+3*bw
	pts := make(plotter.XYs, 300)
	for i := range pts {
		u := lo + (hi-lo)*float64(i)/float64(len(pts)-1)
		d := 0.0
		for _, v := range x {
			z := (u - v) / bw
			d += math.Exp(-z * z / 2)
		}
		pts[i] = plotter.XY{X: u, Y: d / (float64(len(x)) * bw * math.Sqrt(2*math.Pi))}
	}
	l, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	l.LineStyle.Color, l.LineStyle.Width = seriesColour(0), vg.Points(1.5)
	p.Add(l)
	p.Y.Min = 0
	p.X.Tick.Marker = msTicks{}
	return p, nil
}

// timeCDF draws each series' empirical distribution function over
// log10(ms).
func timeCDF(title string, series []namedValues) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "time, ms (log scale)"
	p.Y.Label.Text = "share of puzzles solved within the time"
	for i, s := range series {
		v := log10s(s.values)
		slices.Sort(v)
		pts := make(plotter.XYs, 0, 2*len(v))
		for j, x := range v {
			pts = append(pts, plotter.XY{X: x, Y: float64(j) / float64(len(v))}, plotter.XY{X: x, Y: float64(j+1) / float64(len(v))})
		}
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color, l.LineStyle.Width = seriesColour(i), vg.Points(1.5)
		p.Add(l)
		p.Legend.Add(s.name, l)
	}
	p.Y.Min, p.Y.Max = 0, 1.0
	// Room on the right for the legend, clear of the curves.
	p.X.Max += 0.4 * (p.X.Max - p.X.Min)
	p.Legend.Top, p.Legend.Left = false, false
	p.Legend.TextStyle.Font.Size = vg.Points(9)
	p.X.Tick.Marker = msTicks{}
	return p, nil
}

// logScatter draws y against x, both on log10 axes of ms.
func logScatter(title, xLabel, yLabel string, x, y []float64) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text, p.Y.Label.Text = xLabel, yLabel
	lx, ly := log10s(x), log10s(y)
	pts := make(plotter.XYs, len(x))
	for i := range pts {
		pts[i] = plotter.XY{X: lx[i], Y: ly[i]}
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	cloud(s, 0x40, 1.2)
	p.Add(s)
	p.X.Tick.Marker, p.Y.Tick.Marker = msTicks{}, msTicks{}
	return p, nil
}
