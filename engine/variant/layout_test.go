package variant

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestRandomLayout: for each side and each symmetry RandomLayout offers,
// the layouts are jigsaws Jigsaw accepts, have the symmetry, keep no
// box, row or column as a region, have a solution grid (checked against
// the houses here, not by the filler that found it), and a seed gives
// the same layout again.
func TestRandomLayout(t *testing.T) {
	for _, n := range []int{4, 6, 8, 9} {
		box := must(Sized(n))
		for _, sym := range LayoutSymmetries(n) {
			for seed := range uint64(3) {
				rng := rand.New(rand.NewPCG(seed, uint64(n)))
				v, sol, err := randomLayout(n, sym, rng)
				if err != nil {
					t.Fatalf("%d %s: %v", n, sym, err)
				}
				if _, err := Jigsaw(n, v.Regions); err != nil || !v.IsJigsaw() {
					t.Errorf("%d %s: %s refused: %v", n, sym, v.Layout(), err)
				}
				if !v.Allows(sym) {
					t.Errorf("%d %s: %s lacks the symmetry", n, sym, v.Layout())
				}
				for r := range n {
					var cells []int
					for c, x := range v.Regions {
						if x == r {
							cells = append(cells, c)
						}
					}
					sameBox, sameRow, sameCol := true, true, true
					for _, c := range cells {
						sameBox = sameBox && box.Regions[c] == box.Regions[cells[0]]
						sameRow = sameRow && c/n == cells[0]/n
						sameCol = sameCol && c%n == cells[0]%n
					}
					if sameBox || sameRow || sameCol {
						t.Errorf("%d %s: %s: region %d is a box, row or column", n, sym, v.Layout(), r)
					}
				}
				if slices.Contains(sol, 0) || len(v.Conflicts(sol)) > 0 {
					t.Errorf("%d %s: %s: solution %s breaks a house", n, sym, v.Layout(), v.Format(sol))
				}
				again, err := RandomLayout(n, sym, rand.New(rand.NewPCG(seed, uint64(n))))
				if err != nil || again.Key() != v.Key() {
					t.Errorf("%d %s: the same seed drew %v, %v", n, sym, again, err)
				}
			}
		}
	}
}

// TestRandomLayoutRefuses: a side without boxes, a symmetry the side's
// layouts cannot have and an unknown symmetry are ErrVariant.
func TestRandomLayoutRefuses(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for _, tt := range []struct {
		n    int
		sym  string
		want string
	}{
		{7, "none", "side 7"},
		{6, "rot90", "rot90"},
		{6, "diagonal", "diagonal"},
		{4, "antidiagonal", "antidiagonal"},
		{9, "spiral", "spiral"},
	} {
		_, err := RandomLayout(tt.n, tt.sym, rng)
		if !errors.Is(err, ErrVariant) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("RandomLayout(%d, %s): %v, want ErrVariant naming %q", tt.n, tt.sym, err, tt.want)
		}
	}
}

// TestAllows: the moves each geometry keeps, with the reason for each.
func TestAllows(t *testing.T) {
	all := Symmetries
	pinwheel := layout(t, 4, ""+ // T shapes turning round the centre
		"0001"+
		"3011"+
		"3321"+
		"3222")
	for _, tt := range []struct {
		v      *Variant
		want   []string
		reason string
	}{
		{must(Sized(4)), all, "2x2 boxes are square and the grid splits into them evenly"},
		{must(Sized(6)), []string{"none", "rot180", "mirror", "flip"}, "a quarter turn or a diagonal makes 2x3 boxes 3x2"},
		{must(Sized(8)), []string{"none", "rot180", "mirror", "flip"}, "2x4 boxes likewise"},
		{Classic(), all, "3x3 boxes"},
		{must(Sized(12)), []string{"none", "rot180", "mirror", "flip"}, "3x4 boxes"},
		{must(Sized(16)), all, "4x4 boxes"},
		{X(), all, "every move maps the diagonals onto the diagonals"},
		{Windoku(), all, "the four windows sit symmetrically"},
		{jigsaw9(t), []string{"none"}, "the test layout has no symmetry"},
		{jigsaw6(t), []string{"none"}, "nor has the 6x6 one"},
		{pinwheel, []string{"none", "rot180", "rot90"}, "a pinwheel turns onto itself but its mirror image turns the other way"},
	} {
		if got := tt.v.Allowed(); !slices.Equal(got, tt.want) {
			t.Errorf("%s %s: allows %v, want %v (%s)", tt.v.Name, tt.v.Layout(), got, tt.want, tt.reason)
		}
	}
	if Classic().Allows("spiral") || !jigsaw9(t).Allows("none") {
		t.Error("an unknown symmetry allowed, or none refused")
	}
	for _, tt := range []struct {
		kind, sym string
		want      bool
	}{
		{"jigsaw", "rot90", true}, {"jigsaw-6x6", "rot90", false}, {"jigsaw-6x6", "rot180", true},
		{"6x6", "diagonal", false}, {"x", "antidiagonal", true}, {jigsaw9(t).Key(), "rot180", false},
	} {
		if got, err := KindAllows(tt.kind, tt.sym); got != tt.want || err != nil {
			t.Errorf("KindAllows(%s, %s) = %v, %v", tt.kind, tt.sym, got, err)
		}
	}
	if _, err := KindAllows("kakuro", "none"); !errors.Is(err, ErrVariant) {
		t.Errorf("KindAllows(kakuro): %v", err)
	}
}
