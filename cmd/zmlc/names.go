package main

import (
	"fmt"
	"regexp"
	"runtime"
	"sort"
	"strings"

	"github.com/spf13/pflag"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/targets/llvm"
)

// targetFlags are the flags that name a processor, each for one target.
var targetFlags = []struct{ flag, target string }{
	{"cpu", "cpu"},
	{"cuda-arch", "cuda"},
	{"rocm-arch", "rocm"},
}

// checkTargetNames checks the processor names of compile mode before LLVM
// sees them: --cpu against llvm.CPUNames for this host, --cuda-arch against
// llvm.CUDAArchs, --rocm-arch against llvm.ROCmArchs; an unknown name is a
// *usageError listing the valid ones. A flag given for another target than
// --target does nothing and is returned as a warning.
func checkTargetNames(fs *pflag.FlagSet, o *compileOptions) (warnings []string, err error) {
	for _, tf := range targetFlags {
		if !fs.Changed(tf.flag) {
			continue
		}
		value := fs.Lookup(tf.flag).Value.String()
		if o.Target != tf.target {
			warnings = append(warnings, fmt.Sprintf("--%s applies to --target=%s; ignored for --target=%s", tf.flag, tf.target, o.Target))
			continue
		}
		var valid []string
		switch tf.flag {
		case "cpu":
			valid = llvm.CPUNames(runtime.GOARCH)
		case "cuda-arch":
			valid = llvm.CUDAArchs
		case "rocm-arch":
			valid = llvm.ROCmArchs
		}
		if err := llvm.CheckName(tf.flag, value, valid); err != nil {
			return nil, &usageError{msg: err.Error(), oneLine: true}
		}
	}
	return warnings, nil
}

// symbolicDimRE matches a symbolic dimension declaration `NAME=?` in .zml
// source (LANGUAGE.md, Types).
var symbolicDimRE = regexp.MustCompile(`\b([A-Za-z_][A-Za-z0-9_]*)\s*=\s*\?`)

// repeatCountRE matches a sub-module repeated by a bound name,
// `layers: Block[n_layers]` (frontend/repeat_count.go): --dim binds it too.
var repeatCountRE = regexp.MustCompile(`\b[A-Za-z_][A-Za-z0-9_]*\s*:\s*[A-Za-z_][A-Za-z0-9_]*\s*\[\s*([A-Za-z_][A-Za-z0-9_]*)\s*\]`)

// checkDims returns an error for a --dim name the program does not have:
// the names of the symbolic dimensions (`b=?`) of a .zml file and the names
// the functions' `zml.dims` attributes give (a .mlir file's only names). Binding a name
// that is not there would otherwise do nothing, silently.
func checkDims(kind string, src []byte, mods []*ir.Module, order []string) error {
	if len(order) == 0 {
		return nil
	}
	have := map[string]bool{}
	if kind == "zml" {
		for _, re := range []*regexp.Regexp{symbolicDimRE, repeatCountRE} {
			for _, m := range re.FindAllSubmatch(src, -1) {
				have[string(m[1])] = true
			}
		}
	}
	{
		for _, m := range mods {
			if m == nil {
				continue
			}
			for _, f := range m.Funcs {
				for k := range f.Type.Inputs {
					addDimNames(have, f.ArgAttr(k, "zml.dims"))
				}
				for k := range f.Type.Results {
					addDimNames(have, f.ResultAttr(k, "zml.dims"))
				}
			}
		}
	}
	for _, name := range order {
		if have[name] {
			continue
		}
		names := make([]string, 0, len(have))
		for n := range have {
			names = append(names, n)
		}
		sort.Strings(names)
		what := "named dimensions"
		if len(names) == 0 {
			return fmt.Errorf("--dim %s: the program has no dimension %s; it has no %s", name, name, what)
		}
		return fmt.Errorf("--dim %s: the program has no dimension %s; its %s: %s", name, name, what, strings.Join(names, ", "))
	}
	return nil
}

// addDimNames adds the non-empty names of a zml.dims array attribute.
func addDimNames(have map[string]bool, a ir.Attribute) {
	arr, ok := a.(ir.ArrayAttr)
	if !ok {
		return
	}
	for _, e := range arr {
		if s, ok := e.(ir.StringAttr); ok && s != "" {
			have[string(s)] = true
		}
	}
}
