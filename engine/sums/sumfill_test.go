package sums

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestFillingsSearch: what Fillings.Search leaves each cell, and the digit
// sets it lists, are what trying every filling finds (the digits
// different, each cell's from its options, adding up to the total or any
// total, the set accepted by keep), on random regions of one to n cells
// of boards of 4, 6 and 9 digits, with random options, totals and keeps.
func TestFillingsSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	var f Fillings
	found := 0
	for try := range 4000 {
		n := []int{4, 6, 9}[rng.IntN(3)]
		k := 1 + rng.IntN(n)
		all := uint32(1)<<n - 1
		opts := make([]uint32, k)
		for i := range opts {
			for opts[i] == 0 {
				opts[i] = rng.Uint32() & all
			}
		}
		sum := AnySum
		if rng.IntN(4) > 0 {
			sum = k*(k+1)/2 + rng.IntN(k*(2*n+1-k)/2-k*(k+1)/2+1)
		}
		var keep func(uint32) bool
		if rng.IntN(3) == 0 {
			need := uint32(1) << rng.IntN(n)
			keep = func(m uint32) bool { return m&need != 0 }
		}
		allowed := make([]uint32, k)
		combos, _ := f.Search(n, opts, sum, keep, allowed, []uint32{7})
		if combos[0] != 7 {
			t.Fatalf("try %d: combos appended to lost what was there: %v", try, combos)
		}
		combos = combos[1:]

		want := make([]uint32, k)
		var wantSets []uint32
		var fill func(i, total int, used uint32, digits []int)
		fill = func(i, total int, used uint32, digits []int) {
			if i == k {
				if (sum == AnySum || total == sum) && (keep == nil || keep(used)) {
					for j, d := range digits {
						want[j] |= 1 << (d - 1)
					}
					if !slices.Contains(wantSets, used) {
						wantSets = append(wantSets, used)
					}
				}
				return
			}
			for d := 1; d <= n; d++ {
				if opts[i]&(1<<(d-1)) != 0 && used&(1<<(d-1)) == 0 {
					fill(i+1, total+d, used|1<<(d-1), append(digits, d))
				}
			}
		}
		fill(0, 0, 0, nil)
		slices.Sort(wantSets)
		if !slices.Equal(allowed, want) || !slices.Equal(combos, wantSets) {
			t.Fatalf("try %d: n %d, options %b, total %d: allowed %b, sets %b; every filling gives %b, %b", try, n, opts, sum, allowed, combos, want, wantSets)
		}
		if len(wantSets) > 0 {
			found++
		}
	}
	if found < 1000 {
		t.Errorf("only %d of the regions had a filling: the test tries too few", found)
	}
}

// TestFillingsShortcuts: the searches of one and two cells, and the bit
// sets' search of up to 9 digits, give the sets, the digits allowed and
// the work of the level search they stand in for (a chain budget counts
// the work, so it must be the same), on random cells of boards of 4 to
// 16 digits.
func TestFillingsShortcuts(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 13))
	var f Fillings
	for try := range 20000 {
		n := 4 + rng.IntN(13)
		k := 1 + rng.IntN(2)
		if try%2 == 0 {
			n = 4 + rng.IntN(6)
			k = 1 + rng.IntN(n)
		}
		all := uint32(1)<<n - 1
		opts := make([]uint32, k)
		for i := range opts {
			for opts[i] == 0 {
				opts[i] = rng.Uint32() & all
				if rng.IntN(2) == 0 {
					opts[i] &= rng.Uint32()
				}
			}
		}
		sum := AnySum
		if rng.IntN(4) > 0 {
			sum = rng.IntN(k*(2*n+1-k)/2 + 3)
		}
		var keep func(uint32) bool
		if rng.IntN(3) == 0 {
			need := uint32(1) << rng.IntN(n)
			keep = func(m uint32) bool { return m&need != 0 }
		}
		got, want := make([]uint32, k), make([]uint32, k)
		sets, work := f.search(n, opts, sum, keep, got, nil)
		wantSets, wantWork := f.levels(n, opts, sum, keep, want, nil)
		slices.Sort(sets)
		slices.Sort(wantSets)
		if !slices.Equal(got, want) || !slices.Equal(sets, wantSets) || work != wantWork {
			t.Fatalf("try %d: n %d, options %b, total %d: allowed %b, sets %b, work %d; the level search %b, %b, %d", try, n, opts, sum, got, sets, work, want, wantSets, wantWork)
		}
	}
}
