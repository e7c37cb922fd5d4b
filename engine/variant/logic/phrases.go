package logic

import (
	"fmt"
	"strconv"
	"strings"

	classic "github.com/pressrun/pressrun/engine/logic"
)

// Phrasebook gives the step texts' phrases in a language: the classic
// hints' (logic.Phrasebook), whose words the variant texts share, so
// that a book says "row", "box" and "naked pair" alike in both.
type Phrasebook = classic.Phrasebook

// sayer says the step texts in a phrasebook's language; the zero value
// (no phrasebook) says them in English, the phrases as written, without
// a lookup, since every solve says a text for every step, rating or not.
//
// Every phrase a step text says passes through say.f, say.s or say.w
// with a literal English first argument (technique names through
// say.name, as Technique.String gives them): templates/words reads them
// from this package's source to hold each language to all of them.
//
// labels, when not nil, are the symbols as a book prints them (a 16x16's
// "10" to "16"), and sep what goes between two of them in a list: "" for
// one character each, "," otherwise.
type sayer struct {
	pb     Phrasebook
	labels []string
	sep    string
}

// phrase is the English phrase in the language.
func (say sayer) phrase(english string) string {
	if say.pb == nil {
		return english
	}
	return say.pb.Phrase(english)
}

// w is a word or a phrase without arguments, in the language.
func (say sayer) w(english string) string { return say.phrase(english) }

// f formats a phrase as fmt does, in the language: for the names a
// Solver makes once (houses, cages), which share the classic hints'
// phrases ("row %d").
func (say sayer) f(format string, args ...any) string {
	return fmt.Sprintf(say.phrase(format), args...)
}

// s fills a phrase whose verbs are all %s (or %[n]s, a translation's
// reordering) with args, in the language: the step texts, said on every
// step, without fmt's reflection.
func (say sayer) s(format string, args ...string) string {
	return fill(say.phrase(format), args)
}

// name is technique t as the step texts name it.
func (say sayer) name(t Technique) string { return say.phrase(t.String()) }

// num is n in figures, for s.
func num(n int) string { return strconv.Itoa(n) }

// fill puts args in format's %s verbs, in order, or at %[n]s the n-th
// (and the ones after it next, as fmt does); %% is a percent sign. A verb
// without its argument says so as fmt would; other verbs are not for it
// (TestHintPhrases holds every translation to the English verbs).
func fill(format string, args []string) string {
	size := len(format) - 2*len(args) // exact for a format of plain %s verbs, one an argument
	for _, a := range args {
		size += len(a)
	}
	var sb strings.Builder
	sb.Grow(size)
	next := 0
	for {
		i := strings.IndexByte(format, '%')
		if i < 0 {
			sb.WriteString(format)
			return sb.String()
		}
		sb.WriteString(format[:i])
		format = format[i+1:]
		if format == "" {
			sb.WriteString("%!(NOVERB)")
			return sb.String()
		}
		if format[0] == '%' {
			sb.WriteByte('%')
			format = format[1:]
			continue
		}
		bad := false
		if format[0] == '[' {
			j := strings.IndexByte(format, ']')
			k, err := strconv.Atoi(format[1:max(j, 1)])
			bad = j < 0 || err != nil || k < 1 || k > len(args)
			if j >= 0 {
				next, format = k-1, format[j+1:]
			}
		}
		if format == "" || format[0] != 's' {
			sb.WriteString("%!(BADVERB)")
			continue
		}
		format = format[1:]
		switch {
		case bad:
			sb.WriteString("%!s(BADINDEX)")
		case next < 0 || next >= len(args):
			sb.WriteString("%!s(MISSING)")
		default:
			sb.WriteString(args[next])
		}
		next++
	}
}
