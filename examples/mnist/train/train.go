package main

import (
	"math"
	"sync"

	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
)

// numShards is how many slices each minibatch is cut into. Every shard
// accumulates its gradient in its own buffer and the buffers are added in
// shard order, so the result is the same whatever the number of workers.
const numShards = 4

// config holds the training hyper-parameters.
type config struct {
	seed     uint64  // seeds weight initialisation and shuffling
	epochs   int     // passes over the training images
	batch    int     // images per SGD step
	lr       float32 // initial learning rate, decayed by a cosine to 0
	momentum float32 // heavy-ball momentum
	limit    int     // train on the first limit images only; 0 means all
	workers  int     // goroutines computing shards; does not change results
	logf     func(format string, args ...any)
}

// defaultConfig returns the settings that produced the committed weights.
func defaultConfig() config {
	return config{seed: 1, epochs: 10, batch: 100, lr: 0.1, momentum: 0.9, workers: 2}
}

// trainer holds the weights during training. fc1 is stored transposed,
// pixel-major (w1t[p*numHidden+j] is fc1.weight[j, p]), so that the sparse
// input touches whole contiguous rows.
type trainer struct {
	w1t, b1, w2, b2   []float32 // weights
	v1t, vb1, v2, vb2 []float32 // momentum buffers
	shards            [numShards]*shard
}

// shard is one slice of a minibatch: its gradient sums and scratch space.
type shard struct {
	g1t, gb1, g2, gb2 []float32
	loss              float64
	h, dh             []float32
	nz                []int32
	xv                []float32
}

func newTrainer(seed uint64) *trainer {
	t := &trainer{
		w1t: make([]float32, numPix*numHidden), b1: make([]float32, numHidden),
		w2: make([]float32, numClass*numHidden), b2: make([]float32, numClass),
		v1t: make([]float32, numPix*numHidden), vb1: make([]float32, numHidden),
		v2: make([]float32, numClass*numHidden), vb2: make([]float32, numClass),
	}
	// Glorot-uniform initialisation, biases zero.
	r := &rng{state: seed}
	a1 := math.Sqrt(6.0 / (numPix + numHidden))
	for i := range t.w1t {
		t.w1t[i] = float32((2*r.float64() - 1) * a1)
	}
	a2 := math.Sqrt(6.0 / (numHidden + numClass))
	for i := range t.w2 {
		t.w2[i] = float32((2*r.float64() - 1) * a2)
	}
	for s := range t.shards {
		t.shards[s] = &shard{
			g1t: make([]float32, numPix*numHidden), gb1: make([]float32, numHidden),
			g2: make([]float32, numClass*numHidden), gb2: make([]float32, numClass),
			h: make([]float32, numHidden), dh: make([]float32, numHidden),
			nz: make([]int32, numPix), xv: make([]float32, numPix),
		}
	}
	return t
}

// train runs minibatch SGD with momentum on softmax cross-entropy and
// returns the weights in mnist.zml's layout.
func train(cfg config, data *mnistdata.Set) *params {
	n := data.Len()
	if cfg.limit > 0 && cfg.limit < n {
		n = cfg.limit
	}
	t := newTrainer(cfg.seed)
	shuffler := &rng{state: cfg.seed ^ 0x5eed5eed5eed5eed}
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	steps := cfg.epochs * ((n + cfg.batch - 1) / cfg.batch)
	step := 0
	for epoch := range cfg.epochs {
		shuffler.shuffle(order)
		var loss float64
		for start := 0; start < n; start += cfg.batch {
			batch := order[start:min(start+cfg.batch, n)]
			// Cosine decay from lr to 0 over all steps.
			lr := float32(float64(cfg.lr) * 0.5 * (1 + math.Cos(math.Pi*float64(step)/float64(steps))))
			loss += t.step(data, batch, lr, cfg.momentum, max(cfg.workers, 1))
			step++
		}
		if cfg.logf != nil {
			cfg.logf("epoch %d/%d: mean training loss %.4f", epoch+1, cfg.epochs, loss/float64(n))
		}
	}
	return t.params()
}

