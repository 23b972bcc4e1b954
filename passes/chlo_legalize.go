package passes

import (
	"fmt"
	"math"

	"github.com/zmlc/zmlc/ir"
)

// chloLegalizePass rewrites the chlo ops the IR core accepts into StableHLO,
// as stablehlo-opt's --chlo-legalize-to-stablehlo does, so that code
// generators see StableHLO only:
//
//   - chlo.erf: f32 is x·α(x²)/β(x²) for |x| < 1, the rational
//     approximation of Eigen and XLA's ErfImpl32 (α of degree 6, β of degree
//     4 in x²), and ±(1 - erfc(|x|)) beyond, erfc from Cephes' P/Q rational
//     approximation times e^(-x²) (in f32; 0 past |x| = 10), so that erf
//     near ±1 rounds as the exact value does; f16 and bf16 are computed in
//     f32 and converted back; f64 is Cephes' erf: x·T(x²)/U(x²) for |x| < 1
//     and 1 - erfc(|x|) from the P/Q (|x| < 8) and R/S (|x| ≥ 8) rational
//     approximations of erfc, with the sign restored.
//   - chlo.erf_inv: Giles' approximation ("Approximating the erfinv
//     function", GPU Computing Gems, 2010) as XLA uses it: w = -log1p(-x²);
//     f32 uses two polynomials of degree 8 in w-2.5 (w < 5) or √w-3 (w ≥ 5);
//     f64 three (w < 6.25, < 16, ≥ 16) of degree 22, 18 and 16; the result
//     is x·p(w), with erf_inv(±1) = ±inf. f16 and bf16 go through f32.
//   - chlo.tan: sine(x)/cosine(x), computed in f64 for f16, bf16 and f32 and
//     converted back (one extra rounding), in the type itself for f64 and
//     complex types.
//   - chlo.top_k: stablehlo.sort of (x, iota) along the last dimension with
//     a stable comparator `x_a > x_b` (TOTALORDER for floats, UNSIGNED for
//     unsigned integers), then a slice of the first k; indices are i32.
//
// Measured accuracy (TestChloAccuracy, sweeps of 200 001 evenly spaced
// points, against math.Erf / math.Erfinv / math.Tan rounded to the type):
// erf f32 at most 3 ULP on [-1, 1], [-5, 5] and [-12, 12]; erf f64 at most 3 ULP on [-7, 7]; erf_inv f32 at most 4 ULP on
// [-0.9, 0.9] and 11 ULP on [-0.999, 0.999]; erf_inv f64 at most 7 ULP on
// [-0.9, 0.9] and 12 ULP on [-0.999, 0.999] (nearer ±1 the rounding of x²
// in -log1p(-x²) dominates, as in XLA); tan f32 exact (0 ULP) and tan f64
// at most 3 ULP on [-1.5, 1.5]. NaN, ±inf, ±0 and ±1 give exactly the
// interpreter's results. Ops of other element types (integers, which the
// verifier rejects anyway) are left alone.
type chloLegalizePass struct{}

func init() {
	Register(&PassInfo{
		Argument: "chlo-legalize-to-stablehlo",
		Name:     "ChloLegalizeToStablehloPass",
		Summary:  "Legalize the chlo ops (erf, erfc, erf_inv, tan, lgamma, digamma, polygamma, zeta, bessel_i1e, next_after, asin ... atanh, top_k) to StableHLO",
		New:      func(map[string]string) (Pass, error) { return chloLegalizePass{}, nil },
	})
}

func (chloLegalizePass) Name() string     { return "ChloLegalizeToStablehloPass" }
func (chloLegalizePass) Argument() string { return "chlo-legalize-to-stablehlo" }
func (chloLegalizePass) Summary() string  { return Lookup("chlo-legalize-to-stablehlo").Summary }

// Run legalises every chlo op of every function of m (nested regions
// included). It fails on a chlo op it cannot legalise (a malformed one).
func (chloLegalizePass) Run(m *ir.Module) error { return legalizeChloExcept(m, nil) }

