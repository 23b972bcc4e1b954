package emit

import (
	"fmt"
	"math"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Validate checks m's own consistency, without the file layout: names are
// present and unique, dtypes are MLIR element types, shapes are non-negative
// and not absurdly large, kinds and formats are known, every blob reference
// names a blob of the right kind, and embedded weights have their byte size.
// It returns the first problem found as an error.
func (m *Manifest) Validate() error {
	blobs := map[string]*Blob{}
	for i := range m.Blobs {
		b := &m.Blobs[i]
		if b.Name == "" {
			return fmt.Errorf("blob %d has no name", i)
		}
		if blobs[b.Name] != nil {
			return fmt.Errorf("blob %q appears twice", b.Name)
		}
		switch b.Kind {
		case BlobHost, BlobKernels, BlobStableHLO, BlobWeights:
		default:
			return fmt.Errorf("blob %q has unknown kind %q", b.Name, b.Kind)
		}
		blobs[b.Name] = b
	}
	ref := func(what, name, kind string) (*Blob, error) {
		b := blobs[name]
		if b == nil {
			return nil, fmt.Errorf("%s names blob %q, which does not exist", what, name)
		}
		if b.Kind != kind {
			return nil, fmt.Errorf("%s names blob %q of kind %q, want %q", what, name, b.Kind, kind)
		}
		return b, nil
	}
	if m.Target.Name == "" {
		return fmt.Errorf("the target has no name")
	}
	for name, v := range m.Dims {
		if name == "" || v < 0 {
			return fmt.Errorf("dim %q = %d is invalid", name, v)
		}
	}
	if _, err := ref("the host program", m.Host, BlobHost); err != nil {
		return err
	}
	if m.StableHLO != "" {
		if _, err := ref("the StableHLO text", m.StableHLO, BlobStableHLO); err != nil {
			return err
		}
	}
	if err := m.validateEntries(); err != nil {
		return err
	}
	params := map[string]bool{}
	for i, p := range m.Parameters {
		what := fmt.Sprintf("parameter %q", p.Name)
		if p.Name == "" {
			return fmt.Errorf("parameter %d has no name", i)
		}
		if params[p.Name] {
			return fmt.Errorf("%s appears twice", what)
		}
		params[p.Name] = true
		size, err := checkType(what, p.DType, p.Shape)
		if err != nil {
			return err
		}
		if p.Blob != "" {
			b, err := ref(what, p.Blob, BlobWeights)
			if err != nil {
				return err
			}
			if b.Size != size {
				return fmt.Errorf("%s of type %s needs %d bytes, but blob %q holds %d", what, typeString(p.DType, p.Shape), size, p.Blob, b.Size)
			}
		}
	}
	for _, b := range m.Buffers.Buffers {
		switch b.Kind {
		case BufferParameter, BufferInput, BufferOutput, BufferTemp:
		default:
			return fmt.Errorf("buffer %q has unknown kind %q", b.Name, b.Kind)
		}
		if b.Size < 0 || b.Offset < 0 {
			return fmt.Errorf("buffer %q has a negative size or offset", b.Name)
		}
	}
	if m.Buffers.PeakBytes < 0 {
		return fmt.Errorf("the buffer plan's peak_bytes is negative")
	}
	axes := map[string]bool{}
	for _, a := range m.Mesh.Axes {
		if a.Name == "" || axes[a.Name] || a.Size < 1 {
			return fmt.Errorf("mesh axis %q of size %d is invalid or repeated", a.Name, a.Size)
		}
		axes[a.Name] = true
	}
	if err := m.validateModules(ref); err != nil {
		return err
	}
	for i, c := range m.Collectives {
		switch c.Kind {
		case CollectiveAllReduce, CollectiveAllGather, CollectiveReduceScatter, CollectiveAllToAll, CollectiveCollectivePermute:
		default:
			return fmt.Errorf("collective %d has unknown kind %q", i, c.Kind)
		}
		if _, ok := ir.ParseElementType(c.DType); !ok {
			return fmt.Errorf("collective %d has unknown dtype %q", i, c.DType)
		}
		if c.Count < 0 {
			return fmt.Errorf("collective %d has a negative count", i)
		}
	}
	return nil
}

// maxPrologue bounds Entry.Prologue: a frame's slots stay far below the
// linear memory's size.
const maxPrologue = 1 << 20

func (m *Manifest) validateEntries() error {
	names, exports := map[string]bool{}, map[string]bool{}
	for i, e := range m.Entries {
		if e.Name == "" || e.Export == "" {
			return fmt.Errorf("entry %d has no name or no export", i)
		}
		if names[e.Name] || exports[e.Export] {
			return fmt.Errorf("entry %q: its name or export %q appears twice", e.Name, e.Export)
		}
		names[e.Name], exports[e.Export] = true, true
		if e.Prologue < 0 || e.Prologue > maxPrologue {
			return fmt.Errorf("entry %q: prologue keeps %d buffers (0 to %d allowed)", e.Name, e.Prologue, maxPrologue)
		}
		for j, v := range e.Inputs {
			if err := checkValue(fmt.Sprintf("entry %q input %d", e.Name, j), v); err != nil {
				return err
			}
		}
		for j, v := range e.Outputs {
			if err := checkValue(fmt.Sprintf("entry %q output %d", e.Name, j), v); err != nil {
				return err
			}
		}
		if len(e.Checks) > maxPrologue {
			return fmt.Errorf("entry %q: %d checks (at most %d allowed)", e.Name, len(e.Checks), maxPrologue)
		}
		for j, c := range e.Checks {
			if err := validateCheck(fmt.Sprintf("entry %q check %d", e.Name, j), c); err != nil {
				return err
			}
		}
	}
	return nil
}

// validateCheck checks one Entry.Checks record: a check op, a known
// comparison, a finite tolerance, valid tensor descriptions.
func validateCheck(what string, c Check) error {
	switch {
	case c.Op == "stablehlo.custom_call":
		if !strings.HasPrefix(c.Target, "check.") {
			return fmt.Errorf("%s: custom_call target %q is not a check", what, c.Target)
		}
	case strings.HasPrefix(c.Op, "check."):
		if c.Target != "" {
			return fmt.Errorf("%s: op %s has a call target", what, c.Op)
		}
	default:
		return fmt.Errorf("%s: op %q is not a check", what, c.Op)
	}
	switch c.Compare {
	case CheckEq, CheckAlmostEq, CheckClose:
	default:
		return fmt.Errorf("%s: unknown comparison %q", what, c.Compare)
	}
	if math.IsNaN(c.Tolerance) || math.IsInf(c.Tolerance, 0) {
		return fmt.Errorf("%s: tolerance %v is not finite", what, c.Tolerance)
	}
	if err := checkValue(what+" actual", c.Actual); err != nil {
		return err
	}
	return checkValue(what+" expected", c.Expected)
}

func (m *Manifest) validateModules(ref func(what, name, kind string) (*Blob, error)) error {
	names := map[string]bool{}
	for i, mod := range m.Modules {
		what := fmt.Sprintf("module %d %q", i, mod.Name)
		if mod.Name == "" || names[mod.Name] {
			return fmt.Errorf("%s has no name or a repeated one", what)
		}
		names[mod.Name] = true
		switch mod.Format {
		case FormatWasmSelf:
			if mod.Blob != "" {
				return fmt.Errorf("%s of format %s must not name a blob", what, mod.Format)
			}
		case FormatPTX, FormatHSACO, FormatSPIRV, FormatMetal, FormatSO, FormatHLOText, FormatHLOPB, FormatMLIR:
			if _, err := ref(what, mod.Blob, BlobKernels); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s has unknown format %q", what, mod.Format)
		}
		for k, kern := range mod.Kernels {
			kwhat := fmt.Sprintf("%s kernel %d %q", what, k, kern.Name)
			if kern.Name == "" || kern.Symbol == "" {
				return fmt.Errorf("%s has no name or no symbol", kwhat)
			}
			for a, arg := range kern.Args {
				switch arg.Kind {
				case ArgBuffer:
					if arg.Access != "read" && arg.Access != "write" && arg.Access != "readwrite" {
						return fmt.Errorf("%s argument %d: buffer access %q is not read, write or readwrite", kwhat, a, arg.Access)
					}
					if arg.DType != "" {
						if _, err := checkType(fmt.Sprintf("%s argument %d", kwhat, a), arg.DType, arg.Shape); err != nil {
							return err
						}
					} else if len(arg.Shape) > 0 {
						return fmt.Errorf("%s argument %d has a shape and no dtype", kwhat, a)
					}
				case ArgI32, ArgU32, ArgI64, ArgF32, ArgF64:
					if arg.Access != "" || arg.DType != "" || len(arg.Shape) > 0 {
						return fmt.Errorf("%s argument %d: scalar %s has an access or a tensor type", kwhat, a, arg.Kind)
					}
				default:
					return fmt.Errorf("%s argument %d has unknown kind %q", kwhat, a, arg.Kind)
				}
			}
			if len(kern.Workgroup) != 0 && len(kern.Workgroup) != 3 {
				return fmt.Errorf("%s: workgroup must have 3 sizes, has %d", kwhat, len(kern.Workgroup))
			}
			for _, w := range kern.Workgroup {
				if w < 1 {
					return fmt.Errorf("%s: workgroup size %d is not positive", kwhat, w)
				}
			}
		}
	}
	return nil
}

func checkValue(what string, v Value) error {
	if _, err := checkType(what, v.DType, v.Shape); err != nil {
		return err
	}
	if len(v.Dims) != 0 && len(v.Dims) != len(v.Shape) {
		return fmt.Errorf("%s names %d dims for rank %d", what, len(v.Dims), len(v.Shape))
	}
	return nil
}

// maxBytes bounds a tensor's byte size (2^48, 256 TiB): beyond it the shape
// is surely corrupt.
const maxBytes = 1 << 48

// checkType checks a dtype and shape and returns the tensor's byte size.
func checkType(what, dtype string, shape []int64) (int64, error) {
	e, ok := ir.ParseElementType(dtype)
	if !ok || e == ir.Index {
		return 0, fmt.Errorf("%s has unknown dtype %q", what, dtype)
	}
	size := int64(e.ByteSize())
	for _, d := range shape {
		if d < 0 {
			return 0, fmt.Errorf("%s has negative dimension in shape %v", what, shape)
		}
		if d != 0 && size > math.MaxInt64/d {
			return 0, fmt.Errorf("%s of shape %v is too large", what, shape)
		}
		size *= d
	}
	if size > maxBytes {
		return 0, fmt.Errorf("%s of shape %v is too large", what, shape)
	}
	return size, nil
}

// ByteSize returns the size in bytes of a tensor of dtype and shape as
// stored in buffers and blobs (ir.TensorBytes layout), or an error if dtype
// is not an element type or the shape is invalid.
func ByteSize(dtype string, shape []int64) (int64, error) {
	return checkType("tensor", dtype, shape)
}

// typeString spells a dtype and shape as `f32[2, 3]`.
func typeString(dtype string, shape []int64) string {
	s := dtype + "["
	for i, d := range shape {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprint(d)
	}
	return s + "]"
}
