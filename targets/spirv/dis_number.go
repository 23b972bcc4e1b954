package spirv

import (
	"math"
	"strconv"
	"strings"
)

// formatNumber prints a literal number of type t from its words (low word
// first) as SPIRV-Tools' EmitNumericLiteral does: integers in decimal by
// signedness, 32- and 64-bit floats that are zero or normal with 9 or 17
// significant digits (C++'s default float format), f16 and other floats
// as hex floats. Literals of more than two words print as nothing.
func formatNumber(ws []uint32, t numType) string {
	switch len(ws) {
	case 1:
		w := ws[0]
		switch t.kind {
		case numSigned:
			return strconv.FormatInt(int64(int32(w)), 10)
		case numUnsigned:
			return strconv.FormatUint(uint64(w), 10)
		case numFloat:
			if t.width == 16 {
				return hexFloat(uint64(w&0xffff), 5, 10)
			}
			f := math.Float32frombits(w)
			if f != 0 && !isNormal(float64(f), 126) {
				return hexFloat(uint64(w), 8, 23)
			}
			return formatG(float64(f), 9)
		}
	case 2:
		bits := uint64(ws[0]) | uint64(ws[1])<<32
		switch t.kind {
		case numSigned:
			return strconv.FormatInt(int64(bits), 10)
		case numUnsigned:
			return strconv.FormatUint(bits, 10)
		case numFloat:
			f := math.Float64frombits(bits)
			if f != 0 && !isNormal(f, 1022) {
				return hexFloat(bits, 11, 52)
			}
			return formatG(f, 17)
		}
	}
	return ""
}

// isNormal reports whether f is finite and at least 2^-minExp in magnitude.
func isNormal(f float64, minExp int) bool {
	a := math.Abs(f)
	return !math.IsInf(f, 0) && !math.IsNaN(f) && a >= math.Ldexp(1, -minExp)
}

// formatG is C++'s default float output at precision prec (printf's %.*g):
// Go's 'g' format, which also drops trailing zeros and keeps two exponent
// digits.
func formatG(f float64, prec int) string {
	return strconv.FormatFloat(f, 'g', prec, 64)
}

// hexFloat prints the bits of a binary float with e exponent and m
// fraction bits as SPIRV-Tools' HexFloat does: [-]0x1.<hex fraction>p±exp,
// trailing zero digits dropped, denormals normalised, 0x0p+0 for zero, and
// infinities and NaNs with the maximum exponent plus one.
func hexFloat(bits uint64, e, m uint) string {
	var b strings.Builder
	if bits>>(e+m)&1 != 0 {
		b.WriteByte('-')
	}
	bias := int64(1)<<(e-1) - 1
	exp := int64(bits >> m & (1<<e - 1))
	nibbles := (m + 3) / 4
	frac := (bits & (1<<m - 1)) << (4*nibbles - m)
	zero := exp == 0 && frac == 0
	iexp := exp - bias
	if zero {
		iexp = 0
	}
	if exp == 0 && !zero {
		top := uint64(1) << (4*nibbles - 1)
		for frac&top == 0 {
			frac <<= 1
			iexp--
		}
		frac = frac << 1 & (1<<(4*nibbles) - 1)
	}
	for nibbles > 0 && frac&0xf == 0 {
		frac >>= 4
		nibbles--
	}
	if zero {
		b.WriteString("0x0")
	} else {
		b.WriteString("0x1")
	}
	if nibbles > 0 {
		h := strconv.FormatUint(frac, 16)
		b.WriteString("." + strings.Repeat("0", int(nibbles)-len(h)) + h)
	}
	b.WriteString("p")
	if iexp >= 0 {
		b.WriteString("+")
	}
	b.WriteString(strconv.FormatInt(iexp, 10))
	return b.String()
}
