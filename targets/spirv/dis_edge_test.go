package spirv

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// disEdges is SPIR-V assembly exercising what the renderer never emits:
// names that collide, need sanitising or are empty, strings with quotes
// and backslashes, signed and 8/16/64-bit integer constants, f16, f64,
// denormal, infinite and NaN constants, floats whose %.9g switches to an
// exponent, masks with several bits and with parameters (Aligned 4,
// DependencyLength 4), OpSwitch on 32- and 64-bit selectors, OpPhi pairs,
// OpSpecConstantOp, a non-semantic extended instruction, an optional
// operand list (OpBranchConditional weights) and forward references.
const disEdges = `
OpCapability Shader
OpCapability Float16
OpCapability Float64
OpCapability Int64
OpCapability Int16
OpCapability Int8
OpCapability Linkage
OpCapability Kernel
%1 = OpExtInstImport "GLSL.std.450"
%2 = OpExtInstImport "NonSemantic.Foo"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "ma\"in\\x" %gid %nwg
OpExecutionMode %main LocalSize 64 2 1
OpSource GLSL 450 %str "source text"
OpSourceExtension "GL_foo"
%str = OpString "file.comp"
OpName %main "main"
OpName %dup "uint"
OpName %weird "a-b.c d"
OpName %empty ""
OpName %num "42"
OpName %utf "é"
OpMemberName %st 0 "m0"
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %nwg BuiltIn NumWorkgroups
OpDecorate %st Block
OpMemberDecorate %st 0 Offset 0
OpDecorate %sp SpecId 3
OpDecorate %fn LinkageAttributes "ext_fn" Import
%void = OpTypeVoid
%bool = OpTypeBool
%u32 = OpTypeInt 32 0
%i32 = OpTypeInt 32 1
%i64 = OpTypeInt 64 1
%u64 = OpTypeInt 64 0
%i16 = OpTypeInt 16 1
%i8 = OpTypeInt 8 1
%u16 = OpTypeInt 16 0
%f16 = OpTypeFloat 16
%f32 = OpTypeFloat 32
%f64 = OpTypeFloat 64
%dup = OpTypeInt 32 0
%v3u32 = OpTypeVector %u32 3
%v4f32 = OpTypeVector %f32 4
%m4 = OpTypeMatrix %v4f32 4
%st = OpTypeStruct %f32
%c4 = OpConstant %u32 4
%arr = OpTypeArray %f32 %c4
%arr2 = OpTypeArray %f32 %c4
%pin = OpTypePointer Input %v3u32
%pfn = OpTypePointer Function %f32
%pfi = OpTypePointer Function %i32
%pwg = OpTypePointer Workgroup %arr
%gid = OpVariable %pin Input
%nwg = OpVariable %pin Input
%weird = OpTypeFunction %void
%empty = OpTypeFunction %f32 %f32
%num = OpConstant %i32 -7
%utf = OpConstant %i32 2147483647
%ci64 = OpConstant %i64 -9000000000
%cu64 = OpConstant %u64 18446744073709551615
%ci16 = OpConstant %i16 -3
%cu16 = OpConstant %u16 65535
%ci8 = OpConstant %i8 -128
%h1 = OpConstant %f16 1.5
%h2 = OpConstant %f16 -0.000000059604645
%h3 = OpConstant %f16 0x1.ffcp+15
%h4 = OpConstant %f16 0
%h5 = OpConstant %f16 -0x1p+16
%f1 = OpConstant %f32 0.1
%f2 = OpConstant %f32 -0
%f3 = OpConstant %f32 1e-40
%f4 = OpConstant %f32 0x1p+128
%f5 = OpConstant %f32 -0x1.8p+128
%f6 = OpConstant %f32 16777216
%f7 = OpConstant %f32 123456789
%f8 = OpConstant %f32 1e+20
%f9 = OpConstant %f32 0.0001
%f10 = OpConstant %f32 0.00001
%f11 = OpConstant %f32 3.4028234663852886e+38
%f12 = OpConstant %f32 1.17549435e-38
%d1 = OpConstant %f64 0.1
%d2 = OpConstant %f64 -1e+300
%d3 = OpConstant %f64 5e-324
%d4 = OpConstant %f64 0x1p+1024
%d5 = OpConstant %f64 1
%t = OpConstantTrue %bool
%fa = OpConstantFalse %bool
%sp = OpSpecConstant %u32 7
%sop = OpSpecConstantOp %u32 IAdd %sp %c4
%cc = OpConstantComposite %v4f32 %f1 %f1 %f1 %f1
%null = OpConstantNull %f32
%cuint = OpConstant %dup 5
%fn = OpFunction %f32 Pure|Const %empty
%fp = OpFunctionParameter %f32
OpFunctionEnd
%main = OpFunction %void Inline|DontInline %weird
%entry = OpLabel
%var = OpVariable %pfn Function
%vi = OpVariable %pfi Function %num
%x = OpLoad %f32 %var Aligned|Volatile 4
OpStore %var %x Volatile|Nontemporal
%y = OpExtInst %f32 %1 FMix %x %x %x
%z = OpExtInst %void %2 17 %x %y
%c = OpFunctionCall %f32 %fn %x
%l = OpLoad %i32 %vi
OpSelectionMerge %m None
OpSwitch %l %m -5 %a 2147483647 %b
%a = OpLabel
OpBranch %m
%b = OpLabel
OpLoopMerge %m %b Unroll|DependencyLength 4
OpBranchConditional %t %m %b 10 20
%m = OpLabel
%s64 = OpSConvert %i64 %l
OpSelectionMerge %m2 Flatten
OpSwitch %s64 %m2 -9000000000 %m2
%m2 = OpLabel
%ph = OpPhi %f32 %x %m %y %entry
OpControlBarrier %c4 %c4 %c4
OpReturn
OpFunctionEnd
`

