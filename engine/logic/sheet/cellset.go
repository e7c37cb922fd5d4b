// Code generated from engine/logic/cellset.go by TestWideCopy -update. DO NOT EDIT.

package sheet

// digitCells returns, for each digit, the cells where it is a candidate.
func (b *Board) digitCells() (out [maxDigits + 1]cellSet) {
	for c := 0; c < frameCells; c++ {
		bit := cellBit(c)
		for x := b.Cand[c]; x != 0; x &= x - 1 {
			d := x.low()
			out[d] = out[d].or(bit)
		}
	}
	return
}
