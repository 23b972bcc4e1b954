package runtime

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/check"
)

// Checks (docs/BUNDLE.md, "Checks"): a bundle compiled from a program with
// check ops (check.expect_*, custom_call @check.*) has, per check, two
// extra tensors after its entry's outputs: the actual and the expected
// value. After every run the launcher compares them on the host, with
// package ir/check's semantics (those of the reference interpreter), and
// reports each failure with the interpreter's message, as IREE's check
// module does.

// CheckFailure is one failed check of a run.
type CheckFailure struct {
	// Entry is the entry point that ran.
	Entry string
	// Loc is the check op's source location, "file:line:col" ("" if the
	// bundle does not know it).
	Loc string
	// Message is the interpreter's: "check.expect_eq_const: element [1]
	// differs: got 4, want 5".
	Message string
}

// String formats the failure as `zmlc interpret` reports it:
// "file:line:col: error: check failed in @entry: message".
func (f CheckFailure) String() string {
	s := fmt.Sprintf("error: check failed in @%s: %s", f.Entry, f.Message)
	if f.Loc != "" {
		s = f.Loc + ": " + s
	}
	return s
}

// CheckError is the error of a run whose checks failed; the outputs are
// still returned (Run) or written (RunBytes).
type CheckError struct {
	Failures []CheckFailure
}

// Error lists the failures, one per line.
func (e *CheckError) Error() string {
	lines := make([]string, len(e.Failures))
	for i, f := range e.Failures {
		lines[i] = f.String()
	}
	return strings.Join(lines, "\n")
}

// runChecks reads es's check tensors (slots: their frame slots, actual
// then expected per check) and compares them. It returns a *CheckError
// when a check fails, an *Error when a tensor cannot be read.
func (r *Runtime) runChecks(es *entryState, slots []byte) error {
	var fails []CheckFailure
	for j, c := range es.e.Checks {
		var ts [2]*ir.Tensor
		for k := range ts {
			i := 2*j + k
			h := binary.LittleEndian.Uint64(slots[8*i:])
			x, err := r.readTensor(h, es.chkSizes[i], es.chkTypes[i])
			if err != nil {
				return es.fail(fmt.Sprintf("reading check %d (handle %#x)", j, h), err)
			}
			ts[k] = x
		}
		p := check.Params{Tolerance: c.Tolerance, MinULP: c.MinULP, MaxULP: c.MaxULP}
		if d := check.Run(check.Compare(c.Compare), ts[0], ts[1], p); d != "" {
			s := check.Spec{Op: c.Op, Target: c.Target}
			fails = append(fails, CheckFailure{Entry: es.e.Name, Loc: c.Loc, Message: s.Message(d)})
		}
	}
	if fails != nil {
		return &CheckError{Failures: fails}
	}
	return nil
}

// readTensor decodes buffer h (size bytes, type t) into a new tensor: in
// place when it lies in the linear memory, else through the staging
// buffer.
func (r *Runtime) readTensor(h Handle, size uint64, t *ir.TensorType) (*ir.Tensor, error) {
	b, ok, err := inPlace(r.drv, h, size)
	if err != nil {
		return nil, err
	}
	if !ok {
		b = r.stage(size)
		if err := r.drv.Read(h, 0, b); err != nil {
			return nil, err
		}
	}
	return decodeTensor(t, b)
}
