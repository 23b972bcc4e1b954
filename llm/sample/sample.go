// Package sample picks the next token from a model's logits exactly as
// llama2.c's run.c does (karpathy/llama2.c, run.c: sample, sample_argmax,
// sample_mult, sample_topp, random_u32, random_f32), in float32 with the
// same operation order, so that a seed gives the same text:
//
//   - temperature 0: the index of the first largest logit;
//   - otherwise the logits are divided by the temperature, softmaxed
//     (max-subtracted, float32 sums in index order), a coin in [0, 1) is
//     drawn from the xorshift RNG, and either sampled from the whole
//     distribution (top-p ≤ 0 or ≥ 1) or from the nucleus: the
//     probabilities ≥ (1−topp)/(n−1) sorted in decreasing order (stably:
//     glibc's qsort merge sort), cut after the first index where the
//     running sum exceeds topp, the coin scaled by that sum.
package sample

import (
	"math"
	"slices"
)

// Sampler holds the sampling settings and the RNG state.
type Sampler struct {
	Temperature float32
	TopP        float32
	// State is the xorshift RNG state, initially the seed (run.c's
	// rng_seed; it must not be 0, which xorshift never leaves).
	State uint64

	idx []probIndex
}

type probIndex struct {
	prob  float32
	index int
}

// New returns a sampler with run.c's settings: temperature (0: greedy),
// top-p and seed.
func New(temperature, topp float32, seed uint64) *Sampler {
	return &Sampler{Temperature: temperature, TopP: topp, State: seed}
}

// RandomU32 is run.c's random_u32: xorshift64* (Marsaglia 2003; Vigna
// 2016) returning the top 32 bits.
func (s *Sampler) RandomU32() uint32 {
	s.State ^= s.State >> 12
	s.State ^= s.State << 25
	s.State ^= s.State >> 27
	return uint32((s.State * 0x2545F4914F6CDD1D) >> 32)
}

// RandomF32 is run.c's random_f32: a float32 in [0, 1) from the top 24
// bits of RandomU32.
func (s *Sampler) RandomF32() float32 {
	return float32(s.RandomU32()>>8) / 16777216.0
}

// Sample returns the next token for logits (one float32 per vocabulary
// entry). At a non-zero temperature it overwrites logits with the
// probabilities, as run.c does.
func (s *Sampler) Sample(logits []float32) int {
	if s.Temperature == 0 {
		return Argmax(logits)
	}
	for i := range logits {
		logits[i] /= s.Temperature
	}
	Softmax(logits)
	coin := s.RandomF32()
	if s.TopP <= 0 || s.TopP >= 1 {
		return sampleMult(logits, coin)
	}
	return s.sampleTopP(logits, coin)
}

// Argmax returns the index of the first largest value (run.c's
// sample_argmax).
func Argmax(x []float32) int {
	best := 0
	for i := 1; i < len(x); i++ {
		if x[i] > x[best] {
			best = i
		}
	}
	return best
}

// Softmax is run.c's softmax in place: exp(x − max) / sum, in float32.
func Softmax(x []float32) {
	maxVal := x[0]
	for _, v := range x[1:] {
		if v > maxVal {
			maxVal = v
		}
	}
	var sum float32
	for i, v := range x {
		x[i] = expf(v - maxVal)
		sum += x[i]
	}
	for i := range x {
		x[i] /= sum
	}
}

// expf is C's expf: e^x rounded to float32 (computed in float64, whose
// error is far below float32's half ULP).
func expf(x float32) float32 { return float32(math.Exp(float64(x))) }

func sampleMult(p []float32, coin float32) int {
	var cdf float32
	for i, v := range p {
		cdf += v
		if coin < cdf {
			return i
		}
	}
	return len(p) - 1
}

func (s *Sampler) sampleTopP(p []float32, coin float32) int {
	n := len(p)
	cutoff := (1 - s.TopP) / float32(n-1)
	s.idx = s.idx[:0]
	for i, v := range p {
		if v >= cutoff {
			s.idx = append(s.idx, probIndex{v, i})
		}
	}
	slices.SortStableFunc(s.idx, func(a, b probIndex) int {
		switch {
		case a.prob > b.prob:
			return -1
		case a.prob < b.prob:
			return 1
		}
		return 0
	})
	var cum float32
	last := len(s.idx) - 1
	for i, pi := range s.idx {
		cum += pi.prob
		if cum > s.TopP {
			last = i
			break
		}
	}
	r := coin * cum
	var cdf float32
	for i := 0; i <= last; i++ {
		cdf += s.idx[i].prob
		if r < cdf {
			return s.idx[i].index
		}
	}
	return s.idx[last].index
}
