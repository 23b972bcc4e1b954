package ir

// Attribute is an MLIR attribute. The concrete types below cover the builtin
// attributes StableHLO programs use and StableHLO's own attributes
// (openxla/stablehlo docs/spec.md and StablehloAttrs.td); attributes of other
// dialects (`#sdy.sharding<...>`) are kept verbatim as OpaqueAttr. AttrString
// prints any of them in MLIR syntax.
type Attribute interface{ isAttr() }

// NamedAttr is one `name = value` entry of an attribute dictionary.
type NamedAttr struct {
	Name  string
	Value Attribute
}

// Attrs is an attribute dictionary in insertion order. Printers sort it by
// name, as MLIR does.
type Attrs []NamedAttr

// Get returns the attribute called name, or nil.
func (a Attrs) Get(name string) Attribute {
	for _, n := range a {
		if n.Name == name {
			return n.Value
		}
	}
	return nil
}

// Has reports whether an attribute called name is present.
func (a Attrs) Has(name string) bool { return a.Get(name) != nil }

// Set replaces or appends the attribute called name and returns the result.
func (a Attrs) Set(name string, v Attribute) Attrs {
	for i, n := range a {
		if n.Name == name {
			a[i].Value = v
			return a
		}
	}
	return append(a, NamedAttr{name, v})
}

// Delete returns a without the attribute called name.
func (a Attrs) Delete(name string) Attrs {
	r := a[:0:0]
	for _, n := range a {
		if n.Name != name {
			r = append(r, n)
		}
	}
	return r
}

// UnitAttr is the presence-only `unit` attribute (`{foo}` in a dictionary).
type UnitAttr struct{}

// BoolAttr is `true` or `false`.
type BoolAttr bool

// IntegerAttr is `42 : i64`. Type is the integer type (I64 when absent in
// the source, as MLIR defaults).
type IntegerAttr struct {
	Value int64
	Type  ElementType
}

// FloatAttr is `1.5 : f32` (Type is F64 when absent in the source).
type FloatAttr struct {
	Value float64
	Type  ElementType
}

// StringAttr is a quoted string `"abc"`.
type StringAttr string

// ArrayAttr is `[a, b, c]`.
type ArrayAttr []Attribute

// DenseArrayAttr is `array<i64: 1, 2, 3>` (also i1, i8..i64, f32, f64
// elements). Integer and boolean elements are in Ints; float ones in Floats.
type DenseArrayAttr struct {
	Elem   ElementType
	Ints   []int64
	Floats []float64
}

// DenseElementsAttr is `dense<...> : tensor<...>`; Value holds the elements
// and the tensor type.
type DenseElementsAttr struct {
	Value *Tensor
}

// TypeAttr is a type used as an attribute (`function_type = (...) -> ...`).
type TypeAttr struct {
	Type Type
}

// SymbolRefAttr is `@name` (optionally nested, `@a::@b`, kept in Name).
type SymbolRefAttr struct {
	Name string
}

// DictAttr is `{a = 1, b}`.
type DictAttr struct {
	Attrs Attrs
}

// EnumAttr is a StableHLO enum attribute `#stablehlo<comparison_direction GT>`
// (Kind "comparison_direction", Value "GT"). Kinds used: comparison_direction
// (EQ NE GE GT LE LT), comparison_type (NOTYPE FLOAT TOTALORDER SIGNED
// UNSIGNED), precision (DEFAULT HIGH HIGHEST), rng_algorithm (DEFAULT
// THREE_FRY PHILOX), rng_distribution (UNIFORM NORMAL), fft_type, transpose.
type EnumAttr struct {
	Dialect string // "stablehlo" or "chlo"
	Kind    string
	Value   string
}

// DotDimensionNumbersAttr is `#stablehlo.dot<lhs_batching_dimensions = [0],
// rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2],
// rhs_contracting_dimensions = [1]>` (spec: dot_general).
type DotDimensionNumbersAttr struct {
	LhsBatchingDimensions    []int64
	RhsBatchingDimensions    []int64
	LhsContractingDimensions []int64
	RhsContractingDimensions []int64
}

// ConvDimensionNumbersAttr gives the layout of convolution's operands and
// result (spec: convolution; printed `[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]`).
type ConvDimensionNumbersAttr struct {
	InputBatchDimension          int64
	InputFeatureDimension        int64
	InputSpatialDimensions       []int64
	KernelInputFeatureDimension  int64
	KernelOutputFeatureDimension int64
	KernelSpatialDimensions      []int64
	OutputBatchDimension         int64
	OutputFeatureDimension       int64
	OutputSpatialDimensions      []int64
}

