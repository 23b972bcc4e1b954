package kernel

import (
	"github.com/zmlc/zmlc/ir"
)

// nested lowers region r's entry block, whose arguments are bound to args,
// into a new step list; it returns the steps and the terminator's buffers.
func (l *lowerer) nested(op *ir.Op, r *ir.Region, args []bv) ([]Step, []bv, error) {
	b := r.Entry()
	if b == nil {
		return nil, nil, errorf(op, "empty region")
	}
	if len(b.Args) != len(args) {
		return nil, nil, errorf(op, "region takes %d arguments, got %d", len(b.Args), len(args))
	}
	for i, a := range b.Args {
		l.env[a] = args[i]
	}
	saved := l.cur
	steps := []Step{}
	l.cur = &steps
	res, err := l.block(b)
	l.cur = saved
	return steps, res, err
}

// copyInto appends copies of srcs into dsts to steps; sources that are
// themselves destinations are first saved to fresh buffers, so a body
// returning its arguments swapped still works.
func (l *lowerer) copyInto(steps []Step, srcs []bv, dsts []int) []Step {
	isDst := map[int]bool{}
	for _, d := range dsts {
		isDst[d] = true
	}
	src := make([]int, len(srcs))
	for i, s := range srcs {
		src[i] = s.buf
		if isDst[s.buf] && s.buf != dsts[i] {
			b := l.p.Buffers[s.buf]
			id := l.newBuf(Temp, ir.TensorOf(b.Elem, b.Shape...))
			steps = append(steps, Step{Kind: Alloc, Buf: id}, Step{Kind: Copy, Src: s.buf, Dst: id})
			src[i] = id
		}
	}
	for i := range srcs {
		if src[i] != dsts[i] {
			steps = append(steps, Step{Kind: Copy, Src: src[i], Dst: dsts[i]})
		}
	}
	return steps
}

// while lowers stablehlo.while: the loop-carried values (tensors, or
// tuples of them: each leaf) live in fresh buffers, initialised by copies;
// cond computes the predicate buffer; body ends with copies of its results
// into the carried buffers.
func (l *lowerer) while(op *ir.Op) error {
	if len(op.Regions) != 2 {
		return errorf(op, "want cond and body regions")
	}
	var carried []bv
	var ids []int
	for _, o := range op.Operands {
		x, err := l.value(op, o)
		if err != nil {
			return err
		}
		carried = append(carried, l.carry(x, &ids))
	}
	cond, cres, err := l.nested(op, op.Regions[0], carried)
	if err != nil {
		return err
	}
	if len(cres) != 1 || cres[0].tuple != nil {
		return errorf(op, "cond must return one i1 tensor")
	}
	// The predicate must outlive the cond steps: allocate it once, outside.
	for i, s := range cond {
		if s.Kind == Alloc && s.Buf == cres[0].buf {
			cond = append(cond[:i:i], cond[i+1:]...)
			l.emit(s)
			break
		}
	}
	body, bres, err := l.nested(op, op.Regions[1], carried)
	if err != nil {
		return err
	}
	var flat []bv
	for _, r := range bres {
		flat = leaves(r, flat)
	}
	if len(bres) != len(carried) || len(flat) != len(ids) {
		return errorf(op, "body returns %d values (%d tensors), want %d (%d tensors)", len(bres), len(flat), len(carried), len(ids))
	}
	body = l.copyInto(body, flat, ids)
	l.emit(Step{Kind: While, Pred: cres[0].buf, Cond: cond, Body: body})
	for i, r := range op.Results {
		l.env[r] = carried[i]
	}
	return nil
}

// ifCase lowers stablehlo.if and stablehlo.case: result buffers (one per
// tensor, tuples as trees of them) are allocated before the step; each
// branch ends by copying its results there.
func (l *lowerer) ifCase(op *ir.Op) error {
	pred, err := l.value(op, op.Operands[0])
	if err != nil {
		return err
	}
	var res []int // leaf buffers of the results, depth-first
	trees := make([]bv, len(op.Results))
	for i, r := range op.Results {
		t, err := l.allocTree(op, r.Type, &res)
		if err != nil {
			return err
		}
		trees[i] = t
	}
	var branches [][]Step
	for _, r := range op.Regions {
		steps, out, err := l.nested(op, r, nil)
		if err != nil {
			return err
		}
		var flat []bv
		for _, o := range out {
			flat = leaves(o, flat)
		}
		if len(out) != len(trees) || len(flat) != len(res) {
			return errorf(op, "branch returns %d values (%d tensors), want %d (%d tensors)", len(out), len(flat), len(trees), len(res))
		}
		branches = append(branches, l.copyInto(steps, flat, res))
	}
	if op.Name == "stablehlo.if" {
		if len(branches) != 2 {
			return errorf(op, "want two regions")
		}
		l.emit(Step{Kind: IfStep, Pred: pred.buf, Body: branches[0], Else: branches[1]})
	} else {
		if len(branches) == 0 {
			return errorf(op, "no branches")
		}
		l.emit(Step{Kind: Case, Pred: pred.buf, Branches: branches})
	}
	for i, r := range op.Results {
		l.env[r] = trees[i]
	}
	return nil
}

// stepRefs adds every buffer s reads, writes, allocates or tests to set.
func stepRefs(s *Step, set map[int]bool) {
	switch s.Kind {
	case Alloc, Free:
		set[s.Buf] = true
	case Launch:
		for _, a := range s.Args {
			set[a] = true
		}
	case Copy:
		set[s.Src] = true
		set[s.Dst] = true
	case While, IfStep, Case:
		set[s.Pred] = true
		for _, list := range append([][]Step{s.Cond, s.Body, s.Else}, s.Branches...) {
			for i := range list {
				stepRefs(&list[i], set)
			}
		}
	}
}

// insertFrees returns steps with a Free after the last use of every Temp
// buffer allocated in this list (nested lists are handled recursively);
// buffers in keep (the outputs) are never freed.
func insertFrees(steps []Step, p *Program, keep map[int]bool) []Step {
	for i := range steps {
		s := &steps[i]
		s.Cond = insertFrees(s.Cond, p, keep)
		s.Body = insertFrees(s.Body, p, keep)
		s.Else = insertFrees(s.Else, p, keep)
		for j := range s.Branches {
			s.Branches[j] = insertFrees(s.Branches[j], p, keep)
		}
	}
	allocated := map[int]bool{}
	last := map[int]int{}
	for i := range steps {
		if steps[i].Kind == Alloc {
			allocated[steps[i].Buf] = true
		}
		set := map[int]bool{}
		stepRefs(&steps[i], set)
		for b := range set {
			last[b] = i
		}
	}
	frees := map[int][]int{}
	for b := range allocated {
		if !keep[b] && p.Buffers[b].Kind == Temp {
			frees[last[b]] = append(frees[last[b]], b)
		}
	}
	var out []Step
	for i, s := range steps {
		out = append(out, s)
		fs := frees[i]
		sortInts(fs)
		for _, b := range fs {
			out = append(out, Step{Kind: Free, Buf: b})
		}
	}
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
