package main

import (
	"fmt"

	"github.com/zmlc/zmlc/examples/mnist/mnistdata"
	"github.com/zmlc/zmlc/ir"
	"github.com/zmlc/zmlc/ir/tensorio"
)

// Sizes of the model in examples/mnist/mnist.zml.
const (
	numPix    = mnistdata.Pixels // input pixels, 784
	numHidden = 500              // hidden units
	numClass  = 10               // digits
)

// params are the weights of mnist.zml in its layout, row-major float32:
// fc1.weight f32[hid=500, pix=784], fc1.bias f32[500], fc2.weight
// f32[cls=10, hid=500], fc2.bias f32[10].
type params struct {
	fc1W, fc1B, fc2W, fc2B []float32
}

// paramSpec lists the tensors of the safetensors file: name and shape.
var paramSpec = []struct {
	name  string
	shape []int64
}{
	{"fc1.weight", []int64{numHidden, numPix}},
	{"fc1.bias", []int64{numHidden}},
	{"fc2.weight", []int64{numClass, numHidden}},
	{"fc2.bias", []int64{numClass}},
}

// slices returns the parameter slices in paramSpec's order.
func (p *params) slices() [][]float32 { return [][]float32{p.fc1W, p.fc1B, p.fc2W, p.fc2B} }

// predict classifies one image the way mnist.zml's forward does, in
// float32: x = pixels/255; h = relu(x·fc1.weightᵀ + fc1.bias);
// logits = h·fc2.weightᵀ + fc2.bias; the first index of the largest logit.
// Each dot product sums in increasing index order; zero pixels are skipped,
// since their terms are zero. h is scratch space of numHidden floats.
func (p *params) predict(img []byte, h []float32) uint8 {
	var nz [numPix]int32
	var xv [numPix]float32
	n := 0
	for i, v := range img {
		if v != 0 {
			nz[n], xv[n] = int32(i), float32(v)/255
			n++
		}
	}
	for j := range h {
		row := p.fc1W[j*numPix : (j+1)*numPix]
		var s float32
		for k := range n {
			s += float32(xv[k] * row[nz[k]])
		}
		h[j] = max(s+p.fc1B[j], 0)
	}
	best, bestV := 0, float32(0)
	for c := range numClass {
		row := p.fc2W[c*numHidden : (c+1)*numHidden]
		var s float32
		for j, v := range h {
			s += float32(v * row[j])
		}
		s += p.fc2B[c]
		if c == 0 || s > bestV {
			best, bestV = c, s
		}
	}
	return uint8(best)
}

// accuracy returns the fraction of set that p classifies correctly.
func (p *params) accuracy(set *mnistdata.Set) float64 {
	h := make([]float32, numHidden)
	correct := 0
	for i := range set.Len() {
		if p.predict(set.Image(i), h) == set.Labels[i] {
			correct++
		}
	}
	return float64(correct) / float64(set.Len())
}

// write stores p as a safetensors file at path with metadata.
func (p *params) write(path string, metadata map[string]string) error {
	tensors := map[string]*ir.Tensor{}
	for i, s := range p.slices() {
		spec := paramSpec[i]
		x, err := ir.NewTensor(ir.TensorOf(ir.F32, spec.shape...))
		if err != nil {
			return err
		}
		for k, v := range s {
			x.F[k] = float64(v)
		}
		tensors[spec.name] = x
	}
	return tensorio.WriteSafetensors(path, tensors, metadata)
}

// readParams reads the four tensors of mnist.zml from a safetensors file,
// failing unless each is present with dtype F32 and paramSpec's shape.
func readParams(path string) (*params, map[string]string, error) {
	f, err := tensorio.OpenSafetensors(path)
	if err != nil {
		return nil, nil, err
	}
	defer f.Close()
	if len(f.Names()) != len(paramSpec) {
		return nil, nil, fmt.Errorf("%s: has tensors %q, want exactly fc1.weight, fc1.bias, fc2.weight, fc2.bias", path, f.Names())
	}
	p := &params{}
	dst := []*[]float32{&p.fc1W, &p.fc1B, &p.fc2W, &p.fc2B}
	for i, spec := range paramSpec {
		x, err := f.Tensor(spec.name)
		if err != nil {
			return nil, nil, err
		}
		want := ir.TensorOf(ir.F32, spec.shape...)
		if !ir.TypesEqual(x.Type, want) {
			return nil, nil, fmt.Errorf("%s: tensor %q is %s, want %s", path, spec.name, x.Type, want)
		}
		s := make([]float32, len(x.F))
		for k, v := range x.F {
			s[k] = float32(v)
		}
		*dst[i] = s
	}
	return p, f.Metadata(), nil
}
