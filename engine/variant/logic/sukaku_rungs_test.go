package logic

import (
	"slices"
	"strings"
	"testing"

	classic "github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
)

// TestSukakuRungsEveryKind: the turbot fish and the strong-linked fish
// are engine/logic's, the sukaku scale's, over every kind's houses. On
// minimal puzzles of X, windoku, the 9x9 jigsaw and the 8x8, every step
// replays against the exact solver's solution (replay fails on an
// elimination of the solution's digit), and each kind's own houses take
// part: grouped links (a region's empty rectangle or two of its lines, a
// line's cells in two regions) in the jigsaw's irregular regions and the
// 8x8's 2x4 boxes, and links or weak links that only a diagonal or a
// window gives in X and windoku. The bent sets (WXYZ- and VWXYZ-wings),
// engine/logic's too, replay the same way, and some are found.
func TestSukakuRungsEveryKind(t *testing.T) {
	kinds := map[string]*variant.Variant{}
	for _, v := range every(t) {
		kinds[v.Name] = v
	}
	type tally struct{ steps, grouped, extra int }
	bent, jigsawRects := 0, 0
	got := map[string]*tally{}
	for _, name := range []string{"x", "windoku", "jigsaw", "8x8"} {
		v := kinds[name]
		if v == nil {
			t.Fatalf("no %s among %v", name, kinds)
		}
		tl := &tally{}
		got[name] = tl
		s := NewSolver(v)
		k := 16
		if v.Size < 9 {
			k = 60 // an 8x8 needs a strong link seldom
		}
		for _, p := range generated(t, v, k, 11) {
			r, err := s.Solve(p)
			if err != nil {
				t.Fatalf("%s %s: %v", name, v.Format(p), err)
			}
			replay(t, v, p, r)
			for _, st := range r.Steps {
				base := 0.0
				switch st.Technique {
				case Skyscraper, TwoStringKite, TurbotFish:
					base = 4.0
				case classic.StrongLinks:
					base = [5]float64{3: 5.4, 4: 5.8}[len(st.Cells)/2]
				case classic.WXYZWing, classic.VWXYZWing:
					bent++
					continue
				case classic.UniqueRectangle1, classic.UniqueRectangle2, classic.UniqueRectangle3, classic.UniqueRectangle4:
					if v.IsJigsaw() {
						jigsawRects++
						if !strings.Contains(st.Text, "two regions") || strings.Contains(st.Text, "boxes") {
							t.Errorf("jigsaw: a unique rectangle's hint names no regions: %s", st.Text)
						}
					}
					continue
				default:
					continue
				}
				tl.steps++
				if st.Rating > base+0.25 {
					tl.grouped++ // grouped links rate 0.3 above the chain's base
				}
				for i := 0; i+1 < len(st.Cells); i++ {
					if onlyExtra(v, st.Cells[i], st.Cells[i+1]) {
						tl.extra++
						break
					}
				}
			}
		}
	}
	for name, tl := range got {
		t.Logf("%s: %d strong link steps, %d grouped, %d through an extra house only", name, tl.steps, tl.grouped, tl.extra)
	}
	t.Logf("%d bent sets, %d unique rectangles on the jigsaw", bent, jigsawRects)
	if jigsawRects == 0 {
		t.Error("no unique rectangle on the jigsaw, whose hint must say regions")
	}
	if bent == 0 {
		t.Error("no bent set (WXYZ- or VWXYZ-wing) on any kind")
	}
	for _, name := range []string{"jigsaw", "8x8"} {
		if got[name].grouped == 0 {
			t.Errorf("%s: no grouped strong link in %d steps", name, got[name].steps)
		}
	}
	for _, name := range []string{"x", "windoku"} {
		if got[name].extra == 0 {
			t.Errorf("%s: no strong link or weak link through an extra house alone in %d steps", name, got[name].steps)
		}
	}
}

// onlyExtra reports whether cells a and b share an extra house and no
// row, column or region.
func onlyExtra(v *variant.Variant, a, b int) bool {
	n := v.Size
	if a/n == b/n || a%n == b%n || v.Regions[a] == v.Regions[b] {
		return false
	}
	for _, h := range v.Extra {
		if slices.Contains(h, a) && slices.Contains(h, b) {
			return true
		}
	}
	return false
}
