package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/internal/weightstest"
)

// TestWeightsLocations runs the MNIST bundle with --weights from the Hub
// (a loopback fixture of its protocol, through HF_ENDPOINT), then offline
// from the cache with HF_HUB_OFFLINE=1, and interprets the model with the
// same --weights: every output equals the local file's; a missing
// repository is one error line naming the location.
func TestWeightsLocations(t *testing.T) {
	dir := t.TempDir()
	images, _ := mnistImages(t, dir, mnistBatch)
	bundle := filepath.Join(dir, "mnist.zpkg")
	zmlc(t, "--dim", "b=8", mnistModel, "-o", bundle).wantCode(t, exitOK)
	data, err := os.ReadFile(mnistWeights)
	if err != nil {
		t.Fatal(err)
	}
	h := weightstest.NewHub(t)
	h.AddRepo("zmlc/mnist-mlp", &weightstest.HubRepo{
		Commits: map[string]map[string][]byte{"3333333333333333333333333333333333333333": {"model.safetensors": data}},
		Refs:    map[string]string{"main": "3333333333333333333333333333333333333333"}})
	t.Setenv("HF_ENDPOINT", h.URL)
	t.Setenv("HF_HOME", t.TempDir())
	t.Setenv("HF_HUB_CACHE", t.TempDir())
	t.Setenv("HF_TOKEN", "")
	t.Setenv("HF_HUB_OFFLINE", "")

	local := zmlc(t, "run", bundle, "--weights", mnistWeights, "--input", images)
	local.wantCode(t, exitOK)
	if !strings.HasPrefix(local.stdout, "// @forward\n") {
		t.Fatalf("local run printed %q", local.stdout)
	}
	hub := zmlc(t, "run", bundle, "--weights", "hf://zmlc/mnist-mlp", "--input", images)
	hub.wantCode(t, exitOK)
	if hub.stdout != local.stdout {
		t.Errorf("from hf://: %q, from the local file: %q", hub.stdout, local.stdout)
	}
	interp := zmlc(t, "interpret", "--dim", "b=8", "--entry", "forward", "--input", images, "--weights", "hf://zmlc/mnist-mlp", mnistModel)
	interp.wantCode(t, exitOK)
	if interp.stdout != local.stdout {
		t.Errorf("interpret --weights hf://: %q, zmlc run: %q", interp.stdout, local.stdout)
	}
	r := zmlc(t, "run", bundle, "--weights", "hf://zmlc/none", "--input", images)
	r.wantCode(t, exitError)
	if !strings.HasPrefix(r.stderr, "zmlc: error: runtime: weights hf://zmlc/none: repository zmlc/none not found") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("missing repository: stderr %q", r.stderr)
	}
	h.Close()
	t.Setenv("HF_HUB_OFFLINE", "1")
	offline := zmlc(t, "run", bundle, "--weights", "hf://zmlc/mnist-mlp", "--input", images)
	offline.wantCode(t, exitOK)
	if offline.stdout != local.stdout {
		t.Errorf("offline from the cache: %q, want %q", offline.stdout, local.stdout)
	}
}
