package kernel

import (
	"fmt"
	"math"
	"slices"

	"github.com/zmlc/zmlc/ir"
)

// Eval runs p on host tensors — the kernel IR's reference semantics, used to
// test lowerings against the interpreter (ir/interp) before any renderer
// exists. inputs holds one tensor per entry argument (types must match the
// Input buffers); it returns one new tensor per output. Loops of every level
// run in order. Out-of-bounds accesses and type mismatches are errors, never
// panics.
func Eval(p *Program, inputs []*ir.Tensor) ([]*ir.Tensor, error) {
	if len(inputs) != len(p.Inputs) {
		return nil, fmt.Errorf("program @%s takes %d inputs, got %d", p.Entry, len(p.Inputs), len(inputs))
	}
	e := &progEval{p: p, bufs: make([]*ir.Tensor, len(p.Buffers))}
	for i, id := range p.Inputs {
		b := p.Buffers[id]
		x := inputs[i]
		if x == nil || x.Type.Elem != b.Elem || !slices.Equal(x.Type.Shape, b.Shape) {
			return nil, fmt.Errorf("input %d: got %v, want %s", i, typeOf(x), shapeString(b.Elem, b.Shape))
		}
		e.bufs[id] = partTensor(x)
	}
	for _, b := range p.Buffers {
		if b.Kind == Constant {
			if b.Data == nil {
				return nil, fmt.Errorf("constant buf%d has no data", b.ID)
			}
			e.bufs[b.ID] = partTensor(b.Data)
		}
	}
	if err := e.steps(p.Steps); err != nil {
		return nil, err
	}
	out := make([]*ir.Tensor, len(p.Outputs))
	for i, id := range p.Outputs {
		if e.bufs[id] == nil {
			return nil, fmt.Errorf("output %d (buf%d) is not allocated at the end", i, id)
		}
		b := p.Buffers[id]
		out[i] = fromPartTensor(e.bufs[id], b.Elem, b.Shape)
	}
	return out, nil
}

func typeOf(x *ir.Tensor) any {
	if x == nil {
		return "nil"
	}
	return x.Type
}

type progEval struct {
	p    *Program
	bufs []*ir.Tensor
}

func (e *progEval) buf(id int) (*ir.Tensor, error) {
	if id < 0 || id >= len(e.bufs) || e.bufs[id] == nil {
		return nil, fmt.Errorf("buf%d is not allocated", id)
	}
	return e.bufs[id], nil
}

func (e *progEval) steps(steps []Step) error {
	for _, s := range steps {
		switch s.Kind {
		case Alloc:
			b := e.p.Buffers[s.Buf]
			pe, ps := partView(b.Elem, b.Shape)
			t, err := ir.NewTensor(ir.TensorOf(pe, ps...))
			if err != nil {
				return err
			}
			e.bufs[s.Buf] = t
		case Free:
			if e.p.Buffers[s.Buf].Kind == Temp {
				e.bufs[s.Buf] = nil
			}
		case Copy:
			src, err := e.buf(s.Src)
			if err != nil {
				return err
			}
			dst, err := e.buf(s.Dst)
			if err != nil {
				return err
			}
			if src.Type.Elem != dst.Type.Elem || src.Len() != dst.Len() {
				return fmt.Errorf("copy buf%d -> buf%d: %s and %s differ", s.Src, s.Dst, src.Type, dst.Type)
			}
			copy(dst.I, src.I)
			copy(dst.F, src.F)
		case Launch:
			k := e.p.Kernels[s.Kernel]
			args := make([]*ir.Tensor, len(s.Args))
			for i, id := range s.Args {
				t, err := e.buf(id)
				if err != nil {
					return fmt.Errorf("launch %s: %v", k.Name, err)
				}
				args[i] = t
			}
			if err := EvalKernel(k, args); err != nil {
				return err
			}
		case While:
			for {
				if err := e.steps(s.Cond); err != nil {
					return err
				}
				c, err := e.buf(s.Pred)
				if err != nil {
					return err
				}
				if c.I[0] == 0 {
					break
				}
				if err := e.steps(s.Body); err != nil {
					return err
				}
			}
		case IfStep:
			c, err := e.buf(s.Pred)
			if err != nil {
				return err
			}
			br := s.Else
			if c.I[0] != 0 {
				br = s.Body
			}
			if err := e.steps(br); err != nil {
				return err
			}
		case Case:
			c, err := e.buf(s.Pred)
			if err != nil {
				return err
			}
			i := c.I[0]
			if i < 0 || i >= int64(len(s.Branches)) {
				i = int64(len(s.Branches)) - 1
			}
			if err := e.steps(s.Branches[i]); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown step kind %d", s.Kind)
		}
	}
	return nil
}

