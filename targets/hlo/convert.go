package hlo

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	pb "github.com/zmlc/zmlc/targets/hlo/xlapb"
)

// Convert translates the function entry of m, and every function it calls,
// into an XLA HLO module named name ("" takes the entry's name). The entry
// computation's parameters are the function's arguments in order; its root
// is the single result, or a tuple of the results when there are several
// (or none), which PJRT returns as that many output buffers.
//
// Errors (an op or element type XLA lacks, a dynamic shape, a region whose
// values XLA cannot thread) name the op and its source position.
func Convert(m *ir.Module, entry, name string) (*pb.HloModuleProto, error) {
	f := m.Func(entry)
	if f == nil || f.Body == nil {
		return nil, fmt.Errorf("hlo target: no function @%s with a body", entry)
	}
	if name == "" {
		name = entry
	}
	mb := &modBuilder{m: m, mod: &pb.HloModuleProto{Name: name}, funcs: map[string]*pb.HloComputationProto{}, used: map[string]bool{}}
	c, err := mb.function(f, "main")
	if err != nil {
		return nil, err
	}
	mb.mod.EntryComputationName = c.Name
	mb.mod.EntryComputationId = c.Id
	mb.mod.HostProgramShape = c.ProgramShape
	mb.mod.Id = 1
	return mb.mod, nil
}

// modBuilder builds one HloModuleProto. Instruction and computation ids
// are unique in the module; names are unique too ("add.7").
type modBuilder struct {
	m      *ir.Module
	mod    *pb.HloModuleProto
	nextID int64
	funcs  map[string]*pb.HloComputationProto // lowered callees of func.call
	active map[string]bool                    // functions being lowered (recursion guard)
	used   map[string]bool
}

func (mb *modBuilder) id() int64 {
	mb.nextID++
	return mb.nextID
}

// uniqueName returns base, or base.N, unused so far in the module.
func (mb *modBuilder) uniqueName(base string, id int64) string {
	n := fmt.Sprintf("%s.%d", base, id)
	for mb.used[n] {
		id++
		n = fmt.Sprintf("%s.%d", base, id)
	}
	mb.used[n] = true
	return n
}

// compBuilder builds one computation: vals maps the IR values in scope to
// the instructions that hold them.
type compBuilder struct {
	mb   *modBuilder
	c    *pb.HloComputationProto
	vals map[*ir.Value]*pb.HloInstructionProto
}

func (mb *modBuilder) newComp(base string) *compBuilder {
	id := mb.id()
	return &compBuilder{mb: mb, c: &pb.HloComputationProto{Name: mb.uniqueName(base, id), Id: id, ProgramShape: &pb.ProgramShapeProto{}},
		vals: map[*ir.Value]*pb.HloInstructionProto{}}
}

// add appends an instruction.
func (cb *compBuilder) add(opcode string, shape *pb.ShapeProto, operands ...*pb.HloInstructionProto) *pb.HloInstructionProto {
	id := cb.mb.id()
	in := &pb.HloInstructionProto{Name: cb.mb.uniqueName(opcode, id), Opcode: opcode, Shape: shape, Id: id}
	for _, o := range operands {
		in.OperandIds = append(in.OperandIds, o.Id)
	}
	cb.c.Instructions = append(cb.c.Instructions, in)
	return in
}

// param adds parameter i of shape s.
func (cb *compBuilder) param(i int, s *pb.ShapeProto, base string) *pb.HloInstructionProto {
	id := cb.mb.id()
	in := &pb.HloInstructionProto{Name: cb.mb.uniqueName(base, id), Opcode: "parameter", Shape: s, Id: id, ParameterNumber: int64(i)}
	cb.c.Instructions = append(cb.c.Instructions, in)
	cb.c.ProgramShape.Parameters = append(cb.c.ProgramShape.Parameters, s)
	cb.c.ProgramShape.ParameterNames = append(cb.c.ProgramShape.ParameterNames, in.Name)
	return in
}

// finish sets the root and appends the computation to the module (after
// the computations it calls, which were finished first).
func (cb *compBuilder) finish(root *pb.HloInstructionProto) *pb.HloComputationProto {
	cb.c.RootId = root.Id
	cb.c.ProgramShape.Result = root.Shape
	cb.mb.mod.Computations = append(cb.mb.mod.Computations, cb.c)
	return cb.c
}

// tuple returns a tuple of the instructions.
func (cb *compBuilder) tuple(elems []*pb.HloInstructionProto) *pb.HloInstructionProto {
	shapes := make([]*pb.ShapeProto, len(elems))
	for i, e := range elems {
		shapes[i] = e.Shape
	}
	return cb.add("tuple", tupleShape(shapes), elems...)
}

// gte returns element i of a tuple instruction.
func (cb *compBuilder) gte(t *pb.HloInstructionProto, i int) *pb.HloInstructionProto {
	in := cb.add("get-tuple-element", t.Shape.TupleShapes[i], t)
	in.TupleIndex = int64(i)
	return in
}

// rootOf returns the instruction a region or function returns: the value
// itself when there is one, else a tuple.
func (cb *compBuilder) rootOf(vals []*pb.HloInstructionProto) *pb.HloInstructionProto {
	if len(vals) == 1 {
		return vals[0]
	}
	return cb.tuple(vals)
}

