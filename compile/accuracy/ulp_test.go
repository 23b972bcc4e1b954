package accuracy

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/zmlc/zmlc/internal/ulp"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
	"github.com/zmlc/zmlc/ir/interp"
)

// ulpTables returns the directory of the reference tables TestULP uses:
// $ZMLC_ULP_TABLES (the full sweep, scripts/ulp.sh), else the bounded CI
// subset in the cache, generated on first use by scripts/ulp_ref.py
// (python3 with mpmath: scripts/setup.sh installs python3-mpmath; under
// CI=true their absence fails the test).
func ulpTables(t *testing.T) string {
	if d := os.Getenv("ZMLC_ULP_TABLES"); d != "" {
		return d
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	if x := os.Getenv("XDG_CACHE_HOME"); x != "" {
		cache = x
	}
	dir := filepath.Join(cache, "zmlc", "ulp", "ci-v1")
	if _, err := os.Stat(filepath.Join(dir, "f64.bin")); err == nil {
		return dir
	}
	missing := func(err error) {
		if os.Getenv("CI") == "true" {
			t.Fatalf("reference tables: python3 with mpmath (scripts/setup.sh): %v", err)
		}
		t.Skipf("reference tables: python3 with mpmath (scripts/setup.sh): %v", err)
	}
	if err := exec.Command("python3", "-c", "import mpmath").Run(); err != nil {
		missing(err)
	}
	cmd := exec.Command("python3", "../../scripts/ulp_ref.py", "--out", dir, "--samples", "2000", "--jobs", "2")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("scripts/ulp_ref.py: %v\n%s", err, out)
	}
	return dir
}

// TestULP measures every transcendental function (scripts/ulp_ref.py's
// list) on every element type against the correctly rounded reference
// tables, on the interpreter and on wasm, cpu and vulkan (inputs as
// arguments, -O2), logs the table docs/IR.md shows and fails where a
// function exceeds its bound (ulp.Bound). In CI the tables are a bounded
// subset (2000 f32/f64 inputs per type, every 16th f16/bf16 pattern); the
// full sweep is scripts/ulp.sh.
func TestULP(t *testing.T) {
	dir := ulpTables(t)
	elems := []ir.ElementType{ir.F16, ir.BF16, ir.F32, ir.F64}
	targets := []string{"interp", "wasm", "cpu", "vulkan"}
	results := map[string]map[ir.ElementType][]ulp.Result{}
	for _, tg := range targets {
		results[tg] = map[ir.ElementType][]ulp.Result{}
	}
	for _, e := range elems {
		tab, err := ulp.ReadTable(dir, e)
		if err != nil {
			t.Fatal(err)
		}
		src := tab.Source()
		for _, tg := range targets {
			t.Run(tg+"/"+e.String(), func(t *testing.T) {
				var got []*ir.Tensor
				if tg == "interp" {
					m, err := asm.Parse("ulp.mlir", []byte(src))
					if err != nil {
						t.Fatal(err)
					}
					res, err := interp.New(m).Call("main", []interp.Value{tab.Input()})
					if err != nil {
						t.Fatal(err)
					}
					for _, r := range res {
						got = append(got, r.(*ir.Tensor))
					}
				} else {
					needTarget(t, tg)
					var err error
					got, err = Run(context.Background(), "ulp.mlir", []byte(src), Options{Target: tg}, "", "main", []*ir.Tensor{tab.Input()})
					if err != nil {
						t.Fatal(err)
					}
				}
				rs, err := tab.Measure(got)
				if err != nil {
					t.Fatal(err)
				}
				results[tg][e] = rs
				for _, r := range rs {
					if b := ulp.Bound(r.Func, e); r.MaxULP > b {
						t.Errorf("%s %s on %s: %g ulp > %g (x = %v: got %v, want %v)", r.Func, e, tg, r.MaxULP, b, r.At, r.Got, r.Want)
					}
				}
			})
		}
	}
	t.Logf("max ULP against correctly rounded references (%s):\n%s", dir, ulp.Markdown(targets, elems, results))
}
