// Package interp is zmlc's reference interpreter: it runs a verified ir.Module
// on host tensors, following the StableHLO specification's semantics
// (openxla/stablehlo docs/spec.md) op by op. It is the numerical oracle that
// every code generator is compared with, and the constant folder's engine.
//
// Where the spec leaves a choice open, the interpreter does what XLA does:
// inexact `convert` rounds to nearest-even (ir.RoundFloat), integer overflow
// wraps in two's complement (ir.ElementType.WrapInt).
package interp

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
)

// Value is a run-time value: a *ir.Tensor, a Tuple or a Token.
type Value any

// Tuple is the value of a `tuple<...>`.
type Tuple []Value

// Token is the value of `!stablehlo.token`.
type Token struct{}

// EvalFunc computes the results of op from its operand values. Ops with
// regions evaluate them through in.RunRegion.
type EvalFunc func(in *Interpreter, op *ir.Op, args []Value) ([]Value, error)

var evals = map[string]EvalFunc{}

// Register installs the evaluator for the op called name (`stablehlo.add`).
// Each op file of this package registers its ops in an init function.
func Register(name string, f EvalFunc) { evals[name] = f }

// Supported reports whether the interpreter can run ops called name.
func Supported(name string) bool { return evals[name] != nil }

// CheckFailure is one failed `check.*` op: the function it ran in, its
// location and what differed.
type CheckFailure struct {
	Func    string
	Loc     ir.Location
	Message string
}

func (f CheckFailure) String() string {
	return fmt.Sprintf("%s: check failed in @%s: %s", f.Loc, f.Func, f.Message)
}

// Interpreter runs the functions of one module. It is not safe for
// concurrent use; create one per goroutine.
type Interpreter struct {
	Module *ir.Module
	// ReplicaID and PartitionID are what `replica_id` and `partition_id`
	// return (0 when running one process); NumReplicas and NumPartitions
	// (1 when zero) size the single-process collectives.
	ReplicaID, PartitionID     int64
	NumReplicas, NumPartitions int64
	// Failures collects failed `check.*` ops; a failed check does not stop
	// the run.
	Failures []CheckFailure

	curFunc string
	depth   int
	scopes  []map[*ir.Value]Value
	// freeEnvs holds cleared value maps of finished region runs for reuse.
	freeEnvs []map[*ir.Value]Value
}

// New returns an interpreter for m, which should have passed ir.Verify.
func New(m *ir.Module) *Interpreter { return &Interpreter{Module: m} }

// maxCallDepth bounds recursion through func.call so a recursive program
// fails with an error instead of exhausting the Go stack.
const maxCallDepth = 1000

// Call runs the function called name on args and returns its results.
func (in *Interpreter) Call(name string, args []Value) ([]Value, error) {
	f := in.Module.Func(name)
	if f == nil {
		return nil, fmt.Errorf("no function @%s in the module", name)
	}
	if f.Body == nil {
		return nil, fmt.Errorf("function @%s is a declaration without a body", name)
	}
	if len(args) != len(f.Type.Inputs) {
		return nil, fmt.Errorf("@%s takes %d arguments, got %d", name, len(f.Type.Inputs), len(args))
	}
	for i, a := range args {
		if err := checkValueType(a, f.Type.Inputs[i]); err != nil {
			return nil, fmt.Errorf("@%s argument %d: %v", name, i, err)
		}
	}
	if in.depth >= maxCallDepth {
		return nil, fmt.Errorf("call depth exceeds %d calling @%s (unbounded recursion?)", maxCallDepth, name)
	}
	in.depth++
	saved := in.curFunc
	in.curFunc = name
	defer func() { in.depth--; in.curFunc = saved }()
	return in.RunRegion(f.Body, args)
}

// RunRegion runs the entry block of r with the given block arguments and
// returns the operands of its terminator.
func (in *Interpreter) RunRegion(r *ir.Region, args []Value) ([]Value, error) {
	b := r.Entry()
	if b == nil {
		return nil, fmt.Errorf("empty region")
	}
	if len(args) != len(b.Args) {
		return nil, fmt.Errorf("region takes %d arguments, got %d", len(b.Args), len(args))
	}
	env := in.newEnv(len(b.Ops) + len(args))
	for i, a := range b.Args {
		env[a] = args[i]
	}
	res, err := in.runBlock(b, env)
	// The results are copied out of env, so a small map can serve the next
	// run (big ones are dropped: clearing costs their capacity).
	if len(env) <= maxFreeEnv {
		clear(env)
		in.freeEnvs = append(in.freeEnvs, env)
	}
	return res, err
}

