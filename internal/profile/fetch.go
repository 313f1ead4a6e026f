package profile

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/google/pprof/profile"
)

// A Fetch says how Load takes a profile from a URL. The zero value takes
// what the server has, and gives up after DefaultFetchTimeout.
type Fetch struct {
	// Seconds, if above 0, asks the server for a profile of that many
	// seconds (?seconds=N, as go tool pprof -seconds): net/http/pprof then
	// waits that long and serves the difference of two profiles, the
	// allocations made meanwhile, instead of those since the program
	// started.
	Seconds int
	// Timeout bounds a fetch, from the request to the last byte: 0 means
	// DefaultFetchTimeout, or Seconds and half again where Seconds is
	// set, as go tool pprof does; a negative Timeout, none.
	Timeout time.Duration
}

// DefaultFetchTimeout is how long a fetch may take by default, as in go
// tool pprof.
const DefaultFetchTimeout = 60 * time.Second

// timeout returns how long a fetch may take.
func (f Fetch) timeout() time.Duration {
	switch {
	case f.Timeout != 0:
		return f.Timeout
	case f.Seconds > 0:
		d := time.Duration(f.Seconds) * time.Second
		return d + d/2
	}
	return DefaultFetchTimeout
}

// Load reads a profile from a file (gzipped or not) or from an http(s) URL
// such as http://127.0.0.1:6060/debug/pprof/allocs.
func (f Fetch) Load(ctx context.Context, src string) (*profile.Profile, error) {
	var data []byte
	if u, err := url.Parse(src); err == nil && (u.Scheme == "http" || u.Scheme == "https") {
		data, err = f.fetch(ctx, u)
		if err != nil {
			return nil, err
		}
	} else {
		if f.Seconds > 0 {
			return nil, fmt.Errorf("-seconds asks a server for a profile of that long, and %s is a file: drop -seconds, or give the profile's URL", src)
		}
		file, err := os.Open(src)
		if err != nil {
			return nil, fmt.Errorf("cannot read profile: %w", err)
		}
		defer file.Close()
		data, err = io.ReadAll(io.LimitReader(file, maxProfileBytes))
		if err != nil {
			return nil, fmt.Errorf("cannot read profile %s: %w", src, err)
		}
	}
	p, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", src, err)
	}
	return p, nil
}

func (f Fetch) fetch(ctx context.Context, u *url.URL) ([]byte, error) {
	if f.Seconds > 0 {
		c := *u
		q := c.Query()
		q.Set("seconds", strconv.Itoa(f.Seconds))
		c.RawQuery = q.Encode()
		u = &c
	}
	timeout := f.timeout()
	fctx, cancel := ctx, context.CancelFunc(func() {})
	if timeout > 0 {
		fctx, cancel = context.WithTimeout(ctx, timeout)
	}
	defer cancel()
	req, err := http.NewRequestWithContext(fctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, fmt.Errorf("bad profile URL %s: %w", u, err)
	}
	late := func() error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if fctx.Err() != nil { // out of time
			return fmt.Errorf("cannot fetch profile from %s: no profile within %v: is the server stuck? Raise -timeout if it needs longer", u.Redacted(), timeout)
		}
		return nil
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		if e := late(); e != nil {
			return nil, e
		}
		return nil, fmt.Errorf("cannot fetch profile from %s: %v; is the server running with net/http/pprof?", u.Redacted(), rootCause(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("cannot fetch profile from %s: %s", u.Redacted(), strings.TrimSpace(resp.Status))
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxProfileBytes))
	if err != nil {
		if e := late(); e != nil {
			return nil, e
		}
		return nil, fmt.Errorf("reading profile from %s: %w", u.Redacted(), err)
	}
	if ct := resp.Header.Get("Content-Type"); strings.HasPrefix(ct, "text/html") {
		return nil, fmt.Errorf("%s served a web page, not a profile: use the profile's own URL, such as /debug/pprof/allocs", u.Redacted())
	}
	return data, nil
}
