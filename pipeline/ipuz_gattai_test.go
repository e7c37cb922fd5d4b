package pipeline

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
	"github.com/pressrun/pressrun/store"
)

// TestIpuzGattai: each gattai kind written as ipuz (its sheet, null where
// no cell is, each of its houses a zone) reads back as the same puzzle
// and solution, with pressrun's extension and, told by its nulls alone,
// without; a value where no cell is, a null where one is, and a zone
// that is no house are refused naming the field.
func TestIpuzGattai(t *testing.T) {
	kit := NewVariantKit()
	check := func(p variant.Puzzle) (variant.Grid, error) { return kit.SolveUnique(p.Variant, p.Grid) }
	for i, kind := range variant.GattaiKinds() {
		v, _ := variant.Gattai(kind)
		givens, sol, err := variant.Generate(v, "none", rand.New(rand.NewPCG(uint64(i), 11)))
		if err != nil {
			t.Fatal(err)
		}
		p := store.Puzzle{ID: "gattai" + kind, Variant: v, Givens: givens, Solution: sol}
		x := NewIpuz(p, IpuzMeta{Title: kind})
		nulls := 0
		for _, row := range x.Puzzle {
			for _, c := range row {
				if c == nil {
					nulls++
				}
			}
		}
		if x.Dimensions.Width != v.Sheet.Cols || nulls != v.Sheet.Rows*v.Sheet.Cols-v.Cells() || len(x.Zones) != len(v.Houses()) {
			t.Fatalf("%s: %dx%d, %d nulls, %d zones", kind, x.Dimensions.Width, x.Dimensions.Height, nulls, len(x.Zones))
		}
		data, err := IpuzJSON(x)
		if err != nil {
			t.Fatal(err)
		}
		checkIpuzSpec(t, data, 9)
		var obj map[string]any
		if err := json.Unmarshal(data, &obj); err != nil {
			t.Fatal(err)
		}
		bare := edited(t, obj, func(o map[string]any) { delete(o, IpuzExtension) })
		for _, in := range [][]byte{data, bare} {
			got, errs := DecodeIpuz("x.ipuz", in, check)
			if len(errs) > 0 || len(got) != 1 {
				t.Fatalf("%s: %v", kind, errs)
			}
			if got[0].Puzzle.Variant.Key() != kind || !slices.Equal(got[0].Puzzle.Grid, givens) || !slices.Equal(got[0].Solution, sol) {
				t.Fatalf("%s: read back a %s", kind, got[0].Puzzle.Variant.Key())
			}
		}
		// The first place of row 1 where no cell is, and the first
		// where one is.
		row := obj["puzzle"].([]any)[0].([]any)
		hole := slices.Index(row, any(nil))
		for _, bad := range []struct {
			edit func(map[string]any)
			want string
		}{
			{func(o map[string]any) { o["puzzle"].([]any)[0].([]any)[hole] = 5 }, "puzzle[0][" + strconv.Itoa(hole) + "]: a value where the " + kind + " has no cell"},
			{func(o map[string]any) {
				o["solution"].([]any)[0].([]any)[slices.IndexFunc(row, func(x any) bool { return x != nil })] = nil
			}, "null where the " + kind + " has a cell"},
			{func(o map[string]any) {
				o["zones"].([]any)[0].(map[string]any)["cells"].([]any)[0] = []any{float64(hole + 1), 1.0}
			}, "zones[0]"},
		} {
			_, errs := DecodeIpuz("x.ipuz", edited(t, obj, bad.edit), check)
			if len(errs) != 1 || !strings.Contains(errs[0].Error(), bad.want) {
				t.Errorf("%s: %v, want %q", kind, errs, bad.want)
			}
		}
	}
}

// edited is obj, a decoded ipuz object, marshalled again after edit
// changed a deep copy of it.
func edited(t *testing.T, obj map[string]any, edit func(map[string]any)) []byte {
	t.Helper()
	data, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	var cp map[string]any
	if err := json.Unmarshal(data, &cp); err != nil {
		t.Fatal(err)
	}
	edit(cp)
	out, err := json.Marshal(cp)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
