package main

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/interp"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// The MNIST model and its weights, relative to this package.
const (
	mnistModel   = "../../examples/mnist/mnist.zml"
	mnistWeights = "../../examples/mnist/mlp.safetensors"
	mnistBatch   = 8
)

// mnistImages writes the first n MNIST test images as a ui8[n, 28, 28]
// .npy file in dir and returns its path and the images' labels.
func mnistImages(t *testing.T, dir string, n int) (string, []int) {
	t.Helper()
	data, err := mnistdata.FindDir()
	if err != nil {
		t.Fatalf("MNIST test set: %v", err)
	}
	set, err := mnistdata.LoadTest(data)
	if err != nil {
		t.Fatal(err)
	}
	x, err := ir.NewTensor(ir.TensorOf(ir.UI8, int64(n), mnistdata.Rows, mnistdata.Cols))
	if err != nil {
		t.Fatal(err)
	}
	for i, p := range set.Batch(0, n) {
		x.I[i] = int64(p)
	}
	path := filepath.Join(dir, "images.npy")
	if err := tensorio.WriteNpyFile(path, x); err != nil {
		t.Fatal(err)
	}
	labels := make([]int, n)
	for i := range labels {
		labels[i] = int(set.Labels[i])
	}
	return path, labels
}

// interpretMNIST runs the model's -O0 StableHLO on the reference
// interpreter: the predictions zmlc's compiled bundle must reproduce.
func interpretMNIST(t *testing.T, images string) []int64 {
	t.Helper()
	src, err := os.ReadFile(mnistModel)
	if err != nil {
		t.Fatal(err)
	}
	m, err := compile.Parse(mnistModel, src, compile.Options{Dims: map[string]int64{"b": mnistBatch}})
	if err != nil {
		t.Fatal(err)
	}
	w, err := tensorio.OpenSafetensors(mnistWeights)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	f := m.Func("forward")
	var args []interp.Value
	for i := range f.Type.Inputs {
		if name, ok := f.ArgAttr(i, "zml.param").(ir.StringAttr); ok {
			x, err := w.Tensor(string(name))
			if err != nil {
				t.Fatal(err)
			}
			args = append(args, x)
		}
	}
	x, err := tensorio.ReadNpyFile(images)
	if err != nil {
		t.Fatal(err)
	}
	outs, err := interp.New(m).Call("forward", append(args, x))
	if err != nil {
		t.Fatal(err)
	}
	return outs[0].(*ir.Tensor).I
}

// printedUI8 parses the one ui8 vector `zmlc run` printed after its
// `// @forward` line.
func printedUI8(t *testing.T, stdout string, n int) []int64 {
	t.Helper()
	re := regexp.MustCompile(`^// @forward\ndense<\[([0-9, ]*)\]> : tensor<` + strconv.Itoa(n) + `xui8>\n$`)
	m := re.FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("zmlc run printed %q, want // @forward and a tensor<%dxui8> literal", stdout, n)
	}
	var got []int64
	for _, s := range strings.Split(m[1], ", ") {
		v, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, v)
	}
	return got
}

