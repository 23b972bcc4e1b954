package main

import (
	"fmt"
	"os"
	"testing"
)

// BenchmarkMNIST reports images/s for both models at batch 1 and 64, on
// the wasm target and on the reference interpreter: one op is one batch.
//
//	go test -run XXX -bench MNIST -benchtime 20x ./examples/mnist/
func BenchmarkMNIST(b *testing.B) {
	set := testSet(b)
	for _, name := range []string{"mlp", "cnn"} {
		m := models[name]
		w := findFile(m.weights)
		if _, err := os.Stat(w); err != nil {
			b.Logf("%s: weights %s missing, skipped", name, m.weights)
			continue
		}
		for _, target := range []string{"wasm", "interp"} {
			for _, batch := range []int{1, 64} {
				b.Run(fmt.Sprintf("%s/%s/b%d", name, target, batch), func(b *testing.B) {
					c, err := newClassifier(m, target, w, batch, 0)
					if err != nil {
						b.Fatal(err)
					}
					defer c.close()
					b.ResetTimer()
					for i := range b.N {
						at := (i * batch) % (set.Len() - batch)
						if _, err := c.classify(set.Batch(at, batch), batch); err != nil {
							b.Fatal(err)
						}
					}
					b.ReportMetric(float64(batch*b.N)/b.Elapsed().Seconds(), "images/s")
				})
			}
		}
	}
}
