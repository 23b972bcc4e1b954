package gpu

import (
	"slices"
	"sort"

	K "github.com/zmlc/zmlc/targets/kernel"
)

// Convolution (and any loop nest of the same shape: a parallel nest whose
// body reduces over inner loops, reading read-only buffers at affine
// indices) is staged through workgroup-shared memory by boxes of its
// parallel iteration space:
//
//	grid over boxes of B consecutive parallel iterations  [grid-stride beyond MaxGrid]
//	  phase: the workgroup copies, for each staged load, the window of its
//	         buffer that the box reads — [base, base+span) — into shared
//	         memory (each invocation a strided share)
//	  barrier
//	  phase: each invocation runs the original body for its points of the
//	         box (p = t, t+w, ...), the staged loads reading shared memory
//	  [barrier, before the next box of a grid-stride loop]
//
// The parallel iterations are numbered row-major over the parallel loops
// (lin); a load is staged when its index is c0 + sum of non-negative
// multiples of digits of lin — (lin / c) % N, as the parallel loops and
// the div/rem of them that flattened kernels use — and of inner loop
// indices, and it lies inside an inner loop whose reads of the window
// come to convMinReuse or more per element (the elements are reused).
// B is chosen among the products c*d (d dividing N) of those digits so
// that within a box every digit is constant, runs over all its values, or
// over B/c consecutive ones: the window is then one range whose start
// depends on the box only. B is the largest such size up to
// convBoxPerInvocation invocations' worth whose windows fit
// Params.SharedMemBytes; no staging when none of at least
// convMinBox iterations fits. For MNIST's 3x3 convolutions (NHWC
// activations) a box is whole output rows: the window of the activations
// is the rows the 3x3 stencil reads, the weights' window all of them.
//
// Each output element runs the same code in the same order as before, so
// results are bit-identical to the unstaged form.

// convBoxPerInvocation bounds a box to this many iterations per invocation
// of a full workgroup.
const convBoxPerInvocation = 4

// convMinBox is the smallest box worth staging.
const convMinBox = 16

// convMinReuse is the fewest reads per element of a window, on average,
// that make it worth staging.
const convMinReuse = 2

// linDigit is (lin / c) % n over the linear parallel index lin.
type linDigit struct{ c, n int64 }

// stagedLoad is a load of the body that reads shared memory once staged.
type stagedLoad struct {
	load  *K.Node           // the original load
	trips int64             // iterations of the inner loops around it, per point
	c0    int64             // constant term of its index
	dig   map[*K.Node]int64 // digit atoms -> coefficient
	inner map[*K.Node]int64 // inner loops -> coefficient
	at    map[*K.Node]linDigit
}

// convStage is a staging plan for one segment.
type convStage struct {
	chain []*K.Node
	pre   [][]*K.Node
	total int64
	box   int64 // B
	w     int64
	loads []*stagedLoad
	spans []int64
	order map[*K.Node]int // pre-order positions in the segment
}

// digitClass says how a digit moves inside a box of B iterations starting
// at a multiple of B.
type digitClass int

const (
	digitMisaligned digitClass = iota
	digitConst                 // one value per box
	digitFull                  // all its values
	digitSub                   // B/c consecutive values
)

func classify(d linDigit, b int64) digitClass {
	switch {
	case d.c%b == 0:
		return digitConst
	case b%(d.c*d.n) == 0:
		return digitFull
	case b%d.c == 0 && (d.c*d.n)%b == 0:
		return digitSub
	}
	return digitMisaligned
}

// extent is how many values digit d takes inside a box of b.
func extent(d linDigit, cl digitClass, b int64) int64 {
	switch cl {
	case digitFull:
		return d.n
	case digitSub:
		return b / d.c
	}
	return 1
}

