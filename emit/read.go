package emit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"unicode/utf8"

	"github.com/zmlc/zmlc/internal/mmapfile"
)

// Bundle is an opened, fully checked bundle. Blob returns slices of the
// file's read-only mapping, valid until Close. A Bundle is safe for
// concurrent reads.
type Bundle struct {
	// Manifest is the bundle's manifest; it must not be modified.
	Manifest *Manifest
	path     string
	data     []byte
	blobs    map[string]int
	unmap    func() error
	header   [HeaderSize]byte // the signed header bytes 0-63
	sig      Signature
}

// Open maps the bundle at path read-only and checks it as Parse does,
// hashing every blob. Malformed or corrupt files give a *FormatError naming
// path; the caller must Close the Bundle.
func Open(path string) (*Bundle, error) {
	data, unmap, err := mmapfile.Open(path)
	if err != nil {
		return nil, err
	}
	b, err := parse(path, data)
	if err != nil {
		unmap()
		return nil, err
	}
	b.unmap = unmap
	return b, nil
}

// Parse checks data, a whole bundle file, and returns a Bundle whose blobs
// are slices of data (no copy); data must not change while it is used.
//
// It returns a *FormatError if: data is shorter than the header; the magic
// is wrong; the format version is not FormatVersion; the reserved header
// bytes or any padding are not zero (the header page is zero after the
// signature block); the manifest is not where the header
// says, is larger than MaxManifestSize, or the file does not end exactly
// where the manifest does (truncated, or trailing bytes); the manifest's
// sha256 differs from the header's; the manifest is not valid UTF-8 JSON
// of the documented shape (unknown fields are rejected) or fails
// Manifest.Validate; its format or zmlc version fields are missing or
// disagree with the header; a blob is not at a multiple of Align, runs past
// the manifest, or overlaps the previous blob; or a blob's sha256 differs
// from the manifest's.
func Parse(data []byte) (*Bundle, error) {
	return parse("", data)
}

