// Command llama generates text with a Llama-family model compiled by zmlc
// from examples/llama/llama.zml, as llama2.c's run.c does:
//
//	go run ./examples/llama -model PATH [-prompt TEXT] [-n 256] [-temperature 1] [-topp 0.9] [-seed S] [-target wasm|cpu|vulkan|cuda|rocm|interp] [-chat]
//
// PATH is a llama2.c checkpoint (legacy or version 1; the tokenizer is
// -tokenizer, by default tokenizer.bin or the one tok*.bin beside it), a
// GGUF file (architecture llama; its own tokenizer) or a Hugging Face
// directory. The model's sizes are bound at compile time from the
// checkpoint. The text streams to stdout as it is generated; the prefill
// and decode speeds follow on stderr. -chat wraps the prompt in the
// model's chat template (ChatML) and stops at the end of the answer.
package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/zmlc/zmlc/llm"
	"github.com/zmlc/zmlc/llm/sample"
	"github.com/zmlc/zmlc/llm/tokenizer"
	"golang.org/x/term"
)

//go:embed llama.zml
var zmlSource []byte

// zmlFile names llama.zml in diagnostics.
const zmlFile = "examples/llama/llama.zml"

func main() {
	if err := run(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return
		}
		fmt.Fprintln(os.Stderr, "llama:", err)
		os.Exit(1)
	}
}

// options are the command's flags.
type options struct {
	model, tokenizer, prompt, system, target string
	steps, ctx, seq, workers                 int
	temperature, topp                        float64
	seed                                     uint64
	chat                                     bool
}

