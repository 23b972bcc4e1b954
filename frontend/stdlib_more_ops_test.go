package frontend

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// Numeric tests of the scan, sort, index, dimension and statistics
// built-ins against hand-worked values.

func TestCumulativeNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[a=2, c=3]) -> (f32[a, c], f32[a, c], f32[a, c]) {
	  return x.cumsum(c), x.cumprod(c), x.cumsum(a) } }`
	// [[1, 2, 3], [4, 5, 6]]
	got := run(t, src, "f", f32s([]int64{2, 3}, 1, 2, 3, 4, 5, 6))
	near(t, got[0], 0, 1, 3, 6, 4, 9, 15)
	near(t, got[1], 0, 1, 2, 6, 4, 20, 120)
	near(t, got[2], 0, 1, 2, 3, 5, 7, 9)
}

func TestSortNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[n=5]) -> (f32[n], i32[n], f32[n], i32[n]) {
	  return x.sort(), x.argsort(), x.sort(descending: true), x.argsort(descending: true) }
	  fn g(x: f32[r=2, n=4]) -> (f32[r, k], i32[r, k]) {
	    let v, i = x.topk(2)
	    return v.rename(n: k), i.rename(n: k) } }`
	// 3, 1, 4, 1, 5: the two 1s keep their index order (stable).
	got := run(t, src, "f", f32s([]int64{5}, 3, 1, 4, 1, 5))
	near(t, got[0], 0, 1, 1, 3, 4, 5)
	exact(t, got[1], 1, 3, 0, 2, 4)
	near(t, got[2], 0, 5, 4, 3, 1, 1)
	exact(t, got[3], 4, 2, 0, 1, 3)
	got = run(t, `model M { fn g(x: f32[r=2, n=4]) -> (f32[r, k=2], i32[r, k]) {
	    let v, i = x.topk(2)
	    return v.rename(n: k), i.rename(n: k) } }`, "g", f32s([]int64{2, 4}, 0.5, 2, 2, -1, 7, 8, 9, 6))
	near(t, got[0], 0, 2, 2, 9, 8)
	exact(t, got[1], 1, 2, 2, 1)
}

func TestGatherScatterUpdateNumbers(t *testing.T) {
	src := `model M {
	  fn g(x: f32[a=3, c=2], ids: i32[k=2]) -> (f32[k, c], f32[a, k]) {
	    return x.gather(ids, axis: a), x.gather(ids.convert(i32) * 0 + 1, axis: c).rename(k: k) }
	  fn s(x: f32[a=3, c=2], ids: i32[k=2], u: f32[k, c]) -> (f32[a, c], f32[a, c]) {
	    return x.scatter(ids, u, axis: a), x.scatter(ids, u, axis: a, mode: "add") }
	  fn u(cache: f32[b=1, s=4, d=2], kv: f32[b, 1, d], pos: i32) -> f32[b, s, d] {
	    return cache.update(kv, at: [0, pos, 0]) } }`
	x := f32s([]int64{3, 2}, 1, 2, 3, 4, 5, 6)
	got := run(t, src, "g", x, i32s([]int64{2}, 2, 0))
	near(t, got[0], 0, 5, 6, 1, 2)
	near(t, got[1], 0, 2, 2, 4, 4, 6, 6)
	// Indices 2 and 2: replace leaves one of the two updates (unspecified
	// which), add adds both.
	got = run(t, src, "s", x, i32s([]int64{2}, 0, 2), f32s([]int64{2, 2}, 10, 20, 30, 40))
	near(t, got[0], 0, 10, 20, 3, 4, 30, 40)
	near(t, got[1], 0, 11, 22, 3, 4, 35, 46)
	cache := f32s([]int64{1, 4, 2})
	got = run(t, src, "u", cache, f32s([]int64{1, 1, 2}, 7, 8), ir.Scalar(ir.I32, int64(2)))
	near(t, got[0], 0, 0, 0, 0, 0, 7, 8, 0, 0)
	// A position past the end is clamped so that the block fits (spec).
	got = run(t, src, "u", cache, f32s([]int64{1, 1, 2}, 7, 8), ir.Scalar(ir.I32, int64(9)))
	near(t, got[0], 0, 0, 0, 0, 0, 0, 0, 7, 8)
}