// planConv finds the staging plan of seg, or nil.
func planConv(seg []*K.Node, p Params) *convStage {
	written := storedBuffers(seg)
	chain, pre := chainOf(seg, written)
	if len(chain) == 0 {
		return nil
	}
	st := &convStage{chain: chain, pre: pre, total: 1, order: map[*K.Node]int{}}
	number(seg, st.order)
	for _, l := range chain {
		st.total *= l.N
	}
	if st.total <= 0 || st.total >= 1<<31 {
		return nil
	}
	// Digits of lin: the parallel loops, then div/rem of digits.
	digits := map[*K.Node]linDigit{}
	stride := st.total
	for _, l := range chain {
		stride /= l.N
		digits[l] = linDigit{stride, l.N}
	}
	var digitOf func(n *K.Node) (linDigit, bool)
	digitOf = func(n *K.Node) (linDigit, bool) {
		if d, ok := digits[n]; ok {
			return d, true
		}
		if n.Kind == K.Add && isLin(n, chain, digits) { // lin itself, flattened by hand
			digits[n] = linDigit{1, st.total}
			return digits[n], true
		}
		if (n.Kind != K.Div && n.Kind != K.Rem) || n.Args[1].Kind != K.Const || n.Args[1].I <= 0 {
			return linDigit{}, false
		}
		x, ok := digitOf(n.Args[0])
		if !ok {
			return linDigit{}, false
		}
		k := n.Args[1].I
		var d linDigit
		switch {
		case n.Kind == K.Div && x.n%k == 0:
			d = linDigit{x.c * k, x.n / k}
		case n.Kind == K.Rem && k >= x.n:
			d = x
		case n.Kind == K.Rem && x.n%k == 0:
			d = linDigit{x.c, k}
		default:
			return linDigit{}, false
		}
		digits[n] = d
		return d, true
	}
	body := chain[len(chain)-1].Body
	inner := map[*K.Node]bool{}
	var cands []*stagedLoad
	var walk func(body []*K.Node, depth int, trips int64)
	walk = func(body []*K.Node, depth int, trips int64) {
		for _, n := range body {
			if n.Kind == K.Loop {
				inner[n] = true
				walk(n.Body, depth+1, trips*max(n.N, 1))
				continue
			}
			if n.Kind == K.If {
				walk(n.Body, depth, trips)
				walk(n.Else, depth, trips)
				continue
			}
			if n.Kind != K.Load || depth == 0 || trips >= 1<<31 || written[n.Buf] || n.Buf.Space != K.Global || !gemmElem(n.Buf.Elem) {
				continue
			}
			af := affineOf(n.Args[0])
			sl := &stagedLoad{load: n, trips: trips, c0: af.c, dig: map[*K.Node]int64{}, inner: map[*K.Node]int64{}, at: map[*K.Node]linDigit{}}
			ok := af.c >= 0
			for v, c := range af.coef {
				switch {
				case c == 0:
				case c < 0:
					ok = false
				case inner[v]:
					sl.inner[v] = c
				default:
					d, isDigit := digitOf(v)
					if !isDigit {
						ok = false
					}
					sl.dig[v], sl.at[v] = c, d
				}
			}
			if ok {
				cands = append(cands, sl)
			}
		}
	}
	walk(body, 0, 1)
	if len(cands) == 0 {
		return nil
	}
	// Candidate box sizes: c*d over the loads' digits, d dividing N.
	sizes := map[int64]bool{}
	for _, sl := range cands {
		for _, d := range sl.at {
			for k := int64(1); k <= d.n; k++ {
				if d.n%k == 0 && d.c*k <= st.total {
					sizes[d.c*k] = true
				}
			}
		}
	}
	var order []int64
	for b := range sizes {
		order = append(order, b)
	}
	sort.Slice(order, func(i, j int) bool { return order[i] > order[j] })
	limit := int64(p.WorkgroupSize) * convBoxPerInvocation
	for _, b := range order {
		if b > limit || b < convMinBox {
			continue
		}
		var loads []*stagedLoad
		var spans []int64
		bytes := int64(0)
		for _, sl := range cands {
			span, ok := int64(1), true
			for v, c := range sl.dig {
				cl := classify(sl.at[v], b)
				if cl == digitMisaligned {
					ok = false
					break
				}
				span += c * (extent(sl.at[v], cl, b) - 1)
			}
			for l, c := range sl.inner {
				span += c * (l.N - 1)
			}
			sz := span * int64(sl.load.Buf.Elem.ByteSize())
			// Stage only windows whose elements are read twice or more
			// per box on average (a softmax row read once is not).
			if !ok || bytes+sz > p.SharedMemBytes || span >= 1<<31 || b*sl.trips < convMinReuse*span {
				continue
			}
			bytes += sz
			loads, spans = append(loads, sl), append(spans, span)
		}
		if len(loads) == 0 {
			continue
		}
		st.box, st.loads, st.spans = b, loads, spans
		st.w = min(int64(p.WorkgroupSize), b)
		return st
	}
	return nil
}