func run(args []string) error {
	fs := flag.NewFlagSet("llama", flag.ContinueOnError)
	var o options
	fs.StringVar(&o.model, "model", "", "checkpoint: llama2.c .bin, .gguf or a Hugging Face directory; or a location as zmlc run --weights takes it (hf://ORG/NAME[@REV][/FILE], s3://BUCKET/KEY, https://...) of a .gguf or a Hugging Face folder")
	fs.StringVar(&o.tokenizer, "tokenizer", "", "llama2.c tokenizer.bin (default: tokenizer.bin or the one tok*.bin beside the model)")
	fs.StringVar(&o.prompt, "prompt", "", "the prompt")
	fs.StringVar(&o.system, "system", "", "system message for -chat (default: the template's own)")
	fs.StringVar(&o.target, "target", "cpu", "where the model runs: wasm, cpu, vulkan, cuda, rocm, or interp (the reference interpreter)")
	fs.IntVar(&o.steps, "n", 256, "positions to run, prompt included (run.c's -n; 0: the whole context)")
	fs.IntVar(&o.ctx, "ctx", 1024, "KV-cache length in tokens (at most the model's context)")
	fs.IntVar(&o.seq, "seq", 16, "prompt tokens per prefill call (bound at compile time)")
	fs.IntVar(&o.workers, "workers", 0, "threads for wasm and cpu (0: one per CPU)")
	fs.Float64Var(&o.temperature, "temperature", 1, "sampling temperature (0: greedy)")
	fs.Float64Var(&o.topp, "topp", 0.9, "top-p (nucleus) sampling threshold")
	fs.Uint64Var(&o.seed, "seed", 0, "random seed (0: the time)")
	fs.BoolVar(&o.chat, "chat", false, "wrap the prompt in the model's chat template")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if o.model == "" {
		return fmt.Errorf("-model is required (a llama2.c .bin, a .gguf or a Hugging Face directory)")
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if o.seed == 0 {
		o.seed = uint64(time.Now().UnixNano())
	}
	return runModel(os.Stdout, o)
}

// loaded is a model ready to generate.
type loaded struct {
	ckpt  *llm.Checkpoint
	tok   tokenizer.Tokenizer
	tmpl  *tokenizer.ChatTemplate
	sh    shape
	eng   engine
	stop  []int
	echo  bool // echo the prompt (run.c's generate mode)
	setup time.Duration
}

func (l *loaded) close() {
	if l.eng != nil {
		l.eng.close()
	}
	l.ckpt.Close()
}

// load opens the checkpoint and tokenizer and compiles the model.
func load(o options) (*loaded, error) {
	t0 := time.Now()
	var bar *progressbar.ProgressBar
	if term.IsTerminal(int(os.Stderr.Fd())) {
		bar = progressbar.NewOptions(4, progressbar.OptionSetWriter(os.Stderr), progressbar.OptionClearOnFinish(),
			progressbar.OptionSetDescription("opening "+filepath.Base(o.model)))
	}
	step := func(desc string) {
		if bar != nil {
			bar.Add(1)
			bar.Describe(desc)
		}
	}
	path, err := resolveModel(context.Background(), o.model)
	if err != nil {
		return nil, err
	}
	ckpt, err := llm.Open(path)
	if err != nil {
		return nil, err
	}
	l := &loaded{ckpt: ckpt}
	ok := false
	defer func() {
		if !ok {
			l.close()
		}
	}()
	step("reading the tokenizer")
	if err := l.openTokenizer(o); err != nil {
		return nil, err
	}
	for _, t := range ckpt.Tensors() {
		if _, err := paramBytes(ckpt, t.Name); err != nil {
			return nil, err
		}
	}
	ctx := min(o.ctx, ckpt.Config.Context)
	if ctx < 1 {
		return nil, fmt.Errorf("-ctx must be at least 1")
	}
	l.sh = shape{cfg: ckpt.Config, ctx: ctx, seq: max(1, min(o.seq, ctx))}
	step(fmt.Sprintf("compiling for %s", o.target))
	if o.target == "interp" {
		l.eng, err = newInterpEngine(zmlSource, l.sh, ckpt)
	} else {
		var bundle []byte
		if bundle, err = compileBundle(zmlSource, o.target, l.sh); err == nil {
			step("binding the weights")
			l.eng, err = newBundleEngine(bundle, l.sh, ckpt, o.workers)
		}
	}
	if err != nil {
		return nil, err
	}
	if bar != nil {
		bar.Finish()
	}
	l.setup = time.Since(t0)
	ok = true
	return l, nil
}

// openTokenizer picks the tokenizer: the GGUF's own (byte-level BPE) or
// a llama2.c tokenizer.bin.
func (l *loaded) openTokenizer(o options) error {
	if g := l.ckpt.GGUF; g != nil {
		bpe, err := tokenizer.NewBPE(g)
		if err != nil {
			return fmt.Errorf("%s: %w", l.ckpt.Path, err)
		}
		l.tok = bpe
		l.stop = []int{bpe.EOS()}
		if src, err := g.String("tokenizer.chat_template"); err == nil {
			if l.tmpl, err = tokenizer.ParseChatTemplate(src); err == nil {
				for _, s := range l.tmpl.Stop {
					if id := bpe.ID(s); id >= 0 {
						l.stop = append(l.stop, id)
					}
				}
			} else if o.chat {
				return fmt.Errorf("%s: %w", l.ckpt.Path, err)
			}
		}
		return nil
	}
	path := o.tokenizer
	if path == "" {
		dir := filepath.Dir(l.ckpt.Path)
		path = filepath.Join(dir, "tokenizer.bin")
		if _, err := os.Stat(path); err != nil {
			m, _ := filepath.Glob(filepath.Join(dir, "tok*.bin"))
			if len(m) != 1 {
				return fmt.Errorf("no tokenizer: pass -tokenizer (a llama2.c tokenizer.bin)")
			}
			path = m[0]
		}
	}
	sp, err := tokenizer.LoadSentencePiece(path, l.ckpt.Config.Vocab)
	if err != nil {
		return err
	}
	l.tok, l.stop, l.echo = sp, []int{sp.BOS()}, true
	return nil
}

// promptIDs returns the prompt's token ids: the chat template applied
// when chat is set, BOS first where the tokenizer adds one.
func (l *loaded) promptIDs(o options) ([]int, error) {
	text := o.prompt
	if o.chat {
		if l.tmpl == nil {
			return nil, fmt.Errorf("-chat: %s has no chat template zmlc recognises", l.ckpt.Path)
		}
		var msgs []tokenizer.Message
		if o.system != "" {
			msgs = append(msgs, tokenizer.Message{Role: "system", Content: o.system})
		}
		text = l.tmpl.Render(append(msgs, tokenizer.Message{Role: "user", Content: o.prompt}), true)
	}
	return l.tok.Encode(text, true)
}

func runModel(w *os.File, o options) error {
	l, err := load(o)
	if err != nil {
		return err
	}
	defer l.close()
	ids, err := l.promptIDs(o)
	if err != nil {
		return err
	}
	smp := sample.New(float32(o.temperature), float32(o.topp), o.seed)
	st, err := generate(w, l.eng, l.tok, smp, l.sh, ids, o.steps, l.stop, l.echo && !o.chat)
	fmt.Fprintln(w)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%s on %s: loaded in %.1fs; prefill %d tokens at %.1f tokens/s; decode %d tokens at %.1f tokens/s\n",
		filepath.Base(o.model), o.target, l.setup.Seconds(), st.promptTokens, rate(st.promptTokens, st.prefill), st.decodeCalls, rate(st.decodeCalls, st.decode))
	return nil
}

func rate(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}
