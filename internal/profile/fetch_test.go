package profile

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestFetchTimeout: a server that takes the connection and never answers
// is given up on after the timeout, with one line that says so.
func TestFetchTimeout(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			defer c.Close()
		}
	}()
	url := "http://" + ln.Addr().String() + "/debug/pprof/allocs"
	start := time.Now()
	_, err = Fetch{Timeout: 300 * time.Millisecond}.Load(context.Background(), url)
	took := time.Since(start)
	want := "cannot fetch profile from " + url + ": no profile within 300ms: is the server stuck? Raise -timeout if it needs longer"
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
	if took > 5*time.Second {
		t.Errorf("took %v with a timeout of 300ms", took)
	}
}

// TestFetchSeconds: -seconds asks the server for a profile of that long,
// and lengthens the default timeout as go tool pprof does; it means
// nothing for a file.
func TestFetchSeconds(t *testing.T) {
	gz := heapProfile(t)
	asked := make(chan string, 1)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{ReadHeaderTimeout: 5 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked <- r.URL.RawQuery
		w.Write(gz)
	})}
	go srv.Serve(ln)
	defer srv.Close()
	if _, err := (Fetch{Seconds: 3}).Load(context.Background(), "http://"+ln.Addr().String()+"/debug/pprof/allocs?debug=0"); err != nil {
		t.Fatal(err)
	}
	if q := <-asked; q != "debug=0&seconds=3" {
		t.Errorf("query %q, want debug=0&seconds=3", q)
	}
	for _, tc := range []struct {
		f    Fetch
		want time.Duration
	}{
		{Fetch{}, DefaultFetchTimeout},
		{Fetch{Seconds: 30}, 45 * time.Second},
		{Fetch{Seconds: 30, Timeout: time.Second}, time.Second},
	} {
		if got := tc.f.timeout(); got != tc.want {
			t.Errorf("%+v: timeout %v, want %v", tc.f, got, tc.want)
		}
	}
	file := filepath.Join(t.TempDir(), "heap.pprof")
	if err := os.WriteFile(file, gz, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := (Fetch{Seconds: 3}).Load(context.Background(), file); err == nil || !strings.Contains(err.Error(), "-seconds") {
		t.Errorf("-seconds with a file: err = %v, want one about -seconds", err)
	}
}