// NativeChlo are the chlo ops the kernel lowering (targets/kernel) takes
// as they are; every other chlo op reaches a code generator legalised.
var NativeChlo = []string{"chlo.erf", "chlo.erf_inv", "chlo.tan", "chlo.top_k"}

// LegalizeChloExcept legalises the chlo ops of m whose names are not in
// keep, as chlo-legalize-to-stablehlo does. compile.LowerModule calls it
// with NativeChlo so that -O0, whose pipeline is empty, compiles every chlo
// op; the targets' corpus tests do the same.
func LegalizeChloExcept(m *ir.Module, keep []string) error {
	k := map[string]bool{}
	for _, n := range keep {
		k[n] = true
	}
	return legalizeChloExcept(m, k)
}

func legalizeChloExcept(m *ir.Module, keep map[string]bool) error {
	for _, f := range m.Funcs {
		if f.Body == nil {
			continue
		}
		var chlo []*ir.Op
		f.Body.Walk(func(op *ir.Op) bool {
			if op.Dialect() == "chlo" && !keep[op.Name] {
				chlo = append(chlo, op)
			}
			return true
		})
		if len(chlo) == 0 {
			continue
		}
		rw := NewRewriter(f.Body)
		for _, op := range chlo {
			if err := legalizeChlo(rw, op); err != nil {
				rw.Finish(f.Body)
				return err
			}
		}
		rw.Finish(f.Body)
	}
	return nil
}

// legalizeChlo replaces one chlo op.
func legalizeChlo(rw *Rewriter, op *ir.Op) error {
	e := newEmitter(op.Loc)
	var res []*ir.Value
	switch op.Name {
	case "chlo.erf", "chlo.erf_inv", "chlo.tan":
		if len(op.Operands) != 1 || len(op.Results) != 1 || op.Operands[0].Tensor() == nil {
			return fmt.Errorf("%s: %s must have one tensor operand and one result", op.Loc, op.Name)
		}
		x := op.Operands[0]
		var r *ir.Value
		switch op.Name {
		case "chlo.erf":
			r = withF32(e, x, erfF32, erfF64)
		case "chlo.erf_inv":
			r = withF32(e, x, erfInvF32, erfInvF64)
		default:
			r = tanApprox(e, x)
		}
		if r == nil && e.err == nil {
			return nil // an element type without a legalisation: keep the op
		}
		res = []*ir.Value{r}
	case "chlo.top_k":
		res = topK(e, op)
	default:
		f, ok := chloElementwise[op.Name]
		if !ok {
			return nil
		}
		n := 1
		if op.Name == "chlo.next_after" || op.Name == "chlo.polygamma" || op.Name == "chlo.zeta" {
			n = 2
		}
		if len(op.Operands) != n || len(op.Results) != 1 {
			return fmt.Errorf("%s: %s must have %d operands and one result", op.Loc, op.Name, n)
		}
		for _, x := range op.Operands {
			if x.Tensor() == nil {
				return fmt.Errorf("%s: %s operands must be tensors", op.Loc, op.Name)
			}
		}
		var r *ir.Value
		cf, isComplex := chloComplex[op.Name]
		switch {
		case isComplex && op.Operands[0].Tensor().Elem.IsComplex():
			r = complexLegal(e, op.Operands[0], cf)
		case op.Name == "chlo.next_after":
			r = nextAfterLegal(e, op.Operands)
		default:
			r = withUpcast(e, op.Operands, f)
		}
		if r == nil && e.err == nil {
			return nil // an element type without a legalisation: keep the op
		}
		res = []*ir.Value{r}
	}
	if e.err != nil {
		return fmt.Errorf("%s: legalizing %s: %v", op.Loc, op.Name, e.err)
	}
	for i, r := range res {
		if !ir.TypesEqual(r.Type, op.Results[i].Type) {
			return fmt.Errorf("%s: legalizing %s: result %d has type %s, want %s", op.Loc, op.Name, i, r.Type, op.Results[i].Type)
		}
	}
	e.splice(rw, op)
	rw.ReplaceOp(op, res...)
	return nil
}

