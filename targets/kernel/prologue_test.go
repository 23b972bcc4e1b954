package kernel

import (
	"reflect"
	"testing"
)

// prologueProgram is a schedule with weight-only and input-dependent
// launches:
//
//	buf0 weight w, buf1 input x, buf2 constant c, buf3..buf8 temps
//	alloc 3; launch pack(3 <- 0)         weight only: prologue
//	alloc 4; launch scale(4 <- 3, 2)     reads the packed weight and c: prologue
//	alloc 5; launch use(5 <- 1, 4)       reads x: not
//	alloc 6; launch pack(6 <- 0)         weight only, but 6 is also written below: not
//	copy 6 <- 5
//	alloc 7; launch pack(7 <- 0)         weight only, but 7 is an output: not
//	while (pred 5) { alloc 8; launch pack(8 <- 0); free 8 }   nested: not
//	free 3; free 4; free 5; free 6
func prologueProgram() *Program {
	k := func(name string, roles ...Role) *Kernel {
		kk := &Kernel{Name: name}
		for _, r := range roles {
			kk.Params = append(kk.Params, &Buffer{Role: r})
		}
		return kk
	}
	p := &Program{
		Buffers: []*ProgBuffer{
			{ID: 0, Kind: Input, Param: "w"}, {ID: 1, Kind: Input}, {ID: 2, Kind: Constant},
			{ID: 3}, {ID: 4}, {ID: 5}, {ID: 6}, {ID: 7}, {ID: 8},
		},
		Kernels: []*Kernel{k("pack", Write, Read), k("scale", ReadWrite, Read, Read), k("use", Write, Read, Read)},
		Inputs:  []int{0, 1},
		Outputs: []int{7},
	}
	p.Steps = []Step{
		{Kind: Alloc, Buf: 3}, {Kind: Launch, Kernel: 0, Args: []int{3, 0}},
		{Kind: Alloc, Buf: 4}, {Kind: Launch, Kernel: 1, Args: []int{4, 3, 2}},
		{Kind: Alloc, Buf: 5}, {Kind: Launch, Kernel: 2, Args: []int{5, 1, 4}},
		{Kind: Alloc, Buf: 6}, {Kind: Launch, Kernel: 0, Args: []int{6, 0}},
		{Kind: Copy, Src: 5, Dst: 6},
		{Kind: Alloc, Buf: 7}, {Kind: Launch, Kernel: 0, Args: []int{7, 0}},
		{Kind: While, Pred: 5, Body: []Step{{Kind: Alloc, Buf: 8}, {Kind: Launch, Kernel: 0, Args: []int{8, 0}}, {Kind: Free, Buf: 8}}},
		{Kind: Free, Buf: 3}, {Kind: Free, Buf: 4}, {Kind: Free, Buf: 5}, {Kind: Free, Buf: 6},
	}
	return p
}

func TestSplitPrologue(t *testing.T) {
	p := prologueProgram()
	pr := SplitPrologue(p)
	if want := []int{3, 4}; !reflect.DeepEqual(pr.Kept, want) {
		t.Errorf("kept %v, want %v", pr.Kept, want)
	}
	if want := []Step{p.Steps[0], p.Steps[1], p.Steps[2], p.Steps[3]}; !reflect.DeepEqual(pr.Steps, want) {
		t.Errorf("prologue steps %v, want the allocs and launches of buffers 3 and 4", pr.Steps)
	}
	// The rest: everything else but the frees of 3 and 4.
	want := append(append([]Step{}, p.Steps[4:12]...), p.Steps[14:]...)
	if !reflect.DeepEqual(pr.Rest, want) {
		t.Errorf("rest %v\nwant %v", pr.Rest, want)
	}
	// Without weights there is no prologue, and Rest is the schedule.
	p.Buffers[0].Param = ""
	if pr := SplitPrologue(p); len(pr.Kept) != 0 || len(pr.Steps) != 0 || !reflect.DeepEqual(pr.Rest, p.Steps) {
		t.Errorf("no weights: prologue %+v", pr)
	}
}
