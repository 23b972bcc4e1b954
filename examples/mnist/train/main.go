// Command train trains the weights of examples/mnist/mnist.zml (the
// 784-500-10 perceptron of `go run ./examples/mnist -model=mlp`) on the
// 60,000 MNIST training images and writes them to
// examples/mnist/mlp.safetensors.
//
// Usage, from the repository root:
//
//	go run ./examples/mnist/train [-data=DIR] [-out=FILE] [-seed=N] [-epochs=N] [-workers=N]
//
// Training is deterministic: minibatch SGD with momentum from a seeded
// Glorot initialisation, with a fixed summation order (each minibatch is
// cut into a fixed number of shards whose gradients are added in order) and
// no fused multiply-add, so two runs write byte-identical files whatever
// -workers is. It then classifies the 10,000 test images with a plain Go
// forward pass and prints the accuracy, which it also records in the file's
// metadata with the seed and the hyper-parameters.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	cfg := defaultConfig()
	fs := flag.NewFlagSet("train", flag.ContinueOnError)
	data := fs.String("data", "", "folder with the MNIST idx files (default: the data/ folder of Go module "+mnistdata.Module+")")
	out := fs.String("out", filepath.Join("examples", "mnist", "mlp.safetensors"), "output safetensors `file`")
	fs.Uint64Var(&cfg.seed, "seed", cfg.seed, "random seed of initialisation and shuffling")
	fs.IntVar(&cfg.epochs, "epochs", cfg.epochs, "passes over the training set")
	fs.IntVar(&cfg.workers, "workers", cfg.workers, "goroutines (does not change the result)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if cfg.epochs < 1 || cfg.workers < 1 {
		return fmt.Errorf("-epochs and -workers must be at least 1")
	}
	dir, err := mnistdata.ResolveDir(*data)
	if err != nil {
		return err
	}
	trainSet, err := mnistdata.LoadTrain(dir)
	if err != nil {
		return err
	}
	testSet, err := mnistdata.LoadTest(dir)
	if err != nil {
		return err
	}
	path := *out
	if ws := os.Getenv("BUILD_WORKSPACE_DIRECTORY"); ws != "" && !filepath.IsAbs(path) {
		path = filepath.Join(ws, path) // bazel run starts in the runfiles folder
	}
	start := time.Now()
	cfg.logf = func(format string, args ...any) {
		fmt.Printf("%6.1fs  %s\n", time.Since(start).Seconds(), fmt.Sprintf(format, args...))
	}
	p := train(cfg, trainSet)
	fmt.Printf("trained on %d images in %.1fs\n", trainSet.Len(), time.Since(start).Seconds())
	acc := p.accuracy(testSet)
	fmt.Printf("test accuracy: %.2f%% (%d test images)\n", 100*acc, testSet.Len())
	if err := p.write(path, metadata(cfg, trainSet.Len(), acc)); err != nil {
		return err
	}
	fmt.Println("wrote", path)
	return nil
}

// metadata returns the safetensors metadata recording how the weights were
// made: no timestamps, so that equal runs give equal bytes.
func metadata(cfg config, trainImages int, acc float64) map[string]string {
	if cfg.limit > 0 {
		trainImages = min(trainImages, cfg.limit)
	}
	return map[string]string{
		"model":         "examples/mnist/mnist.zml",
		"trainer":       "go run ./examples/mnist/train",
		"seed":          strconv.FormatUint(cfg.seed, 10),
		"epochs":        strconv.Itoa(cfg.epochs),
		"batch":         strconv.Itoa(cfg.batch),
		"learning_rate": strconv.FormatFloat(float64(cfg.lr), 'g', -1, 32),
		"lr_schedule":   "cosine to 0",
		"momentum":      strconv.FormatFloat(float64(cfg.momentum), 'g', -1, 32),
		"train_images":  strconv.Itoa(trainImages),
		"test_accuracy": strconv.FormatFloat(acc, 'f', 4, 64),
	}
}
