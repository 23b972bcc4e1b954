package tensorio

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zmlc/zmlc/ir"
)

// metadataKey is the header key that holds the free-form string-to-string
// metadata instead of a tensor (safetensors README, "Format").
const metadataKey = "__metadata__"

// rawInfo is one header entry as parsed, before validation against the
// buffer. Offsets stay unsigned until they are known to fit the buffer.
type rawInfo struct {
	name       string
	dtype      stDType
	shape      []int64
	begin, end uint64
}

// headerParser reads the JSON header of a safetensors file with a token
// decoder, so that duplicate keys (which encoding/json would merge silently)
// are detected.
type headerParser struct {
	path string
	dec  *json.Decoder
}

func (p *headerParser) fail(msg string, args ...any) error {
	return errorf("safetensors", p.path, msg, args...)
}

func (p *headerParser) failT(name, msg string, args ...any) error {
	return tensorErrorf("safetensors", p.path, name, msg, args...)
}

// jsonError turns a decoder error into a FormatError about the header.
func (p *headerParser) jsonError(err error) error {
	if err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF) {
		return p.fail("header is not valid JSON: unexpected end of header")
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return p.fail("header is not valid JSON: %s", se.Error())
	}
	return p.fail("header is not valid JSON: %v", err)
}

// parseHeader parses header (the N bytes after the length) into its tensor
// entries, in the order they appear, and its metadata (nil if absent).
func parseHeader(path string, header []byte) ([]rawInfo, map[string]string, error) {
	p := &headerParser{path: path}
	if !utf8.Valid(header) {
		return nil, nil, p.fail("header is not valid UTF-8")
	}
	p.dec = json.NewDecoder(bytes.NewReader(header))
	p.dec.UseNumber()
	tok, err := p.dec.Token()
	if err != nil {
		return nil, nil, p.jsonError(err)
	}
	if tok != json.Delim('{') {
		return nil, nil, p.fail("header is not a JSON object (it starts with %s)", describeToken(tok))
	}
	var infos []rawInfo
	var meta map[string]string
	seen := map[string]bool{}
	for p.dec.More() {
		tok, err := p.dec.Token()
		if err != nil {
			return nil, nil, p.jsonError(err)
		}
		key, ok := tok.(string)
		if !ok {
			return nil, nil, p.fail("header is not valid JSON: object key is %s", describeToken(tok))
		}
		if seen[key] {
			if key == metadataKey {
				return nil, nil, p.fail("duplicate %q entry in header", metadataKey)
			}
			return nil, nil, p.failT(key, "duplicate name in header")
		}
		seen[key] = true
		if key == metadataKey {
			if meta, err = p.parseMetadata(); err != nil {
				return nil, nil, err
			}
			continue
		}
		info, err := p.parseInfo(key)
		if err != nil {
			return nil, nil, err
		}
		infos = append(infos, info)
	}
	if _, err := p.dec.Token(); err != nil { // the closing brace
		return nil, nil, p.jsonError(err)
	}
	if tok, err := p.dec.Token(); err != io.EOF {
		if err != nil {
			return nil, nil, p.jsonError(err)
		}
		return nil, nil, p.fail("header has %s after its JSON object", describeToken(tok))
	}
	return infos, meta, nil
}

// parseMetadata reads the value of __metadata__: null or an object whose
// values are all strings.
func (p *headerParser) parseMetadata() (map[string]string, error) {
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.jsonError(err)
	}
	if tok == nil {
		return nil, nil
	}
	if tok != json.Delim('{') {
		return nil, p.fail("%q is %s, not an object of strings", metadataKey, describeToken(tok))
	}
	meta := map[string]string{}
	for p.dec.More() {
		tok, err := p.dec.Token()
		if err != nil {
			return nil, p.jsonError(err)
		}
		key, ok := tok.(string)
		if !ok {
			return nil, p.fail("header is not valid JSON: object key is %s", describeToken(tok))
		}
		if _, dup := meta[key]; dup {
			return nil, p.fail("duplicate key %q in %q", key, metadataKey)
		}
		tok, err = p.dec.Token()
		if err != nil {
			return nil, p.jsonError(err)
		}
		v, ok := tok.(string)
		if !ok {
			return nil, p.fail("%q value of key %q is %s, not a string", metadataKey, key, describeToken(tok))
		}
		meta[key] = v
	}
	if _, err := p.dec.Token(); err != nil {
		return nil, p.jsonError(err)
	}
	return meta, nil
}

