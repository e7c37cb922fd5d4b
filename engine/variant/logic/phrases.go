package logic

import (
	"fmt"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// Phrasebook gives the step texts' phrases in a language: the classic
// hints' (logic.Phrasebook), whose words the variant texts share, so
// that a book says "row", "box" and "naked pair" alike in both.
type Phrasebook = classic.Phrasebook

// sayer says the house names in a phrasebook's language; the zero value
// (no phrasebook) says them in English. Every phrase passes through say.f
// with a literal English first argument: templates/words reads them from
// this package's source to hold each language to all of them. The steps
// are said by engine/logic's Search, in the same phrasebook.
//
// labels, when not nil, are the symbols as a book prints them (a 16x16's
// "10" to "16").
type sayer struct {
	pb     Phrasebook
	labels []string
}

// phrase is the English phrase in the language.
func (say sayer) phrase(english string) string {
	if say.pb == nil {
		return english
	}
	return say.pb.Phrase(english)
}

// f formats a phrase as fmt does, in the language: for the names a
// Solver makes once (houses), which share the classic hints' phrases
// ("row %d").
func (say sayer) f(format string, args ...any) string {
	return fmt.Sprintf(say.phrase(format), args...)
}
