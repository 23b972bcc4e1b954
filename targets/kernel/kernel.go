package kernel

import (
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Role says how a kernel uses a buffer parameter.
type Role uint8

// The buffer roles.
const (
	Read      Role = iota // only loaded from
	Write                 // only stored to; every element the kernel reads back it stored first
	ReadWrite             // loaded and stored (accumulation into the output, in-place sort)
)

func (r Role) String() string {
	switch r {
	case Read:
		return "read"
	case Write:
		return "write"
	case ReadWrite:
		return "readwrite"
	}
	return "?"
}

// Space is where a kernel buffer lives.
type Space uint8

// The buffer spaces.
const (
	Global Space = iota // a kernel parameter: a Program buffer
	Shared              // workgroup-shared scratch, allocated by the kernel
)

// Buffer is a kernel's view of an array: a Param (Space Global) bound to a
// Program buffer at launch, or a workgroup-shared allocation (Space Shared).
// Elements are addressed by a flat element index; element (i0, i1, ...) is at
// sum(i_k * Strides[k]). Shape and Strides are in elements; a rank-0 buffer
// holds one element.
type Buffer struct {
	Name    string
	Elem    ir.ElementType
	Shape   []int64
	Strides []int64
	Role    Role  // Global only
	Space   Space // Global or Shared
	Host    int   // Global: index of the Program buffer (Program.Buffers) passed for it at launch
	Index   int   // position in Kernel.Params or Kernel.Shared
}

// Len returns the number of elements the buffer spans (product of the shape).
func (b *Buffer) Len() int64 {
	n := int64(1)
	for _, d := range b.Shape {
		n *= d
	}
	return n
}

// Kernel is one generated kernel: a function over buffer parameters whose
// body is a structured list of nodes. Grid loops at the top of Body are the
// kernel's parallel dimensions (the launch grid).
type Kernel struct {
	Name   string    // unique within a Program, e.g. "k3_add"
	Params []*Buffer // global buffers, in launch-argument order
	Shared []*Buffer // workgroup-shared allocations
	Body   []*Node
	Source string // the StableHLO op(s) it came from, with location: for dumps and errors
}

// Level is how a Loop's iterations are executed.
type Level uint8

// The loop levels.
const (
	Serial    Level = iota // in order, one after another
	Grid                   // independent; spread over threads / workgroups (the launch grid)
	Workgroup              // independent; the threads of one workgroup (GPU lowering)
	Vector                 // independent, straight-line body: SIMD lanes
	Unrolled               // in order; the renderer may unroll it
)

var levelNames = [...]string{Serial: "serial", Grid: "grid", Workgroup: "workgroup", Vector: "vector", Unrolled: "unrolled"}

func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "?"
}

// Node is one kernel IR operation. Which fields are meaningful depends on
// Kind (see the Kind constants); value-producing nodes have a Type (a
// scalar ir.ElementType: i1, integers, floats, or ir.Index for index
// arithmetic) and are referred to by later nodes through Args.
type Node struct {
	Kind Kind
	Type ir.ElementType // result type of a value node (Loop: ir.Index)
	Args []*Node        // operands

	// Loop: trip count N (the index runs 0..N-1) and level; Body is the
	// loop body. If: Body is the then-branch, Else the else-branch.
	N     int64
	Level Level
	Body  []*Node
	Else  []*Node

	Buf *Buffer // Load, Store: the buffer

	// Const: the value. Integers, i1 and Index in I (wrapped to Type);
	// floats in F (exactly representable in Type).
	I int64
	F float64

	Total bool // comparisons: IEEE totalOrder on floats (StableHLO TOTALORDER)

	ID int // a number unique within the kernel, assigned by Number; printed as %ID
}

// GridChain returns the outermost chain of grid loops of a kernel body:
// the body must be value nodes and exactly one grid loop, whose body again
// may hold one grid loop, and so on. Nil when the body has another form.
// The wasm and LLVM CPU targets split the outer grid into worker ranges.
func GridChain(body []*Node) []*Node {
	var chain []*Node
	for {
		var loop *Node
		other := false
		for _, n := range body {
			switch {
			case n.Kind == Loop && n.Level == Grid && loop == nil:
				loop = n
			case n.Kind.Class() == ClassStmt || n.Kind == Var || n.Kind == Get:
				other = true
			}
		}
		if loop == nil || other || loop.N <= 0 {
			return chain
		}
		chain = append(chain, loop)
		body = loop.Body
	}
}

// SymbolName makes a name usable as a symbol or export name in every
// renderer's output (LLVM globals and functions, Wasm exports): letters,
// digits and _ are kept, any other character becomes _.
func SymbolName(s string) string {
	var sb strings.Builder
	for _, c := range s {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' {
			sb.WriteRune(c)
		} else {
			sb.WriteByte('_')
		}
	}
	return sb.String()
}