// EvalKernel runs one kernel on host tensors, one per Param (row-major
// tensors whose element type matches; the Param's strides address them).
func EvalKernel(k *Kernel, args []*ir.Tensor) error {
	if len(args) != len(k.Params) {
		return fmt.Errorf("kernel %s takes %d buffers, got %d", k.Name, len(k.Params), len(args))
	}
	n := Number(k)
	ke := &kernelEval{k: k, slots: make([]val, n), global: args}
	for i, p := range k.Params {
		if args[i].Type.Elem != p.Elem {
			return fmt.Errorf("kernel %s: buffer %s is %s, got %s", k.Name, p.Name, p.Elem, args[i].Type)
		}
		if int64(args[i].Len()) < p.Len() {
			return fmt.Errorf("kernel %s: buffer %s needs %d elements, got %d", k.Name, p.Name, p.Len(), args[i].Len())
		}
	}
	for _, s := range k.Shared {
		t, err := ir.NewTensor(ir.TensorOf(s.Elem, s.Len()))
		if err != nil {
			return err
		}
		ke.shared = append(ke.shared, t)
	}
	return ke.body(k.Body)
}

type kernelEval struct {
	k      *Kernel
	slots  []val
	global []*ir.Tensor
	shared []*ir.Tensor
}

func (e *kernelEval) v(n *Node) val {
	if n.Kind == Const {
		return val{i: n.I, f: n.F}
	}
	return e.slots[n.ID]
}

func (e *kernelEval) tensor(n *Node) (*ir.Tensor, int64, error) {
	t := e.global
	if n.Buf.Space == Shared {
		t = e.shared
	}
	x := t[n.Buf.Index]
	i := e.v(n.Args[0]).i
	if i < 0 || i >= int64(x.Len()) || i >= n.Buf.Len() {
		return nil, 0, fmt.Errorf("kernel %s: %%%d: %s %%%s[%d] is out of bounds (%d elements)", e.k.Name, n.ID, n.Kind, n.Buf.Name, i, n.Buf.Len())
	}
	return x, i, nil
}

func (e *kernelEval) body(body []*Node) error {
	for _, n := range body {
		switch n.Kind {
		case Loop:
			for i := int64(0); i < n.N; i++ {
				e.slots[n.ID] = val{i: i}
				if err := e.body(n.Body); err != nil {
					return err
				}
			}
		case If:
			br := n.Else
			if e.v(n.Args[0]).i != 0 {
				br = n.Body
			}
			if err := e.body(br); err != nil {
				return err
			}
		case Barrier:
		case Load:
			x, i, err := e.tensor(n)
			if err != nil {
				return err
			}
			if x.I != nil {
				e.slots[n.ID] = val{i: x.I[i]}
			} else {
				e.slots[n.ID] = val{f: x.F[i]}
			}
		case Store:
			x, i, err := e.tensor(n)
			if err != nil {
				return err
			}
			v := e.v(n.Args[1])
			if x.I != nil {
				x.I[i] = v.i
			} else {
				x.F[i] = v.f
			}
		case Var:
			e.slots[n.ID] = e.v(n.Args[0])
		case Get:
			e.slots[n.ID] = e.slots[n.Args[0].ID]
		case Set:
			e.slots[n.Args[0].ID] = e.v(n.Args[1])
		case Select:
			if e.v(n.Args[0]).i != 0 {
				e.slots[n.ID] = e.v(n.Args[1])
			} else {
				e.slots[n.ID] = e.v(n.Args[2])
			}
		case Convert:
			e.slots[n.ID] = evalConvert(e.v(n.Args[0]), n.Args[0].Type, n.Type)
		case Bitcast:
			e.slots[n.ID] = evalBitcast(e.v(n.Args[0]), n.Args[0].Type, n.Type)
		case Fma:
			e.slots[n.ID] = val{f: evalFma(n.Type, e.v(n.Args[0]).f, e.v(n.Args[1]).f, e.v(n.Args[2]).f)}
		default:
			switch n.Kind.Class() {
			case ClassUnary, ClassPred:
				e.slots[n.ID] = evalUnary(n.Kind, n.Args[0].Type, e.v(n.Args[0]))
			case ClassBinary, ClassCompare:
				e.slots[n.ID] = evalBinary(n.Kind, n.Args[0].Type, e.v(n.Args[0]), e.v(n.Args[1]), n.Total)
			default:
				return fmt.Errorf("kernel %s: %%%d: cannot evaluate %s", e.k.Name, n.ID, n.Kind)
			}
		}
	}
	return nil
}

// evalFma is x*y + z rounded once in f64 (math.FMA); for f32 operands the
// product is exact in f64 and the f64 sum is rounded to f32, which can
// differ from a single f32 rounding by one ulp in rare double-rounding
// cases (the renderers' hardware FMA rounds once).
func evalFma(t ir.ElementType, x, y, z float64) float64 {
	r := math.FMA(x, y, z)
	if t == ir.F32 {
		return float64(float32(r))
	}
	return r
}
