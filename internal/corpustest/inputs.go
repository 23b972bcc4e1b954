package corpustest

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/passes"
)

// Corpus runs on the compiled targets (issue 12, "the corpus really
// exercises the targets"): a corpus function has no arguments, so at -O2
// the constant folder (which runs the interpreter) would compute it at
// compile time and a target would pass by copying constants. Cases turns
// each function's constants into arguments (ConstantsToInputs) and hands
// the target its values as inputs, at every optimisation level a run
// asks for; a target's rejections are held against its list of allowed
// ones (Rejections).

// ConstantsToInputs rewrites f so that each top-level stablehlo.constant
// and stablehlo.iota of its body becomes a new argument (after the
// existing ones, in body order) and returns their values, the inputs that
// make f compute what it computed. Nothing of f is then a compile-time
// constant except the constants inside regions.
func ConstantsToInputs(f *ir.Func) []*ir.Tensor {
	blk := f.Body.Entry()
	repl := map[*ir.Value]*ir.Value{}
	var inputs []*ir.Tensor
	var kept []*ir.Op
	types := append([]ir.Type{}, f.Type.Inputs...)
	for _, op := range blk.Ops {
		var x *ir.Tensor
		switch op.Name {
		case "stablehlo.constant":
			if a, ok := op.Attr("value").(*ir.DenseElementsAttr); ok && a.Value != nil {
				x = a.Value.Clone()
				x.Type = op.Results[0].Tensor()
			}
		case "stablehlo.iota":
			x = iota(op)
		}
		if x == nil || x.Type == nil || !x.Type.IsStatic() {
			kept = append(kept, op)
			continue
		}
		arg := blk.AddArg(x.Type)
		repl[op.Results[0]] = arg
		types = append(types, x.Type)
		inputs = append(inputs, x)
	}
	if inputs == nil {
		return nil
	}
	blk.Ops = kept
	f.Body.Walk(func(op *ir.Op) bool {
		for i, o := range op.Operands {
			if r, ok := repl[o]; ok {
				op.Operands[i] = r
			}
		}
		return true
	})
	f.Type = &ir.FunctionType{Inputs: types, Results: f.Type.Results}
	return inputs
}

// iota evaluates a stablehlo.iota op (the spec's iota: each element the
// index along iota_dimension), or returns nil if it cannot.
func iota(op *ir.Op) *ir.Tensor {
	t := op.Results[0].Tensor()
	d, ok := ir.IntValue(op.Attr("iota_dimension"))
	if t == nil || !ok || d < 0 || int(d) >= t.Rank() || !t.IsStatic() {
		return nil
	}
	x, err := ir.NewTensor(t)
	if err != nil {
		return nil
	}
	inner := int64(1)
	for _, s := range t.Shape[d+1:] {
		inner *= s
	}
	n := int64(x.Len())
	for i := int64(0); i < n; i++ {
		v := i / inner % t.Shape[d]
		switch {
		case x.C != nil:
			x.C[i] = complex(float64(v), 0)
		case x.F != nil:
			x.F[i] = ir.RoundFloat(float64(v), t.Elem)
		case x.I != nil:
			x.I[i] = t.Elem.WrapInt(v)
		}
	}
	return x
}

// Case is one corpus function prepared for a compiled target's run.
type Case struct {
	// Name is "file.mlir:@func"; Key adds the level: "file.mlir:@func
	// O2", the rejection lists' key.
	Name, Key string
	Level     int
	// Module holds Func, optimised at Level: its checks are results
	// (ChecksToOutputs) and its constants arguments (ConstantsToInputs).
	Module *ir.Module
	Func   *ir.Func
	// Inputs are Func's arguments; Want the interpreter's results on
	// them (of the module before optimisation).
	Inputs, Want []*ir.Tensor
}

// Optimize runs the default pipeline of level on m and, at -O2, the
// fusion pass, as compile.Optimize does.
func Optimize(m *ir.Module, level int) error {
	p, err := passes.DefaultPipeline(level)
	if err != nil {
		return err
	}
	if level >= 2 && !slices.ContainsFunc(p, func(x passes.Pass) bool { return x.Argument() == "fusion" }) {
		f, err := passes.New("fusion")
		if err != nil {
			return err
		}
		p = append(p, f)
	}
	return passes.NewManager(p).Run(m)
}

// Levels are the optimisation levels the targets' corpus runs use.
var Levels = []int{0, 2}