// assemble runs spirv-as on src (SPIR-V 1.5) and returns the binary.
func assemble(t *testing.T, src string) []byte {
	t.Helper()
	as := needTool(t, "spirv-as", "spirv-tools")
	dir := t.TempDir()
	in, out := filepath.Join(dir, "m.spvasm"), filepath.Join(dir, "m.spv")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if msg, err := exec.Command(as, "--target-env", "spv1.5", in, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("spirv-as: %v\n%s", err, msg)
	}
	bin, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// TestDisassembleEdges checks disEdges with several generator words
// against spirv-dis byte for byte, and its big-endian form against the
// little-endian text.
func TestDisassembleEdges(t *testing.T) {
	tool := needTool(t, "spirv-dis", "spirv-tools")
	bin := assemble(t, disEdges)
	sameAsSpirvDis(t, tool, "edges", bin)
	swapped := make([]byte, len(bin))
	for i := 0; i < len(bin); i += 4 {
		binary.BigEndian.PutUint32(swapped[i:], binary.LittleEndian.Uint32(bin[i:]))
	}
	// spirv-dis 2023.1 reads the strings of a big-endian module in the
	// file's byte order (and so rejects "GLSL.std.450"); the spec stores
	// a string's first byte in the low-order byte of each word in either
	// order, so the big-endian module must print as the little-endian one.
	le, err := Disassemble(bin)
	if err != nil {
		t.Fatal(err)
	}
	if be, err := Disassemble(swapped); err != nil || string(be) != string(le) {
		t.Errorf("big-endian module: %v, %s", err, firstDiff(be, le))
	}
	for _, gen := range []uint32{0, 2<<16 | 5, 8 << 16, 500<<16 | 3, 0xffff0000} {
		g := append([]byte(nil), bin...)
		binary.LittleEndian.PutUint32(g[8:], gen)
		sameAsSpirvDis(t, tool, "edges (generator "+strconv.Itoa(int(gen>>16))+")", g)
	}
}
