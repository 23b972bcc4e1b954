package ir

import "sort"

// Trait is a property of an op kind that passes and code generators query
// instead of matching op names.
type Trait uint32

const (
	// Elementwise ops apply a scalar function to corresponding elements of
	// same-shaped operands (spec: "elementwise").
	Elementwise Trait = 1 << iota
	// SameOperandsAndResultType ops have one type for all operands and results.
	SameOperandsAndResultType
	// Commutative binary ops: f(a, b) == f(b, a).
	Commutative
	// SideEffect ops are never merged (CSE) or removed (DCE).
	SideEffect
	// Collective ops communicate between processes; they also count as
	// side effects for CSE and DCE.
	Collective
	// Terminator ops end a block.
	Terminator
	// Unary and Binary ops have one and two operands.
	Unary
	Binary
)

// OpDef describes one op kind.
type OpDef struct {
	Name    string // `stablehlo.add`
	Traits  Trait
	Summary string
}

// Has reports whether the op kind has every trait in t.
func (d *OpDef) Has(t Trait) bool { return d != nil && d.Traits&t == t }

var opDefs = map[string]*OpDef{}

// RegisterOp adds an op kind to the registry (replacing one of the same name).
func RegisterOp(d *OpDef) { opDefs[d.Name] = d }

// LookupOp returns the registered op kind called name, or nil.
func LookupOp(name string) *OpDef { return opDefs[name] }

// OpNames returns the names of all registered op kinds, sorted.
func OpNames() []string {
	r := make([]string, 0, len(opDefs))
	for n := range opDefs {
		r = append(r, n)
	}
	sort.Strings(r)
	return r
}

// HasTrait reports whether op's kind has every trait in t (false for an
// unregistered op).
func (o *Op) HasTrait(t Trait) bool { return LookupOp(o.Name).Has(t) }

// IsPure reports whether op may be merged or removed when unused: a
// registered op without SideEffect or Collective. Unregistered ops are
// assumed to have side effects.
func (o *Op) IsPure() bool {
	d := LookupOp(o.Name)
	return d != nil && d.Traits&(SideEffect|Collective|Terminator) == 0
}

