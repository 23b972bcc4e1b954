package source_test

import (
	"bytes"
	"context"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/internal/weightstest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/runtime"
	"github.com/zmlc/zmlc/weights/source"
)

// model is a .zml program compiled to a wasm bundle and an input for it:
// the stories260K probe or the MNIST MLP.
type model struct {
	bundle string
	input  *ir.Tensor
}

// storiesProbe compiles testdata/stories_probe.zml for 8 mixes of token
// embeddings (deterministic).
func storiesProbe(t *testing.T) model {
	t.Helper()
	src, err := os.ReadFile("testdata/stories_probe.zml")
	if err != nil {
		t.Fatal(err)
	}
	mix := ir.MustTensor(ir.TensorOf(ir.F32, 8, 512))
	r := rand.New(rand.NewPCG(3, 4))
	for i := range mix.F {
		if r.IntN(64) == 0 {
			mix.F[i] = r.Float64()
		}
	}
	return model{compileBundle(t, "stories_probe.zml", src, map[string]int64{"s": 8}), mix}
}

// mnistMLP compiles examples/mnist/mnist.zml for 16 images of noise with
// strokes (deterministic).
func mnistMLP(t *testing.T) model {
	t.Helper()
	src, err := os.ReadFile(weightstest.FindRepoFile(t, "examples/mnist/mnist.zml"))
	if err != nil {
		t.Fatal(err)
	}
	x := ir.MustTensor(ir.TensorOf(ir.UI8, 16, 28, 28))
	r := rand.New(rand.NewPCG(1, 2))
	for i := range x.I {
		x.I[i] = int64(r.IntN(256)) * int64(r.IntN(4)/3)
	}
	return model{compileBundle(t, "mnist.zml", src, map[string]int64{"b": 16}), x}
}

func compileBundle(t *testing.T, name string, src []byte, dims map[string]int64) string {
	b, err := compile.Compile(name, src, compile.Options{Dims: dims})
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), name+".zpkg")
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// run opens m's bundle with the weights at loc and returns its output's
// bytes.
func (m model) run(t *testing.T, loc string, o *source.Options) []byte {
	t.Helper()
	rt, err := runtime.Open(m.bundle, runtime.Options{Weights: loc, Source: o, Workers: 1})
	if err != nil {
		t.Fatalf("weights %s: %v", loc, err)
	}
	defer rt.Close()
	out, err := rt.Run(context.Background(), "forward", []*ir.Tensor{m.input})
	if err != nil {
		t.Fatalf("weights %s: %v", loc, err)
	}
	return ir.TensorBytes(out[0])
}

// storiesFolder writes stories260K as a Hugging Face folder split in
// three shards with an index, and as one file; it returns both.
func storiesFolder(t *testing.T) (folder, single string) {
	single, ts := weightstest.Stories260K(t, t.TempDir())
	folder = t.TempDir()
	weightstest.Shard(t, ts, folder, 3)
	os.WriteFile(filepath.Join(folder, "config.json"), []byte(`{"model_type": "llama"}`), 0o644)
	return folder, single
}

// hubFrom serves the files of dir as the repository repo of a Hub
// fixture.
func hubFrom(t *testing.T, h *weightstest.Hub, repo, dir string) {
	files := map[string][]byte{}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = b
	}
	h.AddRepo(repo, &weightstest.HubRepo{Commits: map[string]map[string][]byte{commit1: files}, Refs: map[string]string{"main": commit1}})
}

// TestSameResults binds stories260K (the probe) and MNIST from a local
// file, a local sharded folder, the Hub and an HTTP server, and checks
// the outputs are the same bytes as from the local file.
func TestSameResults(t *testing.T) {
	folder, single := storiesFolder(t)
	mnistFile := weightstest.FindRepoFile(t, "examples/mnist/mlp.safetensors")
	mnistDir := t.TempDir()
	b, _ := os.ReadFile(mnistFile)
	os.WriteFile(filepath.Join(mnistDir, "model.safetensors"), b, 0o644)

	h := weightstest.NewHub(t)
	hubFrom(t, h, "karpathy/stories260K", folder)
	hubFrom(t, h, "zmlc/mnist-mlp", mnistDir)
	web := t.TempDir()
	os.MkdirAll(filepath.Join(web, "stories"), 0o755)
	for _, n := range []string{"model.safetensors.index.json", "model-00001-of-00003.safetensors", "model-00002-of-00003.safetensors", "model-00003-of-00003.safetensors"} {
		b, _ := os.ReadFile(filepath.Join(folder, n))
		os.WriteFile(filepath.Join(web, "stories", n), b, 0o644)
	}
	os.WriteFile(filepath.Join(web, "mlp.safetensors"), b, 0o644)
	srv := httptest.NewServer(http.FileServer(http.Dir(web)))
	defer srv.Close()
	o := hubOptions(t, h)

	stories := storiesProbe(t)
	want := stories.run(t, single, o)
	for _, loc := range []string{folder, filepath.Join(folder, "model.safetensors.index.json"), "hf://karpathy/stories260K", "hf://karpathy/stories260K@main/model.safetensors.index.json", srv.URL + "/stories/", srv.URL + "/stories/model.safetensors.index.json"} {
		if got := stories.run(t, loc, o); !bytes.Equal(got, want) {
			t.Errorf("stories260K from %s: the output differs from the local file's", loc)
		}
	}
	mnist := mnistMLP(t)
	want = mnist.run(t, mnistFile, o)
	for _, loc := range []string{mnistDir, "hf://zmlc/mnist-mlp", "hf://zmlc/mnist-mlp/model.safetensors", srv.URL + "/mlp.safetensors"} {
		if got := mnist.run(t, loc, o); !bytes.Equal(got, want) {
			t.Errorf("MNIST from %s: the output differs from the local file's", loc)
		}
	}
}

// TestRuntimeErrorNamesLocation checks that a bad checkpoint behind a
// remote location (a truncated shard) fails Open with one error naming
// the location, and a missing one and a GGUF folder likewise.
func TestRuntimeErrorNamesLocation(t *testing.T) {
	folder, _ := storiesFolder(t)
	shard := filepath.Join(folder, "model-00002-of-00003.safetensors")
	b, _ := os.ReadFile(shard)
	os.WriteFile(shard, b[:len(b)/2], 0o644) // the repository holds a truncated shard
	h := weightstest.NewHub(t)
	hubFrom(t, h, "karpathy/stories260K", folder)
	o := hubOptions(t, h)
	stories := storiesProbe(t)
	ggufDir := t.TempDir()
	os.WriteFile(filepath.Join(ggufDir, "m-Q4_1.gguf"), []byte("GGUF\x03\x00\x00\x00"), 0o644)
	for _, c := range []struct{ loc, want string }{
		{"hf://karpathy/stories260K", "model-00002-of-00003.safetensors: safetensors: "},
		{"hf://karpathy/missing", "repository karpathy/missing not found"},
		{ggufDir, "a gguf checkpoint (" + filepath.Join(ggufDir, "m-Q4_1.gguf") + "); the launcher binds safetensors"},
	} {
		_, err := runtime.Open(stories.bundle, runtime.Options{Weights: c.loc, Source: o, Workers: 1})
		if err == nil || !strings.HasPrefix(err.Error(), "runtime: weights "+c.loc+": ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want one naming the location and %q", c.loc, err, c.want)
		}
	}
}
