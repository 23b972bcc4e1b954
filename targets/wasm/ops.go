package wasm

// Op is a Wasm instruction opcode (one of the constants below).
type Op uint16

// immKind is the kind of an instruction's immediates.
type immKind uint8

const (
	immNone    immKind = iota
	immBlock           // block type: Instr.A is a ValType or 0x40 (empty)
	immLabel           // Instr.A: relative label depth
	immLocal           // Instr.A: local index
	immGlobal          // Instr.A: global index
	immFunc            // Instr.A: function index
	immI32             // Instr.A
	immI64             // Instr.A
	immF32             // Instr.F
	immF64             // Instr.F
	immMem             // memarg: Instr.A alignment (log2), Instr.B offset
	immV128            // Instr.V
	immLane            // Instr.A: lane index
	immMemCopy         // two zero bytes (memory indices)
	immMemFill         // one zero byte
)

type opInfo struct {
	name   string
	prefix byte   // 0, 0xFC or 0xFD
	code   uint32 // the opcode, or the LEB128 sub-opcode after prefix
	imm    immKind
}

// The opcodes the renderer uses (WebAssembly 2.0 core and SIMD128).
const (
	OpUnreachable Op = iota
	OpNop
	OpBlock
	OpLoop
	OpIf
	OpElse
	OpEnd
	OpBr
	OpBrIf
	OpReturn
	OpCall
	OpDrop
	OpSelect
	OpLocalGet
	OpLocalSet
	OpLocalTee
	OpGlobalGet
	OpI32Load
	OpI64Load
	OpF32Load
	OpF64Load
	OpI32Load8S
	OpI32Load8U
	OpI32Load16S
	OpI32Load16U
	OpI32Store
	OpI64Store
	OpF32Store
	OpF64Store
	OpI32Store8
	OpI32Store16
	OpI32Const
	OpI64Const
	OpF32Const
	OpF64Const
	OpI32Eqz
	OpI32Eq
	OpI32Ne
	OpI32LtS
	OpI32LtU
	OpI32GtS
	OpI32GtU
	OpI32LeS
	OpI32LeU
	OpI32GeS
	OpI32GeU
	OpI64Eqz
	OpI64Eq
	OpI64Ne
	OpI64LtS
	OpI64LtU
	OpI64GtS
	OpI64GtU
	OpI64LeS
	OpI64LeU
	OpI64GeS
	OpI64GeU
	OpF32Eq
	OpF32Ne
	OpF32Lt
	OpF32Gt
	OpF32Le
	OpF32Ge
	OpF64Eq
	OpF64Ne
	OpF64Lt
	OpF64Gt
	OpF64Le
	OpF64Ge
	OpI32Clz
	OpI32Ctz
	OpI32Popcnt
	OpI32Add
	OpI32Sub
	OpI32Mul
	OpI32DivS
	OpI32DivU
	OpI32RemS
	OpI32RemU
	OpI32And
	OpI32Or
	OpI32Xor
	OpI32Shl
	OpI32ShrS
	OpI32ShrU
	OpI64Clz
	OpI64Ctz
	OpI64Popcnt
	OpI64Add
	OpI64Sub
	OpI64Mul
	OpI64DivS
	OpI64DivU
	OpI64RemS
	OpI64RemU
	OpI64And
	OpI64Or
	OpI64Xor
	OpI64Shl
	OpI64ShrS
	OpI64ShrU
	OpF32Abs
	OpF32Neg
	OpF32Ceil
	OpF32Floor
	OpF32Trunc
	OpF32Nearest
	OpF32Sqrt
	OpF32Add
	OpF32Sub
	OpF32Mul
	OpF32Div
	OpF32Min
	OpF32Max
	OpF32Copysign
	OpF64Abs
	OpF64Neg
	OpF64Ceil
	OpF64Floor
	OpF64Trunc
	OpF64Nearest
	OpF64Sqrt
	OpF64Add
	OpF64Sub
	OpF64Mul
	OpF64Div
	OpF64Min
	OpF64Max
	OpF64Copysign
	OpI32WrapI64
	OpI64ExtendI32S
	OpI64ExtendI32U
	OpF32ConvertI32S
	OpF32ConvertI32U
	OpF32ConvertI64S
	OpF32ConvertI64U
	OpF32DemoteF64
	OpF64ConvertI32S
	OpF64ConvertI32U
	OpF64ConvertI64S
	OpF64ConvertI64U
	OpF64PromoteF32
	OpI32ReinterpretF32
	OpI64ReinterpretF64
	OpF32ReinterpretI32
	OpF64ReinterpretI64
	OpI32Extend8S
	OpI32Extend16S
	OpI64Extend32S
	OpI32TruncSatF32S
	OpI32TruncSatF32U
	OpI32TruncSatF64S
	OpI32TruncSatF64U
	OpI64TruncSatF32S
	OpI64TruncSatF32U
	OpI64TruncSatF64S
	OpI64TruncSatF64U
	OpMemoryCopy
	OpMemoryFill
	OpV128Load
	OpV128Store
	OpV128Const
	OpI32x4Splat
	OpF32x4Splat
	OpF32x4ExtractLane
	OpF32x4ReplaceLane
	OpV128Load32Splat
	OpF32x4Eq
	OpF32x4Ne
	OpF32x4Lt
	OpF32x4Gt
	OpF32x4Le
	OpF32x4Ge
	OpV128Not
	OpV128And
	OpV128Or
	OpV128Xor
	OpV128Bitselect
	OpF32x4Abs
	OpF32x4Neg
	OpF32x4Sqrt
	OpF32x4Add
	OpF32x4Sub
	OpF32x4Mul
	OpF32x4Div
	OpF32x4Min
	OpF32x4Max
	numOps
)

