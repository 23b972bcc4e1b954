package gpu

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	K "github.com/zmlc/zmlc/targets/kernel"
)

// Lower turns a Program from kernel.Lower into its GPU form for target p:
// every kernel becomes one or more kernels in GPU shape (doc.go) — its
// parallel loops flattened onto a grid of workgroups of p.WorkgroupSize
// invocations, a grid-stride loop beyond p.MaxGrid workgroups — and its
// math legalised to GPU primitives. A kernel whose top level holds several
// loop nests becomes one kernel per nest, launched in order. The input
// Program is not modified; buffers are shared with it. Errors name the
// kernel.
func Lower(prog *K.Program, p Params) (*K.Program, error) {
	p, err := p.withDefaults()
	if err != nil {
		return nil, err
	}
	out := &K.Program{Entry: prog.Entry, Buffers: prog.Buffers, Inputs: prog.Inputs, Outputs: prog.Outputs}
	newIdx := make([][]int, len(prog.Kernels))
	for i, k := range prog.Kernels {
		gks, err := lowerKernel(k, p)
		if err != nil {
			return nil, err
		}
		for _, gk := range gks {
			if gk, err = legalizeSubByte(gk); err != nil {
				return nil, err
			}
			Legalize(gk, p)
			if err := K.Verify(gk); err != nil {
				return nil, fmt.Errorf("gpu lowering (%s) of kernel %s produced an invalid kernel: %v", p.Name, k.Name, err)
			}
			if err := VerifyGPU(gk); err != nil {
				return nil, fmt.Errorf("gpu lowering (%s) of kernel %s: %v", p.Name, k.Name, err)
			}
			newIdx[i] = append(newIdx[i], len(out.Kernels))
			out.Kernels = append(out.Kernels, gk)
		}
	}
	out.Steps = rewriteSteps(prog.Steps, newIdx)
	return out, nil
}

func rewriteSteps(steps []K.Step, idx [][]int) []K.Step {
	var out []K.Step
	for _, s := range steps {
		switch s.Kind {
		case K.Launch:
			for _, k := range idx[s.Kernel] {
				t := s
				t.Kernel = k
				t.Args = append([]int{}, s.Args...)
				out = append(out, t)
			}
			continue
		case K.While:
			s.Cond = rewriteSteps(s.Cond, idx)
			s.Body = rewriteSteps(s.Body, idx)
		case K.IfStep:
			s.Body = rewriteSteps(s.Body, idx)
			s.Else = rewriteSteps(s.Else, idx)
		case K.Case:
			br := make([][]K.Step, len(s.Branches))
			for i, b := range s.Branches {
				br[i] = rewriteSteps(b, idx)
			}
			s.Branches = br
		}
		out = append(out, s)
	}
	return out
}

// segments splits a kernel body into independently launchable parts: each
// top-level loop nest, and each run of other top-level nodes. If a value
// defined at the top level of one part is used by another, the body stays
// one part.
func segments(body []*K.Node) [][]*K.Node {
	var segs [][]*K.Node
	for i, n := range body {
		if n.Kind == K.Loop || i == 0 || body[i-1].Kind == K.Loop {
			segs = append(segs, []*K.Node{n})
		} else {
			segs[len(segs)-1] = append(segs[len(segs)-1], n)
		}
	}
	owner := map[*K.Node]int{}
	for i, s := range segs {
		for _, n := range s {
			owner[n] = i
		}
	}
	var uses func(body []*K.Node, seg int) bool
	uses = func(body []*K.Node, seg int) bool {
		for _, n := range body {
			for _, a := range n.Args {
				if o, ok := owner[a]; ok && o != seg {
					return true
				}
			}
			if uses(n.Body, seg) || uses(n.Else, seg) {
				return true
			}
		}
		return false
	}
	for i, s := range segs {
		if uses(s, i) {
			return [][]*K.Node{body}
		}
	}
	return segs
}

func lowerKernel(k *K.Kernel, p Params) ([]*K.Kernel, error) {
	if c := matchContraction(k); c != nil && gemmElem(c.et) && !p.Unstaged {
		if g, ok := planGemm(c, p); ok {
			gk, err := tiledGemm(k, c, g, p)
			if err != nil {
				return nil, err
			}
			return []*K.Kernel{gk}, nil
		}
	}
	segs := segments(k.Body)
	var out []*K.Kernel
	for i, seg := range segs {
		name := k.Name
		if len(segs) > 1 {
			name = fmt.Sprintf("%s_%d", k.Name, i)
		}
		rr := matchRowReduce(seg)
		if rr != nil && (p.Unstaged || rr.rows*rr.r >= 1<<31 || !useWorkgroupReduce(rr, p)) {
			rr = nil
		}
		// Many short rows that read reused windows (convolutions) are
		// staged by boxes of outputs rather than reduced by a workgroup
		// per output (conv.go).
		if !p.Unstaged && (rr == nil || rr.rows >= int64(p.WorkgroupSize)) {
			if st := planConv(seg, p); st != nil {
				out = append(out, stagedConv(k, seg, name, st, p))
				continue
			}
		}
		if rr != nil {
			out = append(out, workgroupReduce(k, seg, name, rr, p))
			continue
		}
		gk, err := mapSegment(k, seg, name, p)
		if err != nil {
			return nil, err
		}
		out = append(out, gk)
	}
	if len(out) == 0 { // an empty kernel: one empty launch
		gk, err := mapSegment(k, nil, k.Name, p)
		if err != nil {
			return nil, err
		}
		out = append(out, gk)
	}
	return out, nil
}