// chloElementwise are the legalisations of the elementwise chlo ops of
// chlo_legalize_special.go and chlo_legalize_trig.go, on f32 or f64
// operands.
var chloElementwise = map[string]func(*emitter, []*ir.Value) *ir.Value{
	"chlo.erfc":       erfcLegal,
	"chlo.lgamma":     lgammaLegal,
	"chlo.digamma":    digammaLegal,
	"chlo.polygamma":  polygammaLegal,
	"chlo.zeta":       zetaLegal,
	"chlo.bessel_i1e": besselI1eLegal,
	"chlo.next_after": nextAfterLegal,
	"chlo.asin":       asinLegal,
	"chlo.acos":       acosLegal,
	"chlo.atan":       atanLegal,
	"chlo.sinh":       sinhLegal,
	"chlo.cosh":       coshLegal,
	"chlo.asinh":      asinhLegal,
	"chlo.acosh":      acoshLegal,
	"chlo.atanh":      atanhLegal,
}

// withF32 applies f32 to x (f16 and bf16 converted to f32 and back) or f64
// to an f64 x; it returns nil for other element types.
func withF32(e *emitter, x *ir.Value, f32, f64 func(*emitter, *ir.Value) *ir.Value) *ir.Value {
	switch el := x.Tensor().Elem; el {
	case ir.F32:
		return f32(e, x)
	case ir.F64:
		return f64(e, x)
	case ir.F16, ir.BF16:
		return e.convert(f32(e, e.convert(x, ir.F32)), el)
	}
	return nil
}

// Eigen's / XLA's float erf: x·α(x²)/β(x²) on [-4, 4].
var (
	erfAlphaF32 = []float64{-2.72614225801306e-10, 2.77068142495902e-08, -2.10102402082508e-06,
		-5.69250639462346e-05, -7.34990630326855e-04, -2.95459980854025e-03, -1.60960333262415e-02}
	erfBetaF32 = []float64{-1.45660718464996e-05, -2.13374055278905e-04, -1.68282697438203e-03,
		-7.37332916720468e-03, -1.42647390514189e-02}
)

// erfF32 is XLA's rational approximation for |x| < 1 and, as Cephes
// does, ±(1 - erfc(|x|)) beyond, with erfc(a) = e^(-a²) P(a)/Q(a) (Cephes'
// coefficients, in f32): XLA's form alone is exactly ±1 past |x| = 4 and
// several ulps off between 3 and 4, which erased the negative tail of the
// erf-based GELU x(1 + erf(x/√2))/2 (-0 instead of -1.6e-7 at x = -5.5).
func erfF32(e *emitter, x *ir.Value) *ir.Value {
	xc := e.clamp(e.splat(x, -4.0), x, e.splat(x, 4.0))
	x2 := e.mul(xc, xc)
	r := e.div(e.mul(xc, e.horner(x2, erfAlphaF32)), e.horner(x2, erfBetaF32))
	small := e.clamp(e.splat(x, -1.0), r, e.splat(x, 1.0))
	// Below 2^-60, erf(x) = x 2/√π to the last bit; x·α would be subnormal
	// (31 ulp off near 1e-38).
	a0 := e.unary("abs", x)
	small = e.sel(e.cmp("LT", "", a0, e.splat(x, 0x1p-60)), e.mul(x, e.splat(x, 2/math.SqrtPi)), small)
	a := e.unary("abs", x)
	ac := e.clamp(e.splat(x, 0.0), a, e.splat(x, 10.0)) // e^-100 = 0 in f32: erfc is 0 past 10
	ez := e.unary("exponential", e.unary("negate", e.mul(ac, ac)))
	erfc := e.div(e.mul(ez, e.horner(ac, erfcP64)), e.horner(ac, erfcQ64))
	one := e.splat(x, 1.0)
	big := e.sub(one, erfc)
	big = e.sel(e.cmp("LT", "", x, e.splat(x, 0.0)), e.unary("negate", big), big)
	r = e.sel(e.cmp("LT", "", a, one), small, big)
	return e.sel(e.cmp("NE", "", x, x), x, r) // NaN stays NaN
}

