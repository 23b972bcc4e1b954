package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/zmlc/zmlc/weights/source"
)

// resolveModel returns a local path for the -model location: a local path
// as it is (a llama2.c .bin, a .gguf or a Hugging Face directory, which
// llm.Open reads), and for hf://, s3://, http:// and https:// locations
// (weights/source, the syntax of zmlc run --weights) the fetched file of a
// .gguf, or the local folder of a Hugging Face layout (config.json beside
// model.safetensors or its shards), downloaded into the caches once.
// Errors name the location.
func resolveModel(ctx context.Context, loc string) (string, error) {
	if !strings.Contains(loc, "://") {
		return loc, nil
	}
	m, err := source.Open(ctx, loc, nil)
	if err != nil {
		return "", err
	}
	switch m.Format {
	case "gguf":
		if len(m.Files) != 1 {
			return "", fmt.Errorf("-model %s: %d GGUF files, want one", loc, len(m.Files))
		}
		return m.Files[0], nil
	case "safetensors":
		return m.Dir, nil
	}
	return "", fmt.Errorf("-model %s: a %s checkpoint is not a model this example reads (a .gguf or a Hugging Face folder)", loc, m.Format)
}
