package logic

import (
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/pressrun/pressrun/engine/variant"
)

// TestHouseRuleExact: what the chains' house rule leaves a house's cells
// is what a plain search finds: every filling of the house's empty cells
// from their candidates, the house's digits each once, a cage wholly
// inside making its sum, and a cage that sticks out completed by its
// cells outside (their digits different from the cage's others, from
// their candidates). The boards are Tarek's hard killers
// (engine/variant's testdata) with some of their solutions' digits
// placed and random candidates struck out, never the solution's. Each
// house's state is also worked out a second time, from the chains' cache.
func TestHouseRuleExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	checked, cut := 0, 0
	for i, k := range tarekKillers(t)[:6] {
		v, hs, sol := k.v, k.hs, k.sol
		var puzzle Grid
		for c := range 81 {
			if rng.IntN(4) == 0 {
				puzzle[c] = sol[c] - '0'
			}
		}
		b := newBoardOn(hs.geo, puzzle)
		for c := range 81 {
			if b.Cells[c] == 0 {
				for d := 1; d <= 9; d++ {
					if d != int(sol[c]-'0') && rng.IntN(2+i%3) == 0 {
						b.Cand[c] &^= 1 << d
					}
				}
			}
		}
		ch := b.chainer()
		ch.g.load(b)
		ch.loadHouses(&b.Cells)
		for k := range ch.houses {
			s := &ch.houses[k]
			var got [maxDigits]Digits
			ch.houseAllowed(k, s, &ch.g.cand, &got)
			want := plainHouseFill(v, &b.Cells, &ch.g.cand, s.cells)
			// Again, the house's own memo forgotten: from the
			// chainer's cache (cageMemo), which must give the same.
			s.memo = [8]houseMemo{}
			hits := ch.houseMemo.hits
			var again [maxDigits]Digits
			ch.houseAllowed(k, s, &ch.g.cand, &again)
			if ch.houseMemo.hits != hits+1 || again != got {
				t.Fatalf("killer %d, house %d: from the cache %b (%d found), searched %b", i+1, k, again, ch.houseMemo.hits-hits, got)
			}
			for j, c := range s.cells {
				if got[j] != want[j] {
					t.Fatalf("killer %d, cell %d: the house rule allows %b, the plain search %b", i+1, c, got[j], want[j])
				}
				if got[j] != ch.g.cand[c] {
					cut++
				}
			}
			checked++
		}
	}
	if checked < 60 || cut < 20 {
		t.Errorf("%d houses checked, %d cells cut: the test tries too little", checked, cut)
	}
}

// plainHouseFill is what every filling of a house's empty cells (cells)
// allows them, tried one by one.
func plainHouseFill(v *variant.Variant, placed *Grid, cand *[frameCells]Digits, cells []int) []Digits {
	cageOf := make([]int, 81)
	for c := range cageOf {
		cageOf[c] = -1
	}
	for i, cage := range v.Cages {
		for _, c := range cage.Cells {
			cageOf[c] = i
		}
	}
	in := map[int]bool{}
	var used Digits
	for _, c := range cells {
		in[c] = true
	}
	// The house's placed digits: the house is the one holding every cell.
	for _, h := range v.Houses() {
		all := true
		for _, c := range cells {
			found := false
			for _, d := range h {
				found = found || d == c
			}
			all = all && found
		}
		if all {
			for _, c := range h {
				if placed[c] != 0 {
					used |= 1 << placed[c]
				}
			}
			break
		}
	}
	out := make([]Digits, len(cells))
	digits := make(map[int]int)
	// completes reports whether cage i can be finished outside the
	// house, the digits inside as in digits.
	completes := func(i int) bool {
		cage := v.Cages[i]
		rest, taken := cage.Sum, Digits(0)
		var outside []int
		for _, c := range cage.Cells {
			switch {
			case placed[c] != 0:
				rest -= int(placed[c])
				taken |= 1 << placed[c]
			case in[c]:
				rest -= digits[c]
				taken |= 1 << digits[c]
			default:
				outside = append(outside, c)
			}
		}
		var walk func(k, left int, taken Digits) bool
		walk = func(k, left int, taken Digits) bool {
			if k == len(outside) {
				return left == 0
			}
			for d := 1; d <= 9; d++ {
				if cand[outside[k]]&(1<<d) != 0 && taken&(1<<d) == 0 && walk(k+1, left-d, taken|1<<d) {
					return true
				}
			}
			return false
		}
		return walk(0, rest, taken)
	}
	var fill func(k int, used Digits)
	fill = func(k int, used Digits) {
		if k == len(cells) {
			for i := range v.Cages {
				touches := false
				for _, c := range v.Cages[i].Cells {
					touches = touches || in[c]
				}
				if touches && !completes(i) {
					return
				}
			}
			for j, c := range cells {
				out[j] |= 1 << digits[c]
			}
			return
		}
		c := cells[k]
		for d := 1; d <= 9; d++ {
			if cand[c]&(1<<d) != 0 && used&(1<<d) == 0 {
				digits[c] = d
				fill(k+1, used|1<<d)
			}
		}
	}
	fill(0, used)
	return out
}

// TestHouseRuleInPlus: the runs of dynamic forcing chains plus follow a
// killer's houses, and those of the plain dynamic chains do not. On
// Tarek's first hard killer, from its start (every candidate open, the
// cages' sums the only rule), both find a step that agrees with the
// solution; the runs of the plus switch candidates off by the house rule.
func TestHouseRuleInPlus(t *testing.T) {
	hs, sol := tarekKillers(t)[0].hs, tarekKillers(t)[0].sol
	for _, m := range []chainMode{dynamicMode, plusMode} {
		b := newBoardOn(hs.geo, Grid{})
		st, ok := b.findForcing(m)
		if !ok {
			t.Fatalf("level %d: no step", m.level)
		}
		for _, x := range st.Remove {
			if int(sol[x.Cell]-'0') == x.Digit {
				t.Fatalf("level %d: %s removes the solution's digit", m.level, st.Text)
			}
		}
		for _, x := range st.Place {
			if int(sol[x.Cell]-'0') != x.Digit {
				t.Fatalf("level %d: %s places against the solution", m.level, st.Text)
			}
		}
		if offs := b.chainer().houseOffs; (offs > 0) != (m.level > 0) {
			t.Fatalf("level %d: the house rule switched off %d", m.level, offs)
		}
	}
}

// tarekKiller is one of Tarek's hard killers (engine/variant's
// testdata, whose README names the source): its cages, their houses for
// the chains, and its solution.
type tarekKiller struct {
	v   *variant.Variant
	hs  *Houses
	sol string
}

func tarekKillers(t *testing.T) []tarekKiller {
	t.Helper()
	data, err := os.ReadFile("../variant/testdata/killer-tarek.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []tarekKiller
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		code, sol, _ := strings.Cut(line, " ")
		v, err := variant.ParseCageCode(9, code)
		if err != nil {
			t.Fatal(err)
		}
		hs, err := NewHouses(9, v.Houses(), false, nil, v.Cages)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, tarekKiller{v, hs, sol})
	}
	return out
}
