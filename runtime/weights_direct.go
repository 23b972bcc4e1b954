package runtime

import (
	"fmt"
	"io"
	"os"
)

// weightChunk is the size of the buffer writeFileRange reads through.
const weightChunk = 4 << 20

// writeFileRange fills buffer h with the n bytes of the file at path that
// start at byte off, reading them with pread (ReadAt) into one reused
// buffer of at most weightChunk bytes and handing each piece to
// drv.Write. Unlike copying from a memory map of the file, the weights
// are then resident once (in the linear memory or the device buffer)
// instead of twice while they are bound: the mapped file pages stay
// resident in the process until the map is closed. Measured with 64 MiB
// of f32 weights on lavapipe (runtime/vulkan BenchmarkZeroCopy64MiB,
// peak-extra-%: the peak resident growth during Open beyond the weights,
// in percent of them): 108-111% copying from the map, 17-23% through this
// function (the driver's libraries, its allocations and one chunk).
// Errors name the path and the range; a file shorter than off+n is
// io.ErrUnexpectedEOF.
//
// It is meant for bindWeights (weights.go) and safetensors parameters,
// whose bytes start at File.DataOffset()+TensorInfo.Begin.
func writeFileRange(drv Driver, h Handle, path string, off, n int64) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	buf := make([]byte, min(n, weightChunk))
	for done := int64(0); done < n; {
		c := buf[:min(n-done, int64(len(buf)))]
		if _, err := f.ReadAt(c, off+done); err != nil {
			if err == io.EOF {
				err = io.ErrUnexpectedEOF
			}
			return fmt.Errorf("%s: bytes [%d, %d): %w", path, off+done, off+done+int64(len(c)), err)
		}
		if err := drv.Write(h, uint64(done), c); err != nil {
			return err
		}
		done += int64(len(c))
	}
	return nil
}
