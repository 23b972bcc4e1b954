package asm

import (
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Ops with an attribute spelled out in their StableHLO assemblyFormat:
// constant, iota, broadcast_in_dim, transpose, slice, pad, tuple, ...

func init() {
	register(printConstant, "stablehlo.constant")
	register(printIota, "stablehlo.iota")
	register(printDimsOp("dims", "broadcast_dimensions", 1, false), "stablehlo.broadcast_in_dim")
	register(printDimsOp("dims", "broadcast_dimensions", 2, false), "stablehlo.dynamic_broadcast_in_dim")
	register(printDimsOp("sizes", "broadcast_sizes", 1, false), "stablehlo.broadcast")
	register(printDimsOp("dims", "permutation", 1, false), "stablehlo.transpose")
	register(printDimsOp("dims", "dimensions", 1, true), "stablehlo.reverse")
	register(printDynamicIota, "stablehlo.dynamic_iota")
	register(printEinsum, "stablehlo.einsum", "stablehlo.unary_einsum")
	register(printSlice, "stablehlo.slice")
	register(printDynamicSlice, "stablehlo.dynamic_slice")
	register(printConcatenate, "stablehlo.concatenate")
	register(printPad, "stablehlo.pad")
	register(printDimensionSize, "stablehlo.get_dimension_size", "stablehlo.set_dimension_size")
	register(printTuple, "stablehlo.tuple")
	register(printGetTupleElement, "stablehlo.get_tuple_element")
	register(printOptimizationBarrier, "stablehlo.optimization_barrier")
	register(printRngBitGenerator, "stablehlo.rng_bit_generator")
	register(printRng, "stablehlo.rng")
	register(printNullary, "stablehlo.partition_id", "stablehlo.replica_id", "stablehlo.create_token")
	register(printAfterAll, "stablehlo.after_all")
	register(printFft, "stablehlo.fft")
	register(printCholesky, "stablehlo.cholesky")
}

// printConstant: `stablehlo.constant {attrs} dense<[1, 2]> : tensor<2xi32>`
// when the value's type is the result type.
func printConstant(p *printer, op *ir.Op) bool {
	if !counts(op, 0, 1, 0) {
		return false
	}
	v, ok := op.Attr("value").(*ir.DenseElementsAttr)
	if !ok || v.Value == nil || v.Value.Type == nil || !ir.TypesEqual(v.Value.Type, op.Results[0].Type) {
		return false
	}
	p.opName(op)
	p.attrDictExcept(op, "value")
	p.ws(" ")
	p.attr(v)
	return true
}

// printIota: `stablehlo.iota dim = 0 : tensor<4xi32>`.
func printIota(p *printer, op *ir.Op) bool {
	d, ok := intAttr(op, "iota_dimension", ir.I64)
	if !counts(op, 0, 1, 0) || !ok {
		return false
	}
	p.opName(op)
	p.ws(" dim = ")
	p.ws(itoa(d))
	p.attrDictExcept(op, "iota_dimension")
	p.ws(" : ")
	p.typ(op.Results[0].Type)
	return true
}

// printDimsOp returns the printer of `op %x, <keyword> = [..] : <type>` for an
// op with n operands whose one i64 array attribute attr is spelled `keyword`;
// sameType picks custom<SameOperandsAndResultType> over the functional type.
func printDimsOp(keyword, attr string, n int, sameType bool) prettyFn {
	return func(p *printer, op *ir.Op) bool {
		dims, ok := i64Array(op, attr)
		if !counts(op, n, 1, 0) || !ok {
			return false
		}
		p.operandsHead(op, ", "+keyword+" = "+intList(dims), attr)
		if sameType {
			p.sameOperandsAndResultType(op)
		} else {
			p.functionalType(op)
		}
		return true
	}
}

// printDynamicIota: `stablehlo.dynamic_iota %shape, dim = 0 : (tensor<1xi64>) -> tensor<?xf32>`.
func printDynamicIota(p *printer, op *ir.Op) bool {
	d, ok := intAttr(op, "iota_dimension", ir.I64)
	if !counts(op, 1, 1, 0) || !ok {
		return false
	}
	p.operandsHead(op, ", dim = "+itoa(d), "iota_dimension")
	p.functionalType(op)
	return true
}

// printEinsum: `stablehlo.einsum %a, %b, config = "ab,bc->ac" : (A, B) -> R`
// (and unary_einsum with one operand).
func printEinsum(p *printer, op *ir.Op) bool {
	n := 2
	if op.Name == "stablehlo.unary_einsum" {
		n = 1
	}
	cfg, ok := op.Attr("einsum_config").(ir.StringAttr)
	if !counts(op, n, 1, 0) || !ok {
		return false
	}
	p.operandsHead(op, ", config = "+ir.QuoteString(string(cfg)), "einsum_config")
	p.functionalType(op)
	return true
}

// printSlice: `stablehlo.slice %x [1:3, 4:8:2] : (T) -> R` (a stride of 1
// is omitted).
func printSlice(p *printer, op *ir.Op) bool {
	start, ok1 := i64Array(op, "start_indices")
	limit, ok2 := i64Array(op, "limit_indices")
	strides, ok3 := i64Array(op, "strides")
	if !counts(op, 1, 1, 0) || !ok1 || !ok2 || !ok3 || len(start) != len(limit) || len(start) != len(strides) {
		return false
	}
	var b strings.Builder
	b.WriteString(" [")
	for i := range start {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(itoa(start[i]) + ":" + itoa(limit[i]))
		if strides[i] != 1 {
			b.WriteString(":" + itoa(strides[i]))
		}
	}
	b.WriteString("]")
	p.operandsHead(op, b.String(), "start_indices", "limit_indices", "strides")
	p.functionalType(op)
	return true
}

// printDynamicSlice: `stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 4] : (...) -> R`.
func printDynamicSlice(p *printer, op *ir.Op) bool {
	sizes, ok := i64Array(op, "slice_sizes")
	if len(op.Operands) < 2 || len(op.Results) != 1 || len(op.Regions) != 0 || !noNils(op) || !ok {
		return false
	}
	p.operandsHead(op, ", sizes = "+intList(sizes), "slice_sizes")
	p.functionalType(op)
	return true
}

// printConcatenate: `stablehlo.concatenate %a, %b, dim = 0 : (A, B) -> R`.
func printConcatenate(p *printer, op *ir.Op) bool {
	d, ok := intAttr(op, "dimension", ir.I64)
	if len(op.Operands) == 0 || len(op.Results) != 1 || len(op.Regions) != 0 || !noNils(op) || !ok {
		return false
	}
	p.operandsHead(op, ", dim = "+itoa(d), "dimension")
	p.functionalType(op)
	return true
}

// printPad: `stablehlo.pad %x, %v, low = [1], high = [2], interior = [0] : (A, B) -> R`.
func printPad(p *printer, op *ir.Op) bool {
	lo, ok1 := i64Array(op, "edge_padding_low")
	hi, ok2 := i64Array(op, "edge_padding_high")
	in, ok3 := i64Array(op, "interior_padding")
	if !counts(op, 2, 1, 0) || !ok1 || !ok2 || !ok3 {
		return false
	}
	p.operandsHead(op, ", low = "+intList(lo)+", high = "+intList(hi)+", interior = "+intList(in),
		"edge_padding_low", "edge_padding_high", "interior_padding")
	p.functionalType(op)
	return true
}

// printDimensionSize: `stablehlo.get_dimension_size %x, dim = 1 : (T) -> tensor<i32>`
// and `stablehlo.set_dimension_size %x, %s, dim = 1 : (T, S) -> R`.
func printDimensionSize(p *printer, op *ir.Op) bool {
	n := 1
	if op.Name == "stablehlo.set_dimension_size" {
		n = 2
	}
	d, ok := intAttr(op, "dimension", ir.I64)
	if !counts(op, n, 1, 0) || !ok {
		return false
	}
	p.operandsHead(op, ", dim = "+itoa(d), "dimension")
	p.functionalType(op)
	return true
}

// printTuple: `stablehlo.tuple %a, %b : tuple<A, B>` when the operand types
// are the tuple's element types (custom<TupleOpType>).
func printTuple(p *printer, op *ir.Op) bool {
	if len(op.Results) != 1 || len(op.Regions) != 0 || !noNils(op) {
		return false
	}
	tt, ok := op.Results[0].Type.(*ir.TupleType)
	if !ok || len(tt.Elems) != len(op.Operands) {
		return false
	}
	for i, v := range op.Operands {
		if !ir.TypesEqual(v.Type, tt.Elems[i]) {
			return false
		}
	}
	p.operandsHead(op, "")
	p.typ(tt)
	return true
}

// printGetTupleElement: `stablehlo.get_tuple_element %t[0] : (tuple<A, B>) -> A`.
func printGetTupleElement(p *printer, op *ir.Op) bool {
	i, ok := intAttr(op, "index", ir.I32)
	if !counts(op, 1, 1, 0) || !ok {
		return false
	}
	p.operandsHead(op, "["+itoa(i)+"]", "index")
	p.functionalType(op)
	return true
}

// printOptimizationBarrier: `stablehlo.optimization_barrier %a, %b : A, B`
// (results have the operands' types), or `stablehlo.optimization_barrier()`.
func printOptimizationBarrier(p *printer, op *ir.Op) bool {
	if len(op.Operands) != len(op.Results) || len(op.Regions) != 0 || !noNils(op) {
		return false
	}
	for i, v := range op.Operands {
		if !ir.TypesEqual(v.Type, op.Results[i].Type) {
			return false
		}
	}
	if len(op.Operands) == 0 {
		if len(op.Attrs) > 0 {
			return false
		}
		p.opName(op)
		p.ws("()")
		return true
	}
	p.opName(op)
	p.attrDictExcept(op)
	p.ws(" ")
	p.values(op.Operands)
	p.ws(" : ")
	p.ws(typeList(valueTypes(op.Operands)))
	return true
}

// printRngBitGenerator: `stablehlo.rng_bit_generator %s, algorithm =  DEFAULT : (S) -> (S, R)`.
func printRngBitGenerator(p *printer, op *ir.Op) bool {
	alg, ok := enumAttr(op, "rng_algorithm", "stablehlo", "rng_algorithm")
	if !counts(op, 1, 2, 0) || !ok {
		return false
	}
	p.operandsHead(op, ", algorithm =  "+alg, "rng_algorithm")
	p.functionalType(op)
	return true
}

// printRng: `stablehlo.rng %a, %b, %shape, distribution =  UNIFORM : (...) -> R`.
func printRng(p *printer, op *ir.Op) bool {
	d, ok := enumAttr(op, "rng_distribution", "stablehlo", "rng_distribution")
	if !counts(op, 3, 1, 0) || !ok {
		return false
	}
	p.operandsHead(op, ", distribution =  "+d, "rng_distribution")
	p.functionalType(op)
	return true
}

// printNullary: `stablehlo.replica_id : tensor<ui32>`.
func printNullary(p *printer, op *ir.Op) bool {
	if !counts(op, 0, 1, 0) {
		return false
	}
	p.operandsHead(op, "")
	p.typ(op.Results[0].Type)
	return true
}

// printAfterAll: `stablehlo.after_all %a, %b : !stablehlo.token`.
func printAfterAll(p *printer, op *ir.Op) bool {
	if len(op.Results) != 1 || len(op.Regions) != 0 || !noNils(op) {
		return false
	}
	p.operandsHead(op, "")
	p.sameOperandsAndResultType(op)
	return true
}

// printFft: `stablehlo.fft %x, type =  FFT, length = [16] : (T) -> R`.
func printFft(p *printer, op *ir.Op) bool {
	t, ok1 := enumAttr(op, "fft_type", "stablehlo", "fft_type")
	l, ok2 := i64Array(op, "fft_length")
	if !counts(op, 1, 1, 0) || !ok1 || !ok2 {
		return false
	}
	p.operandsHead(op, ", type =  "+t+", length = "+intList(l), "fft_type", "fft_length")
	p.functionalType(op)
	return true
}

// printCholesky: `stablehlo.cholesky %a, lower = true : T`.
func printCholesky(p *printer, op *ir.Op) bool {
	if !counts(op, 1, 1, 0) {
		return false
	}
	lower, hasLower := op.Attr("lower").(ir.BoolAttr)
	if op.Attrs.Has("lower") && !hasLower {
		return false
	}
	mid := ""
	if hasLower {
		mid = ", lower = " + strconv.FormatBool(bool(lower))
	}
	p.operandsHead(op, mid, "lower")
	p.sameOperandsAndResultType(op)
	return true
}
