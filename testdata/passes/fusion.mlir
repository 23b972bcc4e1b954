// RUN: zmlc opt --passes=fusion --split-input-file %s | FileCheck %s

// An elementwise chain with a broadcast becomes one loop fusion; the
// splat constant is cloned in.
// CHECK-LABEL: func.func @loop_chain
// CHECK-NOT: stablehlo.constant
// CHECK: %[[F:.*]] = "zml.fusion"(%arg1, %arg0) ({
// CHECK: ^bb0(%[[B:.*]]: tensor<8xf32>, %[[A:.*]]: tensor<4x8xf32>):
// CHECK: stablehlo.broadcast_in_dim %[[B]]
// CHECK: stablehlo.add %[[A]]
// CHECK: stablehlo.constant dense<0.000000e+00>
// CHECK: stablehlo.maximum
// CHECK: stablehlo.return
// CHECK: }) {kind = "loop"} : (tensor<8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[F]]
func.func @loop_chain(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<4x8xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<8xf32>) -> tensor<4x8xf32>
  %s = stablehlo.add %x, %bb : tensor<4x8xf32>
  %r = stablehlo.maximum %s, %zero : tensor<4x8xf32>
  func.return %r : tensor<4x8xf32>
}

// -----

// dot_general -> bias -> relu is one output fusion whose dot reads the
// region's arguments.
// CHECK-LABEL: func.func @dot_bias_relu
// CHECK: "zml.fusion"(%arg0, %arg1, %arg2)
// CHECK: stablehlo.dot_general
// CHECK: stablehlo.add
// CHECK: stablehlo.maximum
// CHECK: stablehlo.return
// CHECK-NEXT: }) {kind = "output"}
// CHECK-NOT: stablehlo.
// CHECK: return
func.func @dot_bias_relu(%x: tensor<2x3xf32>, %w: tensor<3x4xf32>, %b: tensor<4xf32>) -> tensor<2x4xf32> {
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %s = stablehlo.add %d, %bb : tensor<2x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<2x4xf32>
  %r = stablehlo.maximum %s, %zero : tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}

// -----

// Softmax: the max reduction (one op, left unwrapped), then one input
// fusion for the rest (the subtract/exp producers, the sum and the
// division).
// CHECK-LABEL: func.func @softmax
// CHECK: %[[M:.*]] = stablehlo.reduce(%arg0
// CHECK: "zml.fusion"(%[[M]], %arg0)
// CHECK: stablehlo.exponential
// CHECK: stablehlo.reduce
// CHECK: stablehlo.divide
// CHECK: {kind = "input"}
// CHECK-NOT: "zml.fusion"
// CHECK: return
func.func @softmax(%x: tensor<2x5xf32>) -> tensor<2x5xf32> {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %m = stablehlo.reduce(%x init: %ninf) applies stablehlo.maximum across dimensions = [1] : (tensor<2x5xf32>, tensor<f32>) -> tensor<2xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [0] : (tensor<2xf32>) -> tensor<2x5xf32>
  %d = stablehlo.subtract %x, %mb : tensor<2x5xf32>
  %e = stablehlo.exponential %d : tensor<2x5xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<2x5xf32>, tensor<f32>) -> tensor<2xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<2xf32>) -> tensor<2x5xf32>
  %r = stablehlo.divide %e, %sb : tensor<2x5xf32>
  func.return %r : tensor<2x5xf32>
}

// -----

// Negative: a value read by two consumers and returned is not fused into
// either; a single op is not wrapped.
// CHECK-LABEL: func.func @shared
// CHECK-NOT: zml.fusion
// CHECK: %[[E:.*]] = stablehlo.exponential %arg0
// CHECK: stablehlo.add %[[E]], %arg0
// CHECK: return
func.func @shared(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %e = stablehlo.exponential %x : tensor<4xf32>
  %a = stablehlo.add %e, %x : tensor<4xf32>
  func.return %e, %a : tensor<4xf32>, tensor<4xf32>
}

// -----

