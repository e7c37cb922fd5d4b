package pipeline

import (
	"slices"

	"github.com/pressrun/pressrun/pipeline/stats"
)

// Fence is a section's IQR fence on its spread metric (RATING.md, "Outliers
// by IQR"): of the candidates' values, the quartiles Q1 and Q3, the median,
// and the bounds Low and High a kept puzzle must lie within (both
// included). Kind "median" is seed 002's [median - k IQR, median + k IQR],
// "tukey" is [Q1 - k IQR, Q3 + k IQR], and "none" keeps everything (Low
// and High nil).
type Fence struct {
	Metric     string   `json:"metric"`
	Kind       string   `json:"fence"`
	K          float64  `json:"k"`
	Q1         float64  `json:"q1"`
	Median     float64  `json:"median"`
	Q3         float64  `json:"q3"`
	Low        *float64 `json:"low"`
	High       *float64 `json:"high"`
	Candidates int      `json:"candidates"`
	Rejected   int      `json:"rejected"` // candidates outside the fence
}

// NewFence computes the fence of kind over values. Quartiles interpolate
// linearly between order statistics (stats.Quantile: Hyndman and Fan's
// type 7, the default of R and NumPy).
func NewFence(metric, kind string, k float64, values []float64) Fence {
	f := Fence{Metric: metric, Kind: kind, K: k, Candidates: len(values)}
	if len(values) == 0 {
		return f
	}
	sorted := slices.Clone(values)
	slices.Sort(sorted)
	f.Q1, f.Median, f.Q3 = stats.Quantile(sorted, 0.25), stats.Quantile(sorted, 0.5), stats.Quantile(sorted, 0.75)
	iqr := f.Q3 - f.Q1
	var lo, hi float64
	switch kind {
	case "none":
		return f
	case "tukey":
		lo, hi = f.Q1-k*iqr, f.Q3+k*iqr
	default:
		lo, hi = f.Median-k*iqr, f.Median+k*iqr
	}
	f.Low, f.High = &lo, &hi
	for _, v := range values {
		if !f.Holds(v) {
			f.Rejected++
		}
	}
	return f
}

// Holds reports whether v lies within the fence.
func (f Fence) Holds(v float64) bool {
	return (f.Low == nil || v >= *f.Low) && (f.High == nil || v <= *f.High)
}

// Side says where v lies: "below fence", "above fence" or "" inside.
func (f Fence) Side(v float64) string {
	switch {
	case f.Low != nil && v < *f.Low:
		return "below fence"
	case f.High != nil && v > *f.High:
		return "above fence"
	}
	return ""
}
