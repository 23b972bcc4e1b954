// 41 functions, @f0 .. @f40, each but the first calling the previous one twice, and @main calling @f40: inlining everything makes 2^40 copies of @f0's body. Written by gen_calls.py 41.
func.func private @f0(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %x, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @f1(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f0(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f0(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f2(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f1(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f1(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f3(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f2(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f2(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f4(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f3(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f3(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f5(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f4(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f4(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f6(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f5(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f5(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f7(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f6(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f6(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f8(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f7(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f7(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f9(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f8(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f8(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f10(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f9(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f9(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f11(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f10(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f10(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f12(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f11(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f11(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f13(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f12(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f12(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f14(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f13(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f13(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f15(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f14(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f14(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f16(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f15(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f15(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f17(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f16(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f16(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f18(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f17(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f17(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f19(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f18(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f18(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f20(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f19(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f19(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f21(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f20(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f20(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f22(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f21(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f21(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f23(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f22(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f22(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f24(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f23(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f23(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f25(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f24(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f24(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f26(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f25(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f25(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f27(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f26(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f26(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f28(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f27(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f27(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f29(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f28(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f28(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f30(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f29(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f29(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f31(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f30(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f30(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f32(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f31(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f31(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f33(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f32(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f32(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f34(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f33(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f33(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f35(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f34(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f34(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f36(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f35(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f35(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f37(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f36(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f36(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f38(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f37(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f37(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f39(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f38(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f38(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func private @f40(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f39(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = func.call @f39(%0) : (tensor<4xf32>) -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = func.call @f40(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