func init() {
	ew := Elementwise | SameOperandsAndResultType
	unary := map[string]string{
		"abs":                   "absolute value (|x|; for complex the modulus)",
		"cbrt":                  "cube root",
		"ceil":                  "round toward +inf",
		"count_leading_zeros":   "number of leading zero bits",
		"cosine":                "cos(x)",
		"exponential":           "e^x",
		"exponential_minus_one": "e^x - 1",
		"floor":                 "round toward -inf",
		"imag":                  "imaginary part",
		"is_finite":             "x is neither inf nor NaN",
		"log":                   "natural logarithm",
		"log_plus_one":          "log(1 + x)",
		"logistic":              "1 / (1 + e^-x)",
		"negate":                "-x",
		"not":                   "bitwise or logical not",
		"popcnt":                "number of set bits",
		"real":                  "real part",
		"round_nearest_afz":     "round to nearest, ties away from zero",
		"round_nearest_even":    "round to nearest, ties to even",
		"rsqrt":                 "1 / sqrt(x)",
		"sign":                  "sign of x (NaN for NaN)",
		"sine":                  "sin(x)",
		"sqrt":                  "square root",
		"tan":                   "tan(x)",
		"tanh":                  "hyperbolic tangent",
	}
	for n, s := range unary {
		t := ew | Unary
		switch n {
		case "abs", "imag", "real", "is_finite":
			t = Elementwise | Unary // result element type differs for complex / i1
		}
		RegisterOp(&OpDef{Name: "stablehlo." + n, Traits: t, Summary: s})
	}
	binary := map[string]string{
		"add":                    "a + b",
		"and":                    "bitwise or logical and",
		"atan2":                  "atan2(a, b)",
		"complex":                "complex(a, b)",
		"divide":                 "a / b",
		"maximum":                "max(a, b), NaN if either is NaN",
		"minimum":                "min(a, b), NaN if either is NaN",
		"multiply":               "a * b",
		"or":                     "bitwise or logical or",
		"power":                  "a ^ b",
		"remainder":              "a rem b, sign of the dividend",
		"shift_left":             "a << b",
		"shift_right_arithmetic": "a >> b, sign-filling",
		"shift_right_logical":    "a >> b, zero-filling",
		"subtract":               "a - b",
		"xor":                    "bitwise or logical xor",
	}
	for n, s := range binary {
		t := ew | Binary
		switch n {
		case "add", "and", "maximum", "minimum", "multiply", "or", "xor":
			t |= Commutative
		case "complex":
			t = Elementwise | Binary
		}
		RegisterOp(&OpDef{Name: "stablehlo." + n, Traits: t, Summary: s})
	}
	others := []*OpDef{
		{Name: "stablehlo.compare", Traits: Elementwise | Binary, Summary: "elementwise comparison"},
		{Name: "stablehlo.select", Traits: Elementwise, Summary: "pred ? on_true : on_false"},
		{Name: "stablehlo.clamp", Traits: Elementwise, Summary: "min(max(operand, min), max)"},
		{Name: "stablehlo.convert", Traits: Elementwise | Unary, Summary: "element type conversion"},
		{Name: "stablehlo.bitcast_convert", Summary: "reinterpret bits as another element type"},
		{Name: "stablehlo.reduce_precision", Traits: ew | Unary, Summary: "round to fewer exponent and mantissa bits"},
		{Name: "stablehlo.constant", Summary: "constant tensor"},
		{Name: "stablehlo.iota", Summary: "indices along a dimension"},
		{Name: "stablehlo.broadcast_in_dim", Summary: "broadcast with a dimension map"},
		{Name: "stablehlo.broadcast", Summary: "broadcast by prepending dimensions"},
		{Name: "stablehlo.reshape", Summary: "same elements, new shape"},
		{Name: "stablehlo.transpose", Summary: "permute dimensions"},
		{Name: "stablehlo.slice", Summary: "static strided slice"},
		{Name: "stablehlo.dynamic_slice", Summary: "slice at run-time start indices"},
		{Name: "stablehlo.dynamic_update_slice", Summary: "overwrite a slice at run-time start indices"},
		{Name: "stablehlo.concatenate", Summary: "join along a dimension"},
		{Name: "stablehlo.pad", Summary: "edge and interior padding (negative crops)"},
		{Name: "stablehlo.reverse", Summary: "reverse along dimensions"},
		{Name: "stablehlo.gather", Summary: "gather slices at indices"},
		{Name: "stablehlo.scatter", Summary: "scatter updates at indices with a combiner"},
		{Name: "stablehlo.dot_general", Summary: "batched tensor contraction"},
		{Name: "stablehlo.dot", Summary: "matrix/vector product"},
		{Name: "stablehlo.convolution", Summary: "windowed reduction of products"},
		{Name: "stablehlo.reduce", Summary: "reduce dimensions with a body"},
		{Name: "stablehlo.reduce_window", Summary: "reduce over sliding windows"},
		{Name: "stablehlo.select_and_scatter", Summary: "scatter source at selected window positions"},
		{Name: "stablehlo.sort", Summary: "sort along a dimension with a comparator"},
		{Name: "stablehlo.map", Summary: "apply a computation elementwise"},
		{Name: "stablehlo.while", Summary: "loop while cond holds"},
		{Name: "stablehlo.if", Summary: "two-way branch"},
		{Name: "stablehlo.case", Summary: "n-way branch"},
		{Name: "stablehlo.tuple", Summary: "make a tuple"},
		{Name: "stablehlo.get_tuple_element", Summary: "take a tuple element"},
		{Name: "stablehlo.optimization_barrier", Summary: "identity that blocks reordering across it"},
		{Name: "stablehlo.rng_bit_generator", Summary: "random bits from a state"},
		{Name: "stablehlo.partition_id", Summary: "id of the current partition"},
		{Name: "stablehlo.replica_id", Summary: "id of the current replica"},
		{Name: "stablehlo.get_dimension_size", Summary: "size of a dimension"},
		{Name: "stablehlo.after_all", Traits: SideEffect, Summary: "join tokens"},
		{Name: "stablehlo.custom_call", Traits: SideEffect, Summary: "call a named target"},
		{Name: "stablehlo.all_reduce", Traits: Collective, Summary: "reduce across processes"},
		{Name: "stablehlo.all_gather", Traits: Collective, Summary: "concatenate across processes"},
		{Name: "stablehlo.reduce_scatter", Traits: Collective, Summary: "reduce then split across processes"},
		{Name: "stablehlo.all_to_all", Traits: Collective, Summary: "split, exchange and concatenate across processes"},
		{Name: "stablehlo.collective_permute", Traits: Collective, Summary: "send to a peer process"},
		{Name: "stablehlo.collective_broadcast", Traits: Collective, Summary: "broadcast from one process"},
		{Name: "stablehlo.return", Traits: Terminator, Summary: "region terminator"},
		{Name: "func.return", Traits: Terminator, Summary: "function terminator"},
		{Name: "func.call", Summary: "call a function"},
		{Name: "chlo.erf", Traits: ew | Unary, Summary: "error function"},
		{Name: "chlo.erf_inv", Traits: ew | Unary, Summary: "inverse error function"},
		{Name: "chlo.tan", Traits: ew | Unary, Summary: "tangent"},
		{Name: "chlo.erfc", Traits: ew | Unary, Summary: "complementary error function"},
		{Name: "chlo.lgamma", Traits: ew | Unary, Summary: "log of the absolute value of the gamma function"},
		{Name: "chlo.digamma", Traits: ew | Unary, Summary: "derivative of lgamma"},
		{Name: "chlo.bessel_i1e", Traits: ew | Unary, Summary: "exponentially scaled modified Bessel function of order 1"},
		{Name: "chlo.asin", Traits: ew | Unary, Summary: "inverse sine"},
		{Name: "chlo.acos", Traits: ew | Unary, Summary: "inverse cosine"},
		{Name: "chlo.atan", Traits: ew | Unary, Summary: "inverse tangent"},
		{Name: "chlo.sinh", Traits: ew | Unary, Summary: "hyperbolic sine"},
		{Name: "chlo.cosh", Traits: ew | Unary, Summary: "hyperbolic cosine"},
		{Name: "chlo.asinh", Traits: ew | Unary, Summary: "inverse hyperbolic sine"},
		{Name: "chlo.acosh", Traits: ew | Unary, Summary: "inverse hyperbolic cosine"},
		{Name: "chlo.atanh", Traits: ew | Unary, Summary: "inverse hyperbolic tangent"},
		{Name: "chlo.next_after", Traits: ew, Summary: "next representable value of x towards y"},
		{Name: "chlo.polygamma", Traits: ew, Summary: "n-th derivative of digamma"},
		{Name: "chlo.zeta", Traits: ew, Summary: "Hurwitz zeta function"},
		{Name: "chlo.top_k", Summary: "k largest values and their indices along the last dimension"},
		{Name: "check.expect_eq", Traits: SideEffect, Summary: "check two tensors are equal"},
		{Name: "check.expect_eq_const", Traits: SideEffect, Summary: "check a tensor equals a constant"},
		{Name: "check.expect_almost_eq", Traits: SideEffect, Summary: "check two tensors are equal within a tolerance"},
		{Name: "check.expect_almost_eq_const", Traits: SideEffect, Summary: "check a tensor equals a constant within a tolerance"},
		{Name: "check.expect_close", Traits: SideEffect, Summary: "check two tensors are within a ULP distance"},
		{Name: "check.expect_serialized_eq", Traits: SideEffect, Summary: "check a tensor against a serialized probe"},
		{Name: "sdy.mesh", Summary: "device mesh declaration"},
	}
	for _, d := range others {
		RegisterOp(d)
	}
}