// GatherDimensionNumbersAttr is `#stablehlo.gather<offset_dims = [...], ...>`
// (spec: gather).
type GatherDimensionNumbersAttr struct {
	OffsetDims               []int64
	CollapsedSliceDims       []int64
	OperandBatchingDims      []int64
	StartIndicesBatchingDims []int64
	StartIndexMap            []int64
	IndexVectorDim           int64
}

// ScatterDimensionNumbersAttr is `#stablehlo.scatter<update_window_dims =
// [...], ...>` (spec: scatter).
type ScatterDimensionNumbersAttr struct {
	UpdateWindowDims           []int64
	InsertedWindowDims         []int64
	InputBatchingDims          []int64
	ScatterIndicesBatchingDims []int64
	ScatterDimsToOperandDims   []int64
	IndexVectorDim             int64
}

// ChannelHandleAttr is `#stablehlo.channel_handle<handle = 1, type = 0>`.
type ChannelHandleAttr struct {
	Handle int64
	Type   int64
}

// OpaqueAttr is an attribute zmlc does not model (`#sdy.sharding<@mesh,
// [{"data"}, {}]>`, `#loc1`), kept verbatim so that it round-trips.
type OpaqueAttr struct {
	Text string
}

func (UnitAttr) isAttr()                     {}
func (BoolAttr) isAttr()                     {}
func (*IntegerAttr) isAttr()                 {}
func (*FloatAttr) isAttr()                   {}
func (StringAttr) isAttr()                   {}
func (ArrayAttr) isAttr()                    {}
func (*DenseArrayAttr) isAttr()              {}
func (*DenseElementsAttr) isAttr()           {}
func (*TypeAttr) isAttr()                    {}
func (*SymbolRefAttr) isAttr()               {}
func (*DictAttr) isAttr()                    {}
func (*EnumAttr) isAttr()                    {}
func (*DotDimensionNumbersAttr) isAttr()     {}
func (*ConvDimensionNumbersAttr) isAttr()    {}
func (*GatherDimensionNumbersAttr) isAttr()  {}
func (*ScatterDimensionNumbersAttr) isAttr() {}
func (*ChannelHandleAttr) isAttr()           {}
func (*OpaqueAttr) isAttr()                  {}

// I64Array returns the dense array `array<i64: v...>`.
func I64Array(v ...int64) *DenseArrayAttr {
	return &DenseArrayAttr{Elem: I64, Ints: append([]int64{}, v...)}
}

// Int64s returns the integers of a dense i64 array, an array of integer
// attributes, or a rank-1 integer dense elements attribute; ok is false for
// any other attribute.
func Int64s(a Attribute) (v []int64, ok bool) {
	switch a := a.(type) {
	case *DenseArrayAttr:
		if a.Elem.IsIntOrBool() {
			return a.Ints, true
		}
	case ArrayAttr:
		v := make([]int64, len(a))
		for i, x := range a {
			ia, ok := x.(*IntegerAttr)
			if !ok {
				return nil, false
			}
			v[i] = ia.Value
		}
		return v, true
	case *DenseElementsAttr:
		if a.Value.Type.Elem.IsIntOrBool() && a.Value.Type.Rank() <= 1 {
			return a.Value.I, true
		}
	}
	return nil, false
}

// Bools returns the elements of a dense i1 array or an array of BoolAttr.
func Bools(a Attribute) (v []bool, ok bool) {
	switch a := a.(type) {
	case *DenseArrayAttr:
		if a.Elem == I1 {
			v := make([]bool, len(a.Ints))
			for i, x := range a.Ints {
				v[i] = x != 0
			}
			return v, true
		}
	case ArrayAttr:
		v := make([]bool, len(a))
		for i, x := range a {
			b, ok := x.(BoolAttr)
			if !ok {
				return nil, false
			}
			v[i] = bool(b)
		}
		return v, true
	}
	return nil, false
}

// IntValue returns the value of an IntegerAttr.
func IntValue(a Attribute) (int64, bool) {
	if ia, ok := a.(*IntegerAttr); ok {
		return ia.Value, true
	}
	return 0, false
}

// EnumValue returns the value of an EnumAttr (`GT`), or "" if a is not one.
func EnumValue(a Attribute) string {
	if e, ok := a.(*EnumAttr); ok {
		return e.Value
	}
	return ""
}