// TestBundleMNIST compiles the MNIST model to a bundle (default name, then
// -o: the same bytes), runs it with `zmlc run` on real test images and
// compares the predictions with the reference interpreter's; then the
// .npy output, --bench and --embed-weights.
func TestBundleMNIST(t *testing.T) {
	dir := t.TempDir()
	model, _ := filepath.Abs(mnistModel)
	weights, _ := filepath.Abs(mnistWeights)
	images, labels := mnistImages(t, dir, mnistBatch)
	b := "b=" + strconv.Itoa(mnistBatch)

	// Without -o the bundle is INPUT-STEM.TARGET.zpkg in the working
	// directory; compiling again gives the same bytes.
	r := zmlcIn(t, dir, nil, "--dim", b, model)
	r.wantCode(t, exitOK)
	if r.stdout != "" || r.stderr != "" {
		t.Errorf("compile printed stdout %q, stderr %q", r.stdout, r.stderr)
	}
	first, err := os.ReadFile(filepath.Join(dir, "mnist.wasm.zpkg"))
	if err != nil {
		t.Fatalf("default output: %v (directory holds %q)", err, dirEntries(t, dir))
	}
	bundle := filepath.Join(dir, "again.zpkg")
	zmlc(t, "-target=wasm", "-dim="+b, model, "-o", bundle).wantCode(t, exitOK)
	second, err := os.ReadFile(bundle)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, second) {
		t.Errorf("two compiles differ: %d and %d bytes", len(first), len(second))
	}
	if !bytes.HasPrefix(first, []byte(emit.Magic)) {
		t.Errorf("bundle of %d bytes starts %q, not with the magic %q", len(first), first[:min(16, len(first))], emit.Magic)
	}

	// zmlc run agrees with the interpreter, and with the labels on most.
	want := interpretMNIST(t, images)
	r = zmlc(t, "run", bundle, "--weights", weights, "--input", images)
	r.wantCode(t, exitOK)
	got := printedUI8(t, r.stdout, mnistBatch)
	if !slices.Equal(got, want) {
		t.Errorf("zmlc run predicted %v, the interpreter %v", got, want)
	}
	correct := 0
	for i, l := range labels {
		if int(got[i]) == l {
			correct++
		}
	}
	if correct < mnistBatch-1 {
		t.Errorf("predictions %v vs labels %v: %d correct", got, labels, correct)
	}

	// --output-dir writes forward_0.npy instead of printing.
	out := filepath.Join(dir, "out")
	r = zmlc(t, "run", "-weights="+weights, "-input="+images, "--output-dir", out, "--entry", "forward", bundle)
	r.wantCode(t, exitOK)
	if r.stdout != "" {
		t.Errorf("--output-dir printed %q", r.stdout)
	}
	x, err := tensorio.ReadNpyFile(filepath.Join(out, "forward_0.npy"))
	if err != nil {
		t.Fatal(err)
	}
	if x.Type.String() != "tensor<8xui8>" || !slices.Equal(x.I, want) {
		t.Errorf("forward_0.npy is %s", x)
	}

	// --bench: percentiles and throughput, items/s from the batch b.
	r = zmlc(t, "run", bundle, "--weights", weights, "--input", images, "--bench", "5")
	r.wantCode(t, exitOK)
	benchRe := regexp.MustCompile(`^// bench @forward: 5 runs after 1 warm-up\n` +
		`latency: p50 ([0-9.]+)(ms|us)  p90 [0-9.]+(ms|us)  p99 [0-9.]+(ms|us)  min ([0-9.]+)(ms|us)  mean [0-9.]+(ms|us)\n` +
		`throughput: ([0-9.]+) runs/s, ([0-9]+) items/s \(b=8 items per run\)\n$`)
	m := benchRe.FindStringSubmatch(r.stdout)
	if m == nil {
		t.Fatalf("--bench printed:\n%s", r.stdout)
	}
	runs, _ := strconv.ParseFloat(m[8], 64)
	items, _ := strconv.ParseFloat(m[9], 64)
	if runs <= 0 || items < 7.9*runs || items > 8.1*runs {
		t.Errorf("throughput %v runs/s, %v items/s: want items = 8 x runs", runs, items)
	}

	// --embed-weights: the bundle runs without --weights, the same.
	embedded := filepath.Join(dir, "embedded.zpkg")
	zmlc(t, "--embed-weights", weights, "--dim", b, model, "-o", embedded).wantCode(t, exitOK)
	if st, err := os.Stat(embedded); err != nil || st.Size() < int64(len(first))+1_500_000 {
		t.Errorf("embedded bundle: %v, %v (the weights are 1.6 MB)", st, err)
	}
	r = zmlc(t, "run", embedded, "--input", images)
	r.wantCode(t, exitOK)
	if got := printedUI8(t, r.stdout, mnistBatch); !slices.Equal(got, want) {
		t.Errorf("embedded bundle predicted %v, want %v", got, want)
	}
}

