package gpu

import (
	"fmt"

	K "github.com/zmlc/zmlc/targets/kernel"
)

// VerifyGPU checks that k has the GPU shape renderers rely on (doc.go): its
// body is one grid loop (the workgroups); inside it, uniform code — serial
// and unrolled loops, ifs, barriers and pure index arithmetic, the same in
// every invocation — around workgroup loops, all of one trip count (the
// invocations of a workgroup); inside a workgroup loop, per-invocation code
// without grid or workgroup loops or barriers. It does not check the
// ordinary kernel rules (kernel.Verify does).
func VerifyGPU(k *K.Kernel) error {
	if len(k.Body) != 1 || k.Body[0].Kind != K.Loop || k.Body[0].Level != K.Grid {
		return fmt.Errorf("kernel %s: the body must be exactly one grid loop", k.Name)
	}
	v := &gpuVerifier{k: k, w: -1}
	if err := v.uniform(k.Body[0].Body); err != nil {
		return err
	}
	if v.w < 0 {
		return fmt.Errorf("kernel %s: no workgroup loop", k.Name)
	}
	return nil
}

type gpuVerifier struct {
	k *K.Kernel
	w int64
}

func (v *gpuVerifier) errorf(n *K.Node, format string, a ...any) error {
	return fmt.Errorf("kernel %s: %%%d (%s): %s", v.k.Name, n.ID, n.Kind, fmt.Sprintf(format, a...))
}

func (v *gpuVerifier) uniform(body []*K.Node) error {
	for _, n := range body {
		switch n.Kind {
		case K.Loop:
			switch n.Level {
			case K.Workgroup:
				if v.w >= 0 && n.N != v.w {
					return v.errorf(n, "workgroup loop of %d iterations; the kernel's workgroup has %d", n.N, v.w)
				}
				v.w = n.N
				if err := v.thread(n.Body); err != nil {
					return err
				}
			case K.Serial, K.Unrolled:
				if err := v.uniform(n.Body); err != nil {
					return err
				}
			default:
				return v.errorf(n, "a %s loop outside the workgroup loops", n.Level)
			}
		case K.If:
			if err := v.uniform(n.Body); err != nil {
				return err
			}
			if err := v.uniform(n.Else); err != nil {
				return err
			}
		case K.Barrier:
		case K.Load, K.Store, K.Var, K.Get, K.Set:
			return v.errorf(n, "memory access outside the workgroup loops")
		}
	}
	return nil
}

func (v *gpuVerifier) thread(body []*K.Node) error {
	for _, n := range body {
		switch {
		case n.Kind == K.Barrier:
			return v.errorf(n, "a barrier inside a workgroup loop (barriers sit between workgroup loops)")
		case n.Kind == K.Loop && (n.Level == K.Grid || n.Level == K.Workgroup):
			return v.errorf(n, "a %s loop inside a workgroup loop", n.Level)
		}
		if err := v.thread(n.Body); err != nil {
			return err
		}
		if err := v.thread(n.Else); err != nil {
			return err
		}
	}
	return nil
}
