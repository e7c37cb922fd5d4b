// Package sheet is package engine/logic built again for a gattai's sheet
// (engine/variant's gattai: samurai, twin, sohei, flower): the same
// solver, its techniques, chain engine and rules, over 9x9 grids that
// overlap on a frame of 21x21, with sets of cells and houses wide enough
// for them (a samurai has 369 cells and 131 houses). Only this file and
// size.go are written here; every other file is engine/logic's, copied by
// its TestWideCopy (go test ./engine/logic -run TestWideCopy -update), as
// package wide is for 16x16, so that classic keeps its narrow sets and
// its speed while each technique is written once.
package sheet