var opTable = [numOps]opInfo{
	OpUnreachable:       {"unreachable", 0, 0x00, immNone},
	OpNop:               {"nop", 0, 0x01, immNone},
	OpBlock:             {"block", 0, 0x02, immBlock},
	OpLoop:              {"loop", 0, 0x03, immBlock},
	OpIf:                {"if", 0, 0x04, immBlock},
	OpElse:              {"else", 0, 0x05, immNone},
	OpEnd:               {"end", 0, 0x0B, immNone},
	OpBr:                {"br", 0, 0x0C, immLabel},
	OpBrIf:              {"br_if", 0, 0x0D, immLabel},
	OpReturn:            {"return", 0, 0x0F, immNone},
	OpCall:              {"call", 0, 0x10, immFunc},
	OpDrop:              {"drop", 0, 0x1A, immNone},
	OpSelect:            {"select", 0, 0x1B, immNone},
	OpLocalGet:          {"local.get", 0, 0x20, immLocal},
	OpLocalSet:          {"local.set", 0, 0x21, immLocal},
	OpLocalTee:          {"local.tee", 0, 0x22, immLocal},
	OpGlobalGet:         {"global.get", 0, 0x23, immGlobal},
	OpI32Load:           {"i32.load", 0, 0x28, immMem},
	OpI64Load:           {"i64.load", 0, 0x29, immMem},
	OpF32Load:           {"f32.load", 0, 0x2A, immMem},
	OpF64Load:           {"f64.load", 0, 0x2B, immMem},
	OpI32Load8S:         {"i32.load8_s", 0, 0x2C, immMem},
	OpI32Load8U:         {"i32.load8_u", 0, 0x2D, immMem},
	OpI32Load16S:        {"i32.load16_s", 0, 0x2E, immMem},
	OpI32Load16U:        {"i32.load16_u", 0, 0x2F, immMem},
	OpI32Store:          {"i32.store", 0, 0x36, immMem},
	OpI64Store:          {"i64.store", 0, 0x37, immMem},
	OpF32Store:          {"f32.store", 0, 0x38, immMem},
	OpF64Store:          {"f64.store", 0, 0x39, immMem},
	OpI32Store8:         {"i32.store8", 0, 0x3A, immMem},
	OpI32Store16:        {"i32.store16", 0, 0x3B, immMem},
	OpI32Const:          {"i32.const", 0, 0x41, immI32},
	OpI64Const:          {"i64.const", 0, 0x42, immI64},
	OpF32Const:          {"f32.const", 0, 0x43, immF32},
	OpF64Const:          {"f64.const", 0, 0x44, immF64},
	OpI32Eqz:            {"i32.eqz", 0, 0x45, immNone},
	OpI32Eq:             {"i32.eq", 0, 0x46, immNone},
	OpI32Ne:             {"i32.ne", 0, 0x47, immNone},
	OpI32LtS:            {"i32.lt_s", 0, 0x48, immNone},
	OpI32LtU:            {"i32.lt_u", 0, 0x49, immNone},
	OpI32GtS:            {"i32.gt_s", 0, 0x4A, immNone},
	OpI32GtU:            {"i32.gt_u", 0, 0x4B, immNone},
	OpI32LeS:            {"i32.le_s", 0, 0x4C, immNone},
	OpI32LeU:            {"i32.le_u", 0, 0x4D, immNone},
	OpI32GeS:            {"i32.ge_s", 0, 0x4E, immNone},
	OpI32GeU:            {"i32.ge_u", 0, 0x4F, immNone},
	OpI64Eqz:            {"i64.eqz", 0, 0x50, immNone},
	OpI64Eq:             {"i64.eq", 0, 0x51, immNone},
	OpI64Ne:             {"i64.ne", 0, 0x52, immNone},
	OpI64LtS:            {"i64.lt_s", 0, 0x53, immNone},
	OpI64LtU:            {"i64.lt_u", 0, 0x54, immNone},
	OpI64GtS:            {"i64.gt_s", 0, 0x55, immNone},
	OpI64GtU:            {"i64.gt_u", 0, 0x56, immNone},
	OpI64LeS:            {"i64.le_s", 0, 0x57, immNone},
	OpI64LeU:            {"i64.le_u", 0, 0x58, immNone},
	OpI64GeS:            {"i64.ge_s", 0, 0x59, immNone},
	OpI64GeU:            {"i64.ge_u", 0, 0x5A, immNone},
	OpF32Eq:             {"f32.eq", 0, 0x5B, immNone},
	OpF32Ne:             {"f32.ne", 0, 0x5C, immNone},
	OpF32Lt:             {"f32.lt", 0, 0x5D, immNone},
	OpF32Gt:             {"f32.gt", 0, 0x5E, immNone},
	OpF32Le:             {"f32.le", 0, 0x5F, immNone},
	OpF32Ge:             {"f32.ge", 0, 0x60, immNone},
	OpF64Eq:             {"f64.eq", 0, 0x61, immNone},
	OpF64Ne:             {"f64.ne", 0, 0x62, immNone},
	OpF64Lt:             {"f64.lt", 0, 0x63, immNone},
	OpF64Gt:             {"f64.gt", 0, 0x64, immNone},
	OpF64Le:             {"f64.le", 0, 0x65, immNone},
	OpF64Ge:             {"f64.ge", 0, 0x66, immNone},
	OpI32Clz:            {"i32.clz", 0, 0x67, immNone},
	OpI32Ctz:            {"i32.ctz", 0, 0x68, immNone},
	OpI32Popcnt:         {"i32.popcnt", 0, 0x69, immNone},
	OpI32Add:            {"i32.add", 0, 0x6A, immNone},
	OpI32Sub:            {"i32.sub", 0, 0x6B, immNone},
	OpI32Mul:            {"i32.mul", 0, 0x6C, immNone},
	OpI32DivS:           {"i32.div_s", 0, 0x6D, immNone},
	OpI32DivU:           {"i32.div_u", 0, 0x6E, immNone},
	OpI32RemS:           {"i32.rem_s", 0, 0x6F, immNone},
	OpI32RemU:           {"i32.rem_u", 0, 0x70, immNone},
	OpI32And:            {"i32.and", 0, 0x71, immNone},
	OpI32Or:             {"i32.or", 0, 0x72, immNone},
	OpI32Xor:            {"i32.xor", 0, 0x73, immNone},
	OpI32Shl:            {"i32.shl", 0, 0x74, immNone},
	OpI32ShrS:           {"i32.shr_s", 0, 0x75, immNone},
	OpI32ShrU:           {"i32.shr_u", 0, 0x76, immNone},
	OpI64Clz:            {"i64.clz", 0, 0x79, immNone},
	OpI64Ctz:            {"i64.ctz", 0, 0x7A, immNone},
	OpI64Popcnt:         {"i64.popcnt", 0, 0x7B, immNone},
	OpI64Add:            {"i64.add", 0, 0x7C, immNone},
	OpI64Sub:            {"i64.sub", 0, 0x7D, immNone},
	OpI64Mul:            {"i64.mul", 0, 0x7E, immNone},
	OpI64DivS:           {"i64.div_s", 0, 0x7F, immNone},
	OpI64DivU:           {"i64.div_u", 0, 0x80, immNone},
	OpI64RemS:           {"i64.rem_s", 0, 0x81, immNone},
	OpI64RemU:           {"i64.rem_u", 0, 0x82, immNone},
	OpI64And:            {"i64.and", 0, 0x83, immNone},
	OpI64Or:             {"i64.or", 0, 0x84, immNone},
	OpI64Xor:            {"i64.xor", 0, 0x85, immNone},
	OpI64Shl:            {"i64.shl", 0, 0x86, immNone},
	OpI64ShrS:           {"i64.shr_s", 0, 0x87, immNone},
	OpI64ShrU:           {"i64.shr_u", 0, 0x88, immNone},
	OpF32Abs:            {"f32.abs", 0, 0x8B, immNone},
	OpF32Neg:            {"f32.neg", 0, 0x8C, immNone},
	OpF32Ceil:           {"f32.ceil", 0, 0x8D, immNone},
	OpF32Floor:          {"f32.floor", 0, 0x8E, immNone},
	OpF32Trunc:          {"f32.trunc", 0, 0x8F, immNone},
	OpF32Nearest:        {"f32.nearest", 0, 0x90, immNone},
	OpF32Sqrt:           {"f32.sqrt", 0, 0x91, immNone},
	OpF32Add:            {"f32.add", 0, 0x92, immNone},
	OpF32Sub:            {"f32.sub", 0, 0x93, immNone},
	OpF32Mul:            {"f32.mul", 0, 0x94, immNone},
	OpF32Div:            {"f32.div", 0, 0x95, immNone},
	OpF32Min:            {"f32.min", 0, 0x96, immNone},
	OpF32Max:            {"f32.max", 0, 0x97, immNone},
	OpF32Copysign:       {"f32.copysign", 0, 0x98, immNone},
	OpF64Abs:            {"f64.abs", 0, 0x99, immNone},
	OpF64Neg:            {"f64.neg", 0, 0x9A, immNone},
	OpF64Ceil:           {"f64.ceil", 0, 0x9B, immNone},
	OpF64Floor:          {"f64.floor", 0, 0x9C, immNone},
	OpF64Trunc:          {"f64.trunc", 0, 0x9D, immNone},
	OpF64Nearest:        {"f64.nearest", 0, 0x9E, immNone},
	OpF64Sqrt:           {"f64.sqrt", 0, 0x9F, immNone},
	OpF64Add:            {"f64.add", 0, 0xA0, immNone},
	OpF64Sub:            {"f64.sub", 0, 0xA1, immNone},
	OpF64Mul:            {"f64.mul", 0, 0xA2, immNone},
	OpF64Div:            {"f64.div", 0, 0xA3, immNone},
	OpF64Min:            {"f64.min", 0, 0xA4, immNone},
	OpF64Max:            {"f64.max", 0, 0xA5, immNone},
	OpF64Copysign:       {"f64.copysign", 0, 0xA6, immNone},
	OpI32WrapI64:        {"i32.wrap_i64", 0, 0xA7, immNone},
	OpI64ExtendI32S:     {"i64.extend_i32_s", 0, 0xAC, immNone},
	OpI64ExtendI32U:     {"i64.extend_i32_u", 0, 0xAD, immNone},
	OpF32ConvertI32S:    {"f32.convert_i32_s", 0, 0xB2, immNone},
	OpF32ConvertI32U:    {"f32.convert_i32_u", 0, 0xB3, immNone},
	OpF32ConvertI64S:    {"f32.convert_i64_s", 0, 0xB4, immNone},
	OpF32ConvertI64U:    {"f32.convert_i64_u", 0, 0xB5, immNone},
	OpF32DemoteF64:      {"f32.demote_f64", 0, 0xB6, immNone},
	OpF64ConvertI32S:    {"f64.convert_i32_s", 0, 0xB7, immNone},
	OpF64ConvertI32U:    {"f64.convert_i32_u", 0, 0xB8, immNone},
	OpF64ConvertI64S:    {"f64.convert_i64_s", 0, 0xB9, immNone},
	OpF64ConvertI64U:    {"f64.convert_i64_u", 0, 0xBA, immNone},
	OpF64PromoteF32:     {"f64.promote_f32", 0, 0xBB, immNone},
	OpI32ReinterpretF32: {"i32.reinterpret_f32", 0, 0xBC, immNone},
	OpI64ReinterpretF64: {"i64.reinterpret_f64", 0, 0xBD, immNone},
	OpF32ReinterpretI32: {"f32.reinterpret_i32", 0, 0xBE, immNone},
	OpF64ReinterpretI64: {"f64.reinterpret_i64", 0, 0xBF, immNone},
	OpI32Extend8S:       {"i32.extend8_s", 0, 0xC0, immNone},
	OpI32Extend16S:      {"i32.extend16_s", 0, 0xC1, immNone},
	OpI64Extend32S:      {"i64.extend32_s", 0, 0xC4, immNone},
	OpI32TruncSatF32S:   {"i32.trunc_sat_f32_s", 0xFC, 0, immNone},
	OpI32TruncSatF32U:   {"i32.trunc_sat_f32_u", 0xFC, 1, immNone},
	OpI32TruncSatF64S:   {"i32.trunc_sat_f64_s", 0xFC, 2, immNone},
	OpI32TruncSatF64U:   {"i32.trunc_sat_f64_u", 0xFC, 3, immNone},
	OpI64TruncSatF32S:   {"i64.trunc_sat_f32_s", 0xFC, 4, immNone},
	OpI64TruncSatF32U:   {"i64.trunc_sat_f32_u", 0xFC, 5, immNone},
	OpI64TruncSatF64S:   {"i64.trunc_sat_f64_s", 0xFC, 6, immNone},
	OpI64TruncSatF64U:   {"i64.trunc_sat_f64_u", 0xFC, 7, immNone},
	OpMemoryCopy:        {"memory.copy", 0xFC, 10, immMemCopy},
	OpMemoryFill:        {"memory.fill", 0xFC, 11, immMemFill},
	OpV128Load:          {"v128.load", 0xFD, 0x00, immMem},
	OpV128Store:         {"v128.store", 0xFD, 0x0B, immMem},
	OpV128Const:         {"v128.const", 0xFD, 0x0C, immV128},
	OpI32x4Splat:        {"i32x4.splat", 0xFD, 0x11, immNone},
	OpF32x4Splat:        {"f32x4.splat", 0xFD, 0x13, immNone},
	OpF32x4ExtractLane:  {"f32x4.extract_lane", 0xFD, 0x1F, immLane},
	OpF32x4ReplaceLane:  {"f32x4.replace_lane", 0xFD, 0x20, immLane},
	OpV128Load32Splat:   {"v128.load32_splat", 0xFD, 0x09, immMem},
	OpF32x4Eq:           {"f32x4.eq", 0xFD, 0x41, immNone},
	OpF32x4Ne:           {"f32x4.ne", 0xFD, 0x42, immNone},
	OpF32x4Lt:           {"f32x4.lt", 0xFD, 0x43, immNone},
	OpF32x4Gt:           {"f32x4.gt", 0xFD, 0x44, immNone},
	OpF32x4Le:           {"f32x4.le", 0xFD, 0x45, immNone},
	OpF32x4Ge:           {"f32x4.ge", 0xFD, 0x46, immNone},
	OpV128Not:           {"v128.not", 0xFD, 0x4D, immNone},
	OpV128And:           {"v128.and", 0xFD, 0x4E, immNone},
	OpV128Or:            {"v128.or", 0xFD, 0x50, immNone},
	OpV128Xor:           {"v128.xor", 0xFD, 0x51, immNone},
	OpV128Bitselect:     {"v128.bitselect", 0xFD, 0x52, immNone},
	OpF32x4Abs:          {"f32x4.abs", 0xFD, 0xE0, immNone},
	OpF32x4Neg:          {"f32x4.neg", 0xFD, 0xE1, immNone},
	OpF32x4Sqrt:         {"f32x4.sqrt", 0xFD, 0xE3, immNone},
	OpF32x4Add:          {"f32x4.add", 0xFD, 0xE4, immNone},
	OpF32x4Sub:          {"f32x4.sub", 0xFD, 0xE5, immNone},
	OpF32x4Mul:          {"f32x4.mul", 0xFD, 0xE6, immNone},
	OpF32x4Div:          {"f32x4.div", 0xFD, 0xE7, immNone},
	OpF32x4Min:          {"f32x4.min", 0xFD, 0xE8, immNone},
	OpF32x4Max:          {"f32x4.max", 0xFD, 0xE9, immNone},
}

// String returns the instruction's WAT name.
func (o Op) String() string {
	if o < numOps {
		return opTable[o].name
	}
	return "<bad op>"
}
