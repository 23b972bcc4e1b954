package kernel

// Kind is the operation of a Node. The set is closed: renderers handle
// every kind (or legalise it through a rewrite) and nothing else.
type Kind uint8

// The node kinds. "x" and "y" are Args[0] and Args[1]; value kinds give
// their result type.
const (
	Invalid Kind = iota

	// Structure.
	Loop    // index value (ir.Index) running 0..N-1 at Level; Body. No Args.
	If      // Args[0] (i1): run Body, else Else.
	Barrier // workgroup barrier: every thread of the workgroup reaches it before any passes.

	// Memory.
	Load  // Buf[Args[0]] (flat element index, ir.Index); Type is Buf.Elem.
	Store // Buf[Args[0]] = Args[1].
	Var   // a mutable scalar local of Type, initialised to Args[0]; its value is read by Get.
	Get   // current value of the Var Args[0].
	Set   // Var Args[0] = Args[1].

	// Values.
	Const // the constant I or F of Type.

	// Unary, result type = x's type.
	Neg
	Abs
	Not // bitwise not on integers, logical not on i1
	Exp
	Expm1
	Log
	Log1p
	Sqrt
	Rsqrt
	Cbrt
	Tanh
	Logistic
	Sin
	Cos
	Tan
	Erf
	Floor
	Ceil
	RoundEven // round to nearest, ties to even
	RoundAway // round to nearest, ties away from zero
	Sign
	Popcnt
	Clz

	// Unary with i1 result.
	IsFinite

	// Binary, result type = x's type (x and y have one type; shift amounts too).
	Add
	Sub
	Mul
	Div
	Rem
	Max
	Min
	Pow
	Atan2
	And
	Or
	Xor
	Shl
	ShrA // arithmetic (sign-filling) shift right
	ShrL // logical (zero-filling) shift right

	// Comparisons, i1 result; signed, unsigned or float by the operand type,
	// IEEE totalOrder on floats when Total is set.
	EQ
	NE
	LT
	LE
	GT
	GE

	Select  // Args[0] (i1) ? Args[1] : Args[2]
	Convert // x converted to Type (StableHLO convert)
	Bitcast // x's bits reinterpreted as Type (same bit width)

	// Fma is Args[0]*Args[1] + Args[2] rounded once (IEEE 754
	// fusedMultiplyAdd), on f32 and f64 only; result of the operands'
	// type. The cpu target's packed GEMM (lower_gemm.go) emits it.
	Fma

	numKinds
)

// Class groups kinds by shape for verifiers and renderers.
type Class uint8

// The kind classes.
const (
	ClassStmt    Class = iota // Loop (a value too), If, Barrier, Store, Set
	ClassMemory               // Load, Var, Get
	ClassConst                // Const
	ClassUnary                // one operand, result of its type
	ClassPred                 // IsFinite: one operand, i1 result
	ClassBinary               // two operands of one type, result of that type
	ClassCompare              // two operands of one type, i1 result
	ClassSelect               // Select
	ClassConvert              // Convert, Bitcast
	ClassTernary              // Fma: three operands of one float type, result of that type
)

type kindInfo struct {
	name  string
	class Class
	args  int // -1: variable
}

var kindInfos = [numKinds]kindInfo{
	Invalid: {"invalid", ClassStmt, 0},
	Loop:    {"loop", ClassStmt, 0}, If: {"if", ClassStmt, 1}, Barrier: {"barrier", ClassStmt, 0},
	Load: {"load", ClassMemory, 1}, Store: {"store", ClassStmt, 2},
	Var: {"var", ClassMemory, 1}, Get: {"get", ClassMemory, 1}, Set: {"set", ClassStmt, 2},
	Const: {"const", ClassConst, 0},
	Neg:   {"neg", ClassUnary, 1}, Abs: {"abs", ClassUnary, 1}, Not: {"not", ClassUnary, 1},
	Exp: {"exp", ClassUnary, 1}, Expm1: {"expm1", ClassUnary, 1}, Log: {"log", ClassUnary, 1},
	Log1p: {"log1p", ClassUnary, 1}, Sqrt: {"sqrt", ClassUnary, 1}, Rsqrt: {"rsqrt", ClassUnary, 1},
	Cbrt: {"cbrt", ClassUnary, 1}, Tanh: {"tanh", ClassUnary, 1}, Logistic: {"logistic", ClassUnary, 1},
	Sin: {"sin", ClassUnary, 1}, Cos: {"cos", ClassUnary, 1}, Tan: {"tan", ClassUnary, 1},
	Erf: {"erf", ClassUnary, 1}, Floor: {"floor", ClassUnary, 1}, Ceil: {"ceil", ClassUnary, 1},
	RoundEven: {"round_even", ClassUnary, 1}, RoundAway: {"round_away", ClassUnary, 1},
	Sign: {"sign", ClassUnary, 1}, Popcnt: {"popcnt", ClassUnary, 1}, Clz: {"clz", ClassUnary, 1},
	IsFinite: {"is_finite", ClassPred, 1},
	Add:      {"add", ClassBinary, 2}, Sub: {"sub", ClassBinary, 2}, Mul: {"mul", ClassBinary, 2},
	Div: {"div", ClassBinary, 2}, Rem: {"rem", ClassBinary, 2}, Max: {"max", ClassBinary, 2},
	Min: {"min", ClassBinary, 2}, Pow: {"pow", ClassBinary, 2}, Atan2: {"atan2", ClassBinary, 2},
	And: {"and", ClassBinary, 2}, Or: {"or", ClassBinary, 2}, Xor: {"xor", ClassBinary, 2},
	Shl: {"shl", ClassBinary, 2}, ShrA: {"shr_a", ClassBinary, 2}, ShrL: {"shr_l", ClassBinary, 2},
	EQ: {"eq", ClassCompare, 2}, NE: {"ne", ClassCompare, 2}, LT: {"lt", ClassCompare, 2},
	LE: {"le", ClassCompare, 2}, GT: {"gt", ClassCompare, 2}, GE: {"ge", ClassCompare, 2},
	Select: {"select", ClassSelect, 3}, Convert: {"convert", ClassConvert, 1}, Bitcast: {"bitcast", ClassConvert, 1},
	Fma: {"fma", ClassTernary, 3},
}

// String returns the kind's name as the printer spells it (`add`, `loop`).
func (k Kind) String() string {
	if k < numKinds {
		return kindInfos[k].name
	}
	return "?"
}

// Class returns the kind's class.
func (k Kind) Class() Class {
	if k < numKinds {
		return kindInfos[k].class
	}
	return ClassStmt
}

// NumArgs returns how many Args a node of kind k has.
func (k Kind) NumArgs() int {
	if k < numKinds {
		return kindInfos[k].args
	}
	return 0
}

// IsValue reports whether nodes of kind k produce a value other nodes may use.
func (k Kind) IsValue() bool {
	switch k {
	case If, Barrier, Store, Set, Invalid:
		return false
	}
	return k < numKinds
}

// Kinds returns every valid kind, in order.
func Kinds() []Kind {
	r := make([]Kind, 0, numKinds-1)
	for k := Invalid + 1; k < numKinds; k++ {
		r = append(r, k)
	}
	return r
}
