package sums

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestRepeatFillingsSearch: what RepeatFillings.Search leaves each cell,
// and the digits every filling uses, are what trying every filling finds
// (each cell's digit from its options, the cells of minus counted
// negatively, the cells apart different, adding up to the total), on
// random regions of one to five cells of boards of 4, 6 and 9 digits;
// and a search cut short by its budget says so.
func TestRepeatFillingsSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 3))
	var f RepeatFillings
	found, cut := 0, 0
	for try := range 4000 {
		n := []int{4, 6, 9}[rng.IntN(3)]
		k := 1 + rng.IntN(5)
		all := uint32(1)<<n - 1
		opts := make([]uint32, k)
		for i := range opts {
			for opts[i] == 0 {
				opts[i] = rng.Uint32() & all
			}
		}
		var minus uint32
		if rng.IntN(3) == 0 {
			minus = rng.Uint32() & (1<<k - 1)
		}
		apart := make([]uint32, k)
		for i := range k {
			for j := range i {
				if rng.IntN(2) == 0 {
					apart[i] |= 1 << j
					apart[j] |= 1 << i
				}
			}
		}
		sum := rng.IntN(k*n+1) - n*bitsOn(minus)
		budget := 1 << 20
		if rng.IntN(10) == 0 {
			budget = 1 + rng.IntN(20)
		}
		allowed := make([]uint32, k)
		required, ok, nodes := f.Search(opts, minus, apart, sum, budget, allowed)

		want := make([]uint32, k)
		wantRequired, any := ^uint32(0), false
		var fill func(i, total int, digits []int)
		fill = func(i, total int, digits []int) {
			if i == k {
				if total == sum {
					var used uint32
					for j, d := range digits {
						want[j] |= 1 << (d - 1)
						used |= 1 << (d - 1)
					}
					wantRequired &= used
					any = true
				}
				return
			}
		next:
			for d := 1; d <= n; d++ {
				if opts[i]&(1<<(d-1)) == 0 {
					continue
				}
				for j := range i {
					if digits[j] == d && apart[i]&(1<<j) != 0 {
						continue next
					}
				}
				t := total + d
				if minus&(1<<i) != 0 {
					t = total - d
				}
				fill(i+1, t, append(digits, d))
			}
		}
		fill(0, 0, nil)
		if nodes > budget {
			cut++
			if ok {
				t.Fatalf("try %d: %d nodes past a budget of %d, and ok", try, nodes, budget)
			}
			for i := range k {
				if allowed[i]&^want[i] != 0 {
					t.Fatalf("try %d: cut short, allowed %b beyond every filling's %b", try, allowed, want)
				}
			}
			continue
		}
		if ok != any || !slices.Equal(allowed, want) || any && required != wantRequired {
			t.Fatalf("try %d: options %b, minus %b, apart %b, total %d: allowed %b, required %b, ok %v; every filling gives %b, %b, %v",
				try, opts, minus, apart, sum, allowed, required, ok, want, wantRequired, any)
		}
		if any {
			found++
		}
	}
	if found < 1000 || cut < 50 {
		t.Errorf("%d regions had a filling, %d searches were cut short: the test tries too few", found, cut)
	}
}

func bitsOn(x uint32) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}
