// Package pjrt is the driver of the tpu, neuron and xla-cpu targets
// (docs/RUNTIME.md, section 9): it runs a bundle's XLA executables through
// a PJRT C API plugin (openxla/xla xla/pjrt/c/pjrt_c_api.h) — libtpu.so,
// AWS Neuron's plugin, XLA's own CPU or CUDA plugin — reached through
// purego (no cgo).
//
// The plugin is found by Options.Plugin (`--pjrt-plugin=PATH`), else the
// ZMLC_PJRT_PLUGIN environment variable, else the bundle's expected plugin
// (target option "plugin") in zmlc's cache folder
// (${XDG_CACHE_HOME:-$HOME/.cache}/zmlc, where scripts/setup.sh puts XLA's
// CPU plugin) or on the library path. Loading checks that the file is a
// shared library exporting GetPjrtApi and that its PJRT C API major
// version is APIMajor; then PJRT_Plugin_Initialize (once per process and
// plugin) and PJRT_Client_Create.
//
// Each kernel module of the bundle is one XLA executable (an entry point):
// PJRT_Client_Compile of its "mlir" (StableHLO text) or "hlo" (serialised
// HloModuleProto) form with the bundle's CompileOptionsProto, at Open.
// Buffers are PJRT buffers, typed by the kernel table's dtype and shape,
// with a host copy: Write fills the host copy and the next launch uploads
// it (PJRT_Client_BufferFromHostBuffer), so weights are uploaded once; a
// launch is PJRT_LoadedExecutable_Execute over its read buffers, whose
// output buffers become the launch's write buffers; Read downloads
// (PJRT_Buffer_ToHostBuffer). Every event is awaited and destroyed, every
// object destroyed at Free or Close. A plugin's error is one line:
// "pjrt: PJRT_Client_Compile: INVALID_ARGUMENT: <the plugin's message>".
package pjrt
