package runtime

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// byteDriver is a Driver whose one buffer (handle 1) is a byte slice; only
// Write does anything.
type byteDriver struct {
	Driver
	buf    []byte
	writes int
}

func (d *byteDriver) Write(h Handle, off uint64, src []byte) error {
	if h != 1 || off+uint64(len(src)) > uint64(len(d.buf)) {
		return ErrInvalid
	}
	d.writes++
	copy(d.buf[off:], src)
	return nil
}

// TestWriteFileRange checks writeFileRange against the file's bytes for
// ranges shorter than, equal to and spanning several chunks, and that a
// range past the end of the file is an error naming the file.
func TestWriteFileRange(t *testing.T) {
	data := make([]byte, 2*weightChunk+12345)
	for i := range data {
		data[i] = byte(i*7 + i>>13)
	}
	path := filepath.Join(t.TempDir(), "w.bin")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ off, n int64 }{{0, 0}, {3, 100}, {5, weightChunk}, {17, 2*weightChunk + 1000}, {0, int64(len(data))}} {
		d := &byteDriver{buf: make([]byte, c.n)}
		if err := writeFileRange(d, 1, path, c.off, c.n); err != nil {
			t.Fatalf("[%d, +%d): %v", c.off, c.n, err)
		}
		if !bytes.Equal(d.buf, data[c.off:c.off+c.n]) {
			t.Errorf("[%d, +%d): the buffer differs from the file", c.off, c.n)
		}
		if want := int((c.n + weightChunk - 1) / weightChunk); d.writes != want {
			t.Errorf("[%d, +%d): %d writes, want %d", c.off, c.n, d.writes, want)
		}
	}
	d := &byteDriver{buf: make([]byte, 100)}
	err := writeFileRange(d, 1, path, int64(len(data))-50, 100)
	if !errors.Is(err, io.ErrUnexpectedEOF) || !bytes.Contains([]byte(err.Error()), []byte(path)) {
		t.Errorf("range past the end: err = %v, want io.ErrUnexpectedEOF naming %s", err, path)
	}
}
