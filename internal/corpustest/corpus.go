// Package corpustest is what the compiled targets' tests share to run the
// op-test corpus (testdata/ops/*.mlir, DESIGN.md "How we know a target is
// right"): finding and splitting its files, turning check.* ops into extra
// results, running the reference interpreter for the expected values, and
// comparing tensors within a stated tolerance.
//
// It is a normal package so that tests in several packages can import it,
// but only tests do. It depends on the IR core and the passes alone (ir,
// ir/asm, ir/interp, passes), so that the tests of targets/kernel,
// targets/gpu and runtime/vulkan can use it without an import cycle.
package corpustest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/passes"
)

// Dir returns the op corpus folder: testdata/ops in the working directory
// (a test's package folder) or the nearest folder above it that has one.
// It fails the test if there is none.
func Dir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		ops := filepath.Join(dir, "testdata", "ops")
		if st, err := os.Stat(ops); err == nil && st.IsDir() {
			return ops
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no testdata/ops folder at or above the working directory")
		}
		dir = up
	}
}

// Files returns the corpus files (Dir/*.mlir) in name order; it fails the
// test if there are none.
func Files(t testing.TB) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(t), "*.mlir"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no corpus files")
	}
	return files
}

// Modules reads and splits (at "// -----" lines, asm.ParseSplit) one
// corpus file, with the chlo ops other than passes.NativeChlo legalised;
// a file that does not read or parse fails the test.
func Modules(t testing.TB, path string) []*ir.Module {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	mods, err := asm.ParseSplit(path, src)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	// The chlo ops the kernel lowering lacks reach the targets legalised
	// (compile.LowerModule does the same at every level), and fused: their
	// legalised forms are hundreds of elementwise ops, one kernel each
	// unfused (ten times the rest of the corpus's kernels).
	fuse, err := passes.ParsePipeline("cse,fusion")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range mods {
		if m == nil || !hasLegalisedChlo(m) {
			continue
		}
		if err := passes.LegalizeChloExcept(m, passes.NativeChlo); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if err := passes.NewManager(fuse).Run(m); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	return mods
}

// hasLegalisedChlo reports whether m has a chlo op outside
// passes.NativeChlo.
func hasLegalisedChlo(m *ir.Module) bool {
	found := false
	m.Walk(func(op *ir.Op) bool {
		if op.Dialect() == "chlo" && !slices.Contains(passes.NativeChlo, op.Name) {
			found = true
		}
		return !found
	})
	return found
}

// Funcs calls fn for every argument-less public function of the corpus,
// file by file, with its checks turned into extra results (ChecksToOutputs).
// name is "file.mlir:@func". Functions with a check inside a nested region
// are passed over; a module that no longer verifies after the rewrite is a
// test error (and its function is passed over).
func Funcs(t testing.TB, fn func(name string, m *ir.Module, f *ir.Func)) {
	t.Helper()
	for _, path := range Files(t) {
		for _, m := range Modules(t, path) {
			for _, f := range m.Funcs {
				if f.Body == nil || !f.IsPublic() || len(f.Type.Inputs) != 0 || !ChecksToOutputs(f) {
					continue
				}
				name := filepath.Base(path) + ":@" + f.Name
				if err := ir.Verify(m); err != nil {
					t.Errorf("%s: the module does not verify with checks turned into results: %v", name, err)
					continue
				}
				fn(name, m, f)
			}
		}
	}
}

// ChecksToOutputs rewrites f so that every tensor operand of its top-level
// check.* ops becomes an extra result, in order, and drops the checks: the
// compiled-target test driver's rewrite, which lets a target's results be
// compared on the host. It returns false, changing nothing, if a check op
// sits in a nested region (where its operand is not a value of the body).
func ChecksToOutputs(f *ir.Func) bool {
	blk := f.Body.Entry()
	for _, op := range blk.Ops {
		for _, r := range op.Regions {
			nested := false
			r.Walk(func(o *ir.Op) bool {
				nested = nested || o.Dialect() == "check"
				return true
			})
			if nested {
				return false
			}
		}
	}
	var outs []*ir.Value
	var kept []*ir.Op
	for _, op := range blk.Ops {
		if op.Dialect() == "check" {
			for _, o := range op.Operands {
				if o.Tensor() != nil {
					outs = append(outs, o)
				}
			}
			continue
		}
		kept = append(kept, op)
	}
	blk.Ops = kept
	term := blk.Terminator()
	term.Operands = append(term.Operands, outs...)
	res := append([]ir.Type{}, f.Type.Results...)
	for _, o := range outs {
		res = append(res, o.Type)
	}
	f.Type = &ir.FunctionType{Inputs: f.Type.Inputs, Results: res}
	return true
}

// Interpret runs fn of m in the reference interpreter (ir/interp) on
// inputs and returns its results. It returns the interpreter's error, or
// an error if a result is not a tensor.
func Interpret(m *ir.Module, fn string, inputs ...*ir.Tensor) ([]*ir.Tensor, error) {
	args := make([]interp.Value, len(inputs))
	for i, x := range inputs {
		args[i] = x
	}
	vals, err := interp.New(m).Call(fn, args)
	if err != nil {
		return nil, err
	}
	out := make([]*ir.Tensor, len(vals))
	for i, v := range vals {
		x, ok := v.(*ir.Tensor)
		if !ok {
			return nil, fmt.Errorf("result %d of @%s is a %T, not a tensor", i, fn, v)
		}
		out[i] = x
	}
	return out, nil
}
