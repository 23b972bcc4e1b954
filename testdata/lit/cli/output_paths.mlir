// -o through a symbolic link writes the link's target (the link stays a
// link); -o /dev/null works; a missing folder is named in the error and
// nothing is created; a read-only folder holding a writable file still
// gets the file written (in place: no temporary file can be made there).
// RUN: rm -rf %t
// RUN: mkdir -p %t/ro
// RUN: ln -s target.mlir %t/link.mlir
// RUN: zmlc -O0 --emit=mlir %s -o %t/link.mlir
// RUN: FileCheck %s --input-file=%t/target.mlir
// RUN: test -L %t/link.mlir
// RUN: zmlc -O0 --emit=mlir %s -o /dev/null
// RUN: zmlc %s -o /dev/null
// RUN: not zmlc -O0 --emit=mlir %s -o %t/nodir/sub/x.mlir 2>&1 | FileCheck %s --check-prefix=NODIR
// RUN: not test -e %t/nodir
// RUN: touch %t/ro/out.mlir
// RUN: chmod 555 %t/ro
// RUN: zmlc -O0 --emit=mlir %s -o %t/ro/out.mlir
// RUN: chmod 755 %t/ro
// RUN: FileCheck %s --input-file=%t/ro/out.mlir
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.abs %x : tensor<2xf32>
  return %0 : tensor<2xf32>
}
// CHECK: stablehlo.abs
// NODIR: zmlc: error: cannot write {{.*}}/nodir/sub/x.mlir: no such directory: {{.*}}/nodir/sub{{$}}
