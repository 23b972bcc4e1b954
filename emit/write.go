package emit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"

	"github.com/zmlc/zmlc/internal/atomicfile"
	"github.com/zmlc/zmlc/version"
)

// BlobData is a blob to write: its name and kind (one of the Blob* kinds)
// as the manifest will list them, and its bytes.
type BlobData struct {
	Name string
	Kind string
	Data []byte
}

// Encode writes a bundle holding m and blobs to w. The blobs are laid out in
// the order given, each at the next multiple of Align; the manifest follows
// the last one. Encode does not modify m: it writes a copy whose Format is
// FormatVersion, whose Zmlc is version.Version and whose Blobs describe
// blobs (any Blobs m has are replaced). It returns an error, before writing
// anything, if the completed manifest fails Validate.
//
// The output depends only on m and blobs: the same arguments give the same
// bytes.
func Encode(w io.Writer, m *Manifest, blobs []BlobData) error {
	mc := m.normalized()
	mc.Format = FormatVersion
	mc.Zmlc = version.Version
	mc.Blobs = make([]Blob, len(blobs))
	off := int64(Align)
	for i, b := range blobs {
		sum := sha256.Sum256(b.Data)
		mc.Blobs[i] = Blob{Name: b.Name, Kind: b.Kind, Offset: off, Size: int64(len(b.Data)), SHA256: hex.EncodeToString(sum[:])}
		off = alignUp(off + int64(len(b.Data)))
	}
	if err := mc.Validate(); err != nil {
		return fmt.Errorf("emit: invalid manifest: %w", err)
	}
	js, err := canonicalJSON(&mc)
	if err != nil {
		return fmt.Errorf("emit: encoding the manifest: %w", err)
	}
	if len(js) > MaxManifestSize {
		return fmt.Errorf("emit: the manifest is %d bytes, more than the limit of %d", len(js), MaxManifestSize)
	}

	header := make([]byte, Align)
	copy(header[offMagic:], Magic)
	binary.LittleEndian.PutUint32(header[offVersion:], FormatVersion)
	binary.LittleEndian.PutUint64(header[offManifestOff:], uint64(off))
	binary.LittleEndian.PutUint64(header[offManifestLen:], uint64(len(js)))
	sum := sha256.Sum256(js)
	copy(header[offManifestSum:], sum[:])
	if _, err := w.Write(header); err != nil {
		return err
	}
	pos := int64(Align)
	var zeros [Align]byte
	for _, b := range blobs {
		if _, err := w.Write(b.Data); err != nil {
			return err
		}
		pos += int64(len(b.Data))
		if pad := alignUp(pos) - pos; pad > 0 {
			if _, err := w.Write(zeros[:pad]); err != nil {
				return err
			}
			pos += pad
		}
	}
	_, err = w.Write(js)
	return err
}

// WriteFile writes the bundle Encode makes to path atomically: into a
// temporary file in the same folder, synced and then renamed over path. On
// error no file is left behind and an existing file at path is untouched.
func WriteFile(path string, m *Manifest, blobs []BlobData) error {
	return atomicfile.Write(path, func(w io.Writer) error { return Encode(w, m, blobs) })
}

// canonicalJSON encodes m as indented JSON whose object keys are sorted at
// every level, without HTML escaping, ending in a newline.
func canonicalJSON(m *Manifest) ([]byte, error) {
	raw, err := json.Marshal(m)
	if err != nil {
		return nil, err
	}
	// Decoding into generic values and encoding again sorts the keys of
	// every object (encoding/json writes map keys in sorted order).
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