// stagedConv builds the GPU kernel of seg staged as st plans.
func stagedConv(k *K.Kernel, seg []*K.Node, name string, st *convStage, p Params) *K.Kernel {
	cl := newCloner()
	nk := cl.kernel(k, name)
	b, w := st.box, st.w
	boxes := ceilDiv(st.total, b)
	gl := min(boxes, p.MaxGrid)
	reps := ceilDiv(boxes, gl)
	shared := make([]*K.Buffer, len(st.loads))
	sub(nk, func(bd *K.Builder) {
		for i, sl := range st.loads {
			shared[i] = bd.SharedAlloc("window", sl.load.Buf.Elem, []int64{st.spans[i]})
		}
	})
	// lo is a digit's first value in the box starting at s.
	lo := func(bd *K.Builder, d linDigit, s *K.Node) *K.Node {
		if classify(d, b) == digitFull {
			return K.Idx(0)
		}
		return bd.Bin(K.Rem, bd.Bin(K.Div, s, K.Idx(d.c)), K.Idx(d.n))
	}
	// local is a digit's value minus lo at point pc of the box.
	local := func(bd *K.Builder, d linDigit, pc *K.Node) *K.Node {
		switch classify(d, b) {
		case digitFull:
			return bd.Bin(K.Rem, bd.Bin(K.Div, pc, K.Idx(d.c)), K.Idx(d.n))
		case digitSub:
			return bd.Bin(K.Div, pc, K.Idx(d.c))
		}
		return K.Idx(0)
	}
	boxBody := func(s *seq, box *K.Node) {
		var start *K.Node
		bases := make([]*K.Node, len(st.loads))
		s.do(func(bd *K.Builder) {
			start = bd.Bin(K.Mul, box, K.Idx(b))
			for i, sl := range st.loads {
				base := K.Idx(sl.c0)
				for _, v := range st.sorted(sl.dig) {
					base = bd.Bin(K.Add, base, bd.Bin(K.Mul, lo(bd, sl.at[v], start), K.Idx(sl.dig[v])))
				}
				bases[i] = base
			}
		})
		s.loop(K.Workgroup, w, func(s *seq, t *K.Node) {
			s.do(func(bd *K.Builder) {
				for i, sl := range st.loads {
					span, src := st.spans[i], cl.bufs[sl.load.Buf]
					n := src.Len()
					bd.Loop(K.Serial, ceilDiv(span, w), func(rep *K.Node) {
						j := bd.Bin(K.Add, bd.Bin(K.Mul, rep, K.Idx(w)), t)
						g := bd.Bin(K.Add, bases[i], j)
						ok := bd.Bin(K.LT, g, K.Idx(n))
						if span%w != 0 {
							ok = bd.Bin(K.And, ok, bd.Bin(K.LT, j, K.Idx(span)))
						}
						bd.If(ok, func() {
							v := bd.Load(src, bd.Bin(K.Min, g, K.Idx(n-1)))
							bd.Store(shared[i], bd.Bin(K.Min, j, K.Idx(span-1)), v)
						}, nil)
					})
				}
			})
		})
		s.barrier()
		s.loop(K.Workgroup, w, func(s *seq, t *K.Node) {
			s.loop(K.Serial, ceilDiv(b, w), func(s *seq, q *K.Node) {
				var p, inBox *K.Node
				s.do(func(bd *K.Builder) {
					p = bd.Bin(K.Add, bd.Bin(K.Mul, q, K.Idx(w)), t)
					if b%w != 0 {
						inBox = bd.Bin(K.LT, p, K.Idx(b))
					}
					if st.total%b != 0 {
						c := bd.Bin(K.LT, bd.Bin(K.Add, start, p), K.Idx(st.total))
						if inBox == nil {
							inBox = c
						} else {
							inBox = bd.Bin(K.And, inBox, c)
						}
					}
				})
				s.when(inBox, func(s *seq) { s.body = append(s.body, pointBody(nk, cl, st, shared, start, p, local)...) })
			})
		})
		if reps > 1 {
			s.barrier()
		}
	}
	s := &seq{k: nk}
	s.gridStride(gl, boxes, boxBody)
	nk.Body = s.body
	return nk
}

