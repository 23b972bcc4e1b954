package wasm_test

import (
	"strconv"

	"github.com/zmlc/zmlc/targets/wasm"
)

// compileOpts launches every kernel with more than one workgroup through
// zml_device.launch, so that the corpus exercises the worker split.
var compileOpts = wasm.Options{LaunchWork: -1}

func itoa(i int) string     { return strconv.Itoa(i) }
func itoa64(i int64) string { return strconv.FormatInt(i, 10) }
func ftoa(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }
