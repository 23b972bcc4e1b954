package frontend

import (
	"strings"
	"testing"
)

// FuzzFrontend compiles arbitrary text: it must return a module or a
// diagnostic, never panic, and never report an internal error (a lowering
// bug that the recovery in Compile turned into a diagnostic). The seed
// corpus is under testdata/fuzz/FuzzFrontend.
func FuzzFrontend(f *testing.F) {
	f.Add([]byte(blockSrc))
	for _, tc := range diagCases {
		f.Add([]byte(tc.src))
	}
	f.Add([]byte(builtinsSeed))
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > 1<<14 {
			return
		}
		m, err := Compile("f.zml", src, Options{Dims: map[string]int64{"b": 2, "n": 3}})
		if err != nil {
			if strings.Contains(err.Error(), "internal error") {
				t.Fatalf("internal error on %q:\n%v", src, err)
			}
			return
		}
		if m == nil {
			t.Fatal("nil module without error")
		}
	})
}

// builtinsSeed uses the creation, scan, index and dimension built-ins, a
// scan and a runtime loop bound, so that mutations explore them.
const builtinsSeed = `model M {
  param w: f32[out=2, hid=2]
  fn f(xs: f32[b, t=3, hid], ids: i32[k=2], pos: i32) -> f32[t, b, hid] {
    let h = zeros(f32[b, hid])
    let hs = scan i in 0..t {
      h = tanh(h.dot(w, contract: hid).rename(out: hid) + xs[:, i])
      yield h
    }
    for j in 0..pos { h = h - h.mean(hid, keepdims: true) }
    let g = xs.scatter(ids, xs.gather(ids, axis: t), axis: t, mode: "add")
    let u = xs.update(xs[:, 0:1], at: [0, pos, 0]).pad(hid: [1, 0]).flip(t).cumsum(t)
    let v, i = xs.topk(1, axis: hid)
    let s = stack(h, h, name: n).squeeze().unsqueeze(0).sort().argsort().one_hot(4)
    return hs + xs.var(t).logsumexp(hid).softplus().leaky_relu().elu() * arange(t).convert(f32)
  }
}`
