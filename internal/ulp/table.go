package ulp

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Table is one element type's reference table (scripts/ulp_ref.py): the
// inputs and, per function, the exact result rounded to the type.
type Table struct {
	Elem   ir.ElementType
	Inputs []float64   // N values of Elem
	Funcs  []string    // StableHLO op names without the dialect ("sine") or "chlo.erf"
	Want   [][]float64 // Want[f][i] = Funcs[f](Inputs[i]) correctly rounded
}

// magic starts a table file.
const magic = "ZULP1\n"

// ReadTable reads DIR/<elem>.bin written by scripts/ulp_ref.py. Errors name
// the file: missing, truncated, or an unknown layout.
func ReadTable(dir string, elem ir.ElementType) (*Table, error) {
	path := filepath.Join(dir, elem.String()+".bin")
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	bad := func(why string) error { return fmt.Errorf("%s: %s", path, why) }
	if !bytes.HasPrefix(data, []byte(magic)) {
		return nil, bad("not a ZULP1 table")
	}
	r := bytes.NewReader(data[len(magic):])
	var hdr struct{ N, F uint32 }
	if err := binary.Read(r, binary.LittleEndian, &hdr); err != nil {
		return nil, bad("truncated header")
	}
	t := &Table{Elem: elem}
	for range hdr.F {
		n, err := r.ReadByte()
		if err != nil {
			return nil, bad("truncated names")
		}
		name := make([]byte, n)
		if _, err := r.Read(name); err != nil {
			return nil, bad("truncated names")
		}
		t.Funcs = append(t.Funcs, string(name))
	}
	w := elem.ByteSize()
	if r.Len() != int(hdr.N)*w*(1+int(hdr.F)) {
		return nil, bad(fmt.Sprintf("%d bytes of data, want %d", r.Len(), int(hdr.N)*w*(1+int(hdr.F))))
	}
	rest := data[len(data)-r.Len():]
	col := func(k int) []float64 {
		v := make([]float64, hdr.N)
		for i := range v {
			var u uint64
			b := rest[(k*int(hdr.N)+i)*w:]
			switch w {
			case 2:
				u = uint64(binary.LittleEndian.Uint16(b))
			case 4:
				u = uint64(binary.LittleEndian.Uint32(b))
			default:
				u = binary.LittleEndian.Uint64(b)
			}
			v[i] = ir.FloatFromBits(u, elem)
		}
		return v
	}
	t.Inputs = col(0)
	for f := range t.Funcs {
		t.Want = append(t.Want, col(1+f))
	}
	return t, nil
}

// Source is the MLIR program that applies every function of t to its
// inputs: @main(%x: tensor<Nxelem>) returns one tensor per function, in
// t.Funcs order.
func (t *Table) Source() string {
	ty := fmt.Sprintf("tensor<%dx%s>", len(t.Inputs), t.Elem)
	var b strings.Builder
	res := make([]string, len(t.Funcs))
	for i := range res {
		res[i] = ty
	}
	fmt.Fprintf(&b, "func.func @main(%%x: %s) -> (%s) {\n", ty, strings.Join(res, ", "))
	var names []string
	for i, f := range t.Funcs {
		n := fmt.Sprintf("%%r%d", i)
		names = append(names, n)
		if strings.HasPrefix(f, "chlo.") {
			fmt.Fprintf(&b, "  %s = %s %%x : %s -> %s\n", n, f, ty, ty)
		} else {
			fmt.Fprintf(&b, "  %s = stablehlo.%s %%x : %s\n", n, f, ty)
		}
	}
	fmt.Fprintf(&b, "  return %s : %s\n}\n", strings.Join(names, ", "), strings.Join(res, ", "))
	return b.String()
}

// Input is t's inputs as a tensor, the argument of Source's @main.
func (t *Table) Input() *ir.Tensor {
	x := ir.MustTensor(ir.TensorOf(t.Elem, int64(len(t.Inputs))))
	copy(x.F, t.Inputs)
	return x
}

// Result is one function's measured error on one table.
type Result struct {
	Func   string
	MaxULP float64 // +Inf: a special value (NaN, an infinity) of the wrong class
	At     float64 // the input of the largest error
	Got    float64
	Want   float64
}

// Measure compares got (Source's results, in t.Funcs order) with t.Want
// and returns the largest error of each function.
func (t *Table) Measure(got []*ir.Tensor) ([]Result, error) {
	if len(got) != len(t.Funcs) {
		return nil, fmt.Errorf("%d results for %d functions", len(got), len(t.Funcs))
	}
	out := make([]Result, len(t.Funcs))
	for f, name := range t.Funcs {
		r := Result{Func: name}
		if len(got[f].F) != len(t.Inputs) {
			return nil, fmt.Errorf("%s: %d results for %d inputs", name, len(got[f].F), len(t.Inputs))
		}
		for i, w := range t.Want[f] {
			if d := Distance(got[f].F[i], w, t.Elem); i == 0 || d > r.MaxULP {
				r.MaxULP, r.At, r.Got, r.Want = d, t.Inputs[i], got[f].F[i], w
			}
		}
		out[f] = r
	}
	return out, nil
}

// Bound is the largest ULP error allowed for function fn on element type
// elem on every target (docs/IR.md, "Accuracy"): one ulp for f16 and bf16
// (computed in f32, rounded once), the table's rows for f32 and f64.
func Bound(fn string, elem ir.ElementType) float64 {
	if elem == ir.F16 || elem == ir.BF16 {
		return 1
	}
	if b, ok := bounds[fn]; ok {
		if elem == ir.F64 {
			return b[1]
		}
		return b[0]
	}
	return 4
}

// bounds: {f32, f64} per function, as docs/IR.md states them.
var bounds = map[string][2]float64{
	"exponential":           {2, 2},
	"exponential_minus_one": {2, 2},
	"log":                   {1, 1},
	"log_plus_one":          {2, 2},
	"sine":                  {2, 4},
	"cosine":                {2, 4},
	"tan":                   {4, 4},
	"tanh":                  {2, 3},
	"logistic":              {2, 3},
	"sqrt":                  {0, 0},
	"rsqrt":                 {1, 1},
	"cbrt":                  {1, 2},
	"chlo.erf":              {3, 3},
}

// Markdown formats results[target][elem] as the docs' table: one row per
// function and element type, one column per target, the max ULP (∞ for a
// special value of the wrong class).
func Markdown(targets []string, elems []ir.ElementType, results map[string]map[ir.ElementType][]Result) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| function | type | %s |\n|---|---|%s\n", strings.Join(targets, " | "), strings.Repeat("---|", len(targets)))
	var funcs []string
	seen := map[string]bool{}
	for _, byElem := range results {
		for _, rs := range byElem {
			for _, r := range rs {
				if !seen[r.Func] {
					seen[r.Func] = true
					funcs = append(funcs, r.Func)
				}
			}
		}
	}
	sort.Strings(funcs)
	for _, fn := range funcs {
		for _, e := range elems {
			fmt.Fprintf(&b, "| %s | %s |", fn, e)
			for _, tg := range targets {
				cell := " – |"
				for _, r := range results[tg][e] {
					if r.Func == fn {
						if math.IsInf(r.MaxULP, 1) {
							cell = " ∞ |"
						} else {
							cell = fmt.Sprintf(" %g |", r.MaxULP)
						}
					}
				}
				b.WriteString(cell)
			}
			b.WriteString("\n")
		}
	}
	return b.String()
}
