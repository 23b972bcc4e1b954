package vulkan

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/gpu"
)

// pushKernel is out[i] = in[i] * scale + float(bias) for i < n, with
// scale (f32), bias (i64) and n (u32) in a push-constant block at offsets
// 0, 8 and 16: the layout the driver packs from the manifest's args.
const pushKernel = `
OpCapability Shader
OpCapability Int64
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "scale_bias" %gid %inb %outb %pc
OpExecutionMode %main LocalSize 64 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %arr ArrayStride 4
OpDecorate %sb Block
OpMemberDecorate %sb 0 Offset 0
OpDecorate %inb DescriptorSet 0
OpDecorate %inb Binding 0
OpDecorate %inb NonWritable
OpDecorate %outb DescriptorSet 0
OpDecorate %outb Binding 1
OpDecorate %pcs Block
OpMemberDecorate %pcs 0 Offset 0
OpMemberDecorate %pcs 1 Offset 8
OpMemberDecorate %pcs 2 Offset 16
%void = OpTypeVoid
%fn = OpTypeFunction %void
%u32 = OpTypeInt 32 0
%i64 = OpTypeInt 64 1
%f32 = OpTypeFloat 32
%bool = OpTypeBool
%v3 = OpTypeVector %u32 3
%pv3 = OpTypePointer Input %v3
%gid = OpVariable %pv3 Input
%arr = OpTypeRuntimeArray %f32
%sb = OpTypeStruct %arr
%psb = OpTypePointer StorageBuffer %sb
%inb = OpVariable %psb StorageBuffer
%outb = OpVariable %psb StorageBuffer
%pcs = OpTypeStruct %f32 %i64 %u32
%ppc = OpTypePointer PushConstant %pcs
%pc = OpVariable %ppc PushConstant
%pf = OpTypePointer StorageBuffer %f32
%ppf = OpTypePointer PushConstant %f32
%ppi = OpTypePointer PushConstant %i64
%ppu = OpTypePointer PushConstant %u32
%c0 = OpConstant %u32 0
%c1 = OpConstant %u32 1
%c2 = OpConstant %u32 2
%main = OpFunction %void None %fn
%entry = OpLabel
%g = OpLoad %v3 %gid
%i = OpCompositeExtract %u32 %g 0
%np = OpAccessChain %ppu %pc %c2
%n = OpLoad %u32 %np
%in = OpULessThan %bool %i %n
OpSelectionMerge %end None
OpBranchConditional %in %body %end
%body = OpLabel
%sp = OpAccessChain %ppf %pc %c0
%s = OpLoad %f32 %sp
%bp = OpAccessChain %ppi %pc %c1
%b = OpLoad %i64 %bp
%bf = OpConvertSToF %f32 %b
%xp = OpAccessChain %pf %inb %c0 %i
%x = OpLoad %f32 %xp
%m = OpFMul %f32 %x %s
%r = OpFAdd %f32 %m %bf
%op = OpAccessChain %pf %outb %c0 %i
OpStore %op %r
OpBranch %end
%end = OpLabel
OpReturn
OpFunctionEnd
`