// chainOf returns the loops of seg that run in parallel, outermost first —
// grid and vector loops and serial loops proved independent — and, per
// loop but the last, the side-effect-free nodes before its inner loop.
func chainOf(seg []*K.Node, written map[*K.Buffer]bool) (chain []*K.Node, pre [][]*K.Node) {
	if len(seg) != 1 || seg[0].Kind != K.Loop {
		return nil, nil
	}
	cur := seg[0]
	for {
		if cur.Level != K.Grid && cur.Level != K.Vector && !independent(cur) {
			return chain, pre
		}
		chain = append(chain, cur)
		b := cur.Body
		if len(b) == 0 || b[len(b)-1].Kind != K.Loop {
			return chain, pre
		}
		for _, n := range b[:len(b)-1] {
			if !pureNode(n, written) {
				return chain, pre
			}
		}
		next := b[len(b)-1]
		if next.N == 0 {
			return chain, pre
		}
		pre = append(pre, b[:len(b)-1])
		cur = next
	}
}

// pureNode reports whether n may be recomputed by every thread: a value
// without side effects that reads no buffer the kernel writes.
func pureNode(n *K.Node, written map[*K.Buffer]bool) bool {
	switch n.Kind {
	case K.Loop, K.If, K.Barrier, K.Store, K.Var, K.Get, K.Set:
		return false
	case K.Load:
		return !written[n.Buf]
	}
	return true
}

// mapSegment builds the GPU kernel of one segment.
func mapSegment(k *K.Kernel, seg []*K.Node, name string, p Params) (*K.Kernel, error) {
	c := newCloner()
	nk := c.kernel(k, name)
	chain, pre := chainOf(seg, storedBuffers(seg))
	total := int64(1)
	for _, l := range chain {
		total *= l.N
	}
	if total >= 1<<31 {
		return nil, fmt.Errorf("gpu lowering (%s): kernel %s has %d parallel iterations; at most 2^31-1 are supported", p.Name, k.Name, total)
	}
	for _, b := range k.Params {
		if b.Len() >= 1<<31 {
			return nil, fmt.Errorf("gpu lowering (%s): kernel %s: buffer %s has %d elements; at most 2^31-1 are supported", p.Name, k.Name, b.Name, b.Len())
		}
	}
	w := min(int64(p.WorkgroupSize), total)
	if w < 1 {
		w = 1
	}
	g := (total + w - 1) / w
	r := int64(1)
	if g > p.MaxGrid {
		g = p.MaxGrid
		r = (total + g*w - 1) / (g * w)
	}
	if len(chain) == 0 {
		total, w, g, r = 1, 1, 1, 1
	}
	grid := &K.Node{Kind: K.Loop, Type: ir.Index, N: g, Level: K.Grid}
	wl := &K.Node{Kind: K.Loop, Type: ir.Index, N: w, Level: K.Workgroup}
	var rl *K.Node
	if r > 1 {
		rl = &K.Node{Kind: K.Loop, Type: ir.Index, N: r, Level: K.Serial, Body: []*K.Node{wl}}
		grid.Body = []*K.Node{rl}
	} else {
		grid.Body = []*K.Node{wl}
	}
	nk.Body = []*K.Node{grid}
	if len(chain) == 0 {
		wl.Body = c.body(seg)
		return nk, nil
	}
	var lin, cond *K.Node
	wl.Body = sub(nk, func(b *K.Builder) {
		gi := grid
		if rl != nil {
			gi = b.Bin(K.Add, b.Bin(K.Mul, rl, K.Idx(g)), grid)
		}
		lin = b.Bin(K.Add, b.Bin(K.Mul, gi, K.Idx(w)), wl)
		if g*w*r != total {
			cond = b.Bin(K.LT, lin, K.Idx(total))
		}
	})
	inner := sub(nk, func(b *K.Builder) {
		rem := lin
		if cond != nil { // in range under the guard; min() lets kernel.Verify see it
			rem = b.Bin(K.Min, lin, K.Idx(total-1))
		}
		spreadIndex(b, c.nodes, chain, rem)
	})
	for _, ps := range pre {
		inner = append(inner, c.body(ps)...)
	}
	inner = append(inner, c.body(chain[len(chain)-1].Body)...)
	if cond != nil {
		wl.Body = append(wl.Body, &K.Node{Kind: K.If, Args: []*K.Node{cond}, Body: inner})
	} else {
		wl.Body = append(wl.Body, inner...)
	}
	return nk, nil
}

// Dims returns the launch shape of a GPU-form kernel: the number of
// workgroups (the grid loop's trip count) and the invocations per
// workgroup (the workgroup loops' trip count).
func Dims(k *K.Kernel) (grid, block int64, err error) {
	if len(k.Body) != 1 || k.Body[0].Kind != K.Loop || k.Body[0].Level != K.Grid {
		return 0, 0, fmt.Errorf("kernel %s is not in GPU form: its body is not one grid loop", k.Name)
	}
	block = -1
	var find func(body []*K.Node)
	find = func(body []*K.Node) {
		for _, n := range body {
			if n.Kind == K.Loop && n.Level == K.Workgroup {
				block = n.N
				return
			}
			if n.Kind == K.Loop || n.Kind == K.If {
				find(n.Body)
				find(n.Else)
			}
			if block >= 0 {
				return
			}
		}
	}
	find(k.Body[0].Body)
	if block < 0 {
		return 0, 0, fmt.Errorf("kernel %s is not in GPU form: no workgroup loop", k.Name)
	}
	return k.Body[0].N, block, nil
}
