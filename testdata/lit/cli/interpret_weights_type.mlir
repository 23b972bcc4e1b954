// zmlc interpret --weights binds the arguments marked zml.param (as the
// front end marks a model's parameters) by name; a tensor whose type
// differs from the argument's is refused, naming both types.
// RUN: not zmlc interpret --entry f --weights %S/../../../examples/mnist/mlp.safetensors --input=2xf32=1,2 %s 2>&1 | FileCheck %s
// RUN: not zmlc interpret --weights %S/../../../examples/mnist/mlp.safetensors %s 2>&1 | FileCheck %s --check-prefix=ENTRY
func.func @f(%b: tensor<2xf32> {zml.param = "fc2.bias"}, %x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = stablehlo.add %x, %b : tensor<2xf32>
  return %0 : tensor<2xf32>
}
// CHECK: zmlc: error: @f: --weights {{.*}}mlp.safetensors: tensor "fc2.bias" is tensor<10xf32>, the model wants tensor<2xf32>
// ENTRY: zmlc: error: --weights needs --entry NAME (the function it is for)
