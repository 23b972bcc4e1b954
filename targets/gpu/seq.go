package gpu

import (
	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// seq assembles a body of a GPU-form kernel: nodes built through a
// kernel.Builder (do) interleaved with structure the Builder would fold
// away (loops of one iteration, which GPU form still needs as grid and
// workgroup loops), ifs and barriers.
type seq struct {
	k    *K.Kernel
	body []*K.Node
}

// do appends the nodes fn builds.
func (s *seq) do(fn func(b *K.Builder)) { s.body = append(s.body, sub(s.k, fn)...) }

// loop appends a loop of n iterations at lvl, even when n is 1.
func (s *seq) loop(lvl K.Level, n int64, fn func(s *seq, i *K.Node)) {
	l := &K.Node{Kind: K.Loop, Type: ir.Index, N: n, Level: lvl}
	in := &seq{k: s.k}
	fn(in, l)
	l.Body = in.body
	s.body = append(s.body, l)
}

// when appends `if cond { fn }`; a nil cond appends fn's nodes unguarded.
func (s *seq) when(cond *K.Node, fn func(s *seq)) {
	if cond == nil {
		fn(s)
		return
	}
	in := &seq{k: s.k}
	fn(in)
	s.body = append(s.body, &K.Node{Kind: K.If, Args: []*K.Node{cond}, Body: in.body})
}

// gridStride appends a grid loop of gl lanes in which lane gi runs fn for
// the items gi, gi+gl, ... of n, in ceilDiv(n, gl) serial rounds (no round
// loop when there is one). When the rounds overshoot n, the item is
// guarded by item < n and clamped to n-1 inside the guard.
func (s *seq) gridStride(gl, n int64, fn func(s *seq, item *K.Node)) {
	reps := ceilDiv(n, gl)
	s.loop(K.Grid, gl, func(s *seq, gi *K.Node) {
		if reps == 1 {
			fn(s, gi)
			return
		}
		s.loop(K.Serial, reps, func(s *seq, rep *K.Node) {
			var item, ok *K.Node
			s.do(func(b *K.Builder) {
				item = b.Bin(K.Add, b.Bin(K.Mul, rep, K.Idx(gl)), gi)
				if reps*gl != n {
					ok = b.Bin(K.LT, item, K.Idx(n))
				}
			})
			s.when(ok, func(s *seq) {
				if ok != nil {
					s.do(func(b *K.Builder) { item = b.Bin(K.Min, item, K.Idx(n-1)) })
				}
				fn(s, item)
			})
		})
	})
}

// spreadIndex sets m[l] for each loop l of ls from the linear index lin,
// the last loop varying fastest: lin % l.N for the inner loops (dividing
// lin by l.N after each), the rest for the first.
func spreadIndex(b *K.Builder, m map[*K.Node]*K.Node, ls []*K.Node, lin *K.Node) {
	if len(ls) == 0 {
		return
	}
	for i := len(ls) - 1; i > 0; i-- {
		m[ls[i]] = b.Bin(K.Rem, lin, K.Idx(ls[i].N))
		lin = b.Bin(K.Div, lin, K.Idx(ls[i].N))
	}
	m[ls[0]] = lin
}

// barrier appends a workgroup barrier.
func (s *seq) barrier() { s.body = append(s.body, &K.Node{Kind: K.Barrier}) }

// remat re-emits the pure value v through b, with every loop index it
// depends on replaced by loopVal(loop) and every node in env replaced by
// its entry; buffers are mapped through bufs. Nodes are emitted once per
// call (memo), so the result is valid in b's current body only. v's cone
// must hold value kinds other than Var and Get (checked by pureCone).
func remat(b *K.Builder, v *K.Node, env map[*K.Node]*K.Node, loopVal func(*K.Node) *K.Node, bufs map[*K.Buffer]*K.Buffer) *K.Node {
	if r, ok := env[v]; ok {
		return r
	}
	var r *K.Node
	switch {
	case v.Kind == K.Const:
		return v
	case v.Kind == K.Loop:
		r = loopVal(v)
	default:
		args := make([]*K.Node, len(v.Args))
		for i, a := range v.Args {
			args[i] = remat(b, a, env, loopVal, bufs)
		}
		switch v.Kind.Class() {
		case K.ClassMemory: // Load (pureCone admits no Var or Get)
			r = b.Load(bufs[v.Buf], args[0])
		case K.ClassUnary, K.ClassPred:
			r = b.Un(v.Kind, args[0])
		case K.ClassBinary, K.ClassCompare:
			r = b.Cmp(v.Kind, args[0], args[1], v.Total)
		case K.ClassSelect:
			r = b.Select(args[0], args[1], args[2])
		default:
			if v.Kind == K.Bitcast {
				r = b.Bitcast(args[0], v.Type)
			} else {
				r = b.Convert(args[0], v.Type)
			}
		}
	}
	env[v] = r
	return r
}

// pureCone reports whether v is computed from constants, the loops in
// loops, nodes in extra, and loads of buffers not in written, by value
// kinds other than Var and Get; it records the loops used in used.
func pureCone(v *K.Node, loops map[*K.Node]bool, extra map[*K.Node]bool, written map[*K.Buffer]bool, used map[*K.Node]bool, seen map[*K.Node]bool) bool {
	if seen[v] || extra[v] {
		return true
	}
	seen[v] = true
	switch v.Kind {
	case K.Const:
		return true
	case K.Loop:
		used[v] = true
		return loops[v]
	case K.Var, K.Get, K.Set, K.Store, K.If, K.Barrier, K.Invalid:
		return false
	case K.Load:
		if written[v.Buf] {
			return false
		}
	}
	if !v.Kind.IsValue() {
		return false
	}
	for _, a := range v.Args {
		if !pureCone(a, loops, extra, written, used, seen) {
			return false
		}
	}
	return true
}
