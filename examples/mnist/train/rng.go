package main

// rng is SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
// number generators", OOPSLA 2014): a fixed, documented algorithm written
// out here so that the weights do not depend on how a library's random
// numbers might change between Go releases.
type rng struct{ state uint64 }

// next returns the next 64 random bits.
func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// float64 returns a uniform number in [0, 1) with 53 random bits.
func (r *rng) float64() float64 { return float64(r.next()>>11) * 0x1p-53 }

// intn returns a uniform integer in [0, n) for n > 0, by rejection so that
// no value is favoured.
func (r *rng) intn(n int) int {
	bound := uint64(n)
	limit := -bound % bound // 2^64 mod n: values below it would be favoured
	for {
		v := r.next()
		if v >= limit {
			return int(v % bound)
		}
	}
}

// shuffle permutes p uniformly (Fisher and Yates, Durstenfeld's version).
func (r *rng) shuffle(p []int32) {
	for i := len(p) - 1; i > 0; i-- {
		j := r.intn(i + 1)
		p[i], p[j] = p[j], p[i]
	}
}
