package kernel

import "github.com/zmlc/zmlc/ir"

// BufKind says where a Program buffer's contents come from.
type BufKind uint8

// The buffer kinds.
const (
	Temp     BufKind = iota // allocated by an Alloc step, released by a Free step
	Input                   // an argument of the entry function (Arg is its position)
	Constant                // immutable data known at compile time (Data), alive for the whole run
)

func (k BufKind) String() string {
	switch k {
	case Temp:
		return "temp"
	case Input:
		return "input"
	case Constant:
		return "constant"
	}
	return "?"
}

// ProgBuffer is one buffer of a Program: a dense row-major array.
type ProgBuffer struct {
	ID    int // its index in Program.Buffers
	Kind  BufKind
	Elem  ir.ElementType
	Shape []int64
	Bytes int64      // Elem.ByteSize() * number of elements (at least 1 byte... 0 for empty)
	Arg   int        // Input: argument position in the entry function
	Param string     // Input: the weight-file name (`zml.param` argument attribute), if any
	Data  *ir.Tensor // Constant: the contents
}

// StepKind is the kind of a schedule Step.
type StepKind uint8

// The step kinds.
const (
	Alloc  StepKind = iota // allocate Buf (ProgBuffer.Bytes bytes)
	Free                   // release Buf
	Launch                 // run Kernels[Kernel] with Args (one Program buffer per kernel Param)
	Copy                   // copy all bytes of Src into Dst (same byte size)
	While                  // loop: run Cond steps; stop when the i1 buffer Pred holds 0; else run Body and repeat
	IfStep                 // run Body if the i1 buffer Pred holds 1, else Else
	Case                   // run Branches[i] where i is the i32 buffer Pred's value; out of range: the last branch
)

var stepNames = [...]string{Alloc: "alloc", Free: "free", Launch: "launch", Copy: "copy", While: "while", IfStep: "if", Case: "case"}

func (k StepKind) String() string {
	if int(k) < len(stepNames) {
		return stepNames[k]
	}
	return "?"
}

// Step is one action of the host program.
type Step struct {
	Kind     StepKind
	Buf      int    // Alloc, Free
	Kernel   int    // Launch: index in Program.Kernels
	Args     []int  // Launch: Program buffer per kernel Param
	Src, Dst int    // Copy
	Pred     int    // While, IfStep, Case: the buffer holding the condition or branch index
	Cond     []Step // While: steps that compute Pred
	Body     []Step // While body, IfStep then-branch
	Else     []Step // IfStep else-branch
	Branches [][]Step
}

// Program is the lowered form of one entry function: its buffers, kernels
// and the schedule that runs them. Running it: bind Inputs (one buffer per
// function argument) and Constants, execute Steps in order, and read the
// results from Outputs (one buffer per function result). Outputs may name
// Input or Constant buffers (a function returning its argument).
type Program struct {
	Entry   string
	Buffers []*ProgBuffer
	Kernels []*Kernel
	Inputs  []int // buffer per entry argument
	Outputs []int // buffer per entry result
	Steps   []Step
}
