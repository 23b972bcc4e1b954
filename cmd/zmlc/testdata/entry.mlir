// Run with: zmlc interpret --entry main --input a.npy --input b.npy entry.mlir
func.func @main(%a: tensor<2x2xf32>, %b: tensor<2x2xf32>) -> tensor<2x2xf32> {
  %0 = stablehlo.add %a, %b : tensor<2x2xf32>
  func.return %0 : tensor<2x2xf32>
}