// step computes the gradient of one minibatch and updates the weights:
// v = momentum*v + mean gradient; w -= lr*v. It returns the summed loss.
func (t *trainer) step(data *mnistdata.Set, batch []int32, lr, momentum float32, workers int) float64 {
	var wg sync.WaitGroup
	for w := range min(workers, numShards) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for s := w; s < numShards; s += workers {
				lo, hi := s*len(batch)/numShards, (s+1)*len(batch)/numShards
				t.shards[s].run(t, data, batch[lo:hi])
			}
		}()
	}
	wg.Wait()
	scale := 1 / float32(len(batch))
	var loss float64
	for _, sh := range t.shards {
		loss += sh.loss
	}
	update := func(w, v []float32, grad func(*shard) []float32) {
		g := [numShards][]float32{}
		v = v[:len(w)]
		for s, sh := range t.shards {
			g[s] = grad(sh)[:len(w)]
		}
		for i := range w {
			sum := g[0][i]
			for s := 1; s < numShards; s++ {
				sum += g[s][i]
			}
			v[i] = float32(momentum*v[i]) + float32(sum*scale)
			w[i] -= float32(lr * v[i])
		}
	}
	update(t.w1t, t.v1t, func(s *shard) []float32 { return s.g1t })
	update(t.b1, t.vb1, func(s *shard) []float32 { return s.gb1 })
	update(t.w2, t.v2, func(s *shard) []float32 { return s.g2 })
	update(t.b2, t.vb2, func(s *shard) []float32 { return s.gb2 })
	return loss
}

// run accumulates, into the shard's zeroed buffers, the gradient of the
// summed loss over the images idx. Products are converted to float32
// before they are added, which forbids fused multiply-add and keeps the
// bits the same on every platform.
func (sh *shard) run(t *trainer, data *mnistdata.Set, idx []int32) {
	clear(sh.g1t)
	clear(sh.gb1)
	clear(sh.g2)
	clear(sh.gb2)
	sh.loss = 0
	h, dh := sh.h, sh.dh
	var logits [numClass]float32
	var prob [numClass]float64
	for _, i := range idx {
		// Input: the non-zero pixels, scaled to [0, 1] like mnist.zml.
		n := 0
		for p, v := range data.Image(int(i)) {
			if v != 0 {
				sh.nz[n], sh.xv[n] = int32(p), float32(v)/255
				n++
			}
		}
		nz, xv := sh.nz[:n], sh.xv[:n]
		// h = relu(x·fc1ᵀ + b1)
		clear(h)
		for k, p := range nz {
			x, row := xv[k], t.w1t[int(p)*numHidden:int(p+1)*numHidden]
			row = row[:len(h)] // lets the compiler drop bounds checks
			for j := range h {
				h[j] += float32(x * row[j])
			}
		}
		for j := range h {
			h[j] = max(h[j]+t.b1[j], 0)
		}
		// logits = h·fc2ᵀ + b2, softmax in float64.
		for c := range numClass {
			row := t.w2[c*numHidden : (c+1)*numHidden]
			row = row[:len(h)]
			var s float32
			for j, v := range h {
				s += float32(v * row[j])
			}
			logits[c] = s + t.b2[c]
		}
		m := logits[0]
		for _, l := range logits {
			m = max(m, l)
		}
		var sum float64
		for c, l := range logits {
			prob[c] = expDet(float64(l - m))
			sum += prob[c]
		}
		label := data.Labels[i]
		sh.loss += math.Log(sum) - float64(logits[label]-m) // for the log only
		// Backward: dlogits = softmax - onehot.
		clear(dh)
		for c := range numClass {
			d := float32(prob[c] / sum)
			if c == int(label) {
				d -= 1
			}
			sh.gb2[c] += d
			row, grow := t.w2[c*numHidden:(c+1)*numHidden], sh.g2[c*numHidden:(c+1)*numHidden]
			row, grow, dh := row[:len(h)], grow[:len(h)], dh[:len(h)]
			for j, v := range h {
				grow[j] += float32(d * v)
				dh[j] += float32(d * row[j])
			}
		}
		for j, v := range h {
			if v <= 0 {
				dh[j] = 0
			}
			sh.gb1[j] += dh[j]
		}
		for k, p := range nz {
			x, grow := xv[k], sh.g1t[int(p)*numHidden:int(p+1)*numHidden]
			grow = grow[:len(dh)]
			for j, d := range dh {
				grow[j] += float32(x * d)
			}
		}
	}
}

// params returns the weights in mnist.zml's layout, fc1 transposed back.
func (t *trainer) params() *params {
	p := &params{
		fc1W: make([]float32, numHidden*numPix),
		fc1B: append([]float32{}, t.b1...),
		fc2W: append([]float32{}, t.w2...),
		fc2B: append([]float32{}, t.b2...),
	}
	for pix := range numPix {
		for j := range numHidden {
			p.fc1W[j*numPix+pix] = t.w1t[pix*numHidden+j]
		}
	}
	return p
}
