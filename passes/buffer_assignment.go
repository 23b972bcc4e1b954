package passes

import (
	"github.com/zmlc/zmlc/ir"
)

// bufferAssignmentPass runs AssignBuffers on every function with a body
// and records the plan in the IR: each op with results gets
// `zml.buffer_offset = array<i64: ...>` (one offset per result, bytes into
// the arena; results reusing an operand's buffer in place share its
// offset), and the function gets `zml.buffer_peak` (the arena's size) and
// `zml.buffer_sum` (the sum of all buffers, what allocating each value
// separately would take), both i64 attributes. Option alignment (default
// 64) is the byte alignment of every buffer.
type bufferAssignmentPass struct{ alignment int64 }

func init() {
	Register(&PassInfo{
		Argument: "buffer-assignment",
		Name:     "BufferAssignment",
		Summary:  "Place every value in one arena by liveness, reusing buffers in place for elementwise ops",
		Options:  map[string]string{"alignment": "byte alignment of every buffer, a power of two (default 64)"},
		New: func(o map[string]string) (Pass, error) {
			n, err := intOption(o, "alignment", 64, 1)
			return &bufferAssignmentPass{alignment: n}, err
		},
	})
}

func (*bufferAssignmentPass) Name() string     { return "BufferAssignment" }
func (*bufferAssignmentPass) Argument() string { return "buffer-assignment" }
func (*bufferAssignmentPass) Summary() string  { return Lookup("buffer-assignment").Summary }

// Run plans and annotates every function of m.
func (p *bufferAssignmentPass) Run(m *ir.Module) error {
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		plan, err := AssignBuffers(f, p.alignment)
		if err != nil {
			return err
		}
		for _, b := range f.Body.Blocks {
			for _, op := range b.Ops {
				if len(op.Results) == 0 || op.HasTrait(ir.Terminator) {
					continue
				}
				offs := make([]int64, len(op.Results))
				for i, r := range op.Results {
					offs[i] = plan.Offsets[r]
				}
				op.SetAttr("zml.buffer_offset", ir.I64Array(offs...))
			}
		}
		f.Attrs = f.Attrs.Set("zml.buffer_peak", &ir.IntegerAttr{Value: plan.Peak, Type: ir.I64})
		f.Attrs = f.Attrs.Set("zml.buffer_sum", &ir.IntegerAttr{Value: plan.Sum, Type: ir.I64})
	}
	return nil
}
