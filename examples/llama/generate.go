package main

import (
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/zmlc/zmlc/llm/sample"
	"github.com/zmlc/zmlc/llm/tokenizer"
)

// stats are a generation's counts and times.
type stats struct {
	promptTokens, generated int
	prefill, decode         time.Duration
	decodeCalls             int
}

// generate runs llama2.c's generate loop (run.c) over an engine: the
// prompt's ids (BOS first) are run through prefill in chunks of seq, then
// each sampled token through decode, until steps positions (prompt
// included, as run.c's -n) have been run or a stop token is sampled. Each
// token's text is written to w as soon as it is known (printable is
// applied per piece, run.c's safe_printf). The prompt's own tokens after
// the first are echoed, as run.c does.
func generate(w io.Writer, e engine, tok tokenizer.Tokenizer, smp *sample.Sampler, sh shape, ids []int, steps int, stop []int, echo bool) (stats, error) {
	var st stats
	if len(ids) == 0 {
		return st, fmt.Errorf("empty prompt: no tokens to start from")
	}
	if len(ids) > sh.ctx {
		return st, fmt.Errorf("the prompt has %d tokens, more than the context of %d (raise -ctx up to the model's %d)", len(ids), sh.ctx, sh.cfg.Context)
	}
	for _, id := range ids {
		if id < 0 || id >= sh.cfg.Vocab {
			return st, fmt.Errorf("token id %d is outside the vocabulary of %d", id, sh.cfg.Vocab)
		}
	}
	if steps <= 0 || steps > sh.ctx {
		steps = sh.ctx
	}
	st.promptTokens = len(ids)
	emit := func(prev, next int) error {
		b, err := tok.Decode(prev, next)
		if err != nil {
			return err
		}
		_, err = w.Write(tokenizer.Printable(b))
		return err
	}
	// Prefill min(len(ids), steps) tokens: chunks of seq while they fit
	// in the cache (dynamic_update_slice would clamp a chunk running past
	// it), then one token at a time.
	n := min(len(ids), steps)
	t0 := time.Now()
	var logits []float32
	var err error
	for pos := 0; pos < n; {
		if k := min(sh.seq, n-pos); pos+sh.seq <= sh.ctx && k > 1 {
			logits, err = e.prefill(toI32(ids[pos:pos+k]), pos)
			pos += k
		} else {
			logits, err = e.decode(int32(ids[pos]), pos)
			pos++
		}
		if err != nil {
			return st, err
		}
	}
	st.prefill = time.Since(t0)
	if echo {
		for i := 1; i < n; i++ {
			if slices.Contains(stop, ids[i]) {
				return st, nil
			}
			if err := emit(ids[i-1], ids[i]); err != nil {
				return st, err
			}
		}
	}
	token, pos := ids[n-1], n
	t1 := time.Now()
	for {
		var next int
		if pos < len(ids) {
			next = ids[pos] // steps ended inside the prompt
		} else {
			next = smp.Sample(logits)
			st.generated++
		}
		if slices.Contains(stop, next) {
			break
		}
		if err := emit(token, next); err != nil {
			return st, err
		}
		token = next
		if pos >= steps {
			break
		}
		if logits, err = e.decode(int32(token), pos); err != nil {
			return st, err
		}
		st.decodeCalls++
		pos++
	}
	st.decode = time.Since(t1)
	return st, nil
}

func toI32(ids []int) []int32 {
	out := make([]int32, len(ids))
	for i, id := range ids {
		out[i] = int32(id)
	}
	return out
}
