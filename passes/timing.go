package passes

import (
	"fmt"
	"io"
	"strings"
	"time"
)

// TimingEntry is one line of a timing report: a name (`CSE`, `Parser`), its
// nesting depth (0 for top level) and its wall time.
type TimingEntry struct {
	Name  string
	Depth int
	Wall  time.Duration
}

// Timing collects wall times for a report in mlir-opt's --mlir-timing
// format. The pass manager adds one entry per pass; a tool adds its own
// phases around it (`Parser`, `Output`), as mlir-opt does.
type Timing struct {
	Entries []TimingEntry
}

// Add appends an entry.
func (t *Timing) Add(name string, depth int, wall time.Duration) {
	t.Entries = append(t.Entries, TimingEntry{Name: name, Depth: depth, Wall: wall})
}

// timingRule is the report's frame line, as in mlir-opt.
const timingRule = "===" + "-------------------------------------------------------------------------" + "==="

// WriteReport writes the report as mlir-opt-19 --mlir-timing does:
//
//	===-------------------------------------------------------------------------===
//	                         ... Execution time report ...
//	===-------------------------------------------------------------------------===
//	  Total Execution Time: 0.0010 seconds
//
//	  ----Wall Time----  ----Name----
//	    0.0004 ( 44.5%)  Parser
//	    0.0000 (  2.4%)  CSE
//	    0.0004 ( 44.7%)  Rest
//	    0.0010 (100.0%)  Total
//
// total is the whole run's wall time; the part of it no top-level entry
// accounts for is reported as `Rest`. A total smaller than the entries' sum
// is raised to that sum.
func (t *Timing) WriteReport(w io.Writer, total time.Duration) error {
	var sum time.Duration
	for _, e := range t.Entries {
		if e.Depth == 0 {
			sum += e.Wall
		}
	}
	if total < sum {
		total = sum
	}
	var b strings.Builder
	b.WriteString(timingRule + "\n")
	b.WriteString("                         ... Execution time report ...\n")
	b.WriteString(timingRule + "\n")
	fmt.Fprintf(&b, "  Total Execution Time: %.4f seconds\n\n", total.Seconds())
	b.WriteString("  ----Wall Time----  ----Name----\n")
	line := func(name string, depth int, d time.Duration) {
		pct := 100.0
		if total > 0 {
			pct = 100 * d.Seconds() / total.Seconds()
		}
		fmt.Fprintf(&b, "  %8.4f (%5.1f%%)  %s%s\n", d.Seconds(), pct, strings.Repeat("  ", depth), name)
	}
	for _, e := range t.Entries {
		line(e.Name, e.Depth, e.Wall)
	}
	line("Rest", 0, total-sum)
	line("Total", 0, total)
	_, err := io.WriteString(w, b.String())
	return err
}
