package main

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
)

// benchmark runs entry n times on inputs (after the caller's warm-up run)
// and returns each run's wall time, in order.
func benchmark(ctx context.Context, rt *runtime.Runtime, entry string, inputs []*ir.Tensor, n int) ([]time.Duration, error) {
	times := make([]time.Duration, n)
	for i := range times {
		start := time.Now()
		if _, err := rt.Run(ctx, entry, inputs); err != nil {
			return nil, err
		}
		times[i] = time.Since(start)
	}
	return times, nil
}

// percentile returns the p-th percentile (0 < p <= 100) of sorted by the
// nearest-rank method: the smallest value with at least p% of the values
// at or below it.
func percentile(sorted []time.Duration, p float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	k := int(math.Ceil(float64(len(sorted))*p/100)) - 1
	return sorted[max(0, min(k, len(sorted)-1))]
}

// batchSize returns the leading dimension of the entry's first input when
// that axis is a symbolic dimension bound at compile time (`b=?` with
// --dim b=N): the number of items one run processes. It returns 0, "" when
// there is none.
func batchSize(e emit.Entry) (int64, string) {
	if len(e.Inputs) == 0 {
		return 0, ""
	}
	in := e.Inputs[0]
	if len(in.Shape) == 0 || len(in.Dims) == 0 || in.Dims[0] == "" {
		return 0, ""
	}
	return in.Shape[0], in.Dims[0]
}

// benchReport formats the timings of n runs of entry:
//
//	// bench @forward: 20 runs after 1 warm-up
//	latency: p50 1.234ms  p90 1.5ms  p99 2.1ms  min 1.1ms  mean 1.3ms
//	throughput: 800.1 runs/s, 51206 items/s (b=64 items per run)
//
// Throughput is n over the total time; items/s appears when the first
// input's leading axis is a bound symbolic dimension (batchSize).
func benchReport(e emit.Entry, n int, times []time.Duration) string {
	sorted := slices.Clone(times)
	slices.Sort(sorted)
	var total time.Duration
	for _, d := range times {
		total += d
	}
	var sb strings.Builder
	runsWord := "runs"
	if n == 1 {
		runsWord = "run"
	}
	fmt.Fprintf(&sb, "// bench @%s: %d %s after 1 warm-up\n", e.Name, n, runsWord)
	fmt.Fprintf(&sb, "latency: p50 %s  p90 %s  p99 %s  min %s  mean %s\n",
		fmtDuration(percentile(sorted, 50)), fmtDuration(percentile(sorted, 90)),
		fmtDuration(percentile(sorted, 99)), fmtDuration(sorted[0]), fmtDuration(total/time.Duration(n)))
	secs := total.Seconds()
	if secs <= 0 {
		secs = 1e-9
	}
	runs := float64(n) / secs
	fmt.Fprintf(&sb, "throughput: %.1f runs/s", runs)
	if b, name := batchSize(e); b > 0 {
		fmt.Fprintf(&sb, ", %.0f items/s (%s=%d items per run)", runs*float64(b), name, b)
	}
	sb.WriteString("\n")
	return sb.String()
}

// fmtDuration prints d in milliseconds with 3 decimals, or microseconds
// below 0.1 ms.
func fmtDuration(d time.Duration) string {
	if d < 100*time.Microsecond {
		return fmt.Sprintf("%.1fus", float64(d)/float64(time.Microsecond))
	}
	return fmt.Sprintf("%.3fms", float64(d)/float64(time.Millisecond))
}
