package ir

// Typed convenience methods of Builder, one per op the .zml front end emits.
// Each appends one op (plus its regions) and returns its result(s), or a
// *Diagnostic at the builder's location naming the op and the violated rule.
// Integer list attributes are written as `array<i64: ...>` (DenseArrayAttr),
// as StableHLO's printer does.

func i64Attr(v int64) *IntegerAttr { return &IntegerAttr{Value: v, Type: I64} }

func stablehloName(name string) string {
	if dialectOf(name) == "" {
		return "stablehlo." + name
	}
	return name
}

// Unary appends the elementwise unary op name (`negate` or
// `stablehlo.negate`, `chlo.erf`) applied to x.
func (b *Builder) Unary(name string, x *Value) (*Value, error) {
	return value1(b.Op(stablehloName(name), []*Value{x}, nil))
}

// Binary appends the elementwise binary op name (`add` or `stablehlo.add`);
// lhs and rhs must have the same type.
func (b *Builder) Binary(name string, lhs, rhs *Value) (*Value, error) {
	return value1(b.Op(stablehloName(name), []*Value{lhs, rhs}, nil))
}

// Constant appends `stablehlo.constant` holding t.
func (b *Builder) Constant(t *Tensor) (*Value, error) {
	if t == nil {
		return nil, b.errorf("stablehlo.constant", "value is nil")
	}
	return value1(b.Op("stablehlo.constant", nil, Attrs{{Name: "value", Value: &DenseElementsAttr{Value: t}}}))
}

// Add appends lhs + rhs.
func (b *Builder) Add(lhs, rhs *Value) (*Value, error) { return b.Binary("add", lhs, rhs) }

// Subtract appends lhs - rhs.
func (b *Builder) Subtract(lhs, rhs *Value) (*Value, error) { return b.Binary("subtract", lhs, rhs) }

// Multiply appends lhs * rhs.
func (b *Builder) Multiply(lhs, rhs *Value) (*Value, error) { return b.Binary("multiply", lhs, rhs) }

// Divide appends lhs / rhs.
func (b *Builder) Divide(lhs, rhs *Value) (*Value, error) { return b.Binary("divide", lhs, rhs) }

// Maximum appends max(lhs, rhs) (NaN if either is NaN).
func (b *Builder) Maximum(lhs, rhs *Value) (*Value, error) { return b.Binary("maximum", lhs, rhs) }

// Minimum appends min(lhs, rhs) (NaN if either is NaN).
func (b *Builder) Minimum(lhs, rhs *Value) (*Value, error) { return b.Binary("minimum", lhs, rhs) }

// Power appends lhs ^ rhs.
func (b *Builder) Power(lhs, rhs *Value) (*Value, error) { return b.Binary("power", lhs, rhs) }

// Remainder appends lhs rem rhs (sign of the dividend).
func (b *Builder) Remainder(lhs, rhs *Value) (*Value, error) { return b.Binary("remainder", lhs, rhs) }

// And appends the bitwise or logical and of lhs and rhs.
func (b *Builder) And(lhs, rhs *Value) (*Value, error) { return b.Binary("and", lhs, rhs) }

// Or appends the bitwise or logical or of lhs and rhs.
func (b *Builder) Or(lhs, rhs *Value) (*Value, error) { return b.Binary("or", lhs, rhs) }

// Negate appends -x.
func (b *Builder) Negate(x *Value) (*Value, error) { return b.Unary("negate", x) }

// Abs appends |x|.
func (b *Builder) Abs(x *Value) (*Value, error) { return b.Unary("abs", x) }

// Exp appends e^x (`stablehlo.exponential`).
func (b *Builder) Exp(x *Value) (*Value, error) { return b.Unary("exponential", x) }

// Log appends the natural logarithm of x.
func (b *Builder) Log(x *Value) (*Value, error) { return b.Unary("log", x) }

// Sqrt appends the square root of x.
func (b *Builder) Sqrt(x *Value) (*Value, error) { return b.Unary("sqrt", x) }

// Rsqrt appends 1/sqrt(x).
func (b *Builder) Rsqrt(x *Value) (*Value, error) { return b.Unary("rsqrt", x) }

// Tanh appends tanh(x).
func (b *Builder) Tanh(x *Value) (*Value, error) { return b.Unary("tanh", x) }

// Logistic appends 1/(1+e^-x).
func (b *Builder) Logistic(x *Value) (*Value, error) { return b.Unary("logistic", x) }

// Not appends the bitwise or logical not of x.
func (b *Builder) Not(x *Value) (*Value, error) { return b.Unary("not", x) }

// Compare appends `stablehlo.compare dir, lhs, rhs, typ`: dir is EQ, NE,
// GE, GT, LE or LT; typ is FLOAT, TOTALORDER, SIGNED, UNSIGNED or "" (none).
func (b *Builder) Compare(dir, typ string, lhs, rhs *Value) (*Value, error) {
	attrs := Attrs{{Name: "comparison_direction", Value: &EnumAttr{Dialect: "stablehlo", Kind: "comparison_direction", Value: dir}}}
	if typ != "" {
		attrs = append(attrs, NamedAttr{Name: "compare_type", Value: &EnumAttr{Dialect: "stablehlo", Kind: "comparison_type", Value: typ}})
	}
	return value1(b.Op("stablehlo.compare", []*Value{lhs, rhs}, attrs))
}

