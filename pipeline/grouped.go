package pipeline

import "strconv"

// Grouped is n with its thousands set apart by commas, as the reports'
// prose and the usage texts write counts: 10,000,000.
func Grouped(n int) string {
	s := strconv.Itoa(n)
	if n < 0 {
		return "-" + Grouped(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