// TestPushConstants runs a hand-written SPIR-V kernel (assembled with
// spirv-as) whose scalar arguments come from the packed argument slots
// through push constants: f32, i64 and u32 at their natural alignment.
func TestPushConstants(t *testing.T) {
	needDevice(t)
	as, err := exec.LookPath("spirv-as")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("spirv-as not found (Debian package spirv-tools)")
		}
		t.Skip("spirv-as not found (Debian package spirv-tools)")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "k.spvasm")
	os.WriteFile(src, []byte(pushKernel), 0o644)
	spv := filepath.Join(dir, "k.spv")
	if out, err := exec.Command(as, "--target-env", "vulkan1.2", "-o", spv, src).CombinedOutput(); err != nil {
		t.Fatalf("spirv-as: %v\n%s", err, out)
	}
	blob, _ := os.ReadFile(spv)
	// Host program: out = alloc(400); launch(kernel 0, grid 2, block 64,
	// args [x, out, scale, bias, n]); output out. Slot values: x and out
	// handles, 2.5f, -3, 100.
	const n = 100
	locals := []byte{tI32, tI64}
	check := cat(ltee(1), []byte{0x04, 0x40}, lget(1), []byte{0x0f, 0x0b})
	body := cat(i64c(4*n), callf(fAlloc), []byte{0x21, 2},
		i32c(argsAddr), lget(0), i64load(0), i64store(0),
		i32c(argsAddr+8), lget(2), i64store(0),
		i32c(argsAddr+16), i64c(int64(math.Float32bits(2.5))), i64store(0),
		i32c(argsAddr+24), i64c(-3), i64store(0),
		i32c(argsAddr+32), i64c(n), i64store(0),
		i32c(0), i32c(0), i32c(2), i32c(1), i32c(1), i32c(64), i32c(1), i32c(1), i32c(argsAddr), i32c(5), callf(fLaunch), check,
		lget(0), lget(2), i64store(8), callf(fSync), check, i32c(0))
	host := hostModule([]string{"main"}, [][]byte{locals}, [][]byte{body}, 64)
	v := emit.Value{DType: "f32", Shape: []int64{n}}
	m := &emit.Manifest{Target: emit.Target{Name: "vulkan"}, Host: "host.wasm",
		Entries: []emit.Entry{{Name: "main", Export: "zml_entry_main", Inputs: []emit.Value{v}, Outputs: []emit.Value{v}}},
		Modules: []emit.Module{{Name: "k", Format: emit.FormatSPIRV, Blob: "k.spv", Kernels: []emit.Kernel{{Name: "scale.bias", Symbol: "scale_bias",
			Args: []emit.KernelArg{{Kind: "buffer", Access: "read"}, {Kind: "buffer", Access: "write"}, {Kind: "f32"}, {Kind: "i64"}, {Kind: "u32"}}}}}}}
	bundle := filepath.Join(dir, "k.zpkg")
	if err := emit.WriteFile(bundle, m, []emit.BlobData{{Name: "host.wasm", Kind: emit.BlobHost, Data: host}, {Name: "k.spv", Kind: emit.BlobKernels, Data: blob}}); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []ZeroCopy{ZeroCopyAuto, ZeroCopyOff} {
		drv := New(Options{ZeroCopy: mode})
		rt, err := runtime.Open(bundle, runtime.Options{Driver: drv})
		if err != nil {
			t.Fatal(err)
		}
		x := ir.MustTensor(ir.TensorOf(ir.F32, n))
		for i := range x.F {
			x.F[i] = float64(i)
		}
		outs, err := rt.Run(context.Background(), "main", []*ir.Tensor{x})
		rt.Close()
		if err != nil {
			t.Fatal(err)
		}
		for i, g := range outs[0].F {
			if want := float64(i)*2.5 - 3; g != want {
				t.Fatalf("zero copy %v: out[%d] = %v, want %v", mode != ZeroCopyOff, i, g, want)
			}
		}
	}
}

