package variant

import (
	"fmt"
	"strconv"
)

// Labels are the printed forms of the symbols 1..n in a style a book's
// spec names: "1-n" numbers (16x16's "1-16", two digits from 10, the
// common book style, and the only style up to 9x9), "0-X" hexadecimal
// digits from 0 ("0-F" for 16x16, "0-B" for 12x12) or "A-X" letters
// ("A-P", "A-L"). The empty style is numbers. Labels[0] is the symbol 1's.
func Labels(style string, n int) ([]string, error) {
	out := make([]string, n)
	switch style {
	case "", "1-" + strconv.Itoa(n):
		for i := range out {
			out[i] = strconv.Itoa(i + 1)
		}
		return out, nil
	case "0-" + string(Hex[n-1]):
		if n > 9 {
			for i := range out {
				out[i] = string(Hex[i])
			}
			return out, nil
		}
	case "A-" + string(Letters[n-1]):
		if n > 9 {
			for i := range out {
				out[i] = string(Letters[i])
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("%w: symbols %q for a %dx%d grid (want %s)", ErrVariant, style, n, n, LabelStyles(n))
}

// LabelStyles lists the styles Labels knows for a side of n, as a spec
// writes them.
func LabelStyles(n int) string {
	if n <= 9 {
		return fmt.Sprintf("1-%d", n)
	}
	return fmt.Sprintf("1-%d, 0-%c or A-%c", n, Hex[n-1], Letters[n-1])
}
