package main

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// A tensor on the command line (--input, --expected_output) is written as
// iree-run-module writes it (IREE's iree_hal_buffer_view_parse):
//
//	2x3xf32=1,2,3,4,5,6     shape, element type and the elements in
//	                        row-major order, separated by commas or blanks;
//	                        brackets are ignored: 2x2xi32=[1 2][3 4]
//	2x3xf32=0               one element for a larger shape: a splat
//	f32=1.5                 a scalar (rank 0)
//	4xi1=true,false,1,0     booleans as true/false or 1/0
//	2x2xf32=@data.bin       the elements as raw little-endian bytes from a file
//	@x.npy                  a .npy file (NumPy's format)
//	@x.npz                  every array of a .npz file, one input each
//	x.npy, x.npz            the same without @ (zmlc's older spelling)
//
// Floats also take inf, -inf and nan.

// specRE matches the `SHAPExTYPE=` head of a literal tensor: the shape
// dimensions and the element type separated by 'x'.
var specRE = regexp.MustCompile(`^((?:[0-9]+x)*)([a-z][a-z0-9]*)=(.*)$`)

// parseTensorArg reads one --input-style value into one or more tensors
// (a .npz file gives one per array, in numpy.savez's order: see
// orderNpz); names are the entry's input names, used to order a .npz
// whose arrays are named after them (nil when unknown).
func parseTensorArg(flag, v string, names []string) ([]*ir.Tensor, error) {
	fail := func(format string, a ...any) ([]*ir.Tensor, error) {
		return nil, fmt.Errorf("--%s %s: %s", flag, v, fmt.Sprintf(format, a...))
	}
	if m := specRE.FindStringSubmatch(v); m != nil {
		t, err := parseLiteralTensor(m[1], m[2], m[3])
		if err != nil {
			return fail("%v", err)
		}
		return []*ir.Tensor{t}, nil
	}
	path := strings.TrimPrefix(v, "@")
	switch strings.ToLower(filepath.Ext(path)) {
	case ".npz":
		arrays, err := tensorio.ReadNpzFile(path)
		if err != nil {
			return fail("%v", unwrapPath(err))
		}
		ts, err := orderNpz(arrays, names)
		if err != nil {
			return fail("%v", err)
		}
		return ts, nil
	case ".npy":
		t, err := readTensor(path)
		if err != nil {
			return fail("%v", unwrapPath(err))
		}
		return []*ir.Tensor{t}, nil
	}
	if strings.Contains(v, "=") {
		return fail("want SHAPExTYPE=VALUES (2x3xf32=1,2,3,4,5,6; f32=1.5 for a scalar)")
	}
	return fail("want a .npy or .npz file (@x.npy), or SHAPExTYPE=VALUES (2x3xf32=1,2,3,4,5,6)")
}

// parseLiteralTensor builds the tensor of `DIMSxTYPE=VALUES` from its
// parts: dims ("2x3x", "" for a scalar), the element type and the values.
func parseLiteralTensor(dims, typ, values string) (*ir.Tensor, error) {
	elem, ok := ir.ParseElementType(typ)
	if !ok || elem == ir.Index {
		return nil, fmt.Errorf("unknown element type %q", typ)
	}
	var shape []int64
	for _, d := range strings.Split(strings.TrimSuffix(dims, "x"), "x") {
		if d == "" {
			continue
		}
		n, err := strconv.ParseInt(d, 10, 64)
		if err != nil || n > 1<<40 {
			return nil, fmt.Errorf("bad dimension %q", d)
		}
		shape = append(shape, n)
	}
	tt := ir.TensorOf(elem, shape...)
	count := tt.NumElements()
	if count < 0 || count > 1<<31 {
		return nil, fmt.Errorf("tensor<%s> is too large to give on the command line", strings.TrimPrefix(tt.String(), "tensor<"))
	}
	t, err := ir.NewTensor(tt)
	if err != nil {
		return nil, err
	}
	if raw, ok := strings.CutPrefix(values, "@"); ok {
		data, err := os.ReadFile(raw)
		if err != nil {
			return nil, unwrapPath(err)
		}
		if want := int64(elem.ByteSize()) * count; int64(len(data)) != want {
			return nil, fmt.Errorf("%s has %d bytes; %s needs %d", raw, len(data), tt, want)
		}
		npy, err := tensorio.DecodeNpy(npyFor(tt, data))
		if err != nil {
			return nil, err
		}
		return npy, nil
	}
	fields := strings.FieldsFunc(values, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '[' || r == ']'
	})
	switch {
	case len(fields) == 1 && count != 1:
		// A splat, as IREE's parser fills a buffer from one value.
	case int64(len(fields)) != count:
		return nil, fmt.Errorf("%d values for %s, which has %d elements", len(fields), tt, count)
	}
	for i := int64(0); i < count; i++ {
		f := fields[0]
		if len(fields) > 1 {
			f = fields[i]
		}
		if err := setElement(t, int(i), f); err != nil {
			return nil, err
		}
	}
	return t, nil
}

