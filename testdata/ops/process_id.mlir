// RUN: zmlc interpret %s

// One process: replica and partition ids are 0.
func.func @replica_id_single() {
  %r = stablehlo.replica_id : tensor<ui32>
  check.expect_eq_const %r, dense<0> : tensor<ui32>
  func.return
}

// -----

func.func @partition_id_single() {
  %p = stablehlo.partition_id : tensor<ui32>
  check.expect_eq_const %p, dense<0> : tensor<ui32>
  func.return
}
