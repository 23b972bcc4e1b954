package compile

import (
	"context"
	"errors"
	"fmt"
	goruntime "runtime"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/targets/gpu"
	"github.com/zmlc/zmlc/targets/kernel"
	"github.com/zmlc/zmlc/targets/llvm"
	"github.com/zmlc/zmlc/targets/spirv"
	"github.com/zmlc/zmlc/targets/wasm"
)

// Targets are the code generators Compile supports, in the order `zmlc
// --help` lists them: wasm (kernels in the host program), cpu (an LLVM
// shared object), vulkan (SPIR-V), cuda (PTX), rocm (HSACO), and the XLA
// targets tpu, neuron and xla-cpu (XLA executables from targets/hlo, run
// by a PJRT plugin).
var Targets = []string{"wasm", "cpu", "vulkan", "cuda", "rocm", "tpu", "neuron", "xla-cpu"}

// DeviceModule is the kernel module of a device target: the manifest's
// module (format so, spirv, ptx or hsaco) and its blob.
type DeviceModule struct {
	Module emit.Module
	Blob   []byte
	// LLVM is the rendered LLVM module (cpu, cuda, rocm; nil for vulkan):
	// `--emit=llvm` prints it.
	LLVM *llvm.Module
	// Options are the manifest's target options (cpu: "cpu"; cuda and
	// rocm: "arch"; vulkan: "staged").
	Options map[string]string
	// unvalidated is why the module could not be validated (spirv-val
	// missing): no bundle may hold it.
	unvalidated error
}

// kernelParams returns the kernel lowering's parameters for target:
// opts.Kernel with zero fields taking the target's values (cpu: the f32
// lanes of --cpu, llvm.CPULanes: 16 with full-width AVX-512 under
// --cpu=native, else 8; one core per CPU; 6 x 2-vector register
// micro-tiles (12 accumulator registers of the 16 of AVX2) taking two
// reduction steps per iteration (KernelTimes cpu/cnn: Winograd products
// of conv3 15.7 -> 15.0 us, conv2 5.6 -> 5.7); fused multiply-adds in
// the micro-tiles (x86-64-v3 and arm64 have them) and the
// packed GEMM (targets/kernel/lower_gemm.go); GPU targets: workgroups and
// threads).
func kernelParams(target string, opts Options) kernel.TargetParams {
	tp := opts.Kernel
	if tp.Name == "" {
		tp.Name = target
	}
	switch target {
	case "cpu":
		if tp.VectorWidth == 0 {
			tp.VectorWidth = llvm.CPULanes(opts.CPU)
		}
		if tp.Cores == 0 {
			tp.Cores = goruntime.NumCPU()
		}
		if tp.MicroM == 0 && tp.MicroN == 0 {
			tp.MicroM, tp.MicroN = 6, 2*tp.VectorWidth
		}
		if tp.ReduceSteps == 0 {
			tp.ReduceSteps = 2
		}
		tp.FMA = true
		tp.PackedGEMM = true
	case "vulkan", "cuda", "rocm":
		tp.GPU = true
	}
	return tp
}

// gpuParams returns the GPU lowering's parameters for target: the
// target's preset (gpu.Vulkan, gpu.CUDA, gpu.ROCm) with the nonzero fields
// of opts.GPU over it. Unstaged is taken from opts.GPU. HasF64 is true on
// cuda and rocm; on vulkan only when opts.GPU.HasF64 asks for it (f64 is
// optional on Vulkan devices, and a bundle should run on any).
func gpuParams(target string, opts Options) gpu.Params {
	var p gpu.Params
	switch target {
	case "cuda":
		p = gpu.CUDA()
	case "rocm":
		p = gpu.ROCm()
	default:
		p = gpu.Vulkan()
		p.HasF64 = opts.GPU.HasF64
	}
	o := opts.GPU
	over(&p.MaxWorkgroupSize, o.MaxWorkgroupSize)
	over(&p.WorkgroupSize, o.WorkgroupSize)
	over(&p.MaxGrid, o.MaxGrid)
	over(&p.SharedMemBytes, o.SharedMemBytes)
	over(&p.SubgroupSize, o.SubgroupSize)
	over(&p.TileM, o.TileM)
	over(&p.TileN, o.TileN)
	over(&p.TileK, o.TileK)
	p.Unstaged = o.Unstaged
	return p
}

// over sets *dst to v when v is positive (an option given).
func over[T int | int64](dst *T, v T) {
	if v > 0 {
		*dst = v
	}
}

