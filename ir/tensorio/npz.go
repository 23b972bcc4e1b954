package tensorio

import (
	"archive/zip"
	"bytes"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/zmlc/zmlc/internal/atomicfile"
	"github.com/zmlc/zmlc/ir"
)

// ReadNpzFile reads every array of the .npz file at path; see DecodeNpz.
func ReadNpzFile(path string) (map[string]*ir.Tensor, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	return readNpz(path, f, st.Size())
}

// DecodeNpz decodes data, a whole .npz file: a zip archive (stored or
// deflated, as numpy.savez and numpy.savez_compressed write it) whose
// members are .npy files. The result maps each member's name without its
// ".npy" suffix, as numpy.load's NpzFile keys it ("inputs" for
// "inputs.npy"), to its array. It returns a *FormatError naming the member
// for a member that is not a valid .npy file (see DecodeNpy), a member
// whose name does not end in ".npy", a name used twice, or a damaged
// archive (bad checksum, sizes that disagree).
func DecodeNpz(data []byte) (map[string]*ir.Tensor, error) {
	return readNpz("", bytes.NewReader(data), int64(len(data)))
}

func readNpz(path string, r io.ReaderAt, size int64) (map[string]*ir.Tensor, error) {
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, errorf("npz", path, "not a valid zip archive: %v", err)
	}
	out := map[string]*ir.Tensor{}
	for _, zf := range zr.File {
		name, ok := strings.CutSuffix(zf.Name, ".npy")
		if !ok {
			return nil, tensorErrorf("npz", path, zf.Name, "member is not a .npy file")
		}
		if _, dup := out[name]; dup {
			return nil, tensorErrorf("npz", path, zf.Name, "member appears twice in the archive")
		}
		x, err := readNpzMember(path, zf)
		if err != nil {
			return nil, err
		}
		out[name] = x
	}
	return out, nil
}

func readNpzMember(path string, zf *zip.File) (*ir.Tensor, error) {
	fail := func(msg string, args ...any) error { return tensorErrorf("npz", path, zf.Name, msg, args...) }
	rc, err := zf.Open()
	if err != nil {
		return nil, fail("%v", err)
	}
	defer rc.Close()
	// The zip reader stops at the member's declared uncompressed size and
	// checks its CRC-32 at the end, so a member cannot expand beyond what
	// the archive declares.
	x, err := ReadNpy(rc)
	if err != nil {
		if fe, ok := err.(*FormatError); ok {
			return nil, fail("%s", fe.Msg)
		}
		return nil, fail("%v", err)
	}
	// Read to the end: trailing bytes are an error, and reaching EOF makes
	// the zip reader verify the checksum.
	var extra [1]byte
	n, err := io.ReadFull(rc, extra[:])
	if n > 0 {
		return nil, fail("bytes after the array data")
	}
	if err != io.EOF {
		return nil, fail("%v", err)
	}
	return x, nil
}

// WriteNpzFile writes tensors to a .npz file at path, atomically: a zip
// archive with one stored (uncompressed) member NAME.npy per tensor, in
// name order, with a fixed timestamp so that the same tensors give the same
// bytes. numpy.load reads it. Element types NumPy has no dtype for (see
// NpyDescr) are errors naming the tensor.
func WriteNpzFile(path string, tensors map[string]*ir.Tensor) error {
	names := slices.Sorted(maps.Keys(tensors))
	for _, n := range names {
		if _, err := NpyDescr(tensors[n].Elem()); err != nil {
			return tensorErrorf("npz", path, n, "%v", err)
		}
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		zw := zip.NewWriter(w)
		for _, n := range names {
			fw, err := zw.CreateHeader(&zip.FileHeader{
				Name:     n + ".npy",
				Method:   zip.Store,
				Modified: time.Date(1980, 1, 1, 0, 0, 0, 0, time.UTC),
			})
			if err != nil {
				return err
			}
			if err := EncodeNpy(fw, tensors[n]); err != nil {
				return err
			}
		}
		return zw.Close()
	})
}
