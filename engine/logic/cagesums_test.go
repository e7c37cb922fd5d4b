package logic

import (
	"math/rand/v2"
	"testing"
)

// TestSumAllowed: what the sum rule leaves each cell of a region is what
// trying every filling finds (the digits different, from the cells'
// candidates, adding up to the sum), on random regions of one to six
// cells with random candidates and sums.
func TestSumAllowed(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	var sc sumScratch
	cut := 0
	for range 3000 {
		k := 1 + rng.IntN(6)
		cells := rng.Perm(81)[:k]
		var cand [81]Digits
		for _, c := range cells {
			for cand[c] == 0 {
				cand[c] = Digits(rng.Uint32()) & allDigits
			}
		}
		sum := k*(k+1)/2 + rng.IntN(k*(19-k)/2-k*(k+1)/2+1)
		var got [9]Digits
		sc.sumAllowed(cells, sum, &cand, got[:k])
		var want [9]Digits
		var try func(i, total int, used Digits, digits []int)
		try = func(i, total int, used Digits, digits []int) {
			if i == k {
				if total == sum {
					for j, d := range digits {
						want[j] |= digitBit(d)
					}
				}
				return
			}
			for x := cand[cells[i]] &^ used; x != 0; x &= x - 1 {
				d := x.First()
				try(i+1, total+d, used|digitBit(d), append(digits, d))
			}
		}
		try(0, 0, 0, nil)
		if got != want {
			t.Fatalf("cells %v, candidates %v, sum %d: allowed %v, trying every filling %v", cells, pick(cand, cells), sum, got[:k], want[:k])
		}
		for j, c := range cells {
			cut += (cand[c] &^ got[j]).Count()
		}
	}
	if cut == 0 {
		t.Fatal("nothing ruled out: the test shows nothing")
	}
}

func pick(cand [81]Digits, cells []int) []Digits {
	var out []Digits
	for _, c := range cells {
		out = append(out, cand[c])
	}
	return out
}