// TestValidation runs the dense program under VK_LAYER_KHRONOS_validation
// on both paths and requires zero validation errors or warnings.
func TestValidation(t *testing.T) {
	needDevice(t)
	if !haveValidationLayer() {
		if os.Getenv("CI") == "true" {
			t.Fatal("VK_LAYER_KHRONOS_validation not installed (Debian package vulkan-validationlayers)")
		}
		t.Skip("VK_LAYER_KHRONOS_validation not installed (Debian package vulkan-validationlayers)")
	}
	gp, in, want := lowerDense(t, gpu.Vulkan())
	bundle, weights := programBundle(t, gp, 1, in[:1], 1024)
	for _, mode := range []ZeroCopy{ZeroCopyRequire, ZeroCopyOff} {
		drv := New(Options{ZeroCopy: mode, Validation: true, Timestamps: true})
		rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: drv})
		if err != nil {
			t.Fatal(err)
		}
		outs, err := rt.Run(context.Background(), "main", in[1:])
		if err != nil {
			t.Fatal(err)
		}
		closeTo(t, "output 0", outs[0], want[0])
		msgs := drv.Device().ValidationMessages()
		times := drv.KernelTimes()
		rt.Close()
		if len(msgs) > 0 {
			t.Errorf("zero copy %v: %d validation messages:\n%s", mode == ZeroCopyRequire, len(msgs), strings.Join(msgs, "\n"))
		}
		if len(times) != len(launchSteps(gp)) {
			t.Errorf("%d kernel times for %d launches", len(times), len(launchSteps(gp)))
		}
		for i, kt := range times {
			if kt.Label != gp.Kernels[launchSteps(gp)[i].Kernel].Name || kt.Time <= 0 {
				t.Errorf("time %d: %+v", i, kt)
			}
		}
	}
}

func haveValidationLayer() bool {
	if load() != nil {
		return false
	}
	return hasLayer(validationLayer)
}

// TestTeardown opens and closes the runtime with the driver many times:
// every Vulkan object is destroyed (the validation layer reports objects
// left alive at vkDestroyDevice/vkDestroyInstance) and the process's
// resident memory stays flat.
func TestTeardown(t *testing.T) {
	needDevice(t)
	gp, in, _ := lowerDense(t, gpu.Vulkan())
	bundle, weights := programBundle(t, gp, 1, in[:1], 1024)
	validate := haveValidationLayer()
	run := func() []string {
		drv := New(Options{Validation: validate})
		rt, err := runtime.Open(bundle, runtime.Options{Weights: weights, Driver: drv})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rt.Run(context.Background(), "main", in[1:]); err != nil {
			t.Fatal(err)
		}
		dev := drv.Device()
		if err := rt.Close(); err != nil {
			t.Fatal(err)
		}
		if drv.Device() != nil {
			t.Fatal("Device() after Close")
		}
		return dev.ValidationMessages()
	}
	for range 3 {
		run()
	}
	rss0 := rss()
	for i := range 20 {
		if msgs := run(); len(msgs) > 0 {
			t.Fatalf("iteration %d: validation messages:\n%s", i, strings.Join(msgs, "\n"))
		}
	}
	if grow := rss() - rss0; grow > 64<<20 {
		t.Errorf("resident memory grew by %d MiB over 20 open/run/close cycles", grow>>20)
	}
}

// rss returns the resident set size in bytes (Linux), 0 elsewhere.
func rss() int64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	var pages int64
	for _, c := range f[1] {
		pages = pages*10 + int64(c-'0')
	}
	return pages * int64(os.Getpagesize())
}

// TestValidationCatches checks that the validation messenger works: a
// buffer of size 0 (VUID-VkBufferCreateInfo-size-00912) is reported.
func TestValidationCatches(t *testing.T) {
	needDevice(t)
	if !haveValidationLayer() {
		t.Skip("VK_LAYER_KHRONOS_validation not installed (Debian package vulkan-validationlayers)")
	}
	d, err := OpenConfig(Config{Validation: true})
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	var buf uint64
	bci := &bufferCreateInfo{sType: stBufferCreateInfo, size: 0, usage: bufferUsageStorage}
	call("vkCreateBuffer", d.dev, ptr(bci), 0, ptr(&buf))
	if buf != 0 {
		call("vkDestroyBuffer", d.dev, uintptr(buf), 0)
	}
	msgs := d.ValidationMessages()
	if len(msgs) == 0 || !strings.Contains(strings.Join(msgs, "\n"), "00912") {
		t.Errorf("no validation error for a 0-byte buffer: %q", msgs)
	}
}
