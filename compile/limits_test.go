package compile

import (
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/kernel"
)

// TestCheckMemory checks the buffer-plan limits: temporaries count at
// their live peak along the schedule (freed ones give their space back),
// the wasm and cpu targets stop at a wasm32 linear memory's 4 GiB, device
// targets at 1 TiB per buffer.
func TestCheckMemory(t *testing.T) {
	gib := int64(1) << 30
	buf := func(id int, kind kernel.BufKind, bytes int64) *kernel.ProgBuffer {
		return &kernel.ProgBuffer{ID: id, Kind: kind, Elem: ir.I8, Shape: []int64{bytes}, Bytes: bytes}
	}
	// Two 3 GiB temporaries, the first freed before the second is
	// allocated: the peak is 3 GiB, under the limit.
	seq := &kernel.Program{Entry: "seq", Buffers: []*kernel.ProgBuffer{buf(0, kernel.Temp, 3*gib), buf(1, kernel.Temp, 3*gib)},
		Steps: []kernel.Step{{Kind: kernel.Alloc, Buf: 0}, {Kind: kernel.Free, Buf: 0}, {Kind: kernel.Alloc, Buf: 1}}}
	if err := checkMemory("wasm", []*kernel.Program{seq}); err != nil {
		t.Errorf("sequential temporaries: %v", err)
	}
	// Both alive at once: 6 GiB.
	both := &kernel.Program{Entry: "both", Buffers: seq.Buffers,
		Steps: []kernel.Step{{Kind: kernel.Alloc, Buf: 0}, {Kind: kernel.Alloc, Buf: 1}}}
	err := checkMemory("cpu", []*kernel.Program{both})
	if err == nil || !strings.Contains(err.Error(), "cpu target: entry @both needs 6442450944 bytes (6.0 GiB)") {
		t.Errorf("live temporaries: got %v", err)
	}
	// Inside a loop body, an allocation counts.
	loop := &kernel.Program{Entry: "loop", Buffers: append(seq.Buffers, buf(2, kernel.Temp, 1)),
		Steps: []kernel.Step{{Kind: kernel.Alloc, Buf: 0}, {Kind: kernel.While, Pred: 2, Body: []kernel.Step{{Kind: kernel.Alloc, Buf: 1}}}}}
	if err := checkMemory("wasm", []*kernel.Program{loop}); err == nil {
		t.Error("an allocation in a loop body was not counted")
	}
	// Weights count once, however many entries read them.
	w := func(entry string) *kernel.Program {
		b := buf(0, kernel.Input, 3*gib)
		b.Param = "w"
		return &kernel.Program{Entry: entry, Buffers: []*kernel.ProgBuffer{b}}
	}
	if err := checkMemory("wasm", []*kernel.Program{w("a"), w("b")}); err != nil {
		t.Errorf("shared weights: %v", err)
	}
	// Device targets: one buffer over 1 TiB.
	big := &kernel.Program{Entry: "big", Buffers: []*kernel.ProgBuffer{buf(0, kernel.Temp, 2<<40)}, Steps: []kernel.Step{{Kind: kernel.Alloc, Buf: 0}}}
	if err := checkMemory("cuda", []*kernel.Program{both}); err != nil {
		t.Errorf("cuda, 6 GiB: %v", err)
	}
	if err := checkMemory("rocm", []*kernel.Program{big}); err == nil || !strings.Contains(err.Error(), "more than the 1099511627776 bytes (1.0 TiB) one device buffer may hold") {
		t.Errorf("rocm, 2 TiB buffer: got %v", err)
	}
}
