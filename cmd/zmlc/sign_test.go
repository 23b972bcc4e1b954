package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/targets/llvm"
)

// TestKeygenFiles checks the key files' modes and formats.
func TestKeygenFiles(t *testing.T) {
	key := filepath.Join(t.TempDir(), "k")
	zmlc(t, "keygen", "-o", key).wantCode(t, exitOK)
	st, err := os.Stat(key)
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm() != 0o600 {
		t.Errorf("private key mode %v, want 0600", st.Mode().Perm())
	}
	priv, err := emit.ReadPrivateKeyFile(key)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := emit.ReadPublicKeyFile(key + ".pub")
	if err != nil {
		t.Fatal(err)
	}
	if !pub.Equal(priv.Public()) {
		t.Error("key.pub does not hold key's public key")
	}
}

// TestRequireSignedBeforeDlopen proves the refusal comes before the cpu
// driver loads the kernels: the bundle's kernels.so is replaced by bytes
// that dlopen rejects (the bundle's checksums kept valid), so any attempt
// to load it is an error of its own.
func TestRequireSignedBeforeDlopen(t *testing.T) {
	for _, tool := range []llvm.Tool{llvm.ToolOpt, llvm.ToolLLC, llvm.ToolLLD} {
		if _, err := tool.Path(); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatal(err)
			}
			t.Skip(err)
		}
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "f.mlir")
	os.WriteFile(src, []byte("func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {\n  %0 = stablehlo.abs %x : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n"), 0o644)
	good := filepath.Join(dir, "good.zpkg")
	zmlc(t, "--target", "cpu", src, "-o", good).wantCode(t, exitOK)
	x := ir.MustTensor(ir.TensorOf(ir.F32, 4))
	copy(x.F, []float64{1, -2, 3, -4})
	input := filepath.Join(dir, "x.npy")
	if err := writeTensor(input, x); err != nil {
		t.Fatal(err)
	}

	b, err := emit.Open(good)
	if err != nil {
		t.Fatal(err)
	}
	m := *b.Manifest
	var blobs []emit.BlobData
	replaced := false
	for _, bl := range m.Blobs {
		data, _ := b.Blob(bl.Name)
		if bl.Kind == emit.BlobKernels {
			data, replaced = []byte("this is not an ELF shared object"), true
		}
		blobs = append(blobs, emit.BlobData{Name: bl.Name, Kind: bl.Kind, Data: append([]byte{}, data...)})
	}
	b.Close()
	if !replaced {
		t.Fatalf("no kernels blob in %+v", m.Blobs)
	}
	bad := filepath.Join(dir, "bad.zpkg")
	if err := emit.WriteFile(bad, &m, blobs); err != nil {
		t.Fatal(err)
	}
	key := filepath.Join(dir, "k")
	zmlc(t, "keygen", "-o", key).wantCode(t, exitOK)

	// Without a policy the cpu driver tries the kernels and fails.
	r := zmlc(t, "run", bad, "--input", input)
	r.wantCode(t, exitError)
	if !strings.Contains(r.stderr, "loading module 0") {
		t.Fatalf("the broken kernels were not loaded without a policy: %s", r.stderr)
	}
	// Under the policy (from the environment) the refusal comes first.
	t.Setenv(runtime.EnvRequireSigned, "1")
	r = zmlc(t, "run", bad, "--input", input)
	r.wantCode(t, exitError)
	if want := "zmlc: error: runtime: untrusted bundle: " + bad + ": a cpu bundle runs native code and is not signed"; !strings.HasPrefix(r.stderr, want) || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr %q, want one line starting %q", r.stderr, want)
	}
	// Signed and trusted (from the environment), it gets to the driver.
	zmlc(t, "sign", "--key", key, bad).wantCode(t, exitOK)
	t.Setenv(runtime.EnvTrustedKeys, key+".pub")
	r = zmlc(t, "run", bad, "--input", input)
	r.wantCode(t, exitError)
	if !strings.Contains(r.stderr, "loading module 0") {
		t.Errorf("the signed bundle did not reach the driver: %s", r.stderr)
	}
	// The good bundle, signed and trusted, runs.
	zmlc(t, "sign", "--key", key, good).wantCode(t, exitOK)
	r = zmlc(t, "run", good, "--input", input)
	r.wantCode(t, exitOK)
	if !strings.Contains(r.stdout, "dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]>") {
		t.Errorf("signed cpu bundle printed %q", r.stdout)
	}
}
