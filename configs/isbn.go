package configs

import (
	"errors"
	"fmt"
	"strings"
)

// ErrISBN is wrapped by ParseISBN's errors.
var ErrISBN = errors.New("not an ISBN")

// ISBNError is an ISBN that does not parse or whose check digit is wrong;
// Want is the check digit its other digits give, when they could be read.
type ISBNError struct {
	Text string
	Msg  string
	Want string
}

func (e *ISBNError) Error() string { return fmt.Sprintf("ISBN %q: %s", e.Text, e.Msg) }
func (e *ISBNError) Unwrap() error { return ErrISBN }

// ParseISBN reads an ISBN-10 or ISBN-13 as a publisher writes it, with
// hyphens or spaces between the groups or none, and checks its check
// digit (ISO 2108: ISBN-10 weights 10 down to 1, modulo 11, X for 10;
// ISBN-13 weights 1 and 3 alternately, modulo 10, with the prefix 978 or
// 979). It returns the digits alone ("9781234567897"), the last of an
// ISBN-10 possibly "X".
func ParseISBN(text string) (string, error) {
	fail := func(format string, args ...any) (string, error) {
		return "", &ISBNError{Text: text, Msg: fmt.Sprintf(format, args...)}
	}
	var digits []byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case c >= '0' && c <= '9':
			digits = append(digits, c)
		case c == 'X' || c == 'x':
			digits = append(digits, 'X')
		case c == '-' || c == ' ':
		default:
			return fail("%q is not a digit, a hyphen or a space", c)
		}
	}
	s := string(digits)
	if i := strings.IndexByte(s, 'X'); i >= 0 && (len(s) != 10 || i != 9) {
		return fail("X may only be the last digit of an ISBN-10")
	}
	var want byte
	switch len(s) {
	case 10:
		sum := 0
		for i := 0; i < 9; i++ {
			sum += (10 - i) * int(s[i]-'0')
		}
		check := (11 - sum%11) % 11
		want = byte('0' + check)
		if check == 10 {
			want = 'X'
		}
	case 13:
		if !strings.HasPrefix(s, "978") && !strings.HasPrefix(s, "979") {
			return fail("an ISBN-13 begins with 978 or 979")
		}
		sum := 0
		for i := 0; i < 12; i++ {
			w := 1
			if i%2 == 1 {
				w = 3
			}
			sum += w * int(s[i]-'0')
		}
		want = byte('0' + (10-sum%10)%10)
	default:
		return fail("%d digits: an ISBN has 10 or 13", len(s))
	}
	if s[len(s)-1] != want {
		return "", &ISBNError{Text: text, Want: string(want),
			Msg: fmt.Sprintf("the check digit is %c, but the other digits give %c: a digit is mistyped", s[len(s)-1], want)}
	}
	return s, nil
}
