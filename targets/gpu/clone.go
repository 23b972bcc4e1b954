package gpu

import K "github.com/zmlc/zmlc/targets/kernel"

// cloner deep-copies kernel IR, mapping nodes (values defined by copied
// nodes, or substituted ones such as loop indices) and buffers.
type cloner struct {
	nodes map[*K.Node]*K.Node
	bufs  map[*K.Buffer]*K.Buffer
}

func newCloner() *cloner {
	return &cloner{nodes: map[*K.Node]*K.Node{}, bufs: map[*K.Buffer]*K.Buffer{}}
}

// params copies the buffers of k into a new kernel named name.
func (c *cloner) kernel(k *K.Kernel, name string) *K.Kernel {
	nk := &K.Kernel{Name: name, Source: k.Source}
	for _, p := range k.Params {
		q := *p
		q.Shape = append([]int64{}, p.Shape...)
		q.Strides = append([]int64{}, p.Strides...)
		nk.Params = append(nk.Params, &q)
		c.bufs[p] = &q
	}
	for _, p := range k.Shared {
		q := *p
		q.Index = len(nk.Shared)
		nk.Shared = append(nk.Shared, &q)
		c.bufs[p] = &q
	}
	return nk
}

func (c *cloner) body(body []*K.Node) []*K.Node {
	var out []*K.Node
	for _, n := range body {
		out = append(out, c.node(n))
	}
	return out
}

func (c *cloner) node(n *K.Node) *K.Node {
	m := *n
	m.Args = make([]*K.Node, len(n.Args))
	for i, a := range n.Args {
		if r, ok := c.nodes[a]; ok {
			m.Args[i] = r
		} else {
			m.Args[i] = a
		}
	}
	if n.Buf != nil {
		if b, ok := c.bufs[n.Buf]; ok {
			m.Buf = b
		}
	}
	c.nodes[n] = &m
	m.Body = c.body(n.Body)
	m.Else = c.body(n.Else)
	return &m
}

// sub builds nodes with a Builder appending to k's buffers but to a fresh
// body, and returns that body.
func sub(k *K.Kernel, fn func(b *K.Builder)) []*K.Node {
	b := K.NewBuilder("")
	tmp := b.K
	b.K = k
	fn(b)
	return tmp.Body
}
