// Package sums holds what both raters reason with on a killer's sums, below
// both: the cage (Cage), the fillings of cells that differ and add up to a
// total (Fillings), of cells that may repeat a digit (RepeatFillings), and
// the digit sets a house's cages fit together into (HouseFit). The variant
// model (engine/variant) takes its Cage from here, and the human-technique
// solver (engine/logic) its searches, so that the solver needs nothing of
// the model. It is pure: standard library only.
package sums
