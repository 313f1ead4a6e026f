package decoder

import (
	"bytes"
	"sync"
)

// DecodeAll decodes each of inputs on up to workers goroutines, each with its
// own StreamDecoder and output buffer (the article's concurrent stage). The
// i-th result is the decoding of inputs[i]; the first error in input order is
// returned.
func DecodeAll(inputs [][]byte, workers int) ([][]byte, error) {
	workers = max(1, min(workers, len(inputs)))
	results := make([][]byte, len(inputs))
	errs := make([]error, len(inputs))
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			var d StreamDecoder
			var rd bytes.Reader
			var out bytes.Buffer
			for i := w; i < len(inputs); i += workers {
				rd.Reset(inputs[i])
				out.Reset()
				errs[i] = d.Decode(&rd, &out)
				results[i] = bytes.Clone(out.Bytes())
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return results, nil
}