// parseInfo reads one tensor entry {"dtype": .., "shape": [..],
// "data_offsets": [begin, end]}. Unknown fields are skipped, as the
// reference implementation (serde without deny_unknown_fields) does.
func (p *headerParser) parseInfo(name string) (rawInfo, error) {
	info := rawInfo{name: name}
	tok, err := p.dec.Token()
	if err != nil {
		return info, p.jsonError(err)
	}
	if tok != json.Delim('{') {
		return info, p.failT(name, "header entry is %s, not an object", describeToken(tok))
	}
	seen := map[string]bool{}
	for p.dec.More() {
		tok, err := p.dec.Token()
		if err != nil {
			return info, p.jsonError(err)
		}
		field, ok := tok.(string)
		if !ok {
			return info, p.fail("header is not valid JSON: object key is %s", describeToken(tok))
		}
		if seen[field] {
			return info, p.failT(name, "duplicate field %q", field)
		}
		seen[field] = true
		switch field {
		case "dtype":
			tok, err := p.dec.Token()
			if err != nil {
				return info, p.jsonError(err)
			}
			s, ok := tok.(string)
			if !ok {
				return info, p.failT(name, "dtype is %s, not a string", describeToken(tok))
			}
			d, ok := lookupDType(s)
			if !ok {
				return info, p.failT(name, "unknown dtype %q", s)
			}
			info.dtype = d
		case "shape":
			dims, err := p.parseUints(name, field, -1)
			if err != nil {
				return info, err
			}
			info.shape = make([]int64, len(dims))
			for i, d := range dims {
				if d > math.MaxInt64 {
					return info, p.failT(name, "shape dimension %d is too large", d)
				}
				info.shape[i] = int64(d)
			}
		case "data_offsets":
			offs, err := p.parseUints(name, field, 2)
			if err != nil {
				return info, err
			}
			info.begin, info.end = offs[0], offs[1]
		default:
			var skip json.RawMessage
			if err := p.dec.Decode(&skip); err != nil {
				return info, p.jsonError(err)
			}
		}
	}
	if _, err := p.dec.Token(); err != nil {
		return info, p.jsonError(err)
	}
	for _, f := range []string{"dtype", "shape", "data_offsets"} {
		if !seen[f] {
			return info, p.failT(name, "missing field %q", f)
		}
	}
	return info, nil
}

// parseUints reads an array of non-negative integers; n >= 0 demands exactly
// n of them.
func (p *headerParser) parseUints(name, field string, n int) ([]uint64, error) {
	tok, err := p.dec.Token()
	if err != nil {
		return nil, p.jsonError(err)
	}
	if tok != json.Delim('[') {
		return nil, p.failT(name, "%s is %s, not an array of integers", field, describeToken(tok))
	}
	var out []uint64
	for p.dec.More() {
		tok, err := p.dec.Token()
		if err != nil {
			return nil, p.jsonError(err)
		}
		num, ok := tok.(json.Number)
		if !ok {
			return nil, p.failT(name, "%s holds %s, not an integer", field, describeToken(tok))
		}
		s := string(num)
		v, err := strconv.ParseUint(s, 10, 64)
		switch {
		case err == nil:
		case strings.HasPrefix(s, "-"):
			return nil, p.failT(name, "%s holds negative number %s", field, s)
		case errors.Is(err, strconv.ErrRange):
			return nil, p.failT(name, "%s holds %s, which overflows a 64-bit unsigned integer", field, s)
		default:
			return nil, p.failT(name, "%s holds %s, not an integer", field, s)
		}
		out = append(out, v)
	}
	if _, err := p.dec.Token(); err != nil {
		return nil, p.jsonError(err)
	}
	if n >= 0 && len(out) != n {
		return nil, p.failT(name, "%s has %d entries, want %d", field, len(out), n)
	}
	return out, nil
}

// describeToken names a JSON token for an error message.
func describeToken(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			return "an object"
		case '[':
			return "an array"
		}
		return strconv.Quote(t.String())
	case string:
		return "string " + strconv.Quote(t)
	case json.Number:
		return "number " + string(t)
	case bool:
		return "boolean " + strconv.FormatBool(t)
	case nil:
		return "null"
	}
	return "an unexpected value"
}

// byteSize returns the bytes that shape elements of dtype d occupy, or an
// error message if the count or size overflows int64 or is not a whole
// number of bytes (sub-byte dtypes F4, F6_*). Like the reference, it
// multiplies the dimensions in order and fails on the first overflow.
func byteSize(d stDType, shape []int64) (int64, string) {
	n := uint64(1)
	for _, dim := range shape {
		hi, lo := bits.Mul64(n, uint64(dim))
		if hi != 0 || lo > math.MaxInt64 {
			return 0, "overflows: its element count does not fit in 63 bits"
		}
		n = lo
	}
	hi, nbits := bits.Mul64(n, uint64(d.bits))
	if hi != 0 || nbits > math.MaxInt64 {
		return 0, "overflows: its size in bits does not fit in 63 bits"
	}
	if nbits%8 != 0 {
		return 0, "is " + strconv.FormatUint(nbits, 10) + " bits, not a whole number of bytes"
	}
	return int64(nbits / 8), ""
}

func shapeString(shape []int64) string {
	return ir.IntListString(shape)
}
