package engine

import "testing"

// Every cell is in one row, one column and one box; its peers are the
// other cells of those three houses.
func TestHousesAndPeers(t *testing.T) {
	houses, peers := Houses(), Peers()
	var in [81]int
	for _, h := range houses {
		for _, c := range h {
			in[c]++
		}
	}
	for c := 0; c < 81; c++ {
		if in[c] != 3 {
			t.Fatalf("cell %d is in %d houses", c, in[c])
		}
		want := map[int]bool{}
		for _, h := range houses {
			for _, x := range h {
				if x == uint8(c) {
					for _, p := range h {
						if int(p) != c {
							want[int(p)] = true
						}
					}
				}
			}
		}
		if len(want) != 20 {
			t.Fatalf("cell %d: %d peers by houses", c, len(want))
		}
		for i, p := range peers[c] {
			if !want[int(p)] || i > 0 && p <= peers[c][i-1] {
				t.Fatalf("cell %d: peers %v", c, peers[c])
			}
		}
	}
}
