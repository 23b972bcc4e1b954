package ir

import (
	"encoding/binary"
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// HexElementsThreshold is the element count above which a non-splat
// DenseElementsAttr prints in MLIR's hex form `dense<"0x...">` (MLIR's
// `--mlir-print-elementsattrs-with-hex-if-larger`).
var HexElementsThreshold = 100

// AttrString returns a in MLIR syntax: `42 : i64`, `array<i64: 1, 2>`,
// `dense<[1.000000e+00, 2.500000e+00]> : tensor<2xf32>`,
// `#stablehlo<comparison_direction GT>`, `#stablehlo.dot<...>`.
func AttrString(a Attribute) string {
	var b strings.Builder
	writeAttr(&b, a)
	return b.String()
}

func writeAttr(b *strings.Builder, a Attribute) {
	switch a := a.(type) {
	case nil:
		b.WriteString("<<null attribute>>")
	case UnitAttr:
		b.WriteString("unit")
	case BoolAttr:
		if a {
			b.WriteString("true")
		} else {
			b.WriteString("false")
		}
	case *IntegerAttr:
		if a.Type == I1 {
			if a.Value != 0 {
				b.WriteString("true")
			} else {
				b.WriteString("false")
			}
			return
		}
		b.WriteString(FormatInt(a.Value, a.Type))
		b.WriteString(" : ")
		b.WriteString(a.Type.String())
	case *FloatAttr:
		b.WriteString(FormatFloat(a.Value, a.Type))
		b.WriteString(" : ")
		b.WriteString(a.Type.String())
	case StringAttr:
		b.WriteString(QuoteString(string(a)))
	case ArrayAttr:
		b.WriteString("[")
		for i, x := range a {
			if i > 0 {
				b.WriteString(", ")
			}
			writeAttr(b, x)
		}
		b.WriteString("]")
	case *DenseArrayAttr:
		b.WriteString("array<")
		b.WriteString(a.Elem.String())
		n := len(a.Ints)
		if a.Elem.IsFloat() {
			n = len(a.Floats)
		}
		for i := 0; i < n; i++ {
			if i == 0 {
				b.WriteString(": ")
			} else {
				b.WriteString(", ")
			}
			switch {
			case a.Elem == I1:
				if a.Ints[i] != 0 {
					b.WriteString("true")
				} else {
					b.WriteString("false")
				}
			case a.Elem.IsFloat():
				b.WriteString(FormatFloat(a.Floats[i], a.Elem))
			default:
				b.WriteString(FormatInt(a.Ints[i], a.Elem))
			}
		}
		b.WriteString(">")
	case *DenseElementsAttr:
		b.WriteString(DenseLiteral(a.Value))
		b.WriteString(" : ")
		b.WriteString(a.Value.Type.String())
	case *TypeAttr:
		b.WriteString(a.Type.String())
	case *SymbolRefAttr:
		parts := strings.Split(a.Name, "::")
		for i, p := range parts {
			if i > 0 {
				b.WriteString("::")
			}
			b.WriteString("@")
			p = strings.TrimPrefix(p, "@")
			if IsBareIdentifier(p) {
				b.WriteString(p)
			} else {
				b.WriteString(QuoteString(p))
			}
		}
	case *DictAttr:
		WriteAttrDict(b, a.Attrs)
	case *EnumAttr:
		fmt.Fprintf(b, "#%s<%s %s>", a.Dialect, a.Kind, a.Value)
	case *DotDimensionNumbersAttr:
		b.WriteString("#stablehlo.dot<")
		writeFields(b, []field{
			{"lhs_batching_dimensions", a.LhsBatchingDimensions, false},
			{"rhs_batching_dimensions", a.RhsBatchingDimensions, false},
			{"lhs_contracting_dimensions", a.LhsContractingDimensions, false},
			{"rhs_contracting_dimensions", a.RhsContractingDimensions, false},
		})
		b.WriteString(">")
	case *ConvDimensionNumbersAttr:
		b.WriteString("#stablehlo.conv<")
		if ConvDimsCompact(a) {
			b.WriteString(ConvDimsString(a))
		} else {
			// StableHLO's raw form holds any numbers, even ones the
			// verifier rejects, so print(parse(text)) round-trips.
			b.WriteString("raw ")
			writeFields(b, []field{
				{"input_batch_dimension", []int64{a.InputBatchDimension}, true},
				{"input_feature_dimension", []int64{a.InputFeatureDimension}, true},
				{"input_spatial_dimensions", a.InputSpatialDimensions, false},
				{"kernel_input_feature_dimension", []int64{a.KernelInputFeatureDimension}, true},
				{"kernel_output_feature_dimension", []int64{a.KernelOutputFeatureDimension}, true},
				{"kernel_spatial_dimensions", a.KernelSpatialDimensions, false},
				{"output_batch_dimension", []int64{a.OutputBatchDimension}, true},
				{"output_feature_dimension", []int64{a.OutputFeatureDimension}, true},
				{"output_spatial_dimensions", a.OutputSpatialDimensions, false},
			})
		}
		b.WriteString(">")
	case *GatherDimensionNumbersAttr:
		b.WriteString("#stablehlo.gather<")
		writeFields(b, []field{
			{"offset_dims", a.OffsetDims, false},
			{"collapsed_slice_dims", a.CollapsedSliceDims, false},
			{"operand_batching_dims", a.OperandBatchingDims, false},
			{"start_indices_batching_dims", a.StartIndicesBatchingDims, false},
			{"start_index_map", a.StartIndexMap, false},
			{"index_vector_dim", []int64{a.IndexVectorDim}, true},
		})
		b.WriteString(">")
	case *ScatterDimensionNumbersAttr:
		b.WriteString("#stablehlo.scatter<")
		writeFields(b, []field{
			{"update_window_dims", a.UpdateWindowDims, false},
			{"inserted_window_dims", a.InsertedWindowDims, false},
			{"input_batching_dims", a.InputBatchingDims, false},
			{"scatter_indices_batching_dims", a.ScatterIndicesBatchingDims, false},
			{"scatter_dims_to_operand_dims", a.ScatterDimsToOperandDims, false},
			{"index_vector_dim", []int64{a.IndexVectorDim}, true},
		})
		b.WriteString(">")
	case *ChannelHandleAttr:
		fmt.Fprintf(b, "#stablehlo.channel_handle<handle = %d, type = %d>", a.Handle, a.Type)
	case *OpaqueAttr:
		b.WriteString(a.Text)
	default:
		fmt.Fprintf(b, "<<unknown attribute %T>>", a)
	}
}

type field struct {
	name   string
	vals   []int64
	scalar bool
}

// writeFields prints `name = [1, 2], other = 3`, skipping empty lists, as
// StableHLO's attribute printers do.
func writeFields(b *strings.Builder, fs []field) {
	first := true
	for _, f := range fs {
		if !f.scalar && len(f.vals) == 0 {
			continue
		}
		if !first {
			b.WriteString(", ")
		}
		first = false
		b.WriteString(f.name)
		b.WriteString(" = ")
		if f.scalar {
			b.WriteString(strconv.FormatInt(f.vals[0], 10))
		} else {
			b.WriteString(IntListString(f.vals))
		}
	}
}

// IntListString returns `[1, 2, 3]`.
func IntListString(v []int64) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = strconv.FormatInt(x, 10)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

// ConvDimsCompact reports whether the compact layout of a names every
// dimension exactly once: the three layouts have the same number of
// spatial dimensions n and each is a permutation of 0..n+1. Otherwise
// ConvDimsString would lose information, and printers use the raw form.
func ConvDimsCompact(a *ConvDimensionNumbersAttr) bool {
	n := len(a.InputSpatialDimensions)
	if len(a.KernelSpatialDimensions) != n || len(a.OutputSpatialDimensions) != n {
		return false
	}
	check := func(x, y int64, spatial []int64) bool {
		seen := make([]bool, n+2)
		for _, d := range append([]int64{x, y}, spatial...) {
			if d < 0 || d >= int64(n+2) || seen[d] {
				return false
			}
			seen[d] = true
		}
		return true
	}
	return check(a.InputBatchDimension, a.InputFeatureDimension, a.InputSpatialDimensions) &&
		check(a.KernelInputFeatureDimension, a.KernelOutputFeatureDimension, a.KernelSpatialDimensions) &&
		check(a.OutputBatchDimension, a.OutputFeatureDimension, a.OutputSpatialDimensions)
}

// ConvDimsString returns the compact convolution layout
// `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]` of StableHLO's printer.
func ConvDimsString(a *ConvDimensionNumbersAttr) string {
	layout := func(rank int, b, f int64, bn, fn string, spatial []int64) string {
		s := make([]string, rank)
		for i := range s {
			s[i] = "?"
		}
		set := func(d int64, v string) {
			if d >= 0 && int(d) < rank {
				s[d] = v
			}
		}
		set(b, bn)
		set(f, fn)
		for i, d := range spatial {
			set(d, strconv.Itoa(i))
		}
		return "[" + strings.Join(s, ", ") + "]"
	}
	r := len(a.InputSpatialDimensions) + 2
	return layout(r, a.InputBatchDimension, a.InputFeatureDimension, "b", "f", a.InputSpatialDimensions) + "x" +
		layout(r, a.KernelInputFeatureDimension, a.KernelOutputFeatureDimension, "i", "o", a.KernelSpatialDimensions) + "->" +
		layout(r, a.OutputBatchDimension, a.OutputFeatureDimension, "b", "f", a.OutputSpatialDimensions)
}

// WriteAttrDict prints `{a = 1 : i64, b}` with entries sorted by name, as
// MLIR prints attribute dictionaries; unit attributes print as their name.
func WriteAttrDict(b *strings.Builder, attrs Attrs) {
	sorted := append(Attrs{}, attrs...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	b.WriteString("{")
	for i, n := range sorted {
		if i > 0 {
			b.WriteString(", ")
		}
		if IsBareIdentifier(n.Name) {
			b.WriteString(n.Name)
		} else {
			b.WriteString(QuoteString(n.Name))
		}
		if _, unit := n.Value.(UnitAttr); unit {
			continue
		}
		b.WriteString(" = ")
		writeAttr(b, n.Value)
	}
	b.WriteString("}")
}

// IsBareIdentifier reports whether s is an MLIR bare identifier
// (`[a-zA-Z_][a-zA-Z0-9_$.]*`) that needs no quotes.
func IsBareIdentifier(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		switch {
		case c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'):
		case i > 0 && ((c >= '0' && c <= '9') || c == '$' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// QuoteString quotes s as an MLIR string literal: `"` and `\` are escaped
// with a backslash, other bytes outside printable ASCII as `\XX` (two hex
// digits), as MLIR's printEscapedString does.
func QuoteString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c >= 0x20 && c < 0x7f:
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "\\%02X", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// FormatInt prints an integer element of type e: unsigned types as unsigned
// (ui64 from its bit pattern), i1 as `true`/`false`.
func FormatInt(v int64, e ElementType) string {
	switch {
	case e == I1:
		if v != 0 {
			return "true"
		}
		return "false"
	case e.IsUnsigned():
		return strconv.FormatUint(uint64(v)&unsignedMask(e), 10)
	}
	return strconv.FormatInt(v, 10)
}

func unsignedMask(e ElementType) uint64 {
	if e.Bits() >= 64 {
		return ^uint64(0)
	}
	return 1<<uint(e.Bits()) - 1
}

// FormatFloat prints a float element of type e as MLIR does: `%.6e`
// (`1.000000e+00`) when that reads back to the same value, else the shortest
// exact decimal form, and NaN and infinities as the type's bit pattern in hex
// (`0x7FC00000` for an f32 NaN, `0x7C00` for f16 +inf).
func FormatFloat(v float64, e ElementType) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		digits := e.Bits() / 4
		return fmt.Sprintf("0x%0*X", digits, FloatBits(v, e))
	}
	s := strconv.FormatFloat(v, 'e', 6, 64)
	if r, err := strconv.ParseFloat(s, 64); err == nil && RoundFloat(r, e) == v && math.Signbit(r) == math.Signbit(v) {
		return s
	}
	bits := 64
	if e == F32 {
		bits = 32
	}
	return strconv.FormatFloat(v, 'e', -1, bits)
}

// DenseLiteral returns the `dense<...>` part of a dense elements attribute
// (without the type): a splat as one value, an empty tensor as `dense<>`,
// more than HexElementsThreshold distinct elements in hex, otherwise nested
// brackets following the shape.
func DenseLiteral(x *Tensor) string {
	n := x.Len()
	if n == 0 {
		return "dense<>"
	}
	if isSplat(x) {
		return "dense<" + elemString(x, 0) + ">"
	}
	if HexElementsThreshold >= 0 && n > HexElementsThreshold {
		return `dense<"0x` + fmt.Sprintf("%X", TensorBytes(x)) + `">`
	}
	var b strings.Builder
	b.WriteString("dense<")
	shape := x.Type.Shape
	idx := 0
	var rec func(d int)
	rec = func(d int) {
		if d == len(shape) {
			b.WriteString(elemString(x, idx))
			idx++
			return
		}
		b.WriteString("[")
		for i := int64(0); i < shape[d]; i++ {
			if i > 0 {
				b.WriteString(", ")
			}
			rec(d + 1)
		}
		b.WriteString("]")
	}
	rec(0)
	b.WriteString(">")
	return b.String()
}

func isSplat(x *Tensor) bool {
	switch {
	case x.I != nil:
		for _, v := range x.I {
			if v != x.I[0] {
				return false
			}
		}
	case x.F != nil:
		for _, v := range x.F {
			if math.Float64bits(v) != math.Float64bits(x.F[0]) {
				return false
			}
		}
	case x.C != nil:
		for _, v := range x.C {
			if math.Float64bits(real(v)) != math.Float64bits(real(x.C[0])) ||
				math.Float64bits(imag(v)) != math.Float64bits(imag(x.C[0])) {
				return false
			}
		}
	}
	return true
}

func elemString(x *Tensor, i int) string {
	e := x.Type.Elem
	switch {
	case x.I != nil:
		return FormatInt(x.I[i], e)
	case x.F != nil:
		return FormatFloat(x.F[i], e)
	case x.C != nil:
		p := e.ComplexPart()
		return "(" + FormatFloat(real(x.C[i]), p) + "," + FormatFloat(imag(x.C[i]), p) + ")"
	}
	return "?"
}

// TensorBytes returns the elements of x as a dense little-endian buffer, the
// layout of MLIR's hex literals, safetensors and .npy: ByteSize() bytes per
// element (i1 and sub-byte integers one byte each), complex as real then
// imaginary part.
func TensorBytes(x *Tensor) []byte {
	e := x.Type.Elem
	sz := e.ByteSize()
	out := make([]byte, x.Len()*sz)
	for i := 0; i < x.Len(); i++ {
		p := out[i*sz:]
		switch {
		case x.I != nil:
			putUint(p, uint64(x.I[i]), sz)
		case x.F != nil:
			putUint(p, FloatBits(x.F[i], e), sz)
		case x.C != nil:
			h := sz / 2
			putUint(p, FloatBits(real(x.C[i]), e.ComplexPart()), h)
			putUint(p[h:], FloatBits(imag(x.C[i]), e.ComplexPart()), h)
		}
	}
	return out
}

// TensorFromBytes builds a tensor of type t from a dense little-endian buffer
// laid out as TensorBytes writes it. It returns an error if t is not static
// or len(data) is not exactly the tensor's byte size.
func TensorFromBytes(t *TensorType, data []byte) (*Tensor, error) {
	x, err := NewTensor(t)
	if err != nil {
		return nil, err
	}
	e := t.Elem
	sz := e.ByteSize()
	if int64(len(data)) != int64(x.Len())*int64(sz) {
		return nil, fmt.Errorf("%s needs %d bytes of data, got %d", t, int64(x.Len())*int64(sz), len(data))
	}
	for i := 0; i < x.Len(); i++ {
		p := data[i*sz:]
		switch {
		case x.I != nil:
			v := getUint(p, sz)
			if e == I1 {
				if v != 0 {
					v = 1
				}
				x.I[i] = int64(v)
			} else {
				x.I[i] = e.WrapInt(int64(v))
			}
		case x.F != nil:
			x.F[i] = FloatFromBits(getUint(p, sz), e)
		case x.C != nil:
			h := sz / 2
			x.C[i] = complex(FloatFromBits(getUint(p, h), e.ComplexPart()), FloatFromBits(getUint(p[h:], h), e.ComplexPart()))
		}
	}
	return x, nil
}

func putUint(p []byte, v uint64, sz int) {
	switch sz {
	case 1:
		p[0] = byte(v)
	case 2:
		binary.LittleEndian.PutUint16(p, uint16(v))
	case 4:
		binary.LittleEndian.PutUint32(p, uint32(v))
	case 8:
		binary.LittleEndian.PutUint64(p, v)
	}
}

func getUint(p []byte, sz int) uint64 {
	switch sz {
	case 1:
		return uint64(p[0])
	case 2:
		return uint64(binary.LittleEndian.Uint16(p))
	case 4:
		return uint64(binary.LittleEndian.Uint32(p))
	case 8:
		return binary.LittleEndian.Uint64(p)
	}
	return 0
}
