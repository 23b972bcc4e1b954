// Command hlodump writes, for every op-corpus function (testdata/ops, its
// check.* operands turned into results) and both MNIST models (batch 8),
// the HLO text (NAME.hlo) and HloModuleProto (NAME.pb) of the xla-cpu
// target into a folder: the first half of scripts/check_hlo_text.sh, which
// has XLA's own HLO parser read and compare them. Run from the repository
// root:
//
//	go run ./scripts/hlodump DIR
package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/zmlc/zmlc/compile"
	"github.com/zmlc/zmlc/internal/corpustest"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/asm"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: hlodump DIR")
		os.Exit(2)
	}
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "hlodump:", err)
		os.Exit(1)
	}
}

func run(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	n := 0
	write := func(name string, l *compile.Lowered) error {
		for _, h := range l.XLA.HLO {
			base := filepath.Join(dir, strings.NewReplacer("/", "_", ":", "_", "@", "").Replace(name))
			if err := os.WriteFile(base+".hlo", []byte(h.Text), 0o644); err != nil {
				return err
			}
			if err := os.WriteFile(base+".pb", h.Proto, 0o644); err != nil {
				return err
			}
			n++
		}
		return nil
	}
	files, err := filepath.Glob("testdata/ops/*.mlir")
	if err != nil || len(files) == 0 {
		return fmt.Errorf("no testdata/ops/*.mlir here: run from the repository root")
	}
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		mods, err := asm.ParseSplit(path, src)
		if err != nil {
			return err
		}
		for _, m := range mods {
			for _, f := range m.Funcs {
				if f.Body == nil || !f.IsPublic() || len(f.Type.Inputs) != 0 || !corpustest.ChecksToOutputs(f) || ir.Verify(m) != nil {
					continue
				}
				l, err := compile.LowerModule(m, compile.Options{Target: "xla-cpu", Entry: f.Name})
				if err != nil {
					continue // an op or type XLA lacks (TestCorpusXLA lists them)
				}
				if err := write(filepath.Base(path)+":@"+f.Name, l); err != nil {
					return err
				}
			}
		}
	}
	for _, m := range []struct{ name, src string }{{"mlp", "examples/mnist/mnist.zml"}, {"cnn", "examples/mnist/cnn.zml"}} {
		src, err := os.ReadFile(m.src)
		if err != nil {
			return err
		}
		l, err := compile.Lower(m.src, src, compile.Options{Target: "xla-cpu", Dims: map[string]int64{"b": 8}})
		if err != nil {
			return err
		}
		if err := write("mnist-"+m.name, l); err != nil {
			return err
		}
	}
	fmt.Printf("wrote %d HLO modules (text and proto) to %s\n", n, dir)
	return nil
}
