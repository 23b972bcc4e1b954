package frontend

import (
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// exact checks that got's integer elements equal want.
func exact(t *testing.T, got *ir.Tensor, want ...int64) {
	t.Helper()
	if len(got.I) != len(want) {
		t.Fatalf("got %d elements %v, want %d %v", len(got.I), got.I, len(want), want)
	}
	for i := range want {
		if got.I[i] != want[i] {
			t.Fatalf("element %d: got %d, want %d (all: %v)", i, got.I[i], want[i], got.I)
		}
	}
}

func TestCreationNumbers(t *testing.T) {
	src := `model M { param w: f32[d=3]
	  fn f(x: f32[b=2, d]) -> (f32[b, d], f32[d], f32[b, d], i32[b, d], f32[b, d], f32) {
	    return zeros(f32[b, d]) + x, ones_like(w), full(f32[b, d], 2.5), iota(i32[b, d], axis: d), full_like(x, x[1, 2]), ones(f32)
	  } }`
	w := f32s([]int64{3}, 9, 9, 9)
	x := f32s([]int64{2, 3}, 1, 2, 3, 4, 5, 6)
	got := run(t, src, "f", w, x)
	near(t, got[0], 0, 1, 2, 3, 4, 5, 6)
	near(t, got[1], 0, 1, 1, 1)
	near(t, got[2], 0, 2.5, 2.5, 2.5, 2.5, 2.5, 2.5)
	exact(t, got[3], 0, 1, 2, 0, 1, 2)
	near(t, got[4], 0, 6, 6, 6, 6, 6, 6)
	near(t, got[5], 0, 1)
}

func TestArangeAndOneHotNumbers(t *testing.T) {
	src := `model M {
	  fn f(x: i32[s=4]) -> (i32[s], i32[5], f32[3], i32[s]) {
	    return arange(s) + x, arange(10, 0, -2), arange(1, 4, dtype: f32), arange(s) * 0 + s
	  }
	  fn g(ids: i32[b=3]) -> f32[b, 4] { return ids.one_hot(4) } }`
	got := run(t, src, "f", i32s([]int64{4}, 10, 20, 30, 40))
	exact(t, got[0], 10, 21, 32, 43)
	exact(t, got[1], 10, 8, 6, 4, 2)
	near(t, got[2], 0, 1, 2, 3)
	exact(t, got[3], 4, 4, 4, 4)
	// Id 4 is outside [0, 4): a row of zeros.
	got = run(t, src, "g", i32s([]int64{3}, 2, 0, 4))
	near(t, got[0], 0, 0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0)
}
