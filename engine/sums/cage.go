package sums

// Cage is a killer cage: cells joined edge to edge whose digits differ and
// add up to Sum. Cells are row-major indices, in increasing order once a
// constructor has checked them (engine/variant's Killer).
type Cage struct {
	Sum   int   `json:"sum"`
	Cells []int `json:"cells"`
}