// maxFreeEnv is the most values a region's map may hold to be reused.
const maxFreeEnv = 64

// newEnv returns an empty value map, reusing one a finished region run
// released: regions of reduce, sort and map bodies run once per element.
func (in *Interpreter) newEnv(size int) map[*ir.Value]Value {
	if n := len(in.freeEnvs); n > 0 {
		env := in.freeEnvs[n-1]
		in.freeEnvs = in.freeEnvs[:n-1]
		return env
	}
	return make(map[*ir.Value]Value, size)
}

func (in *Interpreter) runBlock(b *ir.Block, env map[*ir.Value]Value) ([]Value, error) {
	// Regions of the block's ops read env as their enclosing scope.
	in.scopes = append(in.scopes, env)
	defer func() { in.scopes = in.scopes[:len(in.scopes)-1] }()
	for _, op := range b.Ops {
		vals := make([]Value, len(op.Operands))
		for i, o := range op.Operands {
			v, ok := env[o]
			if !ok {
				// A value defined outside the region (implicit capture).
				v, ok = in.lookupOuter(o)
				if !ok {
					return nil, errorAt(op, "operand %d is not defined before use", i)
				}
			}
			vals[i] = v
		}
		if op.HasTrait(ir.Terminator) {
			return vals, nil
		}
		res, err := in.eval(op, vals)
		if err != nil {
			return nil, err
		}
		if len(res) != len(op.Results) {
			return nil, errorAt(op, "evaluator returned %d results, op has %d", len(res), len(op.Results))
		}
		for i, r := range op.Results {
			env[r] = res[i]
		}
	}
	return nil, fmt.Errorf("block has no terminator")
}

// lookupOuter finds v in the blocks enclosing the running one (StableHLO
// regions may capture values defined above them); the running block's own
// env is the top of in.scopes and was already searched.
func (in *Interpreter) lookupOuter(v *ir.Value) (Value, bool) {
	for i := len(in.scopes) - 2; i >= 0; i-- {
		if x, ok := in.scopes[i][v]; ok {
			return x, true
		}
	}
	return nil, false
}

func (in *Interpreter) eval(op *ir.Op, args []Value) ([]Value, error) {
	f := evals[op.Name]
	if f == nil {
		return nil, errorAt(op, "the interpreter does not support %s", op.Name)
	}
	return f(in, op, args)
}

// OpError is a run-time error located at an op: `loc: error: op: message`.
type OpError struct {
	Loc     ir.Location
	Op      string
	Message string
}

func (e *OpError) Error() string { return fmt.Sprintf("%s: error: %s: %s", e.Loc, e.Op, e.Message) }

// errorAt returns an *OpError at op's location.
func errorAt(op *ir.Op, format string, a ...any) error {
	return &OpError{Loc: op.Loc, Op: op.Name, Message: fmt.Sprintf(format, a...)}
}

// checkValueType reports whether v fits type t (same tensor type; tuples
// element by element).
func checkValueType(v Value, t ir.Type) error {
	switch x := v.(type) {
	case *ir.Tensor:
		tt := ir.AsTensor(t)
		if tt == nil {
			return fmt.Errorf("got a tensor, want %s", t)
		}
		if x.Type.Elem != tt.Elem || len(x.Type.Shape) != len(tt.Shape) {
			return fmt.Errorf("got %s, want %s", x.Type, tt)
		}
		for i, d := range tt.Shape {
			if d >= 0 && d != x.Type.Shape[i] {
				return fmt.Errorf("got %s, want %s", x.Type, tt)
			}
		}
	case Tuple:
		tt, ok := t.(*ir.TupleType)
		if !ok || len(tt.Elems) != len(x) {
			return fmt.Errorf("got a tuple of %d, want %s", len(x), t)
		}
		for i := range x {
			if err := checkValueType(x[i], tt.Elems[i]); err != nil {
				return err
			}
		}
	case Token:
		if _, ok := t.(*ir.TokenType); !ok {
			return fmt.Errorf("got a token, want %s", t)
		}
	default:
		return fmt.Errorf("unknown value %T", v)
	}
	return nil
}
