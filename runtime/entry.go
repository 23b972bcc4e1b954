package runtime

import (
	"encoding/binary"
	"fmt"

	"github.com/tetratelabs/wazero/api"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
)

// entryState is what Run keeps of an entry point between calls, made at
// its first Run: the frame (on the heap) and one buffer per input
// (from the driver), both reused by every later call, the buffers its
// prologue keeps, and the manifest's types decoded once.
type entryState struct {
	e        *emit.Entry
	fn       api.Function
	stack    []uint64 // CallWithStack's stack: the frame in, the status out
	frame    uint64   // heap address of the frame
	nslots   int      // parameters + inputs + outputs (+ 1 + prologue buffers)
	prologue int      // buffers the prologue keeps (emit.Entry.Prologue)
	kept     []Handle // those buffers, once the prologue has run
	inputs   []Handle // the input buffers
	inSizes  []uint64
	inTypes  []*ir.TensorType
	outSizes []uint64
	outTypes []*ir.TensorType
	// The check tensors (emit.Entry.Checks: actual, expected per check),
	// in frame order after the outputs.
	chkSizes []uint64
	chkTypes []*ir.TensorType
}

// prepare returns the state of entry, making it at the entry's first call:
// it allocates the frame and the input buffers. A failed allocation is an
// error naming the buffer; nothing stays allocated then.
func (r *Runtime) prepare(entry string) (_ *entryState, err error) {
	if es := r.prepared[entry]; es != nil {
		return es, nil
	}
	e, ok := r.bundle.Entry(entry)
	if !ok {
		return nil, fmt.Errorf("runtime: the bundle has no entry point %q", entry)
	}
	es := &entryState{
		e:        e,
		fn:       r.entries[entry],
		stack:    make([]uint64, 1),
		nslots:   len(r.params) + len(e.Inputs) + len(e.Outputs) + 2*len(e.Checks),
		prologue: e.Prologue,
	}
	if e.Prologue > 0 {
		es.nslots += 1 + e.Prologue
	}
	defer func() {
		if err != nil {
			for _, h := range es.inputs {
				r.drv.Free(h)
			}
			if es.frame != 0 {
				r.mem.Heap.Free(es.frame)
			}
		}
	}()
	if es.frame, err = r.mem.Heap.Alloc(uint64(8 * es.nslots)); err != nil {
		return nil, es.fail("allocating the frame", err)
	}
	// The prologue's flag and slots start at zero (the heap's contents
	// are undefined).
	slots, err := r.mem.Slice(es.frame, uint64(8*es.nslots))
	if err != nil {
		return nil, es.fail("writing the frame", err)
	}
	clear(slots)
	for i, v := range e.Inputs {
		size, _ := emit.ByteSize(v.DType, v.Shape) // checked by emit's validation
		h, err := r.drv.Alloc(uint64(size))
		if err == nil && h == 0 {
			err = fmt.Errorf("%w: the driver returned handle 0", ErrInvalid)
		}
		if err != nil {
			return nil, es.fail(fmt.Sprintf("alloc of input %d", i), err)
		}
		es.inputs = append(es.inputs, h)
		es.inSizes = append(es.inSizes, uint64(size))
		es.inTypes = append(es.inTypes, ir.TensorOf(mustElem(v.DType), v.Shape...))
	}
	for _, v := range e.Outputs {
		size, _ := emit.ByteSize(v.DType, v.Shape)
		es.outSizes = append(es.outSizes, uint64(size))
		es.outTypes = append(es.outTypes, ir.TensorOf(mustElem(v.DType), v.Shape...))
	}
	for _, c := range e.Checks {
		for _, v := range []emit.Value{c.Actual, c.Expected} {
			size, _ := emit.ByteSize(v.DType, v.Shape)
			es.chkSizes = append(es.chkSizes, uint64(size))
			es.chkTypes = append(es.chkTypes, ir.TensorOf(mustElem(v.DType), v.Shape...))
		}
	}
	if r.prepared == nil {
		r.prepared = map[string]*entryState{}
	}
	r.prepared[entry] = es
	return es, nil
}