func parse(path string, data []byte) (*Bundle, error) {
	fail := func(msg string, args ...any) (*Bundle, error) { return nil, formatErrorf(path, msg, args...) }
	size := int64(len(data))
	if size < HeaderSize {
		return fail("file is %d bytes, shorter than the %d-byte header", size, HeaderSize)
	}
	if string(data[offMagic:offMagic+8]) != Magic {
		return fail("bad magic %q: not a zmlc bundle", data[offMagic:offMagic+8])
	}
	if v := binary.LittleEndian.Uint32(data[offVersion:]); v != FormatVersion {
		return fail("format version %d is not supported (this zmlc reads version %d)", v, FormatVersion)
	}
	if binary.LittleEndian.Uint32(data[offReserved:]) != 0 {
		return fail("reserved header bytes are not zero")
	}
	mOff := binary.LittleEndian.Uint64(data[offManifestOff:])
	mLen := binary.LittleEndian.Uint64(data[offManifestLen:])
	if mOff < Align || mOff%Align != 0 {
		return fail("manifest offset %d is not a multiple of %d after the header page", mOff, Align)
	}
	if mLen > MaxManifestSize {
		return fail("manifest size %d exceeds the limit of %d bytes", mLen, MaxManifestSize)
	}
	end := mOff + mLen // cannot overflow: both are bounded above
	if end > uint64(size) {
		return fail("truncated: file is %d bytes, but its manifest ends at %d", size, end)
	}
	if end < uint64(size) {
		return fail("%d unexpected bytes after the manifest, which ends at %d", uint64(size)-end, end)
	}
	sig, err := readSignature(data)
	if err != nil {
		return fail("%v", err)
	}
	if !allZero(data[sigBlockEnd:min(Align, size)]) {
		return fail("header padding [%d, %d) is not zero", sigBlockEnd, Align)
	}
	js := data[mOff:end]
	if sum := sha256.Sum256(js); !bytes.Equal(sum[:], data[offManifestSum:offManifestSum+32]) {
		return fail("manifest sha256 is %x, the header says %x (the bundle is corrupt)", sum, data[offManifestSum:offManifestSum+32])
	}
	m, err := decodeManifest(js)
	if err != nil {
		return fail("manifest: %v", err)
	}
	if m.Format != FormatVersion {
		return fail("manifest format %d differs from the header's version %d", m.Format, FormatVersion)
	}
	if m.Zmlc == "" {
		return fail("manifest has no zmlc_version")
	}
	if err := m.Validate(); err != nil {
		return fail("manifest: %v", err)
	}
	b := &Bundle{Manifest: m, path: path, data: data, blobs: make(map[string]int, len(m.Blobs)), sig: sig}
	copy(b.header[:], data[:HeaderSize])
	prevEnd, prevName := int64(Align), ""
	for i, bl := range m.Blobs {
		if bl.Offset < Align || bl.Offset%Align != 0 {
			return fail("blob %q: offset %d is not a multiple of %d after the header page", bl.Name, bl.Offset, Align)
		}
		if bl.Size < 0 || bl.Size > int64(mOff) || bl.Offset > int64(mOff)-bl.Size {
			return fail("blob %q: bytes [%d, %d+%d) run past the manifest at %d", bl.Name, bl.Offset, bl.Offset, bl.Size, mOff)
		}
		if bl.Offset < prevEnd {
			return fail("blob %q at %d overlaps or precedes blob %q, which ends at %d", bl.Name, bl.Offset, prevName, prevEnd)
		}
		if !allZero(data[prevEnd:bl.Offset]) {
			return fail("padding [%d, %d) before blob %q is not zero", prevEnd, bl.Offset, bl.Name)
		}
		blob := data[bl.Offset : bl.Offset+bl.Size]
		if sum := sha256.Sum256(blob); hex.EncodeToString(sum[:]) != bl.SHA256 {
			return fail("blob %q: sha256 is %x, the manifest says %s (the bundle is corrupt)", bl.Name, sum, bl.SHA256)
		}
		b.blobs[bl.Name] = i
		prevEnd, prevName = bl.Offset+bl.Size, bl.Name
	}
	if !allZero(data[prevEnd:mOff]) {
		return fail("padding [%d, %d) before the manifest is not zero", prevEnd, mOff)
	}
	return b, nil
}

// decodeManifest decodes the manifest strictly: valid UTF-8, one JSON
// object, no unknown fields, nothing after it.
func decodeManifest(js []byte) (*Manifest, error) {
	if !utf8.Valid(js) {
		return nil, errors.New("not valid UTF-8")
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	m := new(Manifest)
	if err := dec.Decode(m); err != nil {
		return nil, fmt.Errorf("invalid JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("invalid JSON: data after the manifest object")
	}
	return m, nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// Path returns the path the bundle was opened from ("" for Parse).
func (b *Bundle) Path() string { return b.path }

// Blob returns the bytes of the blob called name, a slice of the mapping
// (not a copy) that must not be modified and is invalid after Close; ok is
// false if there is no such blob.
func (b *Bundle) Blob(name string) (data []byte, ok bool) {
	i, ok := b.blobs[name]
	if !ok || b.data == nil {
		return nil, false
	}
	bl := b.Manifest.Blobs[i]
	return b.data[bl.Offset : bl.Offset+bl.Size : bl.Offset+bl.Size], true
}

// Host returns the host program's bytes (a Wasm module).
func (b *Bundle) Host() []byte {
	data, _ := b.Blob(b.Manifest.Host)
	return data
}

// Entry returns the entry point called name.
func (b *Bundle) Entry(name string) (*Entry, bool) {
	i := slices.IndexFunc(b.Manifest.Entries, func(e Entry) bool { return e.Name == name })
	if i < 0 {
		return nil, false
	}
	return &b.Manifest.Entries[i], true
}

// Close unmaps the file. Slices returned by Blob must not be used
// afterwards. Closing twice is allowed.
func (b *Bundle) Close() error {
	b.data = nil
	if u := b.unmap; u != nil {
		b.unmap = nil
		return u()
	}
	return nil
}
