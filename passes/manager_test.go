package passes

import (
	"bytes"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

const twoAdds = `func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a : tensor<4xf32>
  %1 = stablehlo.add %a, %a : tensor<4xf32>
  %2 = stablehlo.add %0, %1 : tensor<4xf32>
  func.return %2 : tensor<4xf32>
}
`

func parse(t *testing.T, src string) *ir.Module {
	t.Helper()
	m, err := asm.Parse("test.mlir", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestParsePipeline(t *testing.T) {
	p, err := ParsePipeline(" inline{public=true}, canonicalize ,cse,dce")
	if err != nil {
		t.Fatal(err)
	}
	if got := p.String(); got != "inline,canonicalize,cse,dce" {
		t.Errorf("got %q", got)
	}
	if !p[0].(*inlinePass).public {
		t.Error("inline option public=true not applied")
	}
	p, err = ParsePipeline("builtin.module(cse,dce)")
	if err != nil || p.String() != "cse,dce" {
		t.Errorf("builtin.module wrapper: %v %v", p, err)
	}
	if p, err := ParsePipeline(""); err != nil || len(p) != 0 {
		t.Errorf("empty pipeline: %v %v", p, err)
	}
	for text, want := range map[string]string{
		"cse,foo":                        "'foo' does not refer to a registered pass; known passes: ",
		"cse,,dce":                       "empty pass name",
		"inline{bogus=1}":                "pass 'inline' has no option 'bogus'; its options: max-ops, public",
		"inline{public=maybe}":           `option public="maybe" is not a boolean`,
		"constant-fold{max-elements=-3}": `option max-elements="-3" is not an integer >= 0`,
		"cse{":                           "missing '}'",
		"builtin.module(cse":             "missing ')'",
	} {
		_, err := ParsePipeline(text)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("ParsePipeline(%q) = %v, want error containing %q", text, err, want)
		}
	}
	if err := CheckPassNames([]string{"cse", "nope"}); err == nil || !strings.Contains(err.Error(), "'nope'") {
		t.Errorf("CheckPassNames: %v", err)
	}
}

func TestDumpsAsMlirOpt(t *testing.T) {
	m := parse(t, twoAdds)
	pm := NewManager(mustPipeline(t, "cse,canonicalize"))
	var out bytes.Buffer
	pm.Out = &out
	pm.PrintIRBefore = []string{"cse"}
	pm.PrintIRAfterAll = true
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	// The layout mlir-opt-19 writes: header, module, two empty lines.
	headers := regexp.MustCompile(`(?m)^// -----// IR Dump .*$`).FindAllString(s, -1)
	want := []string{
		"// -----// IR Dump Before CSE (cse) //----- //",
		"// -----// IR Dump After CSE (cse) //----- //",
		"// -----// IR Dump After Canonicalizer (canonicalize) //----- //",
	}
	if strings.Join(headers, "\n") != strings.Join(want, "\n") {
		t.Errorf("headers:\n%s\nwant:\n%s", strings.Join(headers, "\n"), strings.Join(want, "\n"))
	}
	if !strings.HasPrefix(s, want[0]+"\nmodule {\n") || !strings.HasSuffix(s, "}\n\n\n") {
		t.Errorf("dump layout:\n%q", s)
	}
	before := s[:strings.Index(s, want[1])]
	if strings.Count(before, "stablehlo.add") != 3 || !strings.HasSuffix(before, "}\n\n\n") {
		t.Errorf("before-dump should show the input with 3 adds:\n%s", before)
	}
	if strings.Count(s[strings.Index(s, want[1]):], "stablehlo.add") != 4 {
		t.Errorf("after-dumps should show 2 adds each:\n%s", s)
	}
}

func TestPrintIRAfterSelected(t *testing.T) {
	m := parse(t, twoAdds)
	pm := NewManager(mustPipeline(t, "cse,dce"))
	var out bytes.Buffer
	pm.Out = &out
	pm.PrintIRAfter = []string{"dce"}
	pm.Print = func(*ir.Module) string { return "MODULE\n" }
	if err := pm.Run(m); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); got != "// -----// IR Dump After DCE (dce) //----- //\nMODULE\n\n\n" {
		t.Errorf("got %q", got)
	}
}

// badPass leaves an op whose result type is wrong.
type badPass struct{}

func (badPass) Name() string     { return "Bad" }
func (badPass) Argument() string { return "bad" }
func (badPass) Summary() string  { return "breaks the IR" }
func (badPass) Run(m *ir.Module) error {
	m.Funcs[0].Body.Blocks[0].Ops[0].Results[0].Type = ir.TensorOf(ir.I32, 4)
	return nil
}

type failPass struct{ badPass }

func (failPass) Argument() string       { return "fail" }
func (failPass) Run(m *ir.Module) error { return errors.New("boom") }

type panicPass struct{ badPass }

func (panicPass) Argument() string       { return "panic" }
func (panicPass) Run(m *ir.Module) error { panic("oops") }

func TestVerifyEach(t *testing.T) {
	pm := NewManager(Pipeline{badPass{}})
	err := pm.Run(parse(t, twoAdds))
	if err == nil || !strings.HasPrefix(err.Error(), "verification failed after pass 'bad': ") {
		t.Errorf("got %v", err)
	}
	pm.VerifyEach = false
	if err := pm.Run(parse(t, twoAdds)); err != nil {
		t.Errorf("with VerifyEach off: %v", err)
	}
	if err := NewManager(Pipeline{failPass{}}).Run(parse(t, twoAdds)); err == nil || err.Error() != "pass 'fail' failed: boom" {
		t.Errorf("failing pass: %v", err)
	}
	if err := NewManager(Pipeline{panicPass{}}).Run(parse(t, twoAdds)); err == nil || !strings.Contains(err.Error(), "internal error: oops") {
		t.Errorf("panicking pass: %v", err)
	}
}

func TestTimingReport(t *testing.T) {
	timing := &Timing{}
	timing.Add("Parser", 0, 4*time.Millisecond)
	pm := NewManager(mustPipeline(t, "cse,dce"))
	pm.Timing = timing
	if err := pm.Run(parse(t, twoAdds)); err != nil {
		t.Fatal(err)
	}
	timing.Add("Output", 0, time.Millisecond)
	if len(timing.Entries) != 4 || timing.Entries[1].Name != "CSE" || timing.Entries[2].Name != "DCE" {
		t.Fatalf("entries %+v", timing.Entries)
	}
	timing.Entries[1].Wall, timing.Entries[2].Wall = 2*time.Millisecond, 0
	var out bytes.Buffer
	if err := timing.WriteReport(&out, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	want := `===-------------------------------------------------------------------------===
                         ... Execution time report ...
===-------------------------------------------------------------------------===
  Total Execution Time: 0.0100 seconds

  ----Wall Time----  ----Name----
    0.0040 ( 40.0%)  Parser
    0.0020 ( 20.0%)  CSE
    0.0000 (  0.0%)  DCE
    0.0010 ( 10.0%)  Output
    0.0030 ( 30.0%)  Rest
    0.0100 (100.0%)  Total
`
	if out.String() != want {
		t.Errorf("got:\n%s\nwant:\n%s", out.String(), want)
	}
}

func TestDefaultPipelines(t *testing.T) {
	for level, want := range []string{"", "chlo-legalize-to-stablehlo,canonicalize,cse,dce", "chlo-legalize-to-stablehlo,inline,canonicalize,constant-fold,cse,normalize-layouts,canonicalize,fusion,dce,buffer-assignment", "chlo-legalize-to-stablehlo,inline,canonicalize,constant-fold,cse,normalize-layouts,canonicalize,fusion,dce,buffer-assignment"} {
		p, err := DefaultPipeline(level)
		if err != nil || p.String() != want {
			t.Errorf("-O%d: %q %v, want %q", level, p.String(), err, want)
		}
	}
	if _, err := DefaultPipeline(-1); err == nil {
		t.Error("-O-1 accepted")
	}
}

func TestEveryPassRegisteredWithLitFile(t *testing.T) {
	for _, info := range Registered() {
		p, err := New(info.Argument)
		if err != nil {
			t.Fatal(err)
		}
		if p.Argument() != info.Argument || p.Name() != info.Name || p.Summary() != info.Summary {
			t.Errorf("%s: pass reports %q %q %q, registry %q %q %q", info.Argument, p.Argument(), p.Name(), p.Summary(), info.Argument, info.Name, info.Summary)
		}
		if _, err := readLit(info.Argument); err != nil {
			t.Errorf("%s has no lit file: %v", info.Argument, err)
		}
	}
}
