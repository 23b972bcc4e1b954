package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/targets/spirv"
)

// deviceEmits are the --emit stages of the device targets' kernel module
// and the --target values each is valid for: the LLVM IR the cpu, cuda and
// rocm modules are rendered to, the PTX of cuda, the HSACO code object of
// rocm and the SPIR-V module of vulkan (disassembled by spirv.Disassemble
// into the text spirv-dis prints).
var deviceEmits = map[string][]string{
	"llvm":      {"cpu", "cuda", "rocm"},
	"ptx":       {"cuda"},
	"hsaco":     {"rocm"},
	"spirv":     {"vulkan"},
	"hlo":       {"tpu", "neuron", "xla-cpu"},
	"hlo-proto": {"tpu", "neuron", "xla-cpu"},
}

// binaryEmits are the stages whose output is binary (not text).
var binaryEmits = []string{"hsaco", "hlo-proto"}

// checkEmitTarget returns a *usageError when --emit=emit is a device
// stage that --target=target does not make, naming the valid targets.
func checkEmitTarget(emit, target string) error {
	valid, ok := deviceEmits[emit]
	if !ok || slices.Contains(valid, target) {
		return nil
	}
	want := "--target=" + strings.Join(valid, ", --target=")
	if len(valid) > 1 {
		i := strings.LastIndex(want, ", ")
		want = want[:i] + " or " + want[i+2:]
	}
	return &usageError{msg: fmt.Sprintf("--emit=%s needs %s (got --target=%s)", emit, want, target)}
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// errBinaryToTerminal is returned instead of writing a binary stage to a
// terminal (as LLVM's opt refuses to print bitcode to one).
var errBinaryToTerminal = errors.New("refusing to write a binary code object to the terminal: give -o FILE, -o - or redirect stdout")

// emitDevice returns the device stage emit (one of deviceEmits) of src
// compiled for opts.Target: the kernel module rendered by compile.Lower.
func emitDevice(emit, filename string, src []byte, opts compile.Options) ([]byte, error) {
	l, err := lowerSource(filename, src, opts)
	if err != nil {
		return nil, err
	}
	if emit == "hlo" || emit == "hlo-proto" {
		return emitHLO(emit, l)
	}
	if l.Device == nil {
		return nil, fmt.Errorf("target %s has no kernel module for --emit=%s", l.Target, emit)
	}
	switch emit {
	case "llvm":
		if l.Device.LLVM == nil {
			return nil, fmt.Errorf("target %s has no LLVM module", l.Target)
		}
		return []byte(l.Device.LLVM.String()), nil
	case "ptx", "hsaco":
		if len(l.Device.Blob) == 0 {
			return nil, fmt.Errorf("--emit=%s: the program has no kernels", emit)
		}
		return l.Device.Blob, nil
	case "spirv":
		if len(l.Device.Blob) == 0 {
			return nil, fmt.Errorf("--emit=spirv: the program has no kernels")
		}
		return spirv.Disassemble(l.Device.Blob)
	}
	return nil, fmt.Errorf("unknown --emit %q", emit)
}

// emitHLO returns the XLA targets' HLO modules: --emit=hlo prints each
// entry's module as HLO text (one after the other), --emit=hlo-proto the
// serialised HloModuleProto of the one entry (--entry chooses it).
func emitHLO(emit string, l *compile.Lowered) ([]byte, error) {
	if l.XLA == nil {
		return nil, fmt.Errorf("target %s has no HLO module for --emit=%s", l.Target, emit)
	}
	if emit == "hlo-proto" {
		if len(l.XLA.HLO) != 1 {
			return nil, fmt.Errorf("--emit=hlo-proto writes one HloModuleProto; the program has %d entry points: choose one with --entry", len(l.XLA.HLO))
		}
		return l.XLA.HLO[0].Proto, nil
	}
	var b strings.Builder
	for i, h := range l.XLA.HLO {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString(h.Text)
	}
	return []byte(b.String()), nil
}
