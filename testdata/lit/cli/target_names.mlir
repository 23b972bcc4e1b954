// Processor names are checked before LLVM sees them: an unknown --cpu,
// --cuda-arch or --rocm-arch is one clang-style line listing the valid
// names (never an LLVM crash dump, never `.target banana` in a PTX), exit 2,
// and nothing is written. A processor flag for another target is a warning.
// RUN: rm -f %t.zpkg
// RUN: not zmlc --target=cpu --cpu=banana %s -o %t.zpkg 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: not test -e %t.zpkg
// RUN: not zmlc --target=cuda --cuda-arch=banana --emit=ptx %s 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: not zmlc --target=cuda --cuda-arch=banana --emit=llvm %s 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: not zmlc --target=rocm --rocm-arch=banana %s -o %t.zpkg 2>&1 | FileCheck %s --check-prefix=ROCM
// RUN: not zmlc --target=cpu --cpu=i386 %s -o %t.zpkg 2>&1 | FileCheck %s --check-prefix=I386
// RUN: not test -e %t.zpkg
// RUN: zmlc --target=wasm --cuda-arch=sm_90 --cpu=znver4 %s -o %t.zpkg 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: zmlc --target=cuda --cuda-arch=sm_90 --emit=llvm %s | FileCheck %s --check-prefix=OK
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.abs %x : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// CPU: zmlc: error: unknown --cpu 'banana'; valid values: native, {{.*}}x86-64-v3{{.*}}
// CPU-EMPTY:
// CUDA: zmlc: error: unknown --cuda-arch 'banana'; valid values: sm_20, {{.*}}, sm_80, {{.*}}, sm_90a
// CUDA-EMPTY:
// ROCM: zmlc: error: unknown --rocm-arch 'banana'; valid values: gfx600, {{.*}}, gfx90a, {{.*}}, gfx942, {{.*}}
// ROCM-EMPTY:
// I386: zmlc: error: unknown --cpu 'i386'
// WARN: zmlc: warning: --cpu applies to --target=cpu; ignored for --target=wasm
// WARN: zmlc: warning: --cuda-arch applies to --target=cuda; ignored for --target=wasm
// OK: target triple = "nvptx64-nvidia-cuda"
