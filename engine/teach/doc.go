// Package teach makes the puzzles of a teaching book's chapters: puzzles
// whose logical solve, always taking the simplest step available (the
// rater's ladder), needs a named technique, and needs nothing rated above
// it. It owns the techniques a chapter can teach (the rater's techniques
// under the names --technique and a section's technique: take), what a
// solve must hold to serve a chapter (Aim), and the generators, which dig
// a full grid toward the technique: a given is taken away only while the
// puzzle stays unique and needs nothing harder, until the technique is
// needed and no further given can go without losing it.
package teach