// Cases calls fn for every argument-less public function of the corpus
// (Funcs), at each of levels, with its constants turned into inputs and
// its module optimised by optimize (Optimize when nil). Functions the
// interpreter fails on are passed over (programs meant to fail at run
// time); an optimisation error is a test error.
func Cases(t testing.TB, levels []int, optimize func(*ir.Module, int) error, fn func(c *Case)) {
	t.Helper()
	if optimize == nil {
		optimize = Optimize
	}
	for _, level := range levels {
		Funcs(t, func(name string, m *ir.Module, f *ir.Func) {
			inputs := ConstantsToInputs(f)
			if err := ir.Verify(m); err != nil {
				t.Errorf("%s: the module does not verify with constants turned into arguments: %v", name, err)
				return
			}
			want, err := Interpret(m, f.Name, inputs...)
			if err != nil {
				return
			}
			if err := optimize(m, level); err != nil {
				t.Errorf("%s -O%d: %v", name, level, err)
				return
			}
			fn(&Case{Name: name, Key: fmt.Sprintf("%s O%d", name, level), Level: level, Module: m, Func: f, Inputs: inputs, Want: want})
		})
	}
}

// Rejections is a target's list of allowed corpus rejections, kept in the
// repository (testdata/corpus-rejections/TARGET.txt: one key per line,
// "file.mlir:@func O2", then optionally "#" and the reason; blank lines
// and lines starting with "#" are comments). A run records what each case
// did (Reject, Pass) and Check fails the test when a rejection is not
// listed (the list must not grow unnoticed) or a listed one now passes or
// did not run (so the list only shrinks). ZMLC_UPDATE_REJECTIONS=1 in the
// environment rewrites the file from the run instead.
type Rejections struct {
	path    string
	allowed map[string]bool
	got     map[string]string // rejected key -> reason
	passed  map[string]bool
}

// LoadRejections reads the list of target (a file name without .txt)
// from testdata/corpus-rejections next to the corpus folder; a missing
// file is an empty list.
func LoadRejections(t testing.TB, target string) *Rejections {
	t.Helper()
	r := &Rejections{path: filepath.Join(filepath.Dir(Dir(t)), "corpus-rejections", target+".txt"),
		allowed: map[string]bool{}, got: map[string]string{}, passed: map[string]bool{}}
	f, err := os.Open(r.path)
	if os.IsNotExist(err) {
		return r
	}
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if i := strings.Index(line, "#"); i >= 0 {
			line = line[:i]
		}
		if key := strings.TrimSpace(line); key != "" {
			r.allowed[key] = true
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return r
}

// Reject records that the target rejected case key, for reason (one
// line).
func (r *Rejections) Reject(key, reason string) {
	if i := strings.IndexByte(reason, '\n'); i >= 0 {
		reason = reason[:i]
	}
	r.got[key] = reason
}

// Pass records that case key compiled, ran and matched.
func (r *Rejections) Pass(key string) { r.passed[key] = true }

// Allowed reports whether key is on the list.
func (r *Rejections) Allowed(key string) bool { return r.allowed[key] }

// CheckNew fails the test for every rejection not on the list: Check
// for a run over part of the corpus (where listed cases may not run).
func (r *Rejections) CheckNew(t testing.TB) {
	t.Helper()
	for k, why := range r.got {
		if !r.allowed[k] {
			t.Errorf("%s: a new rejection (%s): fix the target, or list it in %s", k, why, r.path)
		}
	}
}

// Check compares the run with the list (see Rejections) and logs the
// rejections; under ZMLC_UPDATE_REJECTIONS=1 it rewrites the list.
func (r *Rejections) Check(t testing.TB) {
	t.Helper()
	keys := make([]string, 0, len(r.got))
	for k := range r.got {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if os.Getenv("ZMLC_UPDATE_REJECTIONS") == "1" {
		var b strings.Builder
		fmt.Fprintf(&b, "# Corpus functions the %s run may reject (internal/corpustest.Rejections):\n", strings.TrimSuffix(filepath.Base(r.path), ".txt"))
		b.WriteString("# a new rejection fails the test, and so does a listed one that passes.\n")
		for _, k := range keys {
			fmt.Fprintf(&b, "%s  # %s\n", k, r.got[k])
		}
		if err := os.MkdirAll(filepath.Dir(r.path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(r.path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d rejections)", r.path, len(keys))
		return
	}
	for _, k := range keys {
		t.Logf("rejected: %s: %s", k, r.got[k])
		if !r.allowed[k] {
			t.Errorf("%s: a new rejection (%s): fix the target, or list it in %s", k, r.got[k], r.path)
		}
	}
	listed := make([]string, 0, len(r.allowed))
	for k := range r.allowed {
		listed = append(listed, k)
	}
	sort.Strings(listed)
	for _, k := range listed {
		switch _, rejected := r.got[k]; {
		case rejected:
		case r.passed[k]:
			t.Errorf("%s passes now: remove it from %s", k, r.path)
		default:
			t.Errorf("%s is listed in %s but did not run (a stale entry, or the run failed): remove or fix it", k, r.path)
		}
	}
}
