package pool_test

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/squashgo/squash/pool"
)

func Example() {
	b := pool.Get()
	defer pool.Put(b)
	b.WriteString("hello, ")
	b.Write([]byte("world"))
	fmt.Println(b.String())
	// Output: hello, world
}

func ExampleGetCap() {
	b := pool.GetCap(10_000)
	defer pool.Put(b)
	fmt.Println(b.Len(), b.Cap() >= 10_000)
	// Output: 0 true
}

func ExampleBuffers() {
	var responses pool.Buffers // the zero value is ready
	for i := range 3 {
		b := responses.Get()
		fmt.Fprintf(b, "response %d\n", i)
		b.WriteTo(os.Stdout)
		responses.Put(b)
	}
	// Output:
	// response 0
	// response 1
	// response 2
}

func ExampleBuffers_Put() {
	var p pool.Buffers
	b := p.Get()
	p.Put(b)
	p.Put(b)   // a second Put is ignored
	p.Put(nil) // and so is nil
	fmt.Println(p.Get() != p.Get())
	// Output: true
}

func ExampleBuffers_SetCalibration() {
	var p pool.Buffers
	if err := p.SetCalibration(pool.Calibration{Percentile: 0.99, MaxPercentile: 0.999}); err != nil {
		fmt.Println(err)
	}
	err := p.SetCalibration(pool.Calibration{Percentile: 1.5})
	fmt.Println(err)
	// Output: pool: Percentile 1.5 is outside (0, 1]: use a share such as 0.9
}

func ExampleBuffers_Limits() {
	var p pool.Buffers
	for range 5000 {
		b := p.Get()
		b.WriteString(strings.Repeat("x", 3000))
		p.Put(b)
	}
	def, limit := p.Limits()
	fmt.Println(def, limit)
	// Output: 4096 4096
}

func ExampleBuffer_AvailableBuffer() {
	b := pool.Get()
	defer pool.Put(b)
	for i := range 3 {
		b.Write(strconv.AppendInt(b.AvailableBuffer(), int64(i*i), 10))
		b.WriteByte(' ')
	}
	fmt.Println(b.String())
	// Output: 0 1 4
}

func ExampleBuffer_ReadFrom() {
	b := pool.Get()
	defer pool.Put(b)
	n, err := b.ReadFrom(strings.NewReader("read all of it"))
	fmt.Println(n, err, b.String())
	// Output: 14 <nil> read all of it
}

func ExamplePool() {
	var ids pool.Pool[int]
	s := ids.GetCap(100)
	for i := range 5 {
		s.S = append(s.S, i*10)
	}
	fmt.Println(s.S, cap(s.S) >= 100)
	ids.Put(s)
	// Output: [0 10 20 30 40] true
}

func ExamplePool_Get() {
	var p pool.Pool[string]
	s := p.Get()
	s.S = append(s.S, "a", "b")
	fmt.Println(len(s.S))
	p.Put(s) // clears the strings so the pool pins nothing
	// Output: 2
}