// Negative: ops with side effects, regions (while) and collectives do not
// fuse; the elementwise ops around them stay separate.
// CHECK-LABEL: func.func @barriers
// CHECK-NOT: zml.fusion
// CHECK: stablehlo.all_reduce
// CHECK: stablehlo.negate
func.func @barriers(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = stablehlo.abs %x : tensor<4xf32>
  %r = "stablehlo.all_reduce"(%a) ({
  ^bb0(%p: tensor<f32>, %q: tensor<f32>):
    %s = stablehlo.add %p, %q : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) {replica_groups = dense<[[0]]> : tensor<1x1xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  %n = stablehlo.negate %r : tensor<4xf32>
  func.return %n : tensor<4xf32>
}

// -----

// Negative: the producer of a dot's operand stays outside its output
// fusion (the transpose is a separate op).
// CHECK-LABEL: func.func @dot_operand_producer
// CHECK: stablehlo.transpose
// CHECK: "zml.fusion"
// CHECK-NOT: stablehlo.transpose
// CHECK: stablehlo.dot_general
func.func @dot_operand_producer(%x: tensor<3x2xf32>, %w: tensor<3x4xf32>) -> tensor<2x4xf32> {
  %t = stablehlo.transpose %x, dims = [1, 0] : (tensor<3x2xf32>) -> tensor<2x3xf32>
  %d = stablehlo.dot_general %t, %w, contracting_dims = [1] x [0] : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
  %r = stablehlo.negate %d : tensor<2x4xf32>
  func.return %r : tensor<2x4xf32>
}

// -----

// Weight-only work (zml.param arguments and constants) leaves the
// consumer's region: the broadcasts of batch norm's variance sink below
// the add of eps and the rsqrt, which then compute a per-channel vector
// in a region of their own that reads only the weight (so its kernel is a
// prologue launch); the consumer reads that vector through a broadcast.
// CHECK-LABEL: func.func @bn_weights
// CHECK: %[[W:.*]] = "zml.fusion"(%arg2) ({
// CHECK: ^bb0(%[[V:.*]]: tensor<4xf32>):
// CHECK: stablehlo.constant dense<1.000000e-05> : tensor<4xf32>
// CHECK: stablehlo.add %[[V]]
// CHECK: stablehlo.rsqrt {{.*}} : tensor<4xf32>
// CHECK: }) {kind = "loop"} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: "zml.fusion"(%arg1, %[[W]], %arg0)
// CHECK-NOT: rsqrt
// CHECK: stablehlo.broadcast_in_dim
// CHECK: stablehlo.multiply
// CHECK: }) {kind = "loop"}
// CHECK-NOT: "zml.fusion"
// CHECK: return
func.func @bn_weights(%x: tensor<2x4xf32>, %m: tensor<4xf32> {zml.param = "m"}, %v: tensor<4xf32> {zml.param = "v"}) -> tensor<2x4xf32> {
  %eps = stablehlo.constant dense<1.0e-5> : tensor<2x4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %vb = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %ve = stablehlo.add %vb, %eps : tensor<2x4xf32>
  %r = stablehlo.rsqrt %ve : tensor<2x4xf32>
  %c = stablehlo.subtract %x, %mb : tensor<2x4xf32>
  %y = stablehlo.multiply %c, %r : tensor<2x4xf32>
  func.return %y : tensor<2x4xf32>
}

// -----

// Negative: the same batch norm with statistics that are not zml.param
// arguments (per-call inputs) stays one region at the full shape.
// CHECK-LABEL: func.func @bn_inputs
// CHECK: "zml.fusion"(%arg1, %arg2, %arg0)
// CHECK: stablehlo.rsqrt {{.*}} : tensor<2x4xf32>
// CHECK-NOT: "zml.fusion"
// CHECK: return
func.func @bn_inputs(%x: tensor<2x4xf32>, %m: tensor<4xf32>, %v: tensor<4xf32>) -> tensor<2x4xf32> {
  %eps = stablehlo.constant dense<1.0e-5> : tensor<2x4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %vb = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %ve = stablehlo.add %vb, %eps : tensor<2x4xf32>
  %r = stablehlo.rsqrt %ve : tensor<2x4xf32>
  %c = stablehlo.subtract %x, %mb : tensor<2x4xf32>
  %y = stablehlo.multiply %c, %r : tensor<2x4xf32>
  func.return %y : tensor<2x4xf32>
}

// -----

// Batch norm as scale and shift: s = rsqrt(v + eps) is read by the
// consumer and by t = b - m * s. Both vectors come from one weights region
// with two results, placed before the consumer.
// CHECK-LABEL: func.func @bn_scale_shift
// CHECK: %[[W:.*]]:2 = "zml.fusion"(%arg2, %arg1, %arg3) ({
// CHECK: stablehlo.rsqrt {{.*}} : tensor<4xf32>
// CHECK: stablehlo.multiply {{.*}} : tensor<4xf32>
// CHECK: stablehlo.subtract {{.*}} : tensor<4xf32>
// CHECK: }) {kind = "loop"} : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
// CHECK: "zml.fusion"(%[[W]]#0, %[[W]]#1, %arg0)
// CHECK-NOT: rsqrt
// CHECK: }) {kind = "loop"}
// CHECK-NOT: "zml.fusion"
// CHECK: return
func.func @bn_scale_shift(%x: tensor<2x4xf32>, %m: tensor<4xf32> {zml.param = "m"}, %v: tensor<4xf32> {zml.param = "v"}, %b: tensor<4xf32> {zml.param = "b"}) -> tensor<2x4xf32> {
  %eps = stablehlo.constant dense<1.0e-5> : tensor<2x4xf32>
  %vb = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %ve = stablehlo.add %vb, %eps : tensor<2x4xf32>
  %s = stablehlo.rsqrt %ve : tensor<2x4xf32>
  %mb = stablehlo.broadcast_in_dim %m, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %ms = stablehlo.multiply %mb, %s : tensor<2x4xf32>
  %bb = stablehlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %t = stablehlo.subtract %bb, %ms : tensor<2x4xf32>
  %xs = stablehlo.multiply %x, %s : tensor<2x4xf32>
  %y = stablehlo.add %xs, %t : tensor<2x4xf32>
  func.return %y : tensor<2x4xf32>
}

// -----

// Two layers' weight-only vectors (of different lengths) merge into one
// region placed before the first layer; its results are read by both.
// CHECK-LABEL: func.func @two_layers
// CHECK: %[[W:.*]]:2 = "zml.fusion"(%arg1, %arg2) ({
// CHECK: stablehlo.rsqrt {{.*}} : tensor<4xf32>
// CHECK: stablehlo.exponential {{.*}} : tensor<3xf32>
// CHECK: }) {kind = "loop"} : (tensor<4xf32>, tensor<3xf32>) -> (tensor<4xf32>, tensor<3xf32>)
// CHECK: %[[H:.*]] = "zml.fusion"(%[[W]]#0, %arg0)
// CHECK: "zml.fusion"(%[[H]], %arg3, %[[W]]#1)
// CHECK: stablehlo.dot_general
// CHECK-NOT: "zml.fusion"
// CHECK: return
func.func @two_layers(%x: tensor<2x4xf32>, %v: tensor<4xf32> {zml.param = "v"}, %g: tensor<3xf32> {zml.param = "g"}, %w: tensor<4x3xf32> {zml.param = "w"}) -> tensor<2x3xf32> {
  %vb = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %r = stablehlo.rsqrt %vb : tensor<2x4xf32>
  %h = stablehlo.multiply %x, %r : tensor<2x4xf32>
  %d = stablehlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %gb = stablehlo.broadcast_in_dim %g, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %e = stablehlo.exponential %gb : tensor<2x3xf32>
  %y = stablehlo.multiply %d, %e : tensor<2x3xf32>
  func.return %y : tensor<2x3xf32>
}

// -----

// A weight-only vector computed from a value defined after the first
// layer (here a reduction of a weight, kept out of the second layer's
// region) cannot join the weights placed before that layer: it gets a
// region of its own after the reduction. A weights group of one op stays
// a plain op.
// CHECK-LABEL: func.func @late_operand
// CHECK: %[[V:.*]] = stablehlo.rsqrt %arg1 : tensor<4xf32>
// CHECK: %[[H:.*]] = "zml.fusion"(%[[V]], %arg0)
// CHECK: }) {kind = "loop"}
// CHECK: %[[R:.*]] = stablehlo.reduce
// CHECK: %[[E:.*]] = "zml.fusion"(%[[R]]) ({
// CHECK: stablehlo.exponential {{.*}} : tensor<3xf32>
// CHECK: stablehlo.negate {{.*}} : tensor<3xf32>
// CHECK: }) {kind = "loop"}
// CHECK: "zml.fusion"(%[[E]], %[[H]], %arg3)
// CHECK: stablehlo.dot_general
// CHECK: }) {kind = "output"}
// CHECK-NEXT: return
func.func @late_operand(%x: tensor<2x4xf32>, %v: tensor<4xf32> {zml.param = "v"}, %u: tensor<3x5xf32> {zml.param = "u"}, %w: tensor<4x3xf32> {zml.param = "w"}) -> tensor<2x3xf32> {
  %vb = stablehlo.broadcast_in_dim %v, dims = [1] : (tensor<4xf32>) -> tensor<2x4xf32>
  %r = stablehlo.rsqrt %vb : tensor<2x4xf32>
  %h = stablehlo.multiply %x, %r : tensor<2x4xf32>
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %s = stablehlo.reduce(%u init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<3x5xf32>, tensor<f32>) -> tensor<3xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %e = stablehlo.exponential %sb : tensor<2x3xf32>
  %n = stablehlo.negate %e : tensor<2x3xf32>
  %d = stablehlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
  %y = stablehlo.multiply %d, %n : tensor<2x3xf32>
  func.return %y : tensor<2x3xf32>
}

// -----

// A sum over 512 elements read back through a broadcast (an attention
// row's softmax) stays out of the division's region: fused, the kernel
// would recompute it for each of the 512 elements (fusion_reduce.go).
// CHECK-LABEL: func.func @wide_softmax_sum
// CHECK: %[[E:.*]] = stablehlo.exponential %arg0
// CHECK: %[[S:.*]] = stablehlo.reduce(%[[E]]
// CHECK: "zml.fusion"(%[[S]], %[[E]])
// CHECK-NOT: stablehlo.reduce
// CHECK: stablehlo.divide
func.func @wide_softmax_sum(%x: tensor<4x512xf32>) -> tensor<4x512xf32> {
  %zero = stablehlo.constant dense<0.0> : tensor<f32>
  %e = stablehlo.exponential %x : tensor<4x512xf32>
  %s = stablehlo.reduce(%e init: %zero) applies stablehlo.add across dimensions = [1] : (tensor<4x512xf32>, tensor<f32>) -> tensor<4xf32>
  %sb = stablehlo.broadcast_in_dim %s, dims = [0] : (tensor<4xf32>) -> tensor<4x512xf32>
  %r = stablehlo.divide %e, %sb : tensor<4x512xf32>
  func.return %r : tensor<4x512xf32>
}
