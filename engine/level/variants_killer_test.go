package level

import (
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/engine/variant/logic"
)

// TestKillerLadders: a killer's ladder is its own (five levels on 9x9,
// three on 6x6, not its grid's), names every er from 1.0 to 11.0, and
// puts the calibration's landmarks where RATING.md says: a cage
// combination (2.1) easy, a hidden cage (2.5) medium, the rule of 45 over
// houses (3.1) hard, a cage clash (3.9) expert, chains evil.
func TestKillerLadders(t *testing.T) {
	for _, tc := range []struct {
		n     int
		names []string
		want  map[float64]string
	}{
		{9, []string{"easy", "medium", "hard", "expert", "evil"}, map[float64]string{2.1: "easy", 2.5: "medium", 3.1: "hard", 3.9: "expert", 5.0: "expert", 6.6: "evil", 11: "evil"}},
		{6, []string{"easy", "medium", "hard"}, map[float64]string{2.1: "easy", 2.5: "medium", 2.7: "hard", 11: "hard"}},
	} {
		v := singleCells(t, tc.n)
		ladder := For(v)
		var names []string
		for _, lv := range ladder {
			names = append(names, lv.Name)
		}
		if len(names) != len(tc.names) {
			t.Fatalf("killer %d: levels %v, want %v", tc.n, names, tc.names)
		}
		for i := range names {
			if names[i] != tc.names[i] {
				t.Fatalf("killer %d: levels %v, want %v", tc.n, names, tc.names)
			}
		}
		for er := 1.0; er <= 11.0; er += 0.1 {
			if ladder.Of(logic.Result{ER: er}) == "" {
				t.Errorf("killer %d: no level for er %.1f", tc.n, er)
			}
		}
		for er, name := range tc.want {
			if got := ladder.Of(logic.Result{ER: er}); got != name {
				t.Errorf("killer %d: er %.1f is %q, want %q", tc.n, er, got, name)
			}
		}
	}
}

// singleCells is a killer of side n whose cages are single cells, their
// sums a valid grid's digits: a killer only by its model, enough for For.
func singleCells(t *testing.T, n int) *variant.Variant {
	t.Helper()
	br, bc := 3, 3
	if n == 6 {
		br, bc = 2, 3
	}
	var cages []variant.Cage
	for r := range n {
		for c := range n {
			d := (r%br*bc+r/br+c)%n + 1
			cages = append(cages, variant.Cage{Sum: d, Cells: []int{r*n + c}})
		}
	}
	v, err := variant.Killer(n, cages)
	if err != nil {
		t.Fatal(err)
	}
	return v
}