// Cephes ndtr.c coefficients (erf for |x| < 1, erfc for 1 ≤ |x| < 8 and
// |x| ≥ 8).
var (
	erfT64 = []float64{9.60497373987051638749e0, 9.00260197203842689217e1, 2.23200534594684319226e3,
		7.00332514112805075473e3, 5.55923013010394962768e4}
	erfU64 = []float64{1, 3.35617141647503099647e1, 5.21357949780152679795e2, 4.59432382970980127987e3,
		2.26290000613890934246e4, 4.92673942608635921086e4}
	erfcP64 = []float64{2.46196981473530512524e-10, 5.64189564831068821977e-1, 7.46321056442269912687e0,
		4.86371970985681366614e1, 1.96520832956077098242e2, 5.26445194995477358631e2,
		9.34528527171957607540e2, 1.02755188689515710272e3, 5.57535335369399327526e2}
	erfcQ64 = []float64{1, 1.32281951154744992508e1, 8.67072140885989742329e1, 3.54937778887819891062e2,
		9.75708501743205489753e2, 1.82390916687909736289e3, 2.24633760818710981792e3,
		1.65666309194161350182e3, 5.57535340817727675546e2}
	erfcR64 = []float64{5.64189583547755073984e-1, 1.27536670759978104416e0, 5.01905042251180477414e0,
		6.16021097993053585195e0, 7.40974269950448939160e0, 2.97886665372100240670e0}
	erfcS64 = []float64{1, 2.26052863220117276590e0, 9.39603524938001434673e0, 1.20489539808096656605e1,
		1.70814450747565897222e1, 9.60896809063285878198e0, 3.36907645100081516050e0}
)

// erfF64 is Cephes' erf: small |x| directly, large |x| as ±(1 - erfc(|x|)).
func erfF64(e *emitter, x *ir.Value) *ir.Value {
	x2 := e.mul(x, x)
	small := e.div(e.mul(x, e.horner(x2, erfT64)), e.horner(x2, erfU64))
	a := e.unary("abs", x)
	ez := e.unary("exponential", e.unary("negate", x2))
	mid := e.div(e.mul(ez, e.horner(a, erfcP64)), e.horner(a, erfcQ64))
	far := e.div(e.mul(ez, e.horner(a, erfcR64)), e.horner(a, erfcS64))
	erfc := e.sel(e.cmp("LT", "", a, e.splat(x, 8.0)), mid, far)
	// exp(-x²) underflows past |x| ≈ 26.6: erfc is 0 there (and for inf,
	// where the ratio would be NaN).
	erfc = e.sel(e.cmp("LT", "", e.unary("negate", x2), e.splat(x, -709.782712893384)), e.splat(x, 0.0), erfc)
	one := e.splat(x, 1.0)
	big := e.sub(one, erfc)
	big = e.sel(e.cmp("LT", "", x, e.splat(x, 0.0)), e.unary("negate", big), big)
	return e.sel(e.cmp("LT", "", a, one), small, big)
}

// Giles' single-precision erfinv coefficients (highest degree first).
var (
	erfInvSmallF32 = []float64{2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
		0.00021858087, -0.00125372503, -0.00417768164, 0.246640727, 1.50140941}
	erfInvLargeF32 = []float64{-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
		0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682}
)

// erfInvW returns w = -log1p(-x²).
func erfInvW(e *emitter, x *ir.Value) *ir.Value {
	return e.unary("negate", e.unary("log_plus_one", e.mul(x, e.unary("negate", x))))
}

// erfInvEnds returns x·p, except ±inf where |x| = 1.
func erfInvEnds(e *emitter, x, p *ir.Value) *ir.Value {
	r := e.mul(p, x)
	inf := e.mul(x, e.splat(x, math.Inf(1)))
	return e.sel(e.cmp("EQ", "", e.unary("abs", x), e.splat(x, 1.0)), inf, r)
}

