// Package wide is package engine/logic built again for a 16x16 frame:
// the same solver, its techniques, chain engine and rules, over boards of
// side 4 to 16 (12x12 and 16x16 are why it exists), with sets of cells
// and digits wide enough for them. Only this file and size.go are written
// here; every other file is engine/logic's, copied by its TestWideCopy
// (go test ./engine/logic -run TestWideCopy -update), so that classic
// keeps its narrow sets and its speed while each technique is written
// once. engine/logic's classic_*.go files serve the classic 9x9 alone and
// are not copied.
package wide
