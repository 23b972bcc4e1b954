package main

import (
	"os"
	"strings"
	"testing"

	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
)

func testSet(t testing.TB) *mnistdata.Set {
	t.Helper()
	dir, err := mnistdata.FindDir()
	if err != nil {
		t.Fatal(err)
	}
	set, err := mnistdata.LoadTest(dir)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// accuracyOn classifies all 10,000 test images with model m on the wasm
// target and returns the accuracy.
func accuracyOn(t *testing.T, m model, weights string, batch int) float64 {
	c, err := newClassifier(m, "wasm", weights, batch, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.close()
	set := testSet(t)
	res, err := evaluate(c, set, batch, 0)
	if err != nil {
		t.Fatal(err)
	}
	if res.total != 10000 {
		t.Fatalf("classified %d images, want 10000", res.total)
	}
	t.Logf("%s on wasm, batch %d: %d/%d = %.2f%%, %.0f images/s", m.name, batch, res.correct, res.total, 100*res.accuracy(), res.imagesPerSecond())
	return res.accuracy()
}

// TestMLPAccuracy: the committed MLP weights classify at least 97.5% of
// the test set on the wasm target.
func TestMLPAccuracy(t *testing.T) {
	m := models["mlp"]
	if acc := accuracyOn(t, m, findFile(m.weights), 100); acc < 0.975 {
		t.Errorf("MLP accuracy %.4f, want at least 0.975", acc)
	}
}

// TestCNNAccuracy: the PyTorch-trained CNN of ../shared/data reaches at
// least 99.15% on the wasm target. Without ../shared/data it is skipped,
// except under CI=true, where it fails.
func TestCNNAccuracy(t *testing.T) {
	m := models["cnn"]
	w := findFile(m.weights)
	if _, err := os.Stat(w); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("CNN weights %s are missing: %v", m.weights, err)
		}
		t.Skipf("CNN weights %s are missing (../shared/data is not here): %v", m.weights, err)
	}
	if acc := accuracyOn(t, m, w, 100); acc < 0.9915 {
		t.Errorf("CNN accuracy %.4f, want at least 0.9915", acc)
	}
}

// TestCommand runs the command on a few images: the ASCII art, the
// prediction line and the summary.
func TestCommand(t *testing.T) {
	out, err := captureRun([]string{"-n", "50", "-batch", "10"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"test image 0: predicted 7, label 7", "model mlp on wasm, batch 10:", "/50 correct", "images/s", "@@"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, err := captureRun([]string{"-model", "rnn"}); err == nil || !strings.Contains(err.Error(), "unknown model") {
		t.Errorf("-model=rnn: got %v, want an unknown-model error", err)
	}
}

// captureRun runs the command with args and returns its standard output.
func captureRun(args []string) (string, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return "", err
	}
	old := os.Stdout
	os.Stdout = w
	done := make(chan string)
	go func() {
		var sb strings.Builder
		buf := make([]byte, 4096)
		for {
			n, err := r.Read(buf)
			sb.Write(buf[:n])
			if err != nil {
				break
			}
		}
		done <- sb.String()
	}()
	runErr := run(args)
	w.Close()
	os.Stdout = old
	return <-done, runErr
}
