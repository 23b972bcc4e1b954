package runtime

import (
	"fmt"
	"io"
	"os"
)

// weightChunk is the size of the pieces weights are read in: the buffer
// writeReaderRange reads through, and the reads readRange makes.
const weightChunk = 4 << 20

// HostBytesDriver is implemented by drivers that may place a buffer in
// the linear memory without embedding SharedMemory (the Vulkan driver
// with zero copy). Binding the weights then reads them from the file
// straight into the buffer's bytes.
type HostBytesDriver interface {
	// HostBytes returns bytes [off, off+n) of buffer h as a slice of the
	// linear memory, after any recorded work that may touch them has run;
	// ok is false, with no error, when h's bytes are not in the linear
	// memory (the caller uses Write). An error wraps ErrInvalid when h is
	// not a live buffer or the range runs past it.
	HostBytes(h Handle, off, n uint64) (b []byte, ok bool, err error)
}

// inPlace returns the n bytes of buffer h when they lie in the linear
// memory: for drivers embedding SharedMemory (hostViewer) and those
// implementing HostBytesDriver.
func inPlace(drv Driver, h Handle, n uint64) ([]byte, bool, error) {
	if v, ok := drv.(hostViewer); ok {
		b, err := v.buffer(h, 0, n)
		return b, err == nil, err
	}
	if v, ok := drv.(HostBytesDriver); ok {
		return v.HostBytes(h, 0, n)
	}
	return nil, false, nil
}

// writeFileRange fills buffer h with the n bytes of the file at path that
// start at byte off; see writeReaderRange. Measured with 64 MiB of f32
// weights on lavapipe (runtime/vulkan BenchmarkZeroCopy64MiB, copying
// path, peak-extra-%: the peak resident growth during Open beyond the
// weights, in percent of them): 108-111% copying from the file's map,
// 17-23% through this function (the driver's libraries, its allocations
// and one chunk).
func writeFileRange(drv Driver, h Handle, path string, off, n int64) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return writeReaderRange(drv, h, f, path, off, n, nil, nil)
}

// writeReaderRange fills buffer h with the n bytes of f (the file at
// path) that start at byte off, reading them with pread (ReadAt) into one
// reused buffer of at most weightChunk bytes and handing each piece to
// drv.Write, then to progress (if not nil). The buffer is *buf when it is
// large enough (it is then kept there for the next call; buf may be nil).
// Unlike copying from a memory
// map of the file, the weights are then resident once (in the linear
// memory or the device buffer) instead of twice while they are bound: the
// mapped file pages stay resident in the process until the map is
// closed. Errors name the path and the range; a file shorter than off+n
// is io.ErrUnexpectedEOF.
func writeReaderRange(drv Driver, h Handle, f io.ReaderAt, path string, off, n int64, buf *[]byte, progress func(int)) error {
	if buf == nil {
		buf = new([]byte)
	}
	if want := min(n, weightChunk); int64(len(*buf)) < want {
		*buf = make([]byte, want)
	}
	for done := int64(0); done < n; {
		c := (*buf)[:min(n-done, int64(len(*buf)))]
		if err := readAt(f, c, path, off+done); err != nil {
			return err
		}
		if err := drv.Write(h, uint64(done), c); err != nil {
			return err
		}
		if progress != nil {
			progress(len(c))
		}
		done += int64(len(c))
	}
	return nil
}

// readRange fills dst with the bytes of f (the file at path) from byte
// off, in pieces of at most weightChunk bytes, telling progress (if not
// nil) each piece's size. No buffer is used: the bytes go from the page
// cache straight into dst (the linear memory). Errors are readAt's.
func readRange(dst []byte, f io.ReaderAt, path string, off int64, progress func(int)) error {
	for done := 0; done < len(dst); {
		c := dst[done:min(len(dst), done+weightChunk)]
		if err := readAt(f, c, path, off+int64(done)); err != nil {
			return err
		}
		if progress != nil {
			progress(len(c))
		}
		done += len(c)
	}
	return nil
}

// readAt fills c from f at byte off; errors name the path and the range,
// and a file ending before off+len(c) is io.ErrUnexpectedEOF.
func readAt(f io.ReaderAt, c []byte, path string, off int64) error {
	if _, err := f.ReadAt(c, off); err != nil {
		if err == io.EOF {
			err = io.ErrUnexpectedEOF
		}
		return fmt.Errorf("%s: bytes [%d, %d): %w", path, off, off+int64(len(c)), err)
	}
	return nil
}
