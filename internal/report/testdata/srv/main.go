// Command srv is a service whose code is all in package main, as many
// are: it serves /work, which allocates, and net/http/pprof's profiles.
// It prints the address it listens on, on 127.0.0.1, as its first line.
package main

import (
	"fmt"
	"log"
	"net"
	"net/http"
	_ "net/http/pprof"
)

// kept holds the last buffer, so that each one is allocated on the heap.
var kept []byte

// work allocates n buffers of 64 KiB, one at a time.
func work(n int) int {
	total := 0
	for range n {
		kept = make([]byte, 64<<10)
		total += len(kept)
	}
	return total
}

func main() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(ln.Addr())
	http.HandleFunc("/work", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, work(512))
	})
	log.Fatal(http.Serve(ln, nil))
}