// function lowers f into a computation named base.
func (mb *modBuilder) function(f *ir.Func, base string) (*pb.HloComputationProto, error) {
	cb := mb.newComp(base)
	for i, a := range f.Args() {
		s, err := shapeOf(a.Type)
		if err != nil {
			return nil, fmt.Errorf("hlo target: @%s: argument %d: %v", f.Name, i, err)
		}
		cb.vals[a] = cb.param(i, s, fmt.Sprintf("Arg_%d", i))
	}
	rets, err := cb.block(f.Body.Entry())
	if err != nil {
		return nil, err
	}
	return cb.finish(cb.rootOf(rets)), nil
}

// block lowers the ops of b and returns the instructions of its
// terminator's operands.
func (cb *compBuilder) block(b *ir.Block) ([]*pb.HloInstructionProto, error) {
	for _, o := range b.Ops {
		if o == b.Terminator() && (o.Name == "func.return" || o.Name == "stablehlo.return") {
			return cb.operands(o)
		}
		if err := cb.op(o); err != nil {
			return nil, err
		}
	}
	return nil, fmt.Errorf("hlo target: block without a terminator")
}

// operands returns the instructions of o's operands.
func (cb *compBuilder) operands(o *ir.Op) ([]*pb.HloInstructionProto, error) {
	out := make([]*pb.HloInstructionProto, len(o.Operands))
	for i, v := range o.Operands {
		in, ok := cb.vals[v]
		if !ok {
			return nil, opErr(o, "operand %d is not defined in this computation", i)
		}
		out[i] = in
	}
	return out, nil
}

// opErr formats an error about op o with its position.
func opErr(o *ir.Op, format string, a ...any) error {
	msg := fmt.Sprintf(format, a...)
	if o.Loc.IsKnown() {
		return fmt.Errorf("%s: error: hlo target: %s: %s", o.Loc, o.Name, msg)
	}
	return fmt.Errorf("hlo target: %s: %s", o.Name, msg)
}

// scalarRegion lowers a region whose block arguments are its only inputs
// (the reducer of reduce, the comparator of sort, ...) into a computation.
func (cb *compBuilder) scalarRegion(o *ir.Op, r *ir.Region, base string) (*pb.HloComputationProto, error) {
	if free := freeValues([]*ir.Region{r}); len(free) > 0 {
		return nil, opErr(o, "its region uses %d value(s) defined outside it, which an XLA %s computation cannot take", len(free), base)
	}
	sub := cb.mb.newComp(base)
	blk := r.Entry()
	for i, a := range blk.Args {
		s, err := shapeOf(a.Type)
		if err != nil {
			return nil, opErr(o, "region argument %d: %v", i, err)
		}
		sub.vals[a] = sub.param(i, s, fmt.Sprintf("Arg_%d", i))
	}
	rets, err := sub.block(blk)
	if err != nil {
		return nil, err
	}
	return sub.finish(sub.rootOf(rets)), nil
}

// freeValues returns the values the regions use but do not define (in the
// order of first use): the values a while, if or case region captures.
func freeValues(rs []*ir.Region) []*ir.Value {
	defined := map[*ir.Value]bool{}
	var walk func(r *ir.Region)
	walk = func(r *ir.Region) {
		for _, b := range r.Blocks {
			for _, a := range b.Args {
				defined[a] = true
			}
			for _, o := range b.Ops {
				for _, v := range o.Results {
					defined[v] = true
				}
				for _, s := range o.Regions {
					walk(s)
				}
			}
		}
	}
	for _, r := range rs {
		walk(r)
	}
	var free []*ir.Value
	seen := map[*ir.Value]bool{}
	for _, r := range rs {
		r.Walk(func(o *ir.Op) bool {
			for _, v := range o.Operands {
				if !defined[v] && !seen[v] {
					seen[v] = true
					free = append(free, v)
				}
			}
			return true
		})
	}
	return free
}

// threadedRegion lowers a while, if or case region into a computation of
// one tuple parameter: the region's block arguments (args, shapes in
// argShapes) then the captured values. With passCaptures (a while body)
// the root is a tuple of the returned values and the captures unchanged;
// with tupleRoot a tuple of the returned values; else the single value.
func (cb *compBuilder) threadedRegion(o *ir.Op, r *ir.Region, base string, argShapes []*pb.ShapeProto, captures []*ir.Value, passCaptures, tupleRoot bool) (*pb.HloComputationProto, error) {
	sub := cb.mb.newComp(base)
	shapes := append([]*pb.ShapeProto{}, argShapes...)
	for _, v := range captures {
		shapes = append(shapes, cb.vals[v].Shape)
	}
	p := sub.param(0, tupleShape(shapes), "Arg_tuple")
	blk := r.Entry()
	var caps []*pb.HloInstructionProto
	for i := range shapes {
		g := sub.gte(p, i)
		if i < len(blk.Args) {
			sub.vals[blk.Args[i]] = g
		} else if i >= len(argShapes) {
			sub.vals[captures[i-len(argShapes)]] = g
			caps = append(caps, g)
		}
	}
	rets, err := sub.block(blk)
	if err != nil {
		return nil, err
	}
	var root *pb.HloInstructionProto
	switch {
	case passCaptures:
		root = sub.tuple(append(rets, caps...))
	case tupleRoot:
		root = sub.tuple(rets)
	default:
		if len(rets) != 1 {
			return nil, opErr(o, "the condition region returns %d values, want 1", len(rets))
		}
		root = rets[0]
	}
	return sub.finish(root), nil
}
