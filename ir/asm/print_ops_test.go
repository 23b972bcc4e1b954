package asm

import (
	"math"
	"testing"

	"github.com/zmlc/zmlc/ir"
)

// opCase is one golden test: a function body built by build, printed in the
// pretty and in the generic syntax (body lines only, without the return).
type opCase struct {
	name    string
	in      []ir.Type
	build   func(tf *testFunc)
	pretty  string
	generic string
}

var (
	f32s  = tt(ir.F32)
	f32x4 = tt(ir.F32, 4)
	i32s  = tt(ir.I32)
	i64s  = tt(ir.I64)
	i1s   = tt(ir.I1)
)

var opCases = []opCase{
	{
		name: "binary",
		in:   types(f32x4, f32x4),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.add", vals(tf.arg(0), tf.arg(1)), f32x4, nil)
		},
		pretty:  `%0 = stablehlo.add %arg0, %arg1 : tensor<4xf32>`,
		generic: `%0 = "stablehlo.add"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
	},
	{
		name: "binary with discardable attribute",
		in:   types(f32x4, f32x4),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.multiply", vals(tf.arg(0), tf.arg(1)), f32x4,
				attrs("mhlo.sharding", ir.StringAttr("{replicated}")))
		},
		pretty:  `%0 = stablehlo.multiply %arg0, %arg1 {mhlo.sharding = "{replicated}"} : tensor<4xf32>`,
		generic: `%0 = "stablehlo.multiply"(%arg0, %arg1) {mhlo.sharding = "{replicated}"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
	},
	{
		name: "binary with differing types",
		in:   types(tt(ir.F32, 2, 3), tt(ir.F32, 2, ir.Dynamic)),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.subtract", vals(tf.arg(0), tf.arg(1)), tt(ir.F32, 2, 3), nil)
		},
		pretty:  `%0 = stablehlo.subtract %arg0, %arg1 : (tensor<2x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>`,
		generic: `%0 = "stablehlo.subtract"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<2x?xf32>) -> tensor<2x3xf32>`,
	},
	{
		name: "unary and convert",
		in:   types(tt(ir.I32, 2), tt(ir.C64, 2)),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.negate", vals(tf.arg(0)), tt(ir.I32, 2), nil)
			tf.v1("stablehlo.convert", vals(tf.arg(0)), tt(ir.F32, 2), nil)
			tf.v1("stablehlo.convert", vals(tf.arg(0)), tt(ir.I32, 2), nil)
			tf.v1("stablehlo.abs", vals(tf.arg(1)), tt(ir.F32, 2), nil)
			tf.v1("stablehlo.is_finite", vals(tf.arg(1)), tt(ir.I1, 2), nil)
		},
		pretty: `%0 = stablehlo.negate %arg0 : tensor<2xi32>
%1 = stablehlo.convert %arg0 : (tensor<2xi32>) -> tensor<2xf32>
%2 = stablehlo.convert %arg0 : tensor<2xi32>
%3 = stablehlo.abs %arg1 : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
%4 = stablehlo.is_finite %arg1 : (tensor<2xcomplex<f32>>) -> tensor<2xi1>`,
		generic: `%0 = "stablehlo.negate"(%arg0) : (tensor<2xi32>) -> tensor<2xi32>
%1 = "stablehlo.convert"(%arg0) : (tensor<2xi32>) -> tensor<2xf32>
%2 = "stablehlo.convert"(%arg0) : (tensor<2xi32>) -> tensor<2xi32>
%3 = "stablehlo.abs"(%arg1) : (tensor<2xcomplex<f32>>) -> tensor<2xf32>
%4 = "stablehlo.is_finite"(%arg1) : (tensor<2xcomplex<f32>>) -> tensor<2xi1>`,
	},
	{
		name: "constant",
		build: func(tf *testFunc) {
			tf.v1("stablehlo.constant", nil, tt(ir.F32, 2),
				attrs("value", dense(tt(ir.F32, 2), 1.0, math.NaN())))
			tf.v1("stablehlo.constant", nil, i64s,
				attrs("value", dense(i64s, int64(-7)), "mhlo.frontend_attributes", &ir.DictAttr{Attrs: attrs("a", ir.StringAttr("b"))}))
		},
		pretty: `%0 = stablehlo.constant dense<[1.000000e+00, 0x7FC00000]> : tensor<2xf32>
%1 = stablehlo.constant {mhlo.frontend_attributes = {a = "b"}} dense<-7> : tensor<i64>`,
		generic: `%0 = "stablehlo.constant"() <{value = dense<[1.000000e+00, 0x7FC00000]> : tensor<2xf32>}> : () -> tensor<2xf32>
%1 = "stablehlo.constant"() <{value = dense<-7> : tensor<i64>}> {mhlo.frontend_attributes = {a = "b"}} : () -> tensor<i64>`,
	},
	{
		name: "compare",
		in:   types(f32x4, f32x4),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.compare", vals(tf.arg(0), tf.arg(1)), tt(ir.I1, 4),
				attrs("comparison_direction", enum("comparison_direction", "GT"),
					"compare_type", enum("comparison_type", "FLOAT")))
			tf.v1("stablehlo.compare", vals(tf.arg(0), tf.arg(1)), tt(ir.I1, 4),
				attrs("comparison_direction", enum("comparison_direction", "EQ")))
		},
		pretty: `%0 = stablehlo.compare  GT, %arg0, %arg1,  FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
%1 = stablehlo.compare  EQ, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>`,
		generic: `%0 = "stablehlo.compare"(%arg0, %arg1) <{compare_type = #stablehlo<comparison_type FLOAT>, comparison_direction = #stablehlo<comparison_direction GT>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
%1 = "stablehlo.compare"(%arg0, %arg1) <{comparison_direction = #stablehlo<comparison_direction EQ>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>`,
	},
	{
		name: "bitcast_convert reshape",
		in:   types(tt(ir.F32, 2)),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.bitcast_convert", vals(tf.arg(0)), tt(ir.I32, 2), nil)
			tf.v1("stablehlo.reshape", vals(tf.arg(0)), tt(ir.F32, 1, 2), nil)
		},
		pretty: `%0 = stablehlo.bitcast_convert %arg0 : (tensor<2xf32>) -> tensor<2xi32>
%1 = stablehlo.reshape %arg0 : (tensor<2xf32>) -> tensor<1x2xf32>`,
		generic: `%0 = "stablehlo.bitcast_convert"(%arg0) : (tensor<2xf32>) -> tensor<2xi32>
%1 = "stablehlo.reshape"(%arg0) : (tensor<2xf32>) -> tensor<1x2xf32>`,
	},
	{
		name: "broadcast_in_dim transpose reverse",
		in:   types(tt(ir.F32, 1, 2)),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.broadcast_in_dim", vals(tf.arg(0)), tt(ir.F32, 1, 2, 3),
				attrs("broadcast_dimensions", ir.I64Array(0, 1)))
			tf.v1("stablehlo.transpose", vals(tf.arg(0)), tt(ir.F32, 2, 1),
				attrs("permutation", ir.I64Array(1, 0)))
			tf.v1("stablehlo.reverse", vals(tf.arg(0)), tt(ir.F32, 1, 2),
				attrs("dimensions", ir.I64Array(0, 1)))
			tf.v1("stablehlo.broadcast", vals(tf.arg(0)), tt(ir.F32, 3, 1, 2),
				attrs("broadcast_sizes", ir.I64Array(3)))
		},
		pretty: `%0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<1x2xf32>) -> tensor<1x2x3xf32>
%1 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<1x2xf32>) -> tensor<2x1xf32>
%2 = stablehlo.reverse %arg0, dims = [0, 1] : tensor<1x2xf32>
%3 = stablehlo.broadcast %arg0, sizes = [3] : (tensor<1x2xf32>) -> tensor<3x1x2xf32>`,
		generic: `%0 = "stablehlo.broadcast_in_dim"(%arg0) <{broadcast_dimensions = array<i64: 0, 1>}> : (tensor<1x2xf32>) -> tensor<1x2x3xf32>
%1 = "stablehlo.transpose"(%arg0) <{permutation = array<i64: 1, 0>}> : (tensor<1x2xf32>) -> tensor<2x1xf32>
%2 = "stablehlo.reverse"(%arg0) <{dimensions = array<i64: 0, 1>}> : (tensor<1x2xf32>) -> tensor<1x2xf32>
%3 = "stablehlo.broadcast"(%arg0) <{broadcast_sizes = array<i64: 3>}> : (tensor<1x2xf32>) -> tensor<3x1x2xf32>`,
	},
	{
		name: "dynamic shapes and einsum",
		in:   types(tt(ir.F32, 2), tt(ir.I64, 2), tt(ir.F32, 2, 3), tt(ir.F32, 3, 4)),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.dynamic_broadcast_in_dim", vals(tf.arg(0), tf.arg(1)), tt(ir.F32, ir.Dynamic, 2),
				attrs("broadcast_dimensions", ir.I64Array(1)))
			tf.v1("stablehlo.dynamic_iota", vals(tf.arg(1)), tt(ir.F32, ir.Dynamic, ir.Dynamic),
				attrs("iota_dimension", i64(0)))
			tf.v1("stablehlo.einsum", vals(tf.arg(2), tf.arg(3)), tt(ir.F32, 2, 4),
				attrs("einsum_config", ir.StringAttr("ab,bc->ac")))
			tf.v1("stablehlo.unary_einsum", vals(tf.arg(2)), tt(ir.F32, 2),
				attrs("einsum_config", ir.StringAttr("ab->a")))
		},
		pretty: `%0 = stablehlo.dynamic_broadcast_in_dim %arg0, %arg1, dims = [1] : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
%1 = stablehlo.dynamic_iota %arg1, dim = 0 : (tensor<2xi64>) -> tensor<?x?xf32>
%2 = stablehlo.einsum %arg2, %arg3, config = "ab,bc->ac" : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
%3 = stablehlo.unary_einsum %arg2, config = "ab->a" : (tensor<2x3xf32>) -> tensor<2xf32>`,
		generic: `%0 = "stablehlo.dynamic_broadcast_in_dim"(%arg0, %arg1) <{broadcast_dimensions = array<i64: 1>}> : (tensor<2xf32>, tensor<2xi64>) -> tensor<?x2xf32>
%1 = "stablehlo.dynamic_iota"(%arg1) <{iota_dimension = 0 : i64}> : (tensor<2xi64>) -> tensor<?x?xf32>
%2 = "stablehlo.einsum"(%arg2, %arg3) <{einsum_config = "ab,bc->ac"}> : (tensor<2x3xf32>, tensor<3x4xf32>) -> tensor<2x4xf32>
%3 = "stablehlo.unary_einsum"(%arg2) <{einsum_config = "ab->a"}> : (tensor<2x3xf32>) -> tensor<2xf32>`,
	},
	{
		name: "less common ops",
		in:   types(tt(ir.F32, 3, 4), i32s, &ir.TokenType{}, tt(ir.C64, 16), f32s, tt(ir.I64, 3)),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.reduce_precision", vals(tf.arg(0)), tt(ir.F32, 3, 4),
				attrs("exponent_bits", i32(8), "mantissa_bits", i32(10)))
			tf.v1("stablehlo.cholesky", vals(tf.arg(0)), tt(ir.F32, 3, 4), attrs("lower", ir.BoolAttr(true)))
			tf.v1("stablehlo.get_dimension_size", vals(tf.arg(0)), i32s, attrs("dimension", i64(1)))
			tf.v1("stablehlo.set_dimension_size", vals(tf.arg(0), tf.arg(1)), tt(ir.F32, 3, 4), attrs("dimension", i64(1)))
			tf.v1("stablehlo.after_all", vals(tf.arg(2), tf.arg(2)), &ir.TokenType{}, nil)
			tf.v1("stablehlo.create_token", nil, &ir.TokenType{}, nil)
			tf.v1("stablehlo.fft", vals(tf.arg(3)), tt(ir.C64, 16), attrs(
				"fft_type", enum("fft_type", "FFT"), "fft_length", ir.I64Array(16)))
			tf.v1("stablehlo.rng", vals(tf.arg(4), tf.arg(4), tf.arg(5)), tt(ir.F32, 2, 3, 5), attrs(
				"rng_distribution", enum("rng_distribution", "NORMAL")))
			tf.v1("stablehlo.complex", vals(tf.arg(4), tf.arg(4)), tt(ir.C64), nil)
		},
		pretty: `%0 = stablehlo.reduce_precision %arg0, format = e8m10 : tensor<3x4xf32>
%1 = stablehlo.cholesky %arg0, lower = true : tensor<3x4xf32>
%2 = stablehlo.get_dimension_size %arg0, dim = 1 : (tensor<3x4xf32>) -> tensor<i32>
%3 = stablehlo.set_dimension_size %arg0, %arg1, dim = 1 : (tensor<3x4xf32>, tensor<i32>) -> tensor<3x4xf32>
%4 = stablehlo.after_all %arg2, %arg2 : !stablehlo.token
%5 = stablehlo.create_token : !stablehlo.token
%6 = stablehlo.fft %arg3, type =  FFT, length = [16] : (tensor<16xcomplex<f32>>) -> tensor<16xcomplex<f32>>
%7 = stablehlo.rng %arg4, %arg4, %arg5, distribution =  NORMAL : (tensor<f32>, tensor<f32>, tensor<3xi64>) -> tensor<2x3x5xf32>
%8 = stablehlo.complex %arg4, %arg4 : tensor<complex<f32>>`,
		generic: `%0 = "stablehlo.reduce_precision"(%arg0) <{exponent_bits = 8 : i32, mantissa_bits = 10 : i32}> : (tensor<3x4xf32>) -> tensor<3x4xf32>
%1 = "stablehlo.cholesky"(%arg0) <{lower = true}> : (tensor<3x4xf32>) -> tensor<3x4xf32>
%2 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 1 : i64}> : (tensor<3x4xf32>) -> tensor<i32>
%3 = "stablehlo.set_dimension_size"(%arg0, %arg1) <{dimension = 1 : i64}> : (tensor<3x4xf32>, tensor<i32>) -> tensor<3x4xf32>
%4 = "stablehlo.after_all"(%arg2, %arg2) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
%5 = "stablehlo.create_token"() : () -> !stablehlo.token
%6 = "stablehlo.fft"(%arg3) <{fft_length = array<i64: 16>, fft_type = #stablehlo<fft_type FFT>}> : (tensor<16xcomplex<f32>>) -> tensor<16xcomplex<f32>>
%7 = "stablehlo.rng"(%arg4, %arg4, %arg5) <{rng_distribution = #stablehlo<rng_distribution NORMAL>}> : (tensor<f32>, tensor<f32>, tensor<3xi64>) -> tensor<2x3x5xf32>
%8 = "stablehlo.complex"(%arg4, %arg4) : (tensor<f32>, tensor<f32>) -> tensor<complex<f32>>`,
	},
	{
		name: "attribute dictionaries in pretty forms",
		in:   types(f32s),
		build: func(tf *testFunc) {
			x := attrs("mhlo.x", i64(1))
			tf.op("stablehlo.optimization_barrier", vals(tf.arg(0)), types(f32s), x)
			tf.op("check.expect_close", vals(tf.arg(0), tf.arg(0)), nil, attrs(
				"max_ulp_difference", &ir.IntegerAttr{Value: 3, Type: ir.UI64}, "mhlo.x", i64(1)))
			tf.op("check.expect_serialized_eq", vals(tf.arg(0)), nil, attrs("probe_id", ir.StringAttr("p"), "mhlo.x", i64(1)))
			tf.op("check.expect_almost_eq_const", vals(tf.arg(0)), nil, attrs("value", dense(f32s, 1.0), "mhlo.x", i64(1)))
			tf.op("stablehlo.tuple", nil, types(&ir.TupleType{}), x)
			tf.op("stablehlo.compare", vals(tf.arg(0), tf.arg(0)), types(i1s), attrs(
				"comparison_direction", enum("comparison_direction", "GT"), "mhlo.x", i64(1)))
			tf.op("stablehlo.reduce_precision", vals(tf.arg(0)), types(f32s), attrs(
				"exponent_bits", i32(5), "mantissa_bits", i32(2), "mhlo.x", i64(1)))
			tf.op("chlo.top_k", vals(tf.arg(0)), types(f32s, i32s), attrs(
				"k", i64(1), "is_stable", ir.BoolAttr(true), "mhlo.x", i64(1)))
			tf.op("stablehlo.return", vals(tf.arg(0)), nil, x)
		},
		pretty: `%0 = stablehlo.optimization_barrier {mhlo.x = 1 : i64} %arg0 : tensor<f32>
check.expect_close %arg0, %arg0, max_ulp_difference = 3 : {mhlo.x = 1 : i64} tensor<f32>, tensor<f32>
check.expect_serialized_eq %arg0, probe_id = "p" {mhlo.x = 1 : i64} : tensor<f32>
check.expect_almost_eq_const %arg0, dense<1.000000e+00> : tensor<f32> {mhlo.x = 1 : i64}
%1 = stablehlo.tuple {mhlo.x = 1 : i64} : tuple<>
%2 = stablehlo.compare  GT, %arg0, %arg0 {mhlo.x = 1 : i64} : (tensor<f32>, tensor<f32>) -> tensor<i1>
%3 = stablehlo.reduce_precision %arg0, format = e5m2 {mhlo.x = 1 : i64} : tensor<f32>
%4:2 = chlo.top_k(%arg0, k = 1, is_stable = true) {mhlo.x = 1 : i64} : tensor<f32> -> (tensor<f32>, tensor<i32>)
stablehlo.return %arg0 {mhlo.x = 1 : i64} : tensor<f32>`,
		generic: `%0 = "stablehlo.optimization_barrier"(%arg0) {mhlo.x = 1 : i64} : (tensor<f32>) -> tensor<f32>
"check.expect_close"(%arg0, %arg0) <{max_ulp_difference = 3 : ui64}> {mhlo.x = 1 : i64} : (tensor<f32>, tensor<f32>) -> ()
"check.expect_serialized_eq"(%arg0) <{probe_id = "p"}> {mhlo.x = 1 : i64} : (tensor<f32>) -> ()
"check.expect_almost_eq_const"(%arg0) <{value = dense<1.000000e+00> : tensor<f32>}> {mhlo.x = 1 : i64} : (tensor<f32>) -> ()
%1 = "stablehlo.tuple"() {mhlo.x = 1 : i64} : () -> tuple<>
%2 = "stablehlo.compare"(%arg0, %arg0) <{comparison_direction = #stablehlo<comparison_direction GT>}> {mhlo.x = 1 : i64} : (tensor<f32>, tensor<f32>) -> tensor<i1>
%3 = "stablehlo.reduce_precision"(%arg0) <{exponent_bits = 5 : i32, mantissa_bits = 2 : i32}> {mhlo.x = 1 : i64} : (tensor<f32>) -> tensor<f32>
%4:2 = "chlo.top_k"(%arg0) <{is_stable = true, k = 1 : i64}> {mhlo.x = 1 : i64} : (tensor<f32>) -> (tensor<f32>, tensor<i32>)
"stablehlo.return"(%arg0) {mhlo.x = 1 : i64} : (tensor<f32>) -> ()`,
	},
	{
		name: "slice",
		in:   types(tt(ir.F32, 3, 8), tt(ir.F32)),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.slice", vals(tf.arg(0)), tt(ir.F32, 2, 2),
				attrs("start_indices", ir.I64Array(1, 4), "limit_indices", ir.I64Array(3, 8), "strides", ir.I64Array(1, 2)))
			tf.v1("stablehlo.slice", vals(tf.arg(1)), tt(ir.F32),
				attrs("start_indices", ir.I64Array(), "limit_indices", ir.I64Array(), "strides", ir.I64Array()))
		},
		pretty: `%0 = stablehlo.slice %arg0 [1:3, 4:8:2] : (tensor<3x8xf32>) -> tensor<2x2xf32>
%1 = stablehlo.slice %arg1 [] : (tensor<f32>) -> tensor<f32>`,
		generic: `%0 = "stablehlo.slice"(%arg0) <{limit_indices = array<i64: 3, 8>, start_indices = array<i64: 1, 4>, strides = array<i64: 1, 2>}> : (tensor<3x8xf32>) -> tensor<2x2xf32>
%1 = "stablehlo.slice"(%arg1) <{limit_indices = array<i64>, start_indices = array<i64>, strides = array<i64>}> : (tensor<f32>) -> tensor<f32>`,
	},
	{
		name: "dynamic_slice dynamic_update_slice",
		in:   types(tt(ir.I32, 3, 4), i64s, tt(ir.I32, 1, 4)),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.dynamic_slice", vals(tf.arg(0), tf.arg(1), tf.arg(1)), tt(ir.I32, 1, 4),
				attrs("slice_sizes", ir.I64Array(1, 4)))
			tf.v1("stablehlo.dynamic_update_slice", vals(tf.arg(0), tf.arg(2), tf.arg(1), tf.arg(1)), tt(ir.I32, 3, 4), nil)
		},
		pretty: `%0 = stablehlo.dynamic_slice %arg0, %arg1, %arg1, sizes = [1, 4] : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<1x4xi32>
%1 = stablehlo.dynamic_update_slice %arg0, %arg2, %arg1, %arg1 : (tensor<3x4xi32>, tensor<1x4xi32>, tensor<i64>, tensor<i64>) -> tensor<3x4xi32>`,
		generic: `%0 = "stablehlo.dynamic_slice"(%arg0, %arg1, %arg1) <{slice_sizes = array<i64: 1, 4>}> : (tensor<3x4xi32>, tensor<i64>, tensor<i64>) -> tensor<1x4xi32>
%1 = "stablehlo.dynamic_update_slice"(%arg0, %arg2, %arg1, %arg1) : (tensor<3x4xi32>, tensor<1x4xi32>, tensor<i64>, tensor<i64>) -> tensor<3x4xi32>`,
	},
	{
		name: "concatenate pad",
		in:   types(tt(ir.F32, 4, 1), tt(ir.F32, 4, 2), f32s),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.concatenate", vals(tf.arg(0), tf.arg(1)), tt(ir.F32, 4, 3),
				attrs("dimension", i64(1)))
			tf.v1("stablehlo.pad", vals(tf.arg(0), tf.arg(2)), tt(ir.F32, 7, 0),
				attrs("edge_padding_low", ir.I64Array(1, -1), "edge_padding_high", ir.I64Array(2, 0), "interior_padding", ir.I64Array(0, 0)))
		},
		pretty: `%0 = stablehlo.concatenate %arg0, %arg1, dim = 1 : (tensor<4x1xf32>, tensor<4x2xf32>) -> tensor<4x3xf32>
%1 = stablehlo.pad %arg0, %arg2, low = [1, -1], high = [2, 0], interior = [0, 0] : (tensor<4x1xf32>, tensor<f32>) -> tensor<7x0xf32>`,
		generic: `%0 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 1 : i64}> : (tensor<4x1xf32>, tensor<4x2xf32>) -> tensor<4x3xf32>
%1 = "stablehlo.pad"(%arg0, %arg2) <{edge_padding_high = array<i64: 2, 0>, edge_padding_low = array<i64: 1, -1>, interior_padding = array<i64: 0, 0>}> : (tensor<4x1xf32>, tensor<f32>) -> tensor<7x0xf32>`,
	},
	{
		name: "iota select clamp",
		in:   types(tt(ir.I1, 4), f32x4, f32s),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.iota", nil, tt(ir.I32, 4, 2), attrs("iota_dimension", i64(1)))
			tf.v1("stablehlo.select", vals(tf.arg(0), tf.arg(1), tf.arg(1)), f32x4, nil)
			tf.v1("stablehlo.select", vals(tf.arg(0), tf.arg(1), tf.arg(2)), f32x4, nil)
			tf.v1("stablehlo.clamp", vals(tf.arg(2), tf.arg(1), tf.arg(2)), f32x4, nil)
			tf.v1("stablehlo.clamp", vals(tf.arg(1), tf.arg(1), tf.arg(1)), f32x4, nil)
		},
		pretty: `%0 = stablehlo.iota dim = 1 : tensor<4x2xi32>
%1 = stablehlo.select %arg0, %arg1, %arg1 : tensor<4xi1>, tensor<4xf32>
%2 = stablehlo.select %arg0, %arg1, %arg2 : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
%3 = stablehlo.clamp %arg2, %arg1, %arg2 : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
%4 = stablehlo.clamp %arg1, %arg1, %arg1 : tensor<4xf32>`,
		generic: `%0 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<4x2xi32>
%1 = "stablehlo.select"(%arg0, %arg1, %arg1) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
%2 = "stablehlo.select"(%arg0, %arg1, %arg2) : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
%3 = "stablehlo.clamp"(%arg2, %arg1, %arg2) : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
%4 = "stablehlo.clamp"(%arg1, %arg1, %arg1) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>`,
	},
	{
		name: "dot dot_general",
		in:   types(tt(ir.I8, 2, 2, 2), tt(ir.I8, 2, 2, 3), tt(ir.I8, 3)),
		build: func(tf *testFunc) {
			prec := ir.ArrayAttr{enum("precision", "DEFAULT"), enum("precision", "HIGHEST")}
			tf.v1("stablehlo.dot_general", vals(tf.arg(0), tf.arg(1)), tt(ir.I32, 2, 2, 3),
				attrs("dot_dimension_numbers", &ir.DotDimensionNumbersAttr{
					LhsBatchingDimensions: []int64{0}, RhsBatchingDimensions: []int64{0},
					LhsContractingDimensions: []int64{2}, RhsContractingDimensions: []int64{1}},
					"precision_config", prec))
			tf.v1("stablehlo.dot_general", vals(tf.arg(0), tf.arg(1)), tt(ir.I32, 2, 2, 2, 3),
				attrs("dot_dimension_numbers", &ir.DotDimensionNumbersAttr{
					LhsContractingDimensions: []int64{2}, RhsContractingDimensions: []int64{1}},
					"algorithm", &ir.OpaqueAttr{Text: "#stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>"}))
			tf.v1("stablehlo.dot", vals(tf.arg(2), tf.arg(2)), tt(ir.I64), attrs("precision_config", prec))
			tf.v1("stablehlo.dot", vals(tf.arg(2), tf.arg(2)), tt(ir.I64), nil)
		},
		pretty: `%0 = stablehlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, HIGHEST] : (tensor<2x2x2xi8>, tensor<2x2x3xi8>) -> tensor<2x2x3xi32>
%1 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [2] x [1], algorithm = <lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x2x2xi8>, tensor<2x2x3xi8>) -> tensor<2x2x2x3xi32>
%2 = stablehlo.dot %arg2, %arg2, precision = [DEFAULT, HIGHEST] : (tensor<3xi8>, tensor<3xi8>) -> tensor<i64>
%3 = stablehlo.dot %arg2, %arg2 : (tensor<3xi8>, tensor<3xi8>) -> tensor<i64>`,
		generic: `%0 = "stablehlo.dot_general"(%arg0, %arg1) <{dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}> : (tensor<2x2x2xi8>, tensor<2x2x3xi8>) -> tensor<2x2x3xi32>
%1 = "stablehlo.dot_general"(%arg0, %arg1) <{algorithm = #stablehlo.dot_algorithm<lhs_precision_type = f32, rhs_precision_type = f32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>, dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1]>}> : (tensor<2x2x2xi8>, tensor<2x2x3xi8>) -> tensor<2x2x2x3xi32>
%2 = "stablehlo.dot"(%arg2, %arg2) <{precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}> : (tensor<3xi8>, tensor<3xi8>) -> tensor<i64>
%3 = "stablehlo.dot"(%arg2, %arg2) : (tensor<3xi8>, tensor<3xi8>) -> tensor<i64>`,
	},
	{
		name: "convolution",
		in:   types(tt(ir.F32, 1, 8, 8, 3), tt(ir.F32, 3, 3, 3, 16)),
		build: func(tf *testFunc) {
			pad := ir.MustTensor(tt(ir.I64, 2, 2))
			copy(pad.I, []int64{1, 1, 0, -1})
			tf.v1("stablehlo.convolution", vals(tf.arg(0), tf.arg(1)), tt(ir.F32, 1, 8, 7, 16),
				attrs("dimension_numbers", &ir.ConvDimensionNumbersAttr{
					InputBatchDimension: 0, InputFeatureDimension: 3, InputSpatialDimensions: []int64{1, 2},
					KernelInputFeatureDimension: 2, KernelOutputFeatureDimension: 3, KernelSpatialDimensions: []int64{0, 1},
					OutputBatchDimension: 0, OutputFeatureDimension: 3, OutputSpatialDimensions: []int64{1, 2}},
					"window_strides", ir.I64Array(1, 1),
					"padding", &ir.DenseElementsAttr{Value: pad},
					"lhs_dilation", ir.I64Array(1, 1),
					"rhs_dilation", ir.I64Array(1, 2),
					"window_reversal", &ir.DenseArrayAttr{Elem: ir.I1, Ints: []int64{0, 1}},
					"batch_group_count", i64(1),
					"feature_group_count", i64(1),
					"precision_config", ir.ArrayAttr{enum("precision", "DEFAULT"), enum("precision", "DEFAULT")}))
			tf.v1("stablehlo.convolution", vals(tf.arg(0), tf.arg(1)), tt(ir.F32, 1, 6, 6, 16),
				attrs("dimension_numbers", &ir.ConvDimensionNumbersAttr{
					InputBatchDimension: 0, InputFeatureDimension: 3, InputSpatialDimensions: []int64{1, 2},
					KernelInputFeatureDimension: 2, KernelOutputFeatureDimension: 3, KernelSpatialDimensions: []int64{0, 1},
					OutputBatchDimension: 0, OutputFeatureDimension: 3, OutputSpatialDimensions: []int64{1, 2}},
					"batch_group_count", i64(1), "feature_group_count", i64(1)))
		},
		pretty: `%0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [0, -1]], lhs_dilate = [1, 1], rhs_dilate = [1, 2], reverse = [false, true]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x7x16xf32>
%1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>`,
		generic: `%0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<[[1, 1], [0, -1]]> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 1, 2>, window_reversal = array<i1: false, true>, window_strides = array<i64: 1, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x8x7x16xf32>
%1 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x16xf32>) -> tensor<1x6x6x16xf32>`,
	},
	{
		name: "tuple get_tuple_element optimization_barrier",
		in:   types(i32s, f32s),
		build: func(tf *testFunc) {
			tup := &ir.TupleType{Elems: types(i32s, f32s)}
			t := tf.v1("stablehlo.tuple", vals(tf.arg(0), tf.arg(1)), tup, nil)
			tf.v1("stablehlo.tuple", nil, &ir.TupleType{}, nil)
			tf.v1("stablehlo.get_tuple_element", vals(t), f32s, attrs("index", i32(1)))
			tf.op("stablehlo.optimization_barrier", vals(tf.arg(0), tf.arg(1)), types(i32s, f32s), nil)
			tf.op("stablehlo.optimization_barrier", nil, nil, nil)
		},
		pretty: `%0 = stablehlo.tuple %arg0, %arg1 : tuple<tensor<i32>, tensor<f32>>
%1 = stablehlo.tuple : tuple<>
%2 = stablehlo.get_tuple_element %0[1] : (tuple<tensor<i32>, tensor<f32>>) -> tensor<f32>
%3:2 = stablehlo.optimization_barrier %arg0, %arg1 : tensor<i32>, tensor<f32>
stablehlo.optimization_barrier()`,
		generic: `%0 = "stablehlo.tuple"(%arg0, %arg1) : (tensor<i32>, tensor<f32>) -> tuple<tensor<i32>, tensor<f32>>
%1 = "stablehlo.tuple"() : () -> tuple<>
%2 = "stablehlo.get_tuple_element"(%0) <{index = 1 : i32}> : (tuple<tensor<i32>, tensor<f32>>) -> tensor<f32>
%3:2 = "stablehlo.optimization_barrier"(%arg0, %arg1) : (tensor<i32>, tensor<f32>) -> (tensor<i32>, tensor<f32>)
"stablehlo.optimization_barrier"() : () -> ()`,
	},
	{
		name: "rng_bit_generator partition_id replica_id",
		in:   types(tt(ir.UI64, 2)),
		build: func(tf *testFunc) {
			g := tf.op("stablehlo.rng_bit_generator", vals(tf.arg(0)), types(tt(ir.UI64, 2), tt(ir.UI32, 2, 2)),
				attrs("rng_algorithm", enum("rng_algorithm", "THREE_FRY")))
			tf.v1("stablehlo.add", vals(g.Result(1), g.Result(1)), tt(ir.UI32, 2, 2), nil)
			tf.v1("stablehlo.partition_id", nil, tt(ir.UI32), nil)
			tf.v1("stablehlo.replica_id", nil, tt(ir.UI32), nil)
		},
		pretty: `%0:2 = stablehlo.rng_bit_generator %arg0, algorithm =  THREE_FRY : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>)
%1 = stablehlo.add %0#1, %0#1 : tensor<2x2xui32>
%2 = stablehlo.partition_id : tensor<ui32>
%3 = stablehlo.replica_id : tensor<ui32>`,
		generic: `%0:2 = "stablehlo.rng_bit_generator"(%arg0) <{rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x2xui32>)
%1 = "stablehlo.add"(%0#1, %0#1) : (tensor<2x2xui32>, tensor<2x2xui32>) -> tensor<2x2xui32>
%2 = "stablehlo.partition_id"() : () -> tensor<ui32>
%3 = "stablehlo.replica_id"() : () -> tensor<ui32>`,
	},
	{
		name: "custom_call",
		in:   types(f32x4),
		build: func(tf *testFunc) {
			tf.v1("stablehlo.custom_call", vals(tf.arg(0)), f32x4,
				attrs("call_target_name", ir.StringAttr("Sharding"), "mhlo.sharding", ir.StringAttr("{replicated}"),
					"backend_config", ir.StringAttr("")))
			tf.op("stablehlo.custom_call", vals(tf.arg(0), tf.arg(0)), nil,
				attrs("call_target_name", ir.StringAttr("check.expect-eq"), "has_side_effect", ir.BoolAttr(true)))
		},
		pretty: `%0 = stablehlo.custom_call @Sharding(%arg0) {backend_config = "", mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
stablehlo.custom_call @"check.expect-eq"(%arg0, %arg0) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> ()`,
		generic: `%0 = "stablehlo.custom_call"(%arg0) <{backend_config = "", call_target_name = "Sharding"}> {mhlo.sharding = "{replicated}"} : (tensor<4xf32>) -> tensor<4xf32>
"stablehlo.custom_call"(%arg0, %arg0) <{call_target_name = "check.expect-eq", has_side_effect = true}> : (tensor<4xf32>, tensor<4xf32>) -> ()`,
	},
	{
		name: "call",
		in:   types(f32s),
		build: func(tf *testFunc) {
			tf.op("func.call", vals(tf.arg(0)), types(f32s, f32s), attrs("callee", &ir.SymbolRefAttr{Name: "pair"}))
			tf.op("func.call", nil, nil, attrs("callee", &ir.SymbolRefAttr{Name: "no-args"}))
		},
		pretty: `%0:2 = call @pair(%arg0) : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
call @"no-args"() : () -> ()`,
		generic: `%0:2 = "func.call"(%arg0) <{callee = @pair}> : (tensor<f32>) -> (tensor<f32>, tensor<f32>)
"func.call"() <{callee = @"no-args"}> : () -> ()`,
	},
	{
		name: "chlo",
		in:   types(f32x4, tt(ir.F32, 16), f32s),
		build: func(tf *testFunc) {
			tf.v1("chlo.erf", vals(tf.arg(0)), f32x4, nil)
			tf.v1("chlo.erf_inv", vals(tf.arg(0)), f32x4, nil)
			tf.v1("chlo.tan", vals(tf.arg(0)), f32x4, nil)
			tf.op("chlo.top_k", vals(tf.arg(1)), types(tt(ir.F32, 2), tt(ir.I32, 2)), attrs("k", i64(2)))
			tf.v1("chlo.broadcast_add", vals(tf.arg(0), tf.arg(2)), f32x4,
				attrs("broadcast_dimensions", ir.I64Array()))
			tf.v1("chlo.square", vals(tf.arg(2)), f32s, nil)
		},
		pretty: `%0 = chlo.erf %arg0 : tensor<4xf32> -> tensor<4xf32>
%1 = chlo.erf_inv %arg0 : tensor<4xf32> -> tensor<4xf32>
%2 = chlo.tan %arg0 : tensor<4xf32> -> tensor<4xf32>
%3:2 = chlo.top_k(%arg1, k = 2) : tensor<16xf32> -> (tensor<2xf32>, tensor<2xi32>)
%4 = "chlo.broadcast_add"(%arg0, %arg2) <{broadcast_dimensions = array<i64>}> : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
%5 = chlo.square %arg2 : tensor<f32> -> tensor<f32>`,
		generic: `%0 = "chlo.erf"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
%1 = "chlo.erf_inv"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
%2 = "chlo.tan"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
%3:2 = "chlo.top_k"(%arg1) <{k = 2 : i64}> : (tensor<16xf32>) -> (tensor<2xf32>, tensor<2xi32>)
%4 = "chlo.broadcast_add"(%arg0, %arg2) <{broadcast_dimensions = array<i64>}> : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
%5 = "chlo.square"(%arg2) : (tensor<f32>) -> tensor<f32>`,
	},
	{
		name: "check",
		in:   types(tt(ir.F32, 2), tt(ir.I32, 2)),
		build: func(tf *testFunc) {
			tf.op("check.expect_eq", vals(tf.arg(1), tf.arg(1)), nil, nil)
			tf.op("check.expect_eq_const", vals(tf.arg(1)), nil, attrs("value", dense(tt(ir.I32, 2), int64(1), int64(-2))))
			tf.op("check.expect_almost_eq", vals(tf.arg(0), tf.arg(0)), nil,
				attrs("tolerance", &ir.FloatAttr{Value: 1e-3, Type: ir.F64}))
			tf.op("check.expect_almost_eq", vals(tf.arg(0), tf.arg(0)), nil, nil)
			tf.op("check.expect_almost_eq_const", vals(tf.arg(0)), nil,
				attrs("value", dense(tt(ir.F32, 2), 1.0, math.Inf(-1)), "tolerance", &ir.FloatAttr{Value: 1e-4, Type: ir.F64}))
			tf.op("check.expect_close", vals(tf.arg(0), tf.arg(0)), nil,
				attrs("max_ulp_difference", &ir.IntegerAttr{Value: 3, Type: ir.UI64}, "min_ulp_difference", &ir.IntegerAttr{Value: 0, Type: ir.UI64}))
			tf.op("check.expect_serialized_eq", vals(tf.arg(1)), nil,
				attrs("probe_id", ir.StringAttr("probe0"), "iteration", &ir.IntegerAttr{Value: 1, Type: ir.UI32}))
		},
		pretty: `check.expect_eq %arg1, %arg1 : tensor<2xi32>
check.expect_eq_const %arg1, dense<[1, -2]> : tensor<2xi32>
check.expect_almost_eq %arg0, %arg0, tolerance = 1.000000e-03 : tensor<2xf32>
check.expect_almost_eq %arg0, %arg0 : tensor<2xf32>
check.expect_almost_eq_const %arg0, dense<[1.000000e+00, 0xFF800000]> : tensor<2xf32>, tolerance = 1.000000e-04
check.expect_close %arg0, %arg0, max_ulp_difference = 3, min_ulp_difference = 0 : tensor<2xf32>, tensor<2xf32>
check.expect_serialized_eq %arg1, probe_id = "probe0", iter = 1 : tensor<2xi32>`,
		generic: `"check.expect_eq"(%arg1, %arg1) : (tensor<2xi32>, tensor<2xi32>) -> ()
"check.expect_eq_const"(%arg1) <{value = dense<[1, -2]> : tensor<2xi32>}> : (tensor<2xi32>) -> ()
"check.expect_almost_eq"(%arg0, %arg0) <{tolerance = 1.000000e-03 : f64}> : (tensor<2xf32>, tensor<2xf32>) -> ()
"check.expect_almost_eq"(%arg0, %arg0) : (tensor<2xf32>, tensor<2xf32>) -> ()
"check.expect_almost_eq_const"(%arg0) <{tolerance = 1.000000e-04 : f64, value = dense<[1.000000e+00, 0xFF800000]> : tensor<2xf32>}> : (tensor<2xf32>) -> ()
"check.expect_close"(%arg0, %arg0) <{max_ulp_difference = 3 : ui64, min_ulp_difference = 0 : ui64}> : (tensor<2xf32>, tensor<2xf32>) -> ()
"check.expect_serialized_eq"(%arg1) <{iteration = 1 : ui32, probe_id = "probe0"}> : (tensor<2xi32>) -> ()`,
	},
}

func TestOpGolden(t *testing.T) {
	for _, c := range opCases {
		t.Run(c.name, func(t *testing.T) {
			tf := newTestFunc("f", c.in, nil)
			c.build(tf)
			diffText(t, "pretty", body(t, tf.f, Options{}), c.pretty)
			diffText(t, "generic", body(t, tf.f, Options{Generic: true}), c.generic)
		})
	}
}
