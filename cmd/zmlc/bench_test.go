package main

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/zmlc/zmlc/emit"
)

func TestPercentile(t *testing.T) {
	var sorted []time.Duration
	for i := 1; i <= 100; i++ {
		sorted = append(sorted, time.Duration(i)*time.Millisecond)
	}
	for _, c := range []struct {
		p    float64
		want time.Duration
	}{{50, 50}, {90, 90}, {99, 99}, {100, 100}, {0.5, 1}} {
		if got := percentile(sorted, c.p); got != c.want*time.Millisecond {
			t.Errorf("p%v of 1..100 ms = %v, want %v ms", c.p, got, c.want)
		}
	}
	three := []time.Duration{1, 2, 3}
	for _, c := range []struct {
		p    float64
		want time.Duration
	}{{50, 2}, {90, 3}, {33, 1}, {34, 2}} {
		if got := percentile(three, c.p); got != c.want {
			t.Errorf("p%v of [1 2 3] = %v, want %v", c.p, got, c.want)
		}
	}
	if got := percentile(nil, 50); got != 0 {
		t.Errorf("p50 of nothing = %v", got)
	}
}

func TestBenchReport(t *testing.T) {
	// 10 runs of 1..10 ms, shuffled: the report sorts them.
	times := make([]time.Duration, 10)
	for i := range times {
		times[i] = time.Duration(i+1) * time.Millisecond
	}
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(times), func(i, j int) { times[i], times[j] = times[j], times[i] })
	batched := emit.Entry{Name: "forward", Inputs: []emit.Value{{DType: "ui8", Shape: []int64{64, 28, 28}, Dims: []string{"b", "", ""}}}}
	want := "// bench @forward: 10 runs after 1 warm-up\n" +
		"latency: p50 5.000ms  p90 9.000ms  p99 10.000ms  min 1.000ms  mean 5.500ms\n" +
		"throughput: 181.8 runs/s, 11636 items/s (b=64 items per run)\n"
	if got := benchReport(batched, 10, times); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// No symbolic leading axis: runs/s only.
	plain := emit.Entry{Name: "main", Inputs: []emit.Value{{DType: "f32", Shape: []int64{64, 3}}}}
	want = "// bench @main: 1 run after 1 warm-up\n" +
		"latency: p50 42.0us  p90 42.0us  p99 42.0us  min 42.0us  mean 42.0us\n" +
		"throughput: 23809.5 runs/s\n"
	if got := benchReport(plain, 1, []time.Duration{42 * time.Microsecond}); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	if b, name := batchSize(emit.Entry{}); b != 0 || name != "" {
		t.Errorf("batchSize of an entry without inputs = %d, %q", b, name)
	}
}
