package xlatest

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/emit"
	"github.com/zmlc/zmlc/runtime/drivers"
	"github.com/zmlc/zmlc/runtime/pjrt"
	"github.com/zmlc/zmlc/targets/llvm"
)

const addModule = `func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = stablehlo.add %a, %a : tensor<4xf32>
  return %r : tensor<4xf32>
}
`

// oneLine fails the test unless err is a single line containing every
// string of want.
func oneLine(t *testing.T, what string, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("%s: no error", what)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("%s: error is not one line: %q", what, msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("%s: error %q does not say %q", what, msg, w)
		}
	}
	t.Logf("%s: %s", what, msg)
}

// TestXLAOpMissing: an op XLA has no instruction for is a compile error
// naming it and its position.
func TestXLAOpMissing(t *testing.T) {
	src := "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  %r = chlo.erf_inv %a : tensor<4xf32> -> tensor<4xf32>\n  return %r : tensor<4xf32>\n}\n"
	for _, target := range []string{"tpu", "neuron"} {
		_, err := compile.Compile("inv.mlir", []byte(src), compile.Options{Target: target, OptLevel: compile.Level(0)})
		if err != nil && !strings.HasPrefix(err.Error(), "inv.mlir:2:3: error: ") {
			t.Errorf("%s: the error does not start with the op's position: %v", target, err)
		}
		oneLine(t, target, err, "inv.mlir:2:3: error: hlo target: chlo.erf_inv", "chlo.erf_inv", "XLA HLO has no instruction")
	}
}

// fakePlugin builds a shared library whose GetPjrtApi returns a PJRT_Api
// of the given version and no functions (llc-19 and ld.lld-19).
func fakePlugin(t *testing.T, major, minor int) string {
	t.Helper()
	needLLVM(t)
	ll := []byte(`@api = global { i64, ptr, i64, ptr, i32, i32, [80 x ptr] } { i64 680, ptr null, i64 24, ptr null, i32 ` +
		itoa(major) + `, i32 ` + itoa(minor) + `, [80 x ptr] zeroinitializer }
define ptr @GetPjrtApi() {
  ret ptr @api
}
`)
	ctx := context.Background()
	obj, err := llvm.ToolLLC.Run(ctx, ll, "-filetype=obj", "-relocation-model=pic", "-o", "-", "-")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "fake.o"), obj, 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "libfake_pjrt.so")
	if _, err := llvm.ToolLLD.Run(ctx, nil, "-shared", "-o", out, filepath.Join(dir, "fake.o")); err != nil {
		t.Fatal(err)
	}
	return out
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestXLABadPlugin: a plugin of another PJRT C API major version, a file
// that is no shared library, a missing file and a missing default plugin
// each fail Open with one line naming the file, and nothing crashes.
func TestXLABadPlugin(t *testing.T) {
	bundle, err := compile.Compile("add.mlir", []byte(addModule), compile.Options{Target: "tpu"})
	if err != nil {
		t.Fatal(err)
	}
	open := func(plugin string) error {
		rt, err := compile.OpenWith(bundle, compile.OpenOptions{Drivers: drivers.Options{PJRT: pjrt.Options{Plugin: plugin}}})
		if err == nil {
			rt.Close()
		}
		return err
	}
	wrong := fakePlugin(t, 1, 0)
	err = open(wrong)
	oneLine(t, "major version 1", err, wrong, "PJRT C API 1.0", "major version 0")
	if !errors.Is(err, pjrt.ErrVersion) {
		t.Errorf("the version error does not wrap pjrt.ErrVersion: %v", err)
	}

	corrupt := filepath.Join(t.TempDir(), "libcorrupt.so")
	if err := os.WriteFile(corrupt, bytes.Repeat([]byte("not an ELF file "), 64), 0o755); err != nil {
		t.Fatal(err)
	}
	oneLine(t, "corrupt file", open(corrupt), corrupt, "cannot load it")

	missing := filepath.Join(t.TempDir(), "nothing.so")
	oneLine(t, "missing file", open(missing), missing, "no such file")

	t.Setenv(pjrt.EnvPlugin, "")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	oneLine(t, "no default plugin", open(""), "libtpu.so", "pip install libtpu", "--pjrt-plugin")
}

// TestXLACompileError: a program the plugin's compiler rejects fails Open
// with one line carrying the plugin's message, for both forms.
func TestXLACompileError(t *testing.T) {
	needPJRT(t)
	l, err := compile.Lower("add.mlir", []byte(addModule), compile.Options{Target: "xla-cpu"})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ program, blob string }{{"mlir", "main.mlir"}, {"hlo", "main.hlo.pb"}} {
		man, blobs, err := l.Manifest(compile.Options{Target: "xla-cpu"})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for i := range blobs {
			if blobs[i].Name == c.blob {
				blobs[i].Data = []byte("this is neither MLIR nor a protobuf \xff\xfe")
				found = true
			}
		}
		if !found {
			t.Fatalf("the bundle has no blob %s", c.blob)
		}
		var buf bytes.Buffer
		if err := emit.Encode(&buf, man, blobs); err != nil {
			t.Fatal(err)
		}
		rt, err := compile.OpenWith(buf.Bytes(), pjrtOpen(t, c.program))
		if err == nil {
			rt.Close()
		}
		oneLine(t, c.program, err, "PJRT_Client_Compile", "("+c.program+")")
		if regexp.MustCompile(`INVALID_ARGUMENT|UNKNOWN|INTERNAL`).FindString(err.Error()) == "" {
			t.Errorf("%s: the error has no PJRT error code: %v", c.program, err)
		}
	}
}