// Select appends pred ? onTrue : onFalse (pred is i1, a scalar or of the
// operands' shape).
func (b *Builder) Select(pred, onTrue, onFalse *Value) (*Value, error) {
	return value1(b.Op("stablehlo.select", []*Value{pred, onTrue, onFalse}, nil))
}

// Clamp appends min(max(x, lo), hi).
func (b *Builder) Clamp(lo, x, hi *Value) (*Value, error) {
	return value1(b.Op("stablehlo.clamp", []*Value{lo, x, hi}, nil))
}

// Convert appends the conversion of x to element type e (same shape).
func (b *Builder) Convert(x *Value, e ElementType) (*Value, error) {
	t := tensorOrNil(x)
	if t == nil {
		return nil, b.errorf("stablehlo.convert", "operand must be a ranked tensor")
	}
	return value1(b.Op("stablehlo.convert", []*Value{x}, nil, t.WithElem(e)))
}

// BitcastConvert appends the reinterpretation of x's bits as type t.
func (b *Builder) BitcastConvert(x *Value, t *TensorType) (*Value, error) {
	return value1(b.Op("stablehlo.bitcast_convert", []*Value{x}, nil, t))
}

// Reshape appends x reshaped to shape (same element count).
func (b *Builder) Reshape(x *Value, shape []int64) (*Value, error) {
	t := tensorOrNil(x)
	if t == nil {
		return nil, b.errorf("stablehlo.reshape", "operand must be a ranked tensor")
	}
	return value1(b.Op("stablehlo.reshape", []*Value{x}, nil, t.WithShape(shape)))
}

// BroadcastInDim appends x broadcast to shape, operand dimension i going to
// result dimension dims[i].
func (b *Builder) BroadcastInDim(x *Value, shape, dims []int64) (*Value, error) {
	t := tensorOrNil(x)
	if t == nil {
		return nil, b.errorf("stablehlo.broadcast_in_dim", "operand must be a ranked tensor")
	}
	return value1(b.Op("stablehlo.broadcast_in_dim", []*Value{x}, Attrs{{Name: "broadcast_dimensions", Value: I64Array(dims...)}}, t.WithShape(shape)))
}

// Transpose appends x with dimensions permuted: result dim i is x's dim
// perm[i].
func (b *Builder) Transpose(x *Value, perm []int64) (*Value, error) {
	return value1(b.Op("stablehlo.transpose", []*Value{x}, Attrs{{Name: "permutation", Value: I64Array(perm...)}}))
}

// Slice appends the static strided slice [start, limit) by strides of x.
func (b *Builder) Slice(x *Value, start, limit, strides []int64) (*Value, error) {
	return value1(b.Op("stablehlo.slice", []*Value{x}, Attrs{
		{Name: "start_indices", Value: I64Array(start...)},
		{Name: "limit_indices", Value: I64Array(limit...)},
		{Name: "strides", Value: I64Array(strides...)},
	}))
}

// DynamicSlice appends the slice of x of the given sizes at run-time start
// indices (one 0-d integer tensor per dimension).
func (b *Builder) DynamicSlice(x *Value, starts []*Value, sizes []int64) (*Value, error) {
	ops := append([]*Value{x}, starts...)
	return value1(b.Op("stablehlo.dynamic_slice", ops, Attrs{{Name: "slice_sizes", Value: I64Array(sizes...)}}))
}

// DynamicUpdateSlice appends x with update written at the start indices.
func (b *Builder) DynamicUpdateSlice(x, update *Value, starts []*Value) (*Value, error) {
	ops := append([]*Value{x, update}, starts...)
	return value1(b.Op("stablehlo.dynamic_update_slice", ops, nil))
}

// Concatenate appends xs joined along dimension dim.
func (b *Builder) Concatenate(dim int64, xs ...*Value) (*Value, error) {
	return value1(b.Op("stablehlo.concatenate", xs, Attrs{{Name: "dimension", Value: i64Attr(dim)}}))
}

// Pad appends x padded with padValue (a scalar): low and high edge padding
// (negative crops) and interior padding per dimension.
func (b *Builder) Pad(x, padValue *Value, low, high, interior []int64) (*Value, error) {
	return value1(b.Op("stablehlo.pad", []*Value{x, padValue}, Attrs{
		{Name: "edge_padding_low", Value: I64Array(low...)},
		{Name: "edge_padding_high", Value: I64Array(high...)},
		{Name: "interior_padding", Value: I64Array(interior...)},
	}))
}

// Reverse appends x reversed along dims.
func (b *Builder) Reverse(x *Value, dims []int64) (*Value, error) {
	return value1(b.Op("stablehlo.reverse", []*Value{x}, Attrs{{Name: "dimensions", Value: I64Array(dims...)}}))
}

