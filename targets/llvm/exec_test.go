package llvm

import (
	"fmt"
	"unsafe"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime/cpu"
	"github.com/zmlc/zmlc/targets/kernel"
)

// hostRun runs a Program's schedule in Go with its kernels from a cpu
// shared object: the steps of the host program without the launcher.
type hostRun struct {
	p       *kernel.Program
	bufs    [][]byte
	kernels []*cpu.Kernel
	grids   []int64
	workers int
}

// alloc returns n bytes, 64-byte aligned, backed by Go memory (the Go
// collector does not move heap objects).
func alloc(n int64) []byte {
	raw := make([]byte, n+64)
	off := (64 - int(uintptr(unsafe.Pointer(&raw[0]))%64)) % 64
	return raw[off : off+int(n) : off+int(n)]
}

func (h *hostRun) run(inputs ...*ir.Tensor) ([]*ir.Tensor, error) {
	h.bufs = make([][]byte, len(h.p.Buffers))
	if len(inputs) != len(h.p.Inputs) {
		return nil, fmt.Errorf("%d inputs, the program takes %d", len(inputs), len(h.p.Inputs))
	}
	for i, id := range h.p.Inputs {
		data := ir.TensorBytes(inputs[i])
		h.bufs[id] = alloc(max(int64(len(data)), 1))[:len(data)]
		copy(h.bufs[id], data)
	}
	for _, b := range h.p.Buffers {
		if b.Kind == kernel.Constant {
			data := ir.TensorBytes(b.Data)
			h.bufs[b.ID] = alloc(max(int64(len(data)), 1))[:len(data)]
			copy(h.bufs[b.ID], data)
		}
	}
	if err := h.steps(h.p.Steps); err != nil {
		return nil, err
	}
	var outs []*ir.Tensor
	for _, id := range h.p.Outputs {
		b := h.p.Buffers[id]
		if h.bufs[id] == nil {
			return nil, fmt.Errorf("output buf%d is not allocated", id)
		}
		t, err := ir.TensorFromBytes(ir.TensorOf(b.Elem, b.Shape...), h.bufs[id])
		if err != nil {
			return nil, err
		}
		outs = append(outs, t)
	}
	return outs, nil
}

func (h *hostRun) buf(id int) ([]byte, error) {
	if id < 0 || id >= len(h.bufs) || h.bufs[id] == nil {
		return nil, fmt.Errorf("buf%d is not allocated", id)
	}
	return h.bufs[id], nil
}

func (h *hostRun) steps(steps []kernel.Step) error {
	for _, s := range steps {
		switch s.Kind {
		case kernel.Alloc:
			h.bufs[s.Buf] = alloc(max(h.p.Buffers[s.Buf].Bytes, 1))[:h.p.Buffers[s.Buf].Bytes]
		case kernel.Free:
			if h.p.Buffers[s.Buf].Kind == kernel.Temp {
				h.bufs[s.Buf] = nil
			}
		case kernel.Copy:
			src, err := h.buf(s.Src)
			if err != nil {
				return err
			}
			dst, err := h.buf(s.Dst)
			if err != nil {
				return err
			}
			copy(dst, src)
		case kernel.Launch:
			addrs := make([]uint64, len(s.Args))
			for i, id := range s.Args {
				b, err := h.buf(id)
				if err != nil {
					return err
				}
				addrs[i] = uint64(uintptr(unsafe.Pointer(unsafe.SliceData(b[:cap(b)]))))
			}
			h.kernels[s.Kernel].Run(addrs, h.grids[s.Kernel], h.workers)
		case kernel.While:
			for {
				if err := h.steps(s.Cond); err != nil {
					return err
				}
				c, err := h.buf(s.Pred)
				if err != nil {
					return err
				}
				if c[0] == 0 {
					break
				}
				if err := h.steps(s.Body); err != nil {
					return err
				}
			}
		case kernel.IfStep:
			c, err := h.buf(s.Pred)
			if err != nil {
				return err
			}
			br := s.Else
			if c[0] != 0 {
				br = s.Body
			}
			if err := h.steps(br); err != nil {
				return err
			}
		case kernel.Case:
			c, err := h.buf(s.Pred)
			if err != nil {
				return err
			}
			i := int64(int32(uint32(c[0]) | uint32(c[1])<<8 | uint32(c[2])<<16 | uint32(c[3])<<24))
			if i < 0 || i >= int64(len(s.Branches)) {
				i = int64(len(s.Branches)) - 1
			}
			if err := h.steps(s.Branches[i]); err != nil {
				return err
			}
		default:
			return fmt.Errorf("unknown step kind %d", s.Kind)
		}
	}
	return nil
}