func erfInvF32(e *emitter, x *ir.Value) *ir.Value {
	w := erfInvW(e, x)
	lt := e.cmp("LT", "", w, e.splat(x, 5.0))
	small := e.horner(e.sub(w, e.splat(x, 2.5)), erfInvSmallF32)
	large := e.horner(e.sub(e.unary("sqrt", w), e.splat(x, 3.0)), erfInvLargeF32)
	return erfInvEnds(e, x, e.sel(lt, small, large))
}

// Giles' double-precision erfinv coefficients (highest degree first).
var (
	erfInvA64 = []float64{-3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
		1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
		6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
		2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
		1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
		4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
		0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
		0.24015818242558961693, 1.6536545626831027356}
	erfInvB64 = []float64{2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
		1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
		2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
		6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
		0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
		-0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
		3.0838856104922207635}
	erfInvC64 = []float64{-2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
		-3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
		2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
		-9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
		7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
		1.0103004648645343977, 4.8499064014085844221}
)

func erfInvF64(e *emitter, x *ir.Value) *ir.Value {
	w := erfInvW(e, x)
	sw := e.unary("sqrt", w)
	pa := e.horner(e.sub(w, e.splat(x, 3.125)), erfInvA64)
	pb := e.horner(e.sub(sw, e.splat(x, 3.25)), erfInvB64)
	pc := e.horner(e.sub(sw, e.splat(x, 5.0)), erfInvC64)
	p := e.sel(e.cmp("LT", "", w, e.splat(x, 6.25)), pa,
		e.sel(e.cmp("LT", "", w, e.splat(x, 16.0)), pb, pc))
	return erfInvEnds(e, x, p)
}

// tanApprox is sine/cosine, in f64 for the narrower float types.
func tanApprox(e *emitter, x *ir.Value) *ir.Value {
	el := x.Tensor().Elem
	switch {
	case el == ir.F64 || el.IsComplex():
		return e.div(e.unary("sine", x), e.unary("cosine", x))
	case el == ir.F32 || el == ir.F16 || el == ir.BF16:
		w := e.convert(x, ir.F64)
		return e.convert(e.div(e.unary("sine", w), e.unary("cosine", w)), el)
	}
	return nil
}

// topK is chlo.top_k as a stable sort of (x, iota) in descending order
// along the last dimension followed by slices of the first k.
func topK(e *emitter, op *ir.Op) []*ir.Value {
	if len(op.Operands) != 1 || len(op.Results) != 2 {
		e.err = fmt.Errorf("chlo.top_k must have one operand and two results")
		return nil
	}
	x := op.Operands[0]
	t := x.Tensor()
	k, okK := ir.IntValue(op.Attr("k"))
	if t == nil || t.Rank() < 1 || !t.IsStatic() || !okK {
		e.err = fmt.Errorf("chlo.top_k needs a static operand of rank >= 1 and an integer k")
		return nil
	}
	last := int64(t.Rank() - 1)
	idxT := ir.AsTensor(op.Results[1].Type)
	if idxT == nil {
		e.err = fmt.Errorf("chlo.top_k indices must be a tensor")
		return nil
	}
	iota := e.ok(e.b.Iota(t.WithElem(idxT.Elem), last))
	typ := ""
	switch {
	case t.Elem.IsFloat():
		typ = "TOTALORDER"
	case t.Elem.IsUnsigned() || t.Elem == ir.I1:
		typ = "UNSIGNED"
	case t.Elem.IsInteger():
		typ = "SIGNED"
	}
	if e.err != nil {
		return nil
	}
	sorted, err := e.b.Sort([]*ir.Value{x, iota}, last, true, func(b *ir.Builder, a []*ir.Value) *ir.Value {
		v, _ := b.Compare("GT", typ, a[0], a[1])
		return v
	})
	if e.ok(nil, err); e.err != nil {
		return nil
	}
	start := make([]int64, t.Rank())
	limit := append([]int64{}, t.Shape...)
	limit[last] = k
	strides := make([]int64, t.Rank())
	for i := range strides {
		strides[i] = 1
	}
	vals := e.ok(e.b.Slice(sorted[0], start, limit, strides))
	idx := e.ok(e.b.Slice(sorted[1], start, limit, strides))
	return []*ir.Value{vals, idx}
}