// pointBody is the original body for point p of the box starting at
// start, its staged loads reading the windows.
func pointBody(nk *K.Kernel, cl *cloner, st *convStage, shared []*K.Buffer, start, p *K.Node,
	local func(*K.Builder, linDigit, *K.Node) *K.Node) []*K.Node {
	b := st.box
	var out []*K.Node
	var chainPart []*K.Node
	out = append(out, sub(nk, func(bd *K.Builder) {
		pc := bd.Bin(K.Min, p, K.Idx(b-1))
		lin := bd.Bin(K.Min, bd.Bin(K.Add, start, pc), K.Idx(st.total-1))
		spreadIndex(bd, cl.nodes, st.chain, lin)
		for _, sl := range st.loads {
			part := K.Idx(0)
			for _, v := range st.sorted(sl.dig) {
				part = bd.Bin(K.Add, part, bd.Bin(K.Mul, local(bd, sl.at[v], pc), K.Idx(sl.dig[v])))
			}
			chainPart = append(chainPart, part)
		}
	})...)
	for _, ps := range st.pre {
		out = append(out, cl.body(ps)...)
	}
	body := cl.body(st.chain[len(st.chain)-1].Body)
	for i, sl := range st.loads {
		ld := cl.nodes[sl.load]
		var x *K.Node
		idx := sub(nk, func(bd *K.Builder) {
			x = chainPart[i]
			for _, l := range st.sorted(sl.inner) {
				x = bd.Bin(K.Add, x, bd.Bin(K.Mul, cl.nodes[l], K.Idx(sl.inner[l])))
			}
			// Statically within [0, span): min() lets kernel.Verify see it.
			x = bd.Bin(K.Min, x, K.Idx(st.spans[i]-1))
		})
		if !insertBefore(&body, ld, idx) {
			continue // not in the body: nothing to rewrite
		}
		ld.Buf = shared[i]
		ld.Args = []*K.Node{x}
	}
	return append(out, body...)
}

// isLin reports whether n is the linear parallel index: the sum of every
// parallel loop times its stride (digits holds the loops' digits).
func isLin(n *K.Node, chain []*K.Node, digits map[*K.Node]linDigit) bool {
	af := affineOf(n)
	if af.c != 0 {
		return false
	}
	terms := 0
	for v, c := range af.coef {
		if c == 0 {
			continue
		}
		terms++
		if !slices.Contains(chain, v) || digits[v].c != c {
			return false
		}
	}
	return terms == len(chain)
}

// insertBefore splices nodes into the body (at any depth) holding target,
// just before it.
func insertBefore(body *[]*K.Node, target *K.Node, nodes []*K.Node) bool {
	for i, n := range *body {
		if n == target {
			nb := make([]*K.Node, 0, len(*body)+len(nodes))
			nb = append(nb, (*body)[:i]...)
			nb = append(nb, nodes...)
			*body = append(nb, (*body)[i:]...)
			return true
		}
		if insertBefore(&n.Body, target, nodes) || insertBefore(&n.Else, target, nodes) {
			return true
		}
	}
	return false
}

// sorted returns m's keys in the order they appear in the segment, so
// that kernels are deterministic.
func (st *convStage) sorted(m map[*K.Node]int64) []*K.Node {
	var ks []*K.Node
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool { return st.order[ks[i]] < st.order[ks[j]] })
	return ks
}

// number records the pre-order position of every node of body in order.
func number(body []*K.Node, order map[*K.Node]int) {
	for _, n := range body {
		if _, ok := order[n]; !ok {
			order[n] = len(order)
		}
		for _, a := range n.Args {
			if _, ok := order[a]; !ok {
				order[a] = len(order)
			}
		}
		number(n.Body, order)
		number(n.Else, order)
	}
}