// setElement parses s as element i of t.
func setElement(t *ir.Tensor, i int, s string) error {
	e := t.Type.Elem
	switch {
	case e == ir.I1:
		switch s {
		case "true", "1":
			t.I[i] = 1
		case "false", "0":
			t.I[i] = 0
		default:
			return fmt.Errorf("bad i1 value %q: want true, false, 1 or 0", s)
		}
	case e.IsInteger():
		lo, hi := e.IntRange()
		if e.IsUnsigned() {
			u, err := strconv.ParseUint(s, 10, 64)
			if err != nil || e.Bits() < 64 && u > uint64(hi) {
				return fmt.Errorf("bad %s value %q", e, s)
			}
			t.I[i] = int64(u)
			return nil
		}
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil || v < lo || v > hi {
			return fmt.Errorf("bad %s value %q (range %d..%d)", e, s, lo, hi)
		}
		t.I[i] = v
	case e.IsFloat():
		v, err := strconv.ParseFloat(s, 64)
		if err != nil && !errorsIsRange(err) {
			return fmt.Errorf("bad %s value %q", e, s)
		}
		t.F[i] = ir.RoundFloat(v, e)
	default:
		return fmt.Errorf("%s elements cannot be given as text; use a .npy file", e)
	}
	return nil
}

// errorsIsRange reports whether err is strconv's out-of-range error (the
// value then is ±Inf or 0, which RoundFloat keeps).
func errorsIsRange(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// npyFor wraps raw little-endian element bytes of type tt in a .npy header
// so that tensorio decodes them (the layout is the same: ir.TensorBytes).
func npyFor(tt *ir.TensorType, data []byte) []byte {
	descr, _ := tensorio.NpyDescr(tt.Elem)
	shape := make([]string, len(tt.Shape))
	for i, d := range tt.Shape {
		shape[i] = strconv.FormatInt(d, 10)
	}
	tuple := strings.Join(shape, ", ")
	if len(shape) == 1 {
		tuple += ","
	}
	header := fmt.Sprintf("{'descr': '%s', 'fortran_order': False, 'shape': (%s), }", descr, tuple)
	pad := 64 - (10+len(header)+1)%64
	if pad == 64 {
		pad = 0
	}
	header += strings.Repeat(" ", pad) + "\n"
	out := []byte("\x93NUMPY\x01\x00")
	out = append(out, byte(len(header)), byte(len(header)>>8))
	out = append(out, header...)
	return append(out, data...)
}

// npzIndexRE matches numpy.savez's names for positional arrays.
var npzIndexRE = regexp.MustCompile(`^arr_([0-9]+)$`)

// orderNpz puts the arrays of a .npz file in input order: by the entry's
// input names when every array is named after one (numpy.savez(f, x=...,
// y=...); the names are those of a .mlir source's arguments, `%x`, kept
// in the bundle's manifest), else by numpy.savez's positional names arr_0,
// arr_1, ...; a single array needs neither.
func orderNpz(arrays map[string]*ir.Tensor, names []string) ([]*ir.Tensor, error) {
	keys := make([]string, 0, len(arrays))
	for k := range arrays {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) == 1 {
		return []*ir.Tensor{arrays[keys[0]]}, nil
	}
	if slices.Contains(names, "") {
		names = nil // unnamed inputs: by position only
	}
	byName := len(names) > 0
	for _, k := range keys {
		byName = byName && slices.Contains(names, k)
	}
	if byName {
		var out []*ir.Tensor
		for _, n := range names {
			if t, ok := arrays[n]; ok {
				out = append(out, t)
			} else {
				return nil, fmt.Errorf("the archive has no array %q (it has %s)", n, strings.Join(keys, ", "))
			}
		}
		return out, nil
	}
	out := make([]*ir.Tensor, len(keys))
	for _, k := range keys {
		m := npzIndexRE.FindStringSubmatch(k)
		i := math.MaxInt
		if m != nil {
			i, _ = strconv.Atoi(m[1])
		}
		if i >= len(out) || out[i] != nil {
			hint := "arr_0, arr_1, ... (numpy.savez(f, a, b))"
			if len(names) > 0 {
				hint += " or " + strings.Join(names, ", ") + " (the entry's inputs)"
			}
			return nil, fmt.Errorf("cannot tell the order of its arrays %s: name them %s", strings.Join(keys, ", "), hint)
		}
		out[i] = arrays[k]
	}
	return out, nil
}

// parseTensorArgs reads every value of a repeated flag in order.
func parseTensorArgs(flag string, vals []string, names []string) ([]*ir.Tensor, error) {
	var out []*ir.Tensor
	for _, v := range vals {
		ts, err := parseTensorArg(flag, v, names)
		if err != nil {
			return nil, err
		}
		out = append(out, ts...)
	}
	return out, nil
}