func TestPadStackSqueezeFlipNumbers(t *testing.T) {
	src := `model M {
	  fn p(x: f32[a=2, c=2]) -> (f32[a, 5], f32[4, 2]) {
	    return x.pad(c: [1, 2], value: -1.0), pad(x, [[1, 1], [0, 0]]) }
	  fn s(x: f32[c=2], y: f32[c]) -> (f32[2, c], f32[c, n=2], f32[c], f32[1, c, 1]) {
	    return stack(x, y), stack(x, y, axis: 1, name: n), x.unsqueeze(0).squeeze(), x.unsqueeze(0).unsqueeze(-1) }
	  fn f(x: f32[a=2, c=2]) -> (f32[a, c], f32[a, c]) { return x.flip(c), x.flip() } }`
	x := f32s([]int64{2, 2}, 1, 2, 3, 4)
	got := run(t, src, "p", x)
	near(t, got[0], 0, -1, 1, 2, -1, -1, -1, 3, 4, -1, -1)
	near(t, got[1], 0, 0, 0, 1, 2, 3, 4, 0, 0)
	got = run(t, src, "s", f32s([]int64{2}, 1, 2), f32s([]int64{2}, 3, 4))
	near(t, got[0], 0, 1, 2, 3, 4)
	near(t, got[1], 0, 1, 3, 2, 4)
	near(t, got[2], 0, 1, 2)
	near(t, got[3], 0, 1, 2)
	got = run(t, src, "f", x)
	near(t, got[0], 0, 2, 1, 4, 3)
	near(t, got[1], 0, 4, 3, 2, 1)
}

func TestStatsNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[a=2, c=4]) -> (f32[a], f32[a], f32[a], f32[a, c], f32[a, c], i32[a, c]) {
	  return x.var(c), x.std(c, ddof: 1), x.logsumexp(c), x.sum(c, keepdims: true) * 1.0 + x * 0.0, x - x.mean(c, keepdims: true), x.argmax(c, keepdims: true) + zeros(i32[a, c]) } }`
	// Row 0: 1, 2, 3, 4: mean 2.5, squared deviations 5, var 1.25, sample
	// std sqrt(5/3). Row 1: four -inf: logsumexp -inf (not NaN).
	inf := math.Inf(-1)
	got := run(t, src, "f", f32s([]int64{2, 4}, 1, 2, 3, 4, 0, 0, 0, 0))
	near(t, got[0], 1e-6, 1.25, 0)
	near(t, got[1], 1e-6, math.Sqrt(5.0/3), 0)
	// log(e + e^2 + e^3 + e^4) = 4.44018970; log(4) = 1.38629436.
	near(t, got[2], 1e-5, 4.44018970, 1.38629436)
	near(t, got[3], 0, 10, 10, 10, 10, 0, 0, 0, 0)
	near(t, got[4], 0, -1.5, -0.5, 0.5, 1.5, 0, 0, 0, 0)
	exact(t, got[5], 3, 3, 3, 3, 0, 0, 0, 0)
	got = run(t, `model M { fn f(x: f32[c=2]) -> f32 { return x.logsumexp() } }`, "f", f32s([]int64{2}, inf, inf))
	if !math.IsInf(got[0].F[0], -1) {
		t.Fatalf("logsumexp of -inf, -inf = %v, want -inf", got[0].F[0])
	}
}

func TestActivationNumbers(t *testing.T) {
	src := `model M { fn f(x: f32[n=3]) -> (f32[n], f32[n], f32[n], f32[n]) {
	  return leaky_relu(x), x.leaky_relu(slope: 0.5), softplus(x), elu(x, alpha: 2.0) } }`
	got := run(t, src, "f", f32s([]int64{3}, -2, 0, 30))
	near(t, got[0], 1e-7, -0.02, 0, 30)
	near(t, got[1], 0, -1, 0, 30)
	// log(1 + e^-2) = 0.12692801, log 2, 30 + log1p(e^-30).
	near(t, got[2], 1e-6, 0.12692801, math.Ln2, 30)
	// 2 (e^-2 - 1) = -1.72932943.
	near(t, got[3], 1e-6, -1.72932943, 0, 30)
}

func TestBitcastAndF8Numbers(t *testing.T) {
	src := `model M {
	  fn b(x: f32[n=2]) -> (i32[n], u8[n, 4]) { return x.bitcast(i32), x.bitcast(u8) }
	  fn e(x: f32[n=3]) -> (f32[n], f32[n]) {
	    return x.convert(f8e4m3fn).convert(f32), x.convert(f8e5m2).convert(f32) } }`
	got := run(t, src, "b", f32s([]int64{2}, 1, -2))
	// 1.0 = 0x3F800000, -2.0 = 0xC0000000; u8 pieces least significant first.
	exact(t, got[0], 0x3F800000, -0x40000000)
	exact(t, got[1], 0, 0, 0x80, 0x3F, 0, 0, 0, 0xC0)
	// E4M3 has 3 mantissa bits: 0.3 lies between 0.28125 and 0.3125 and
	// rounds to 0.3125; E5M2 has 2: between 0.25 and 0.3125, nearer 0.3125.
	// 448 is E4M3's largest finite value; 1.0 is exact in both.
	got = run(t, src, "e", f32s([]int64{3}, 0.3, 448, 1))
	near(t, got[0], 0, 0.3125, 448, 1)
	near(t, got[1], 0, 0.3125, 448, 1)
}

// TestClampNamedBounds checks clamp with a bound of fewer named dimensions
// than x: it aligns by name (lo f32[c] against x f32[a, c] with a = c in
// size, where right alignment would pick the wrong dimension).
func TestClampNamedBounds(t *testing.T) {
	src := `model M { fn f(x: f32[a=2, c=2], lo: f32[c]) -> f32[a, c] { return clamp(x, lo, 10.0) } }`
	got := run(t, src, "f", f32s([]int64{2, 2}, 0, 0, 5, 5), f32s([]int64{2}, 1, 6))
	near(t, got[0], 0, 1, 6, 5, 6)
}

// TestBroadcastByNameNumbers checks the alignment rules on values: a
// reduced tensor against x by name on either side, a transposed operand,
// an outer product.
func TestBroadcastByNameNumbers(t *testing.T) {
	src := `model M {
	  fn f(x: f32[a=2, c=2], y: f32[c, a]) -> (f32[a, c], f32[a, c], f32[a, c]) {
	    return x - x.sum(c), x.sum(c) - x, x + y }
	  fn g(u: f32[a=2], v: f32[c=3]) -> f32[a, c] { return u * v } }`
	// x = [[1, 2], [3, 4]], row sums 3 and 7; y = [[10, 20], [30, 40]] is
	// y[c][a], so (x + y)[a][c] = x[a][c] + y[c][a].
	got := run(t, src, "f", f32s([]int64{2, 2}, 1, 2, 3, 4), f32s([]int64{2, 2}, 10, 20, 30, 40))
	near(t, got[0], 0, -2, -1, -4, -3)
	near(t, got[1], 0, 2, 1, 4, 3)
	near(t, got[2], 0, 11, 32, 23, 44)
	got = run(t, src, "g", f32s([]int64{2}, 1, 2), f32s([]int64{3}, 1, 10, 100))
	near(t, got[0], 0, 1, 10, 100, 2, 20, 200)
}