// reserved returns the number of allocations the Runtime holds between
// calls for the entries that have run: a frame each (on the heap) and
// their input buffers (from the driver: on the heap too when it shares
// the memory). With the parameters, it is what a heap shared with the
// driver holds between calls.
func (r *Runtime) reserved() int {
	n := 0
	for _, es := range r.prepared {
		n += 1 + len(es.inputs) + len(es.kept)
	}
	return n
}

// keepPrologue takes the buffers of es's prologue out of the call's live
// set once the host program has run it (its flag slot is nonzero), so that
// they outlive the call: every later call reads them. It runs after every
// call, failed ones included, as a call may fail after its prologue.
func (r *Runtime) keepPrologue(es *entryState, c *call) {
	if es.prologue == 0 || es.kept != nil {
		return
	}
	slots, err := r.mem.Slice(es.frame, uint64(8*es.nslots))
	if err != nil {
		return
	}
	flag := es.nslots - es.prologue - 1
	if binary.LittleEndian.Uint64(slots[8*flag:]) == 0 {
		return
	}
	es.kept = make([]Handle, 0, es.prologue)
	for j := range es.prologue {
		h := binary.LittleEndian.Uint64(slots[8*(flag+1+j):])
		if c.live[h] {
			delete(c.live, h)
			es.kept = append(es.kept, h)
		}
	}
}

// fail returns a *Error of es's entry for operation op, with the status
// err maps to (StatusOf).
func (es *entryState) fail(op string, err error) error {
	return &Error{Entry: es.e.Name, Op: op, Status: StatusOf(err), Err: err}
}

// hostViewer is implemented by the drivers whose buffers are ranges of the
// linear memory (those embedding SharedMemory): a call then writes inputs
// and reads outputs in place instead of through Write and Read and a
// staging copy (as it does for HostBytesDriver's buffers in the memory).
type hostViewer interface {
	buffer(h Handle, off, n uint64) ([]byte, error)
}

// callIO is where one call takes its inputs from and puts its outputs:
// Run's tensors (tensorIO) or RunBytes's caller buffers (bytesIO). Input
// and output i have the size and type of the entry's i-th input and
// output in the manifest; the bytes are laid out as ir.TensorBytes lays
// them out.
type callIO interface {
	// encode writes input i into dst, exactly its size: the input's
	// buffer when it lies in the linear memory, else the staging buffer.
	encode(i int, dst []byte)
	// raw returns input i when it is already in its buffer's layout, for
	// a staging driver to Write as is; ok is false when it must be
	// encoded.
	raw(i int) (b []byte, ok bool)
	// decode takes output i from src, exactly its size (the output's
	// buffer or the staging buffer, valid only during the call).
	decode(i int, src []byte) error
	// dest returns the caller's buffer for output i when a staging driver
	// may Read straight into it; ok is false when it must be decoded.
	dest(i int) (b []byte, ok bool)
}

// writeInput puts input i of io into buffer h (size bytes): encoded in
// place when the buffer lies in the linear memory, else written with the
// driver's Write, from io's bytes or through the staging buffer.
func (r *Runtime) writeInput(h Handle, size uint64, io callIO, i int) error {
	b, ok, err := inPlace(r.drv, h, size)
	if err != nil {
		return err
	}
	if ok {
		io.encode(i, b)
		return nil
	}
	if b, ok := io.raw(i); ok {
		return r.drv.Write(h, 0, b)
	}
	b = r.stage(size)
	io.encode(i, b)
	return r.drv.Write(h, 0, b)
}

// readOutput hands output i (buffer h, size bytes) to io: decoded in
// place when the buffer lies in the linear memory, else read with the
// driver's Read, into io's buffer or through the staging buffer.
func (r *Runtime) readOutput(h Handle, size uint64, io callIO, i int) error {
	b, ok, err := inPlace(r.drv, h, size)
	if err != nil {
		return err
	}
	if ok {
		return io.decode(i, b)
	}
	if b, ok := io.dest(i); ok {
		return r.drv.Read(h, 0, b)
	}
	b = r.stage(size)
	if err := r.drv.Read(h, 0, b); err != nil {
		return err
	}
	return io.decode(i, b)
}

// stage returns the reused staging buffer, n bytes long.
func (r *Runtime) stage(n uint64) []byte {
	if uint64(cap(r.scratch)) < n {
		r.scratch = make([]byte, n)
	}
	return r.scratch[:n]
}
