package variant

import (
	"fmt"
	"strings"
)

// cageLetters name a killer's cages in prettyCages, in order of their
// first cell: a 9x9 killer has 20 to 40 cages, seldom more than 52.
const cageLetters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// prettyCages is a killer's Pretty: beside the grid, the same grid with
// each cell's cage as a letter, and then the letters' sums, so that the
// cages read from a terminal. Past 52 cages the letters repeat; the sums
// still list every cage in order.
func (v *Variant) prettyCages(grid string) string {
	n := v.Size
	letters := make(Grid, n*n)
	for i, cage := range v.Cages {
		for _, c := range cage.Cells {
			letters[c] = uint8(i % len(cageLetters))
		}
	}
	gridRows := strings.Split(strings.TrimSuffix(grid, "\n"), "\n")
	var sb strings.Builder
	row := 0
	for _, line := range gridRows {
		sb.WriteString(line)
		sb.WriteString("    ")
		if strings.HasPrefix(line, "-") {
			sb.WriteString(line)
		} else {
			var cells strings.Builder
			for c := range n {
				if c > 0 && c%v.BoxCols == 0 {
					cells.WriteString(" | ")
				} else if c > 0 {
					cells.WriteByte(' ')
				}
				cells.WriteByte(cageLetters[letters[row*n+c]])
			}
			sb.WriteString(cells.String())
			row++
		}
		sb.WriteByte('\n')
	}
	for i, cage := range v.Cages {
		if i > 0 && i%10 == 0 {
			sb.WriteByte('\n')
		} else if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "%c=%d", cageLetters[i%len(cageLetters)], cage.Sum)
	}
	sb.WriteByte('\n')
	return sb.String()
}
