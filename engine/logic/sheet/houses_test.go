package sheet

import (
	"fmt"
	"slices"
	"testing"

	"github.com/pressrun/pressrun/engine/logic"
	"github.com/pressrun/pressrun/engine/variant"
)

// TestSheetHouses: the solver's geometry of each built-in gattai
// (NewSheet) has the houses engine/variant's model has, cell for cell,
// each once; engine/logic's 9x9 frame refuses a samurai's sheet with an
// error.
func TestSheetHouses(t *testing.T) {
	for _, kind := range variant.GattaiKinds() {
		v, err := variant.Gattai(kind)
		if err != nil {
			t.Fatal(err)
		}
		sh := v.Sheet
		h, err := NewSheet(sh.Grids, sh.Cols, sh.At)
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		s := h.NewSearch(nil, nil)
		var got [][]int // numbered as the model's cells
		for _, cells := range h.geo.houses[:h.geo.nh] {
			var hs []int
			for _, f := range cells {
				hs = append(hs, s.back[f])
			}
			got = append(got, hs)
		}
		key := func(h []int) string {
			s := slices.Clone(h)
			slices.Sort(s)
			return fmt.Sprint(s)
		}
		want := map[string]bool{}
		for _, h := range v.Houses() {
			want[key(h)] = true
		}
		seen := map[string]bool{}
		for _, h := range got {
			k := key(h)
			if seen[k] {
				t.Errorf("%s: house %v twice", kind, h)
			}
			seen[k] = true
			if !want[k] {
				t.Errorf("%s: the solver's house %v is none of the model's", kind, h)
			}
		}
		if len(seen) != len(want) {
			t.Errorf("%s: the solver has %d houses, the model %d", kind, len(seen), len(want))
		}
	}
	v, _ := variant.Gattai("samurai")
	if _, err := logic.NewSheet(v.Sheet.Grids, v.Sheet.Cols, v.Sheet.At); err == nil {
		t.Error("the 9x9 frame took a samurai's sheet")
	}
}
