// Package wasm is zmlc's WebAssembly target: it renders a kernel-IR Program
// (package targets/kernel) as one Wasm module — the host program of
// docs/RUNTIME.md — whose exported kernel functions run the generated
// kernels (SIMD128 for vector loops where it pays) and whose exported entry
// functions run the schedule by calling the zml_device host functions.
//
// The module is encoded by our own small encoder (Module, Func, Instr):
// the Go Wasm libraries served by the module proxy either decode only or,
// like github.com/tetratelabs/wabin, cannot express the shared memory
// import the launcher requires (docs/RUNTIME.md, section 1) and leave
// function bodies as raw bytes. Module.WAT prints a WAT-like text form
// (zmlc --emit=wasm).
package wasm
