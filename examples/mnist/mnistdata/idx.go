package mnistdata

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"os"
)

// Limits that guard against headers claiming absurd sizes; the real files
// are far below them.
const (
	maxDim   = 1 << 16 // largest image height or width
	maxCount = 1 << 26 // largest number of images or labels
	maxBytes = 1 << 32 // largest element payload
)

// idxUbyte is the idx element-type byte of unsigned 8-bit elements.
const idxUbyte = 0x08

// DecodeImages reads an idx3-ubyte image file (magic 0x00000803, then the
// image count, rows and columns) from r, which may be gzip-compressed. It
// returns the sizes and the pixels of all images in one slice of
// n*rows*cols bytes, image-major and row-major within an image. It fails on
// a wrong magic number, zero or oversized dimensions, a truncated payload,
// or trailing bytes.
func DecodeImages(r io.Reader) (n, rows, cols int, pixels []byte, err error) {
	dims, data, err := decodeIdx(r, 3)
	if err != nil {
		return 0, 0, 0, nil, err
	}
	return dims[0], dims[1], dims[2], data, nil
}

// DecodeLabels reads an idx1-ubyte label file (magic 0x00000801, then the
// label count) from r, which may be gzip-compressed, and returns the labels.
// It fails like DecodeImages; it does not check the label values.
func DecodeLabels(r io.Reader) ([]uint8, error) {
	_, data, err := decodeIdx(r, 1)
	return data, err
}

// ReadImages is DecodeImages on the file at path; errors name the path.
func ReadImages(path string) (n, rows, cols int, pixels []byte, err error) {
	err = withFile(path, func(r io.Reader) error {
		n, rows, cols, pixels, err = DecodeImages(r)
		return err
	})
	return n, rows, cols, pixels, err
}

// ReadLabels is DecodeLabels on the file at path; errors name the path.
func ReadLabels(path string) (labels []uint8, err error) {
	err = withFile(path, func(r io.Reader) error {
		labels, err = DecodeLabels(r)
		return err
	})
	return labels, err
}

func withFile(path string, read func(io.Reader) error) error {
	f, err := os.Open(path)
	if err != nil {
		return fmt.Errorf("mnistdata: %w", err)
	}
	defer f.Close()
	if err := read(f); err != nil {
		return fmt.Errorf("mnistdata: %s: %w", path, err)
	}
	return nil
}

// decodeIdx reads an idx file of unsigned bytes with rank dimensions,
// un-gzipping it when it starts with the gzip magic bytes 1f 8b.
func decodeIdx(r io.Reader, rank int) ([]int, []byte, error) {
	br := bufio.NewReader(r)
	if head, err := br.Peek(2); err == nil && head[0] == 0x1f && head[1] == 0x8b {
		z, err := gzip.NewReader(br)
		if err != nil {
			return nil, nil, fmt.Errorf("gzip: %w", err)
		}
		defer z.Close()
		r = z
	} else {
		r = br
	}
	hdr := make([]byte, 4+4*rank)
	if _, err := io.ReadFull(r, hdr); err != nil {
		return nil, nil, fmt.Errorf("reading idx header: %w", unexpectedEOF(err))
	}
	magic := binary.BigEndian.Uint32(hdr)
	want := uint32(idxUbyte)<<8 | uint32(rank)
	if magic != want {
		return nil, nil, fmt.Errorf("idx magic number is %#08x, want %#08x (unsigned bytes, %d dimensions)", magic, want, rank)
	}
	dims := make([]int, rank)
	total := uint64(1)
	for i := range dims {
		d := binary.BigEndian.Uint32(hdr[4+4*i:])
		limit := uint32(maxDim)
		if i == 0 {
			limit = maxCount
		}
		if d == 0 || d > limit {
			return nil, nil, fmt.Errorf("idx dimension %d is %d, want 1 to %d", i, d, limit)
		}
		dims[i] = int(d)
		total *= uint64(d)
	}
	if total > maxBytes {
		return nil, nil, fmt.Errorf("idx payload of %d bytes is too large", total)
	}
	// ReadAll grows the slice as data arrives, so a header that lies about
	// the size cannot make us allocate more than the input holds.
	data, err := io.ReadAll(io.LimitReader(r, int64(total)+1))
	if err != nil {
		return nil, nil, fmt.Errorf("reading idx payload: %w", err)
	}
	switch {
	case uint64(len(data)) < total:
		return nil, nil, fmt.Errorf("idx payload truncated: %d of %d bytes", len(data), total)
	case uint64(len(data)) > total:
		return nil, nil, fmt.Errorf("trailing bytes after the %d-byte idx payload", total)
	}
	return dims, data, nil
}

func unexpectedEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}