// Iota appends a tensor of type t counting along dimension dim.
func (b *Builder) Iota(t *TensorType, dim int64) (*Value, error) {
	if t == nil {
		return nil, b.errorf("stablehlo.iota", "result type is nil")
	}
	return value1(b.Op("stablehlo.iota", nil, Attrs{{Name: "iota_dimension", Value: i64Attr(dim)}}, t))
}

// DotGeneral appends the contraction of lhs and rhs described by d; the
// result has lhs's element type and shape batch + lhs free + rhs free.
func (b *Builder) DotGeneral(lhs, rhs *Value, d *DotDimensionNumbersAttr) (*Value, error) {
	if d == nil {
		return nil, b.errorf("stablehlo.dot_general", "dot_dimension_numbers is nil")
	}
	return value1(b.Op("stablehlo.dot_general", []*Value{lhs, rhs}, Attrs{{Name: "dot_dimension_numbers", Value: d}}))
}

// Gather appends the gather of slices of the given sizes of operand at
// indices (spec: gather).
func (b *Builder) Gather(operand, indices *Value, d *GatherDimensionNumbersAttr, sliceSizes []int64) (*Value, error) {
	if d == nil {
		return nil, b.errorf("stablehlo.gather", "dimension_numbers is nil")
	}
	return value1(b.Op("stablehlo.gather", []*Value{operand, indices}, Attrs{
		{Name: "dimension_numbers", Value: d},
		{Name: "slice_sizes", Value: I64Array(sliceSizes...)},
	}))
}

// scalarArgs returns the body argument types of a reduction over inputs:
// tensor<Ei> for each input, twice.
func scalarArgs(inputs []*Value) []Type {
	var a []Type
	for _, x := range inputs {
		if t := tensorOrNil(x); t != nil {
			a = append(a, TensorOf(t.Elem))
		}
	}
	return append(a, a...)
}

// Reduce appends `stablehlo.reduce` of inputs over dims starting from inits
// (0-d tensors), with body computing the reduction: it gets 2N scalar
// arguments (accumulators, then elements) and returns N scalars.
func (b *Builder) Reduce(inputs, inits []*Value, dims []int64, body func(b *Builder, args []*Value) []*Value) ([]*Value, error) {
	ops := append(append([]*Value{}, inputs...), inits...)
	return values(b.OpWithRegions("stablehlo.reduce", ops, Attrs{{Name: "dimensions", Value: I64Array(dims...)}},
		[]RegionBody{{Args: scalarArgs(inputs), Build: body}}))
}

// Sort appends `stablehlo.sort` of inputs along dim; cmp gets the pairs
// (a0, b0, a1, b1, ...) of scalars and returns one i1 scalar, true when a
// goes before b.
func (b *Builder) Sort(inputs []*Value, dim int64, stable bool, cmp func(b *Builder, args []*Value) *Value) ([]*Value, error) {
	var args []Type
	for _, x := range inputs {
		if t := tensorOrNil(x); t != nil {
			args = append(args, TensorOf(t.Elem), TensorOf(t.Elem))
		}
	}
	attrs := Attrs{{Name: "dimension", Value: i64Attr(dim)}, {Name: "is_stable", Value: BoolAttr(stable)}}
	return values(b.OpWithRegions("stablehlo.sort", inputs, attrs, []RegionBody{{Args: args,
		Build: func(b *Builder, a []*Value) []*Value { return []*Value{cmp(b, a)} }}}))
}

// While appends `stablehlo.while` over the loop-carried values inits: cond
// returns an i1 scalar, body the next values.
func (b *Builder) While(inits []*Value, cond func(b *Builder, args []*Value) *Value, body func(b *Builder, args []*Value) []*Value) ([]*Value, error) {
	var ts []Type
	for _, x := range inits {
		if x != nil {
			ts = append(ts, x.Type)
		}
	}
	return values(b.OpWithRegions("stablehlo.while", inits, nil, []RegionBody{
		{Args: ts, Build: func(b *Builder, a []*Value) []*Value { return []*Value{cond(b, a)} }},
		{Args: ts, Build: body},
	}))
}

// If appends `stablehlo.if pred` with two branches returning values of the
// same types.
func (b *Builder) If(pred *Value, then, els func(b *Builder) []*Value) ([]*Value, error) {
	wrap := func(f func(b *Builder) []*Value) RegionBody {
		return RegionBody{Build: func(b *Builder, _ []*Value) []*Value { return f(b) }}
	}
	return values(b.OpWithRegions("stablehlo.if", []*Value{pred}, nil, []RegionBody{wrap(then), wrap(els)}))
}

// Tuple appends a tuple of vals.
func (b *Builder) Tuple(vals ...*Value) (*Value, error) {
	return value1(b.Op("stablehlo.tuple", vals, nil))
}

// GetTupleElement appends element i of tuple x.
func (b *Builder) GetTupleElement(x *Value, i int64) (*Value, error) {
	return value1(b.Op("stablehlo.get_tuple_element", []*Value{x}, Attrs{{Name: "index", Value: &IntegerAttr{Value: i, Type: I32}}}))
}

func tensorOrNil(x *Value) *TensorType {
	if x == nil {
		return nil
	}
	return AsTensor(x.Type)
}
