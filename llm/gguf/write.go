package gguf

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math"
)

// KV is one metadata pair for Write. Value is any type Parse returns
// (uint8 … float64, bool, string, Array) or a plain Go slice of one of
// those scalar types, written as an array.
type KV struct {
	Key   string
	Value any
}

// WriteTensor is one tensor for Write: Shape in row-major order (as
// TensorInfo.Shape returns it) and Data its bytes as stored (blocks for
// quantised types).
type WriteTensor struct {
	Name  string
	Type  Type
	Shape []int64
	Data  []byte
}

// Write writes a little-endian GGUF file of the given version (2 or 3)
// with the metadata in order and the tensors laid out one after another at
// the alignment (general.alignment when meta sets it, else 32). It checks
// that each tensor's data has the size its type and shape give.
func Write(w io.Writer, version uint32, meta []KV, tensors []WriteTensor) error {
	align := uint64(DefaultAlignment)
	var b bytes.Buffer
	le := binary.LittleEndian
	u32 := func(v uint32) { b.Write(le.AppendUint32(nil, v)) }
	u64 := func(v uint64) { b.Write(le.AppendUint64(nil, v)) }
	str := func(s string) { u64(uint64(len(s))); b.WriteString(s) }
	b.WriteString(Magic)
	u32(version)
	u64(uint64(len(tensors)))
	u64(uint64(len(meta)))
	for _, kv := range meta {
		if kv.Key == "general.alignment" {
			a, ok := kv.Value.(uint32)
			if !ok || a == 0 || a&(a-1) != 0 {
				return fmt.Errorf("gguf: general.alignment must be a uint32 power of two")
			}
			align = uint64(a)
		}
		str(kv.Key)
		if err := writeValue(&b, kv.Value, true); err != nil {
			return fmt.Errorf("gguf: metadata %q: %w", kv.Key, err)
		}
	}
	var off uint64
	for _, t := range tensors {
		n := int64(1)
		for _, d := range t.Shape {
			n *= d
		}
		size, ok := t.Type.RowBytes(n)
		if !ok || int64(len(t.Data)) != size {
			return fmt.Errorf("gguf: tensor %q: %d bytes for %s %v", t.Name, len(t.Data), t.Type, t.Shape)
		}
		str(t.Name)
		u32(uint32(len(t.Shape)))
		for i := len(t.Shape) - 1; i >= 0; i-- {
			u64(uint64(t.Shape[i]))
		}
		u32(uint32(t.Type))
		u64(off)
		off = (off + uint64(size) + align - 1) / align * align
	}
	pad := func() {
		for uint64(b.Len())%align != 0 {
			b.WriteByte(0)
		}
	}
	pad()
	start := b.Len()
	for _, t := range tensors {
		b.Write(t.Data)
		for uint64(b.Len()-start)%align != 0 {
			b.WriteByte(0)
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

func writeValue(b *bytes.Buffer, v any, typed bool) error {
	le := binary.LittleEndian
	tag := func(t ValueType) {
		if typed {
			b.Write(le.AppendUint32(nil, uint32(t)))
		}
	}
	switch v := v.(type) {
	case uint8:
		tag(TypeUint8)
		b.WriteByte(v)
	case int8:
		tag(TypeInt8)
		b.WriteByte(byte(v))
	case uint16:
		tag(TypeUint16)
		b.Write(le.AppendUint16(nil, v))
	case int16:
		tag(TypeInt16)
		b.Write(le.AppendUint16(nil, uint16(v)))
	case uint32:
		tag(TypeUint32)
		b.Write(le.AppendUint32(nil, v))
	case int32:
		tag(TypeInt32)
		b.Write(le.AppendUint32(nil, uint32(v)))
	case uint64:
		tag(TypeUint64)
		b.Write(le.AppendUint64(nil, v))
	case int64:
		tag(TypeInt64)
		b.Write(le.AppendUint64(nil, uint64(v)))
	case float32:
		tag(TypeFloat32)
		b.Write(le.AppendUint32(nil, math.Float32bits(v)))
	case float64:
		tag(TypeFloat64)
		b.Write(le.AppendUint64(nil, math.Float64bits(v)))
	case bool:
		tag(TypeBool)
		if v {
			b.WriteByte(1)
		} else {
			b.WriteByte(0)
		}
	case string:
		tag(TypeString)
		b.Write(le.AppendUint64(nil, uint64(len(v))))
		b.WriteString(v)
	case Array:
		return writeValue(b, v.Values, typed)
	case []string:
		return writeArray(b, TypeString, v, typed)
	case []float32:
		return writeArray(b, TypeFloat32, v, typed)
	case []int32:
		return writeArray(b, TypeInt32, v, typed)
	case []uint32:
		return writeArray(b, TypeUint32, v, typed)
	case []uint8:
		return writeArray(b, TypeUint8, v, typed)
	case []int64:
		return writeArray(b, TypeInt64, v, typed)
	default:
		return fmt.Errorf("cannot write a value of type %T", v)
	}
	return nil
}

func writeArray[T any](b *bytes.Buffer, et ValueType, vs []T, typed bool) error {
	le := binary.LittleEndian
	if typed {
		b.Write(le.AppendUint32(nil, uint32(TypeArray)))
	}
	b.Write(le.AppendUint32(nil, uint32(et)))
	b.Write(le.AppendUint64(nil, uint64(len(vs))))
	for _, v := range vs {
		if err := writeValue(b, v, false); err != nil {
			return err
		}
	}
	return nil
}
