package sample

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestMatchesRunC replays run.c's sampler on synthetic logits (with tied
// values) for greedy, top-p, plain multinomial and top-p 1 settings and
// several seeds (testdata/README.md), comparing every token.
func TestMatchesRunC(t *testing.T) {
	f, err := os.Open("testdata/runc_sample.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	lines := 0
	for sc.Scan() {
		settings, ids, _ := strings.Cut(sc.Text(), ": ")
		var p [3]float64
		for i, s := range strings.Fields(settings) {
			p[i], _ = strconv.ParseFloat(s, 64)
		}
		s := New(float32(p[0]), float32(p[1]), uint64(p[2]))
		logits := make([]float32, 512)
		for step, want := range strings.Fields(ids) {
			for i := range logits {
				logits[i] = float32((i*7919+step*104729)%1000)/100.0 - 5.0
			}
			if got := s.Sample(logits); strconv.Itoa(got) != want {
				t.Fatalf("%s step %d: got %d, run.c %s", settings, step, got, want)
			}
		}
		lines++
	}
	if lines != 6 {
		t.Fatalf("%d settings read", lines)
	}
}

// TestRandomF32Range draws many coins: each lies in [0, 1).
func TestRandomF32Range(t *testing.T) {
	s := New(1, 0, 1)
	for range 100000 {
		if f := s.RandomF32(); f < 0 || f >= 1 {
			t.Fatalf("RandomF32 = %v", f)
		}
	}
}
