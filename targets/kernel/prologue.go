package kernel

// Prologue is the part of a Program's schedule that depends only on its
// weights (Input buffers with a Param name) and Constants: kernels such as
// a convolution's weight packing, whose results are the same on every
// call. A host program runs it once — at the entry's first call — and
// keeps its results (Kept) for the later calls (docs/RUNTIME.md, "The
// prologue").
type Prologue struct {
	// Steps are the prologue's Alloc and Launch steps, in schedule order.
	Steps []Step
	// Kept are the Temp buffers the prologue fills and every call reads,
	// in the order of their Alloc steps.
	Kept []int
	// Rest is the schedule without the prologue's steps and without the
	// Free steps of Kept buffers.
	Rest []Step
}

// SplitPrologue finds p's prologue: every top-level Launch step whose
// kernel reads only weights, Constants and buffers of earlier prologue
// launches, and writes only Temp buffers that it alone writes (no other
// launch or copy, at any depth, writes them), allocated once at the top
// level, never freed inside control flow, and not outputs.
// Those launches and the Alloc steps of the buffers they write form the
// prologue. The result is deterministic; a Program without such launches
// has an empty prologue and Rest equal to Steps.
func SplitPrologue(p *Program) Prologue {
	writers := map[int]int{} // buffer -> number of steps writing it
	allocs := map[int]int{}  // buffer -> number of Alloc steps
	nested := map[int]bool{} // buffers freed inside control flow
	var count func([]Step, int)
	count = func(steps []Step, depth int) {
		for _, s := range steps {
			switch s.Kind {
			case Alloc:
				allocs[s.Buf]++
			case Free:
				nested[s.Buf] = nested[s.Buf] || depth > 0
			case Launch:
				for i, a := range s.Args {
					if i < len(p.Kernels[s.Kernel].Params) && p.Kernels[s.Kernel].Params[i].Role != Read {
						writers[a]++
					}
				}
			case Copy:
				writers[s.Dst]++
			}
			count(s.Cond, depth+1)
			count(s.Body, depth+1)
			count(s.Else, depth+1)
			for _, b := range s.Branches {
				count(b, depth+1)
			}
		}
	}
	count(p.Steps, 0)
	output := map[int]bool{}
	for _, o := range p.Outputs {
		output[o] = true
	}
	fixed := map[int]bool{} // weights, constants and kept buffers
	for id, b := range p.Buffers {
		if b.Kind == Constant || b.Kind == Input && b.Param != "" {
			fixed[id] = true
		}
	}
	hoisted := map[int]bool{} // step index -> in the prologue
	allocAt := map[int]int{}  // buffer -> index of its top-level Alloc
	var kept []int
	for i, s := range p.Steps {
		switch s.Kind {
		case Alloc:
			allocAt[s.Buf] = i
		case Launch:
			k := p.Kernels[s.Kernel]
			if len(s.Args) != len(k.Params) {
				continue
			}
			ok, wrote := true, []int(nil)
			for j, a := range s.Args {
				if k.Params[j].Role == Read {
					ok = ok && fixed[a]
					continue
				}
				_, allocated := allocAt[a]
				ok = ok && allocated && allocs[a] == 1 && !nested[a] && p.Buffers[a].Kind == Temp && writers[a] == 1 && !output[a] && !fixed[a]
				wrote = append(wrote, a)
			}
			if !ok || len(wrote) == 0 {
				continue
			}
			hoisted[i] = true
			for _, a := range wrote {
				if !fixed[a] {
					fixed[a] = true
					hoisted[allocAt[a]] = true
					kept = append(kept, a)
				}
			}
		}
	}
	if len(kept) == 0 {
		return Prologue{Rest: p.Steps}
	}
	isKept := map[int]bool{}
	for _, b := range kept {
		isKept[b] = true
	}
	var pr Prologue
	for i, s := range p.Steps {
		switch {
		case hoisted[i]:
			pr.Steps = append(pr.Steps, s)
		case s.Kind == Free && isKept[s.Buf]:
		default:
			pr.Rest = append(pr.Rest, s)
		}
	}
	// Kept in the order of their Alloc steps.
	for _, s := range pr.Steps {
		if s.Kind == Alloc {
			pr.Kept = append(pr.Kept, s.Buf)
		}
	}
	return pr
}
