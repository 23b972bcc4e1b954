package compile

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// Memory limits code generation checks before rendering (a static shape
// prints fine with --emit=mlir whatever its size; generating code for it
// is refused when no target memory could hold it).
const (
	// LinearMemoryBytes is the most a wasm32 linear memory holds: 65536
	// pages of 64 KiB (WebAssembly core spec 2.0, section 2.5.5, Memories:
	// addresses are u32). The wasm and cpu targets keep every buffer there
	// (the cpu target's kernels run on the linear memory, docs/RUNTIME.md).
	LinearMemoryBytes int64 = 65536 * 65536
	// MaxDeviceBufferBytes bounds one buffer of the cuda, rocm and vulkan
	// targets: 1 TiB, more than any single device holds (an H200 has
	// 141 GB).
	MaxDeviceBufferBytes int64 = 1 << 40
)

// checkMemory refuses a lowered program no memory of target can hold,
// naming the sizes: on wasm and cpu, a buffer plan (weights, the entry's
// inputs, outputs and constants, and the most temporaries alive at once
// along its schedule) larger than LinearMemoryBytes; on device targets a
// buffer larger than MaxDeviceBufferBytes. Every target refuses a buffer
// whose byte size overflows.
func checkMemory(target string, progs []*kernel.Program) error {
	shared := target == "wasm" || target == "cpu"
	params := map[string]int64{}
	var paramBytes int64
	for _, p := range progs {
		var largest *kernel.ProgBuffer
		var fixed int64
		for _, b := range p.Buffers {
			if n := numElements(b.Shape); b.Bytes < 0 || n < 0 || b.Bytes/int64(max(1, b.Elem.ByteSize())) < n {
				return fmt.Errorf("%s target: entry @%s: buffer %s does not fit in 64-bit byte sizes", target, p.Entry, bufType(b))
			}
			if largest == nil || b.Bytes > largest.Bytes {
				largest = b
			}
			if !shared && b.Bytes > MaxDeviceBufferBytes {
				return fmt.Errorf("%s target: entry @%s: buffer %s is %s, more than the %s one device buffer may hold", target, p.Entry, bufType(b), sizeString(b.Bytes), sizeString(MaxDeviceBufferBytes))
			}
			switch {
			case b.Kind == kernel.Input && b.Param != "":
				if _, seen := params[b.Param]; !seen {
					params[b.Param] = b.Bytes
					paramBytes += b.Bytes
				}
			case b.Kind == kernel.Input, b.Kind == kernel.Constant:
				fixed += b.Bytes
			}
		}
		if !shared {
			continue
		}
		_, temps := livePeak(p, p.Steps, 0)
		need := paramBytes + fixed + temps
		if need > LinearMemoryBytes || need < 0 {
			msg := fmt.Sprintf("%s target: entry @%s needs %s of memory (weights %s, inputs and constants %s, temporaries and results %s at their peak), more than the %s of a wasm32 linear memory",
				target, p.Entry, sizeString(need), sizeString(paramBytes), sizeString(fixed), sizeString(temps), sizeString(LinearMemoryBytes))
			if largest != nil {
				msg += fmt.Sprintf("; its largest buffer is %s, %s", bufType(largest), sizeString(largest.Bytes))
			}
			if target == "wasm" {
				msg += " (the cuda, rocm and vulkan targets keep buffers in device memory)"
			}
			return fmt.Errorf("%s", msg)
		}
	}
	return nil
}

// livePeak walks steps with live bytes of temporaries allocated and
// returns the live bytes after them and the most live at any point
// (Alloc adds a buffer, Free removes it; a loop body or branch counts as
// running once, the branch needing most).
func livePeak(p *kernel.Program, steps []kernel.Step, live int64) (after, peak int64) {
	peak = live
	for _, s := range steps {
		switch s.Kind {
		case kernel.Alloc:
			live += p.Buffers[s.Buf].Bytes
		case kernel.Free:
			live -= p.Buffers[s.Buf].Bytes
		case kernel.While:
			var pk int64
			live, pk = livePeak(p, s.Cond, live)
			peak = max(peak, pk)
			live, pk = livePeak(p, s.Body, live)
			peak = max(peak, pk)
		case kernel.IfStep, kernel.Case:
			branches := append([][]kernel.Step{s.Body, s.Else}, s.Branches...)
			after := live
			for _, b := range branches {
				a, pk := livePeak(p, b, live)
				peak = max(peak, pk)
				after = max(after, a)
			}
			live = after
		}
		peak = max(peak, live)
	}
	return live, peak
}

// numElements multiplies shape's dimensions, or returns -1 on overflow.
func numElements(shape []int64) int64 {
	n := int64(1)
	for _, d := range shape {
		if d != 0 && n > (1<<62)/d {
			return -1
		}
		n *= d
	}
	return n
}

// bufType is a buffer's tensor type, for messages.
func bufType(b *kernel.ProgBuffer) string {
	return ir.TensorOf(b.Elem, b.Shape...).String()
}

// sizeString prints a byte count exactly, with its binary-prefixed size:
// `4000000000000 bytes (3.6 TiB)`.
func sizeString(n int64) string {
	units := []string{"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"}
	if n < 1024 {
		return fmt.Sprintf("%d bytes", n)
	}
	v, u := float64(n)/1024, 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	return fmt.Sprintf("%d bytes (%.1f %s)", n, v, units[u])
}