// TestRunErrors checks the one line `zmlc run` prints (exit 1) for a
// corrupt, truncated or missing bundle, missing or mismatched weights and
// a wrong input, and its usage errors (exit 2).
func TestRunErrors(t *testing.T) {
	dir := t.TempDir()
	images, _ := mnistImages(t, dir, mnistBatch)
	weights, _ := filepath.Abs(mnistWeights)
	bundle := filepath.Join(dir, "m.zpkg")
	zmlc(t, "--dim", "b="+strconv.Itoa(mnistBatch), mnistModel, "-o", bundle).wantCode(t, exitOK)
	data, err := os.ReadFile(bundle)
	if err != nil {
		t.Fatal(err)
	}
	b, err := emit.Parse(bytes.Clone(data))
	if err != nil {
		t.Fatal(err)
	}
	var host emit.Blob
	for _, bl := range b.Manifest.Blobs {
		if bl.Name == b.Manifest.Host {
			host = bl
		}
	}
	b.Close()
	if host.Size == 0 {
		t.Fatalf("no host blob in %+v", b.Manifest.Blobs)
	}
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}

	// A flipped byte in the host program: its sha256 no longer matches.
	flipped := bytes.Clone(data)
	at := host.Offset + host.Size/2
	flipped[at] ^= 0x40
	sum := sha256.Sum256(flipped[host.Offset : host.Offset+host.Size])
	flippedPath := write("flipped.zpkg", flipped)

	// Weights with fc2.bias missing, or stored as f64.
	w, err := tensorio.OpenSafetensors(weights)
	if err != nil {
		t.Fatal(err)
	}
	all := map[string]*ir.Tensor{}
	for _, name := range w.Names() {
		if all[name], err = w.Tensor(name); err != nil {
			t.Fatal(err)
		}
	}
	w.Close()
	missing := filepath.Join(dir, "missing.safetensors")
	bias := all["fc2.bias"]
	delete(all, "fc2.bias")
	if err := tensorio.WriteSafetensors(missing, all, nil); err != nil {
		t.Fatal(err)
	}
	f64, err := ir.NewTensor(ir.TensorOf(ir.F64, bias.Shape()...))
	if err != nil {
		t.Fatal(err)
	}
	copy(f64.F, bias.F)
	all["fc2.bias"] = f64
	wrongDType := filepath.Join(dir, "f64.safetensors")
	if err := tensorio.WriteSafetensors(wrongDType, all, nil); err != nil {
		t.Fatal(err)
	}
	short, err := ir.NewTensor(ir.TensorOf(ir.F32, 5))
	if err != nil {
		t.Fatal(err)
	}
	all["fc2.bias"] = short
	wrongShape := filepath.Join(dir, "short.safetensors")
	if err := tensorio.WriteSafetensors(wrongShape, all, nil); err != nil {
		t.Fatal(err)
	}

	// An input of the wrong dtype.
	floats, err := ir.NewTensor(ir.TensorOf(ir.F32, mnistBatch, 28, 28))
	if err != nil {
		t.Fatal(err)
	}
	floatImages := filepath.Join(dir, "floats.npy")
	if err := tensorio.WriteNpyFile(floatImages, floats); err != nil {
		t.Fatal(err)
	}

	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"flipped byte", []string{flippedPath, "--weights", weights, "--input", images},
			fmt.Sprintf("%s: bad bundle: blob %q: sha256 is %x, the manifest says %s (the bundle is corrupt)", flippedPath, host.Name, sum, host.SHA256)},
		{"truncated", []string{write("truncated.zpkg", data[:len(data)-1]), "--weights", weights, "--input", images},
			fmt.Sprintf("%s: bad bundle: truncated: file is %d bytes, but its manifest ends at %d", filepath.Join(dir, "truncated.zpkg"), len(data)-1, len(data))},
		{"not a bundle", []string{write("junk.zpkg", []byte("junk")), "--input", images},
			filepath.Join(dir, "junk.zpkg") + ": bad bundle: file is 4 bytes, shorter than the 64-byte header"},
		{"no such bundle", []string{filepath.Join(dir, "nope.zpkg")},
			fmt.Sprintf("cannot read %q: no such file or directory", filepath.Join(dir, "nope.zpkg"))},
		{"missing weight", []string{bundle, "--weights", missing, "--input", images},
			fmt.Sprintf(`runtime: weights %s: tensor "fc2.bias" (tensor<10xf32>) is missing`, missing)},
		{"wrong weight dtype", []string{bundle, "--weights", wrongDType, "--input", images},
			fmt.Sprintf(`runtime: weights %s: tensor "fc2.bias" is tensor<10xf64>, the bundle wants tensor<10xf32>`, wrongDType)},
		{"wrong weight shape", []string{bundle, "--weights", wrongShape, "--input", images},
			fmt.Sprintf(`runtime: weights %s: tensor "fc2.bias" is tensor<5xf32>, the bundle wants tensor<10xf32>`, wrongShape)},
		{"no weights", []string{bundle, "--input", images},
			`runtime: the bundle needs its weights (parameter "fc1.weight" is not embedded): pass a safetensors file`},
		{"wrong input dtype", []string{bundle, "--weights", weights, "--input", floatImages},
			`runtime: entry "forward": input 0: invalid argument: got tensor<8x28x28xf32>, want tensor<8x28x28xui8>`},
		{"too few inputs", []string{bundle, "--weights", weights},
			`runtime: entry "forward": inputs: got 0 inputs, the entry takes 1`},
		{"unknown entry", []string{bundle, "--weights", weights, "--entry", "backward"},
			`the bundle has no entry point "backward"; its entry points are forward`},
		{"missing input file", []string{bundle, "--weights", weights, "--input", filepath.Join(dir, "none.npy")},
			fmt.Sprintf("--input %s: no such file or directory", filepath.Join(dir, "none.npy"))},
	} {
		r := zmlc(t, append([]string{"run"}, c.args...)...)
		r.wantCode(t, exitError)
		if want := "zmlc: error: " + c.want + "\n"; r.stderr != want {
			t.Errorf("%s:\n got %q\nwant %q", c.name, r.stderr, want)
		}
		if r.stdout != "" {
			t.Errorf("%s: stdout %q", c.name, r.stdout)
		}
	}

	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "no bundle file"},
		{[]string{bundle, bundle}, "one bundle file expected, got 2: " + bundle + " " + bundle},
		{[]string{bundle, "--bench", "-1"}, "invalid --bench -1: want a number of runs, at least 1"},
		{[]string{bundle, "--bench", "x"}, `invalid argument "x" for "--bench" flag: must be an integer`},
	} {
		r := zmlc(t, append([]string{"run"}, c.args...)...)
		r.wantCode(t, exitUsage)
		if want := "zmlc: error: " + c.want + "\nRun 'zmlc run --help' for usage.\n"; r.stderr != want {
			t.Errorf("%q:\n got %q\nwant %q", c.args, r.stderr, want)
		}
	}
}
