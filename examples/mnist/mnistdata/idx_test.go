package mnistdata

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// idx encodes an unsigned-byte idx file with the given dimensions.
func idx(dims []uint32, data []byte) []byte {
	var b bytes.Buffer
	binary.Write(&b, binary.BigEndian, uint32(0x0800|len(dims)))
	for _, d := range dims {
		binary.Write(&b, binary.BigEndian, d)
	}
	b.Write(data)
	return b.Bytes()
}

func gz(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	if _, err := z.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func seq(n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i * 7)
	}
	return b
}

func TestDecodeImagesPlainAndGzip(t *testing.T) {
	pix := seq(3 * 2 * 5)
	file := idx([]uint32{3, 2, 5}, pix)
	for name, in := range map[string][]byte{"plain": file, "gzip": gz(t, file)} {
		n, rows, cols, got, err := DecodeImages(bytes.NewReader(in))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if n != 3 || rows != 2 || cols != 5 || !bytes.Equal(got, pix) {
			t.Errorf("%s: got n=%d rows=%d cols=%d pixels %v, want 3 2 5 %v", name, n, rows, cols, got, pix)
		}
	}
}

func TestDecodeLabels(t *testing.T) {
	got, err := DecodeLabels(bytes.NewReader(gz(t, idx([]uint32{4}, []byte{3, 1, 4, 1}))))
	if err != nil || !bytes.Equal(got, []byte{3, 1, 4, 1}) {
		t.Fatalf("got %v, %v; want [3 1 4 1]", got, err)
	}
}

func TestDecodeErrors(t *testing.T) {
	tests := []struct {
		name, want string
		in         []byte
		labels     bool
	}{
		{"empty", "unexpected EOF", nil, false},
		{"short header", "unexpected EOF", idx([]uint32{1, 28}, nil), false},
		{"label magic for images", "magic number is 0x00000801, want 0x00000803", idx([]uint32{2}, seq(12)), false},
		{"image magic for labels", "magic number is 0x00000803, want 0x00000801", idx([]uint32{1, 1, 1}, []byte{1}), true},
		{"int32 elements", "magic number is 0x00000c01", append([]byte{0, 0, 0x0c, 1}, 0, 0, 0, 1, 0, 0, 0, 5), true},
		{"zero count", "dimension 0 is 0", idx([]uint32{0, 28, 28}, nil), false},
		{"huge rows", "dimension 1 is 100000", idx([]uint32{1, 100000, 1}, nil), false},
		{"huge count", "dimension 0 is 4294967295", idx([]uint32{0xffffffff}, nil), true},
		{"truncated", "truncated: 5 of 6 bytes", idx([]uint32{1, 2, 3}, seq(5)), false},
		{"too large", "payload of 274877906944 bytes is too large", idx([]uint32{1 << 26, 64, 64}, seq(3)), false},
		// A header promising 3.5 GiB must fail on the missing data, not
		// allocate it first.
		{"lying header", "truncated: 3 of 3758096384 bytes", idx([]uint32{1 << 26, 28, 2}, seq(3)), false},
		{"trailing", "trailing bytes", idx([]uint32{2}, seq(3)), true},
		{"bad gzip", "gzip", []byte{0x1f, 0x8b, 0, 0}, false},
	}
	for _, tc := range tests {
		var err error
		if tc.labels {
			_, err = DecodeLabels(bytes.NewReader(tc.in))
		} else {
			_, _, _, _, err = DecodeImages(bytes.NewReader(tc.in))
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// writeSet writes a set's four idx files into dir, gzip-compressed or not.
func writeSet(t *testing.T, dir string, compress bool, trainN, testN int) {
	t.Helper()
	write := func(name string, data []byte) {
		if !compress {
			name = strings.TrimSuffix(name, ".gz")
		} else {
			data = gz(t, data)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	labels := func(n int) []byte {
		l := make([]byte, n)
		for i := range l {
			l[i] = byte(i % 10)
		}
		return l
	}
	write(TrainImagesFile, idx([]uint32{uint32(trainN), Rows, Cols}, seq(trainN*Pixels)))
	write(TrainLabelsFile, idx([]uint32{uint32(trainN)}, labels(trainN)))
	write(TestImagesFile, idx([]uint32{uint32(testN), Rows, Cols}, seq(testN*Pixels)))
	write(TestLabelsFile, idx([]uint32{uint32(testN)}, labels(testN)))
}

func TestLoadSyntheticFolders(t *testing.T) {
	for _, compress := range []bool{true, false} {
		dir := t.TempDir()
		writeSet(t, dir, compress, 5, 3)
		train, err := LoadTrain(dir)
		if err != nil {
			t.Fatalf("compress=%v: %v", compress, err)
		}
		test, err := LoadTest(dir)
		if err != nil {
			t.Fatalf("compress=%v: %v", compress, err)
		}
		if train.Len() != 5 || test.Len() != 3 {
			t.Fatalf("compress=%v: got %d and %d images, want 5 and 3", compress, train.Len(), test.Len())
		}
		want := seq(5 * Pixels)
		if !bytes.Equal(train.Image(2), want[2*Pixels:3*Pixels]) || train.Labels[2] != 2 {
			t.Errorf("compress=%v: image 2 or its label differs", compress)
		}
		if b := train.Batch(3, 10); len(b) != 2*Pixels || !bytes.Equal(b, want[3*Pixels:]) {
			t.Errorf("compress=%v: Batch(3, 10) has %d bytes, want the last 2 images", compress, len(b))
		}
	}
}

func TestReadSetErrors(t *testing.T) {
	dir := t.TempDir()
	put := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	img3 := put("img3", idx([]uint32{3, Rows, Cols}, seq(3*Pixels)))
	img1x1 := put("img1x1", idx([]uint32{3, 1, 1}, seq(3)))
	lab2 := put("lab2", idx([]uint32{2}, []byte{1, 2}))
	lab3bad := put("lab3bad", idx([]uint32{3}, []byte{1, 10, 2}))
	lab3 := put("lab3", idx([]uint32{3}, []byte{1, 9, 2}))
	tests := []struct{ images, labels, want string }{
		{img3, lab2, "has 2 labels but"},
		{img3, lab3bad, "label 1 is 10"},
		{img1x1, lab3, "images are 1x1, want 28x28"},
		{filepath.Join(dir, "missing"), lab3, "no such file"},
		{img3, img3, img3 + ": idx magic number"},
	}
	for _, tc := range tests {
		_, err := ReadSet(tc.images, tc.labels)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ReadSet(%s, %s): got %v, want an error containing %q", tc.images, tc.labels, err, tc.want)
		}
	}
	if s, err := ReadSet(img3, lab3); err != nil || s.Len() != 3 {
		t.Errorf("ReadSet of a good pair: %v", err)
	}
	if _, err := LoadTest(dir); err == nil || !strings.Contains(err.Error(), TestImagesFile) {
		t.Errorf("LoadTest of a folder without the files: got %v, want an error naming %s", err, TestImagesFile)
	}
}