// lowerDevice renders the kernels of a device target into one module and
// the host program that launches them. l.Programs are kernel.Lower's.
func lowerDevice(l *Lowered, target string, opts Options) error {
	progs := l.Programs
	if target != "cpu" {
		p := gpuParams(target, opts)
		progs = make([]*kernel.Program, len(l.Programs))
		for i, kp := range l.Programs {
			gp, err := gpu.Lower(kp, p)
			if err != nil {
				return fmt.Errorf("%s target: %w", target, err)
			}
			progs[i] = gp
		}
	}
	l.DevicePrograms = progs
	var (
		dm   = &DeviceModule{Options: map[string]string{}}
		dev  = &wasm.Device{Module: 0, Kernels: make([][]wasm.DeviceKernel, len(progs))}
		ctx  = context.Background()
		kern []emit.Kernel
	)
	add := func(pi int, name, symbol string, k *kernel.Kernel, grid, block int64, gpuBlock bool) {
		ek := emit.Kernel{Name: name, Symbol: symbol, Args: []emit.KernelArg{}}
		for _, bp := range k.Params {
			ek.Args = append(ek.Args, emit.KernelArg{Kind: emit.ArgBuffer, Access: bp.Role.String()})
		}
		if gpuBlock {
			ek.Workgroup = []int64{block, 1, 1}
		}
		dev.Kernels[pi] = append(dev.Kernels[pi], wasm.DeviceKernel{Index: len(kern), Grid: grid, Block: block})
		kern = append(kern, ek)
	}
	switch target {
	case "vulkan":
		var ks []*kernel.Kernel
		for pi, p := range progs {
			for _, k := range p.Kernels {
				name := k.Name
				if len(progs) > 1 {
					name = p.Entry + "_" + k.Name
					c := *k
					c.Name = name
					k = &c
				}
				grid, block, err := gpu.Dims(k)
				if err != nil {
					return fmt.Errorf("vulkan target: kernel %s: %w", name, err)
				}
				add(pi, name, name, k, grid, block, true)
				ks = append(ks, k)
			}
		}
		if len(ks) > 0 {
			blob, err := spirv.RenderModule(ks, spirv.Options{PreserveFloat: true})
			if err != nil {
				return fmt.Errorf("vulkan target: %w", err)
			}
			if blob, err = validateSPIRV(ctx, "kernels.spv", blob); err != nil {
				if !errors.Is(err, spirv.ErrNoValidator) {
					return err
				}
				dm.unvalidated = err
			}
			dm.Blob = blob
			recordVulkanIterations(dm, ks)
		}
		dm.Module = emit.Module{Name: "kernels", Format: emit.FormatSPIRV, Blob: "kernels.spv"}
		if opts.GPU.Unstaged {
			dm.Options["staged"] = "false"
		}
	case "cpu", "cuda", "rocm":
		var t llvm.Target
		switch target {
		case "cpu":
			if opts.CPU != "" {
				if err := llvm.CheckName("cpu", opts.CPU, llvm.CPUNames(goruntime.GOARCH)); err != nil {
					return err
				}
			}
			var err error
			if t, err = llvm.CPUTarget(opts.CPU); err != nil {
				return err
			}
			dm.Options["cpu"] = t.CPU
		case "cuda":
			if opts.Arch != "" {
				if err := llvm.CheckName("cuda-arch", opts.Arch, llvm.CUDAArchs); err != nil {
					return err
				}
			}
			t = llvm.NVPTXTarget(opts.Arch)
			dm.Options["arch"] = t.CPU
		case "rocm":
			if opts.Arch != "" {
				if err := llvm.CheckName("rocm-arch", opts.Arch, llvm.ROCmArchs); err != nil {
					return err
				}
			}
			t = llvm.AMDGPUTarget(opts.Arch)
			dm.Options["arch"] = t.CPU
		}
		m, err := llvm.Render(progs, t)
		if err != nil {
			return err
		}
		dm.LLVM = m
		i := 0
		for pi, p := range progs {
			for range p.Kernels {
				rk := m.Kernels[i]
				add(pi, rk.Name, rk.Symbol, rk.Kernel, rk.Grid, rk.Block, target != "cpu")
				i++
			}
		}
		if i > 0 {
			switch target {
			case "cpu":
				dm.Blob, err = llvm.CompileCPU(ctx, m)
				dm.Module = emit.Module{Name: "kernels", Format: emit.FormatSO, Blob: "kernels.so"}
			case "cuda":
				var ptx string
				ptx, err = llvm.CompilePTX(ctx, m)
				dm.Blob = []byte(ptx)
				dm.Module = emit.Module{Name: "kernels", Format: emit.FormatPTX, Blob: "kernels.ptx"}
			case "rocm":
				dm.Blob, err = llvm.CompileHSACO(ctx, m)
				dm.Module = emit.Module{Name: "kernels", Format: emit.FormatHSACO, Blob: "kernels.hsaco"}
			}
			if err != nil {
				return fmt.Errorf("%s target: %w", target, err)
			}
		}
	default:
		return fmt.Errorf("target %q has no code generator (targets: wasm, cpu, vulkan, cuda, rocm)", target)
	}
	if kern == nil {
		kern = []emit.Kernel{}
	}
	dm.Module.Kernels = kern
	wo := opts.Wasm
	wo.Device = dev
	out, err := wasm.Build(progs, wo)
	if err != nil {
		return err
	}
	l.Wasm, l.Device = out, dm
	return nil
}
