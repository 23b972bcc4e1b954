package hlo

import (
	"fmt"

	"github.com/zmlc/zmlc/ir"
	pb "github.com/zmlc/zmlc/targets/hlo/xlapb"
)

// primitive maps zmlc element types to XLA's PrimitiveType and its HLO
// text name (xla/xla_data.proto; xla/primitive_util.cc's lowercase names).
var primitive = map[ir.ElementType]struct {
	t    pb.PrimitiveType
	name string
}{
	ir.I1:       {pb.PrimitiveType_PRED, "pred"},
	ir.I8:       {pb.PrimitiveType_S8, "s8"},
	ir.I16:      {pb.PrimitiveType_S16, "s16"},
	ir.I32:      {pb.PrimitiveType_S32, "s32"},
	ir.I64:      {pb.PrimitiveType_S64, "s64"},
	ir.UI8:      {pb.PrimitiveType_U8, "u8"},
	ir.UI16:     {pb.PrimitiveType_U16, "u16"},
	ir.UI32:     {pb.PrimitiveType_U32, "u32"},
	ir.UI64:     {pb.PrimitiveType_U64, "u64"},
	ir.F16:      {pb.PrimitiveType_F16, "f16"},
	ir.BF16:     {pb.PrimitiveType_BF16, "bf16"},
	ir.F32:      {pb.PrimitiveType_F32, "f32"},
	ir.F64:      {pb.PrimitiveType_F64, "f64"},
	ir.C64:      {pb.PrimitiveType_C64, "c64"},
	ir.C128:     {pb.PrimitiveType_C128, "c128"},
	ir.F8E4M3FN: {pb.PrimitiveType_F8E4M3FN, "f8e4m3fn"},
	ir.F8E5M2:   {pb.PrimitiveType_F8E5M2, "f8e5m2"},
}

// typeNames are the HLO text names of PrimitiveTypes.
var typeNames = func() map[pb.PrimitiveType]string {
	m := map[pb.PrimitiveType]string{}
	for _, p := range primitive {
		m[p.t] = p.name
	}
	return m
}()

// arrayShape returns the shape of a static tensor type with the row-major
// layout (minor_to_major = rank-1, ..., 0).
func arrayShape(t *ir.TensorType) (*pb.ShapeProto, error) {
	p, ok := primitive[t.Elem]
	if !ok {
		return nil, fmt.Errorf("element type %s has no XLA primitive type", t.Elem)
	}
	if !t.IsStatic() {
		return nil, fmt.Errorf("type %s has a dynamic dimension (bind it with --dim)", t)
	}
	s := &pb.ShapeProto{ElementType: p.t, Dimensions: append([]int64{}, t.Shape...), Layout: &pb.LayoutProto{}}
	for i := len(t.Shape) - 1; i >= 0; i-- {
		s.Layout.MinorToMajor = append(s.Layout.MinorToMajor, int64(i))
	}
	if s.Layout.MinorToMajor == nil {
		s.Layout.MinorToMajor = []int64{}
	}
	return s, nil
}

// shapeOf returns the HLO shape of an IR type: tensors are arrays, tuples
// tuples, !stablehlo.token the token shape.
func shapeOf(t ir.Type) (*pb.ShapeProto, error) {
	switch t := t.(type) {
	case *ir.TensorType:
		return arrayShape(t)
	case *ir.TupleType:
		s := &pb.ShapeProto{ElementType: pb.PrimitiveType_TUPLE}
		for _, e := range t.Elems {
			es, err := shapeOf(e)
			if err != nil {
				return nil, err
			}
			s.TupleShapes = append(s.TupleShapes, es)
		}
		return s, nil
	}
	if t.String() == "!stablehlo.token" {
		return &pb.ShapeProto{ElementType: pb.PrimitiveType_TOKEN}, nil
	}
	return nil, fmt.Errorf("type %s has no XLA shape", t)
}

// tupleShape returns the tuple of shapes.
func tupleShape(elems []*pb.ShapeProto) *pb.ShapeProto {
	return &pb.ShapeProto{ElementType: pb.PrimitiveType_TUPLE, TupleShapes: elems}
}
