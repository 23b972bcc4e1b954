// Command mnist classifies the 10,000 MNIST test images with a model
// compiled by zmlc and run in process on the wasm target (the default), a
// device target (-target=cpu, vulkan, cuda or rocm; -device picks the
// Vulkan device by name or the GPU by number) or on the reference
// interpreter (-target=interp):
//
//	go run ./examples/mnist [-target=wasm] [-device=NAME] [-model=mlp|cnn] [-weights=LOCATION] [-data=DIR] [-batch=N] [-n=N]
//
// -model=mlp (the default) is examples/mnist/mnist.zml with the committed
// weights examples/mnist/mlp.safetensors (trained by ./examples/mnist/train);
// -model=cnn is examples/mnist/cnn.zml with the PyTorch-trained weights
// ../shared/data/mnist-burn/mnist.safetensors. The batch size is bound at
// compile time (--dim b=N). It prints the first test image as ASCII art
// with its prediction, then the accuracy and the throughput in images/s.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/runtime/drivers"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return // -h printed the usage: not a failure
		}
		fmt.Fprintln(os.Stderr, "mnist:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("mnist", flag.ContinueOnError)
	target := fs.String("target", "wasm", "where the model runs: wasm (compiled, in process under wazero), cpu, vulkan, cuda, rocm (compiled for that device) or interp (the reference interpreter)")
	device := fs.String("device", "", "the Vulkan device (a substring of its name) or the cuda/rocm GPU number (default: the best)")
	modelName := fs.String("model", "mlp", "the network: mlp or cnn")
	weights := fs.String("weights", "", "the weights: a safetensors `location` (a file or folder, hf://ORG/NAME, s3://BUCKET/KEY, https://...; default: the model's own)")
	data := fs.String("data", "", "folder with the MNIST idx files (default: the data/ folder of Go module "+mnistdata.Module+")")
	batch := fs.Int("batch", 64, "images per call, bound at compile time (--dim b=N)")
	limit := fs.Int("n", 0, "classify only the first `N` test images (0: all)")
	workers := fs.Int("workers", 0, "wasm worker instances or cpu threads (0: one per CPU)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	m, ok := models[*modelName]
	if !ok {
		return fmt.Errorf("unknown model %q (want mlp or cnn)", *modelName)
	}
	if *batch < 1 {
		return fmt.Errorf("-batch must be at least 1")
	}
	w := *weights
	if w == "" {
		w = findFile(m.weights)
		if !statOK(w) && strings.HasPrefix(m.weights, "../shared/data/") {
			return fmt.Errorf("the %s model's weights are not in this repository: %s not found (they come with ../shared/data beside the clone; pass -weights=FILE or set ZMLC_SHARED_DATA to that data folder)", m.name, m.weights)
		}
	}
	dir, err := mnistdata.ResolveDir(*data)
	if err != nil {
		return err
	}
	set, err := mnistdata.LoadTest(dir)
	if err != nil {
		return err
	}
	var c classifier
	if slices.Contains(compile.Targets, *target) && *target != "wasm" {
		c, err = newDeviceClassifier(m, *target, *device, w, *batch, *workers)
	} else {
		c, err = newClassifier(m, *target, w, *batch, *workers)
	}
	if err != nil {
		return err
	}
	defer c.close()
	first, err := c.classify(set.Image(0), 1)
	if err != nil {
		return err
	}
	fmt.Print(asciiArt(set.Image(0)))
	fmt.Printf("test image 0: predicted %d, label %d\n\n", first[0], set.Labels[0])
	res, err := evaluate(c, set, *batch, *limit)
	if err != nil {
		return err
	}
	fmt.Printf("model %s on %s, batch %d: %d/%d correct, accuracy %.2f%%, %.0f images/s\n",
		m.name, *target, *batch, res.correct, res.total, 100*res.accuracy(), res.imagesPerSecond())
	return nil
}

// newDeviceClassifier compiles m for a device target (cpu, vulkan, cuda,
// rocm) with the batch size bound and opens it with that target's driver
// on device.
func newDeviceClassifier(m model, target, device, weights string, batch, workers int) (classifier, error) {
	bundle, err := compile.Compile(m.file, m.src, compile.Options{Target: target, Dims: map[string]int64{"b": int64(batch)}})
	if err != nil {
		return nil, err
	}
	rt, err := compile.OpenWith(bundle, compile.OpenOptions{Weights: weights, Drivers: drivers.Options{Workers: workers, Device: device}})
	if err != nil {
		return nil, err
	}
	return &wasmClassifier{rt: rt, batch: batch}, nil
}
