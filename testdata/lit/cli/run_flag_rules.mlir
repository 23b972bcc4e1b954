// zmlc run: --bench 0 is an error (a benchmark needs a run); --weights given
// to a bundle without parameters, or one that embeds its weights, is an
// error (the file would be silently unused).
// RUN: zmlc %s -o %t.zpkg
// RUN: not zmlc run --bench 0 %t.zpkg 2>&1 | FileCheck %s --check-prefix=BENCH
// RUN: not zmlc run --weights %S/../../../examples/mnist/mlp.safetensors %t.zpkg 2>&1 | FileCheck %s --check-prefix=NOPARAMS
// RUN: zmlc --dim b=1 --embed-weights %S/../../../examples/mnist/mlp.safetensors %S/../../../examples/mnist/mnist.zml -o %t.embed.zpkg
// RUN: not zmlc run --weights %S/../../../examples/mnist/mlp.safetensors %t.embed.zpkg 2>&1 | FileCheck %s --check-prefix=EMBED
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
// BENCH: zmlc: error: invalid --bench 0: want a number of runs, at least 1
// NOPARAMS: zmlc: error: weights {{.*}}mlp.safetensors: the bundle has no parameters to bind
// EMBED: zmlc: error: weights {{.*}}mlp.safetensors: the bundle embeds its weights (compiled with --embed-weights); open it without a weights file
// A launcher flag for another kind of bundle is a warning.
// RUN: zmlc run --device 1 --input=2xf32=1 %t.zpkg 2>&1 | FileCheck %s --check-prefix=DEVICE
// DEVICE: zmlc: warning: --device applies to cuda, rocm and vulkan bundles; ignored for this wasm bundle
// DEVICE-NOT: error
