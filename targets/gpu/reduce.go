package gpu

import (
	"math"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// rowReduce is a segment in the accumulator form kernel.Lower gives
// reduce (and per-element dot_general, reduce_window without holes):
//
//	parallel loops over output elements (the rows) {
//	  pure values; v = var init
//	  loop nest over the reduced elements { pure values; v = op(v, x) }
//	  pure values, get v, stores
//	}
//
// with op one of add, mul, max, min, and, or, xor: associative and
// commutative, so the reduced elements may be combined in a tree.
type rowReduce struct {
	chain   []*K.Node // the row loops, outermost first
	v       *K.Node   // the accumulator Var
	red     []*K.Node // the reduction loops, outermost first
	op      K.Kind
	x       *K.Node // the value combined per reduced element
	tail    []*K.Node
	rows, r int64
	written map[*K.Buffer]bool
}

// matchRowReduce recognises seg as a row reduction; nil otherwise.
func matchRowReduce(seg []*K.Node) *rowReduce {
	written := storedBuffers(seg)
	rr := &rowReduce{written: written, rows: 1, r: 1}
	chain, _ := chainOf(seg, written)
	inner := seg
	if len(chain) > 0 {
		inner = chain[len(chain)-1].Body
	}
	rr.chain = chain
	for _, l := range chain {
		rr.rows *= l.N
	}
	// pure values, the Var, the reduction nest, the tail.
	i := 0
	for i < len(inner) && inner[i].Kind != K.Var {
		if !pureNode(inner[i], written) {
			return nil
		}
		i++
	}
	if i+1 >= len(inner) || inner[i+1].Kind != K.Loop {
		return nil
	}
	rr.v = inner[i]
	if !gemmElem(rr.v.Type) {
		return nil
	}
	cur := inner[i+1]
	rr.tail = inner[i+2:]
	for {
		rr.red = append(rr.red, cur)
		rr.r *= cur.N
		b := cur.Body
		if len(b) == 0 {
			return nil
		}
		last := b[len(b)-1]
		if last.Kind == K.Loop {
			for _, n := range b[:len(b)-1] {
				if !pureNode(n, written) {
					return nil
				}
			}
			cur = last
			continue
		}
		// Innermost: pure values, one get of v, then set v = op(get, x).
		if last.Kind != K.Set || last.Args[0] != rr.v {
			return nil
		}
		var get *K.Node
		for _, n := range b[:len(b)-1] {
			switch {
			case n.Kind == K.Get && n.Args[0] == rr.v && get == nil:
				get = n
			case !pureNode(n, written):
				return nil
			}
		}
		val := last.Args[1]
		switch val.Kind {
		case K.Add, K.Mul, K.Max, K.Min, K.And, K.Or, K.Xor:
		default:
			return nil
		}
		if get == nil || val.Type != rr.v.Type {
			return nil
		}
		rr.op = val.Kind
		switch {
		case val.Args[0] == get:
			rr.x = val.Args[1]
		case val.Args[1] == get:
			rr.x = val.Args[0]
		default:
			return nil
		}
		break
	}
	if rr.r < 2 {
		return nil
	}
	loops := map[*K.Node]bool{}
	for _, l := range chain {
		loops[l] = true
	}
	if !pureCone(rr.v.Args[0], loops, nil, written, map[*K.Node]bool{}, map[*K.Node]bool{}) {
		return nil
	}
	for _, l := range rr.red {
		loops[l] = true
	}
	if !pureCone(rr.x, loops, nil, written, map[*K.Node]bool{}, map[*K.Node]bool{}) {
		return nil
	}
	for _, l := range rr.red {
		delete(loops, l)
	}
	// The tail: straight-line pure values, gets of v and stores.
	gets := map[*K.Node]bool{}
	for _, n := range rr.tail {
		switch {
		case n.Kind == K.Get && n.Args[0] == rr.v:
			gets[n] = true
		case n.Kind == K.Store:
			for _, a := range n.Args {
				if !pureCone(a, loops, gets, written, map[*K.Node]bool{}, map[*K.Node]bool{}) {
					return nil
				}
			}
		case !pureNode(n, written):
			return nil
		}
	}
	return rr
}

// identity returns the neutral element of op on t: combining it changes
// nothing (-0 for float add, so that -0 sums stay -0).
func identity(op K.Kind, t ir.ElementType) *K.Node {
	lo, hi := int64(0), int64(0)
	if !t.IsFloat() {
		lo, hi = t.IntRange()
	}
	switch op {
	case K.Add, K.Or, K.Xor:
		if t.IsFloat() {
			return K.ConstOf(t, math.Copysign(0, -1))
		}
		return K.ConstOf(t, int64(0))
	case K.Mul:
		return K.ConstOf(t, int64(1))
	case K.Max:
		if t.IsFloat() {
			return K.ConstOf(t, math.Inf(-1))
		}
		return K.ConstOf(t, lo)
	case K.Min:
		if t.IsFloat() {
			return K.ConstOf(t, math.Inf(1))
		}
		return K.ConstOf(t, hi)
	}
	return K.ConstOf(t, int64(-1)) // And: all ones
}

// useWorkgroupReduce decides between one workgroup per row (a tree in
// shared memory) and one invocation per row: long rows, or too few rows
// to fill a workgroup.
func useWorkgroupReduce(rr *rowReduce, p Params) bool {
	return rr.r >= 32 || rr.rows < int64(p.WorkgroupSize)
}

// workgroupReduce builds the GPU kernel of a row reduction: one workgroup
// of w invocations (a power of two) per row, a grid-stride loop beyond
// MaxGrid rows.
//
//	phase: invocation t combines elements t, t+w, t+2w, ... of the row
//	       into a partial (from op's identity; a float sum of more than
//	       K.TreeBranch of them in K.TreeSum's blocked tree, so that
//	       the whole sum's error grows like log n); partials[t] = partial
//	barrier
//	w/2, w/4, ..., 1: phase: t < s: partials[t] = op(partials[t], partials[t+s]); barrier
//	phase: invocation 0 computes v = op(init, partials[0]) and runs the
//	       segment's tail (its stores) with it
//
// Float add and mul are reassociated (a tree instead of a left fold):
// results differ from the serial form by rounding only.
func workgroupReduce(k *K.Kernel, seg []*K.Node, name string, rr *rowReduce, p Params) *K.Kernel {
	cl := newCloner()
	nk := cl.kernel(k, name)
	bufs := cl.bufs
	w := int64(1)
	for w*2 <= int64(p.WorkgroupSize) && w < rr.r && w*2*int64(rr.v.Type.ByteSize()) <= p.SharedMemBytes {
		w *= 2
	}
	var part *K.Buffer
	sub(nk, func(b *K.Builder) { part = b.SharedAlloc("partials", rr.v.Type, []int64{w}) })
	gl := min(rr.rows, p.MaxGrid)
	t := rr.v.Type
	combine := func(b *K.Builder, x, y *K.Node) *K.Node { return b.Bin(rr.op, x, y) }

	rowBody := func(s *seq, row *K.Node) {
		// Row loop values from the row index (the last loop varies fastest).
		chainVal := func(b *K.Builder) map[*K.Node]*K.Node {
			env := map[*K.Node]*K.Node{}
			spreadIndex(b, env, rr.chain, row)
			return env
		}
		noLoop := func(l *K.Node) *K.Node { panic("gpu: reduction loop without a value") }
		s.loop(K.Workgroup, w, func(s *seq, tid *K.Node) {
			s.do(func(b *K.Builder) {
				if rr.op == K.Add && t.IsFloat() && ceilDiv(rr.r, w) > K.TreeBranch {
					// A long float sum: the invocation's elements in a
					// blocked tree (K.TreeSum), so that the error grows
					// like log n; past the row's end the term is -0.
					part1 := K.TreeSum(b, ceilDiv(rr.r, w), t, func(rep *K.Node) *K.Node {
						e := b.Bin(K.Add, b.Bin(K.Mul, rep, K.Idx(w)), tid)
						env := chainVal(b)
						spreadIndex(b, env, rr.red, b.Bin(K.Min, e, K.Idx(rr.r-1)))
						x := remat(b, rr.x, env, noLoop, bufs)
						if rr.r%w == 0 {
							return x
						}
						return b.Select(b.Bin(K.LT, e, K.Idx(rr.r)), x, identity(rr.op, t))
					}, func(x, y *K.Node) *K.Node { return combine(b, x, y) })
					b.Store(part, tid, part1)
					return
				}
				acc := b.Var(identity(rr.op, t))
				b.Loop(K.Serial, ceilDiv(rr.r, w), func(rep *K.Node) {
					e := b.Bin(K.Add, b.Bin(K.Mul, rep, K.Idx(w)), tid)
					step := func() {
						env := chainVal(b)
						spreadIndex(b, env, rr.red, b.Bin(K.Min, e, K.Idx(rr.r-1)))
						x := remat(b, rr.x, env, noLoop, bufs)
						b.Set(acc, combine(b, b.Get(acc), x))
					}
					if rr.r%w == 0 {
						step()
					} else {
						b.If(b.Bin(K.LT, e, K.Idx(rr.r)), step, nil)
					}
				})
				b.Store(part, tid, b.Get(acc))
			})
		})
		s.barrier()
		for st := w / 2; st >= 1; st /= 2 {
			s.loop(K.Workgroup, w, func(s *seq, tid *K.Node) {
				s.do(func(b *K.Builder) {
					b.If(b.Bin(K.LT, tid, K.Idx(st)), func() {
						o := b.Bin(K.Min, b.Bin(K.Add, tid, K.Idx(st)), K.Idx(w-1))
						b.Store(part, tid, combine(b, b.Load(part, tid), b.Load(part, o)))
					}, nil)
				})
			})
			s.barrier()
		}
		s.loop(K.Workgroup, w, func(s *seq, tid *K.Node) {
			s.do(func(b *K.Builder) {
				final := func() {
					env := chainVal(b)
					init := remat(b, rr.v.Args[0], env, noLoop, bufs)
					total := combine(b, init, b.Load(part, K.Idx(0)))
					for _, n := range rr.tail {
						switch {
						case n.Kind == K.Get && n.Args[0] == rr.v:
							env[n] = total
						case n.Kind == K.Store:
							idx := remat(b, n.Args[0], env, noLoop, bufs)
							b.Store(bufs[n.Buf], idx, remat(b, n.Args[1], env, noLoop, bufs))
						}
					}
				}
				if w == 1 {
					final()
				} else {
					b.If(b.Bin(K.EQ, tid, K.Idx(0)), final, nil)
				}
			})
		})
	}

	s := &seq{k: nk}
	s.gridStride(gl, rr.rows, rowBody)
	nk.Body = s.body
	return nk
}
