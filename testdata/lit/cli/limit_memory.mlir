// A static shape too large to allocate prints fine with --emit=mlir (and
// --emit=kernels, which only lowers); code
// generation refuses it with the sizes: the wasm and cpu targets when the
// buffer plan passes the 4 GiB of a wasm32 linear memory, the device
// targets when one buffer passes 1 TiB. Nothing is written.
// RUN: zmlc --emit=mlir %s | FileCheck %s --check-prefix=MLIR
// RUN: not zmlc %s -o %t.zpkg 2>&1 | FileCheck %s --check-prefix=WASM
// RUN: not zmlc --target=cpu %s -o %t.zpkg 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not zmlc --target=cuda --emit=ptx --entry huge %s 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: not test -e %t.zpkg
func.func @big(%x: tensor<f32>) -> tensor<2x1024x1024x1024xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<2x1024x1024x1024xf32>
  return %0 : tensor<2x1024x1024x1024xf32>
}
func.func @huge(%x: tensor<f32>) -> tensor<100000x100000x100xf32> {
  %0 = stablehlo.broadcast_in_dim %x, dims = [] : (tensor<f32>) -> tensor<100000x100000x100xf32>
  return %0 : tensor<100000x100000x100xf32>
}
// MLIR: func.func @big(%arg0: tensor<f32>) -> tensor<2x1024x1024x1024xf32>
// MLIR: stablehlo.broadcast_in_dim %arg0, dims = [] {{.*}} -> tensor<100000x100000x100xf32>
// WASM: zmlc: error: wasm target: entry @big needs 8589934596 bytes (8.0 GiB) of memory (weights 0 bytes, inputs and constants 4 bytes, temporaries and results 8589934592 bytes (8.0 GiB) at their peak), more than the 4294967296 bytes (4.0 GiB) of a wasm32 linear memory; its largest buffer is tensor<2x1024x1024x1024xf32>, 8589934592 bytes (8.0 GiB) (the cuda, rocm and vulkan targets keep buffers in device memory)
// CPU: zmlc: error: cpu target: entry @big needs 8589934596 bytes (8.0 GiB) of memory
// CUDA: zmlc: error: cuda target: entry @huge: buffer tensor<100000x100000x100xf32> is 4000000000000 bytes (3.6 TiB), more than the 1099511627776 bytes (1.0 TiB) one device buffer may hold
