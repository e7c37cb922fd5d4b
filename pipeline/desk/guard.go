package desk

import (
	"crypto/subtle"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// tokenCookie holds the token in the browser once a link gave it.
const tokenCookie = "pressrun_token"

// guarded checks every request before h sees it: the token (when the
// desk has one), the body's size, read-only, and cross-origin writes.
func (d *Desk) guarded(h http.Handler) http.Handler {
	cross := http.NewCrossOriginProtection()
	cross.SetDenyHandler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d.fail(w, r, http.StatusForbidden, "this form was sent from another site", "open the desk's own page and send it from there")
	}))
	return cross.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d.cfg.Token != "" {
			if t := r.URL.Query().Get("token"); t != "" && r.Method == http.MethodGet && d.tokenIs(t) {
				// A link with the token: keep it in a cookie and take it
				// out of the address bar.
				http.SetCookie(w, &http.Cookie{Name: tokenCookie, Value: t, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
				u := *r.URL
				q := u.Query()
				q.Del("token")
				u.RawQuery = q.Encode()
				http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
				return
			}
			if !d.tokenIs(requestToken(r)) {
				d.fail(w, r, http.StatusUnauthorized, "this desk asks for its token", "open the link with ?token= that the desk's keeper gave you")
				return
			}
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead && d.cfg.ReadOnly {
			d.fail(w, r, http.StatusForbidden, "this desk is read-only", "ask its keeper for a desk that may write (pressrun serve without --read-only)")
			return
		}
		if r.ContentLength > MaxBody {
			d.fail(w, r, http.StatusRequestEntityTooLarge, fmt.Sprintf("the request is %d bytes, more than the %d a desk takes", r.ContentLength, MaxBody), "send a smaller file")
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxBody)
		h.ServeHTTP(w, r)
	}))
}

// requestToken is the token a request carries: a bearer token or the
// desk's cookie.
func requestToken(r *http.Request) string {
	if a := r.Header.Get("Authorization"); strings.HasPrefix(a, "Bearer ") {
		return strings.TrimPrefix(a, "Bearer ")
	}
	if c, err := r.Cookie(tokenCookie); err == nil {
		return c.Value
	}
	return ""
}

// tokenIs compares in constant time, so that the time taken tells
// nothing of the token.
func (d *Desk) tokenIs(t string) bool {
	return subtle.ConstantTimeCompare([]byte(t), []byte(d.cfg.Token)) == 1
}

// logged writes one line a request: method, path, status, bytes and
// time taken.
func (d *Desk) logged(h http.Handler) http.Handler {
	if d.cfg.Log == nil {
		return h
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w, status: http.StatusOK}
		h.ServeHTTP(rec, r)
		path := r.URL.Path
		if r.URL.RawQuery != "" {
			q := r.URL.Query()
			if q.Has("token") {
				q.Set("token", "redacted")
			}
			path += "?" + q.Encode()
		}
		d.cfg.Log.Printf("%s %s %d %dB %s", r.Method, path, rec.status, rec.bytes, time.Since(start).Round(time.Microsecond))
	})
}

// recorder notes what a handler answered, for the log.
type recorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	n, err := r.ResponseWriter.Write(b)
	r.bytes += n
	return n, err
}

// Flush lets server-sent events through the recorder.
func (r *recorder) Flush() {
	if f, ok := r.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

// Loopback reports whether addr (host:port) listens on this machine
// only, where a desk needs no token.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// listen opens addr for the desk.
func listen(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("desk: listen on %s: %w", addr, err)
	}
	return ln, nil
}

// withQuery is path with the query q.
func withQuery(path string, q url.Values) string {
	if len(q) == 0 {
		return path
	}
	return path + "?" + q.Encode()
}
