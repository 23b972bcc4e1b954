#!/usr/bin/env python3
"""Correctly rounded reference tables for zmlc's ULP measurement (internal/ulp).

For each element type (f16, bf16, f32, f64) it draws inputs, evaluates every
measured elementwise function with mpmath at 2p + 40 bits (p the type's
significand bits; mpmath widens its working precision for large trigonometric
arguments itself) and rounds the exact value once to the type, to nearest,
ties to even, with subnormals and overflow to infinity.

Inputs: f16 and bf16 every bit pattern (--exhaustive16) or every 16th; f32
and f64 --samples random values with a uniformly drawn sign, biased exponent
(subnormals included) and significand, plus the special values (zeros,
infinities, NaN, the extreme finite and subnormal values, 1, pi/2 multiples).

Output, one file per type, DIR/<type>.bin, little-endian:
  magic b"ZULP1\\n", u32 N, u32 F, F names (u8 length + bytes),
  N inputs (raw bits, 2/4/8 bytes), then F blocks of N results (raw bits).

Usage: scripts/ulp_ref.py --out DIR [--samples N] [--exhaustive16] [--jobs J]
Needs python3-mpmath (scripts/setup.sh installs it).
"""
import argparse
import math
import multiprocessing
import os
import random
import struct
import sys

import mpmath

# name in StableHLO -> (mpmath function of an mpf, special cases)
FUNCS = [
    "exponential", "exponential_minus_one", "log", "log_plus_one", "sine", "cosine",
    "tan", "tanh", "logistic", "sqrt", "rsqrt", "cbrt", "chlo.erf",
]

TYPES = {  # name: (significand bits p, exponent bias, bytes)
    "f16": (11, 15, 2),
    "bf16": (8, 127, 2),
    "f32": (24, 127, 4),
    "f64": (53, 1023, 8),
}

INF = float("inf")
NAN = float("nan")


def exact(name, x):
    """f(x) for a finite non-zero float x as an mpf, or a Python float for
    exact special results (NaN, infinities, signed zeros)."""
    v = mpmath.mpf(x)
    if name == "exponential":
        return mpmath.exp(v)
    if name == "exponential_minus_one":
        return mpmath.expm1(v)
    if name == "log":
        return NAN if x < 0 else mpmath.log(v)
    if name == "log_plus_one":
        if x < -1:
            return NAN
        if x == -1:
            return -INF
        return mpmath.log1p(v)
    if name == "sine":
        return mpmath.sin(v)
    if name == "cosine":
        return mpmath.cos(v)
    if name == "tan":
        return mpmath.tan(v)
    if name == "tanh":
        return mpmath.tanh(v)
    if name == "logistic":
        return 1 / (1 + mpmath.exp(-v))
    if name == "sqrt":
        return NAN if x < 0 else mpmath.sqrt(v)
    if name == "rsqrt":
        return NAN if x < 0 else 1 / mpmath.sqrt(v)
    if name == "cbrt":
        return mpmath.cbrt(v) if x > 0 else -mpmath.cbrt(-v)
    if name == "chlo.erf":
        return mpmath.erf(v)
    raise ValueError(name)


def special(name, x):
    """f(x) for x in {±0, ±inf, NaN} (IEEE / C99 Annex F results)."""
    if math.isnan(x):
        return NAN
    neg = math.copysign(1, x) < 0
    if x == 0:
        z = x
        return {"exponential": 1.0, "exponential_minus_one": z, "log": -INF, "log_plus_one": z,
                "sine": z, "cosine": 1.0, "tan": z, "tanh": z, "logistic": 0.5, "sqrt": z,
                "rsqrt": -INF if neg else INF, "cbrt": z, "chlo.erf": z}[name]
    s = -1.0 if neg else 1.0
    return {"exponential": 0.0 if neg else INF, "exponential_minus_one": -1.0 if neg else INF,
            "log": NAN if neg else INF, "log_plus_one": NAN if neg else INF, "sine": NAN,
            "cosine": NAN, "tan": NAN, "tanh": s, "logistic": 0.0 if neg else 1.0,
            "sqrt": NAN if neg else INF, "rsqrt": NAN if neg else 0.0, "cbrt": x,
            "chlo.erf": s}[name]


def round_to(v, p, bias):
    """The float nearest to the mpf v in the format with p significand bits
    and exponent bias (ties to even, subnormals, overflow to inf), as a
    Python float (exact for every such format); the sign of zero is v's."""
    if v == 0:
        return 0.0
    neg = v < 0
    a = -v if neg else v
    _, e = mpmath.frexp(a)  # a = m 2^e, 0.5 <= m < 1
    k = max(int(e) - p, 2 - bias - p)  # the ulp's exponent
    q = mpmath.ldexp(a, -k)
    n = int(mpmath.floor(q))
    d = q - n
    if d > 0.5 or (d == 0.5 and n % 2 == 1):
        n += 1
    if n == 0:
        r = 0.0
    elif n.bit_length() + k > bias + 1:  # at least 2^(emax+1): overflow
        r = INF
    else:
        r = math.ldexp(n, k)
    return -r if neg else r


def f_of(name, x, p, bias):
    if x == 0 or math.isinf(x) or math.isnan(x):
        return special(name, x)
    with mpmath.workprec(2 * p + 40):
        try:
            v = exact(name, x)
        except (ValueError, ZeroDivisionError, OverflowError):
            return NAN
        if isinstance(v, float):
            return v
        if isinstance(v, mpmath.mpc):
            return NAN
        return round_to(v, p, bias)


def bits_of(x, ty):
    if ty == "f64":
        return struct.pack("<d", x)
    if ty == "f32":
        return struct.pack("<f", x)
    if ty == "f16":
        return struct.pack("<e", x)
    # bf16: the top half of the f32 (x is exact in bf16)
    return struct.pack("<f", x)[2:]


def from_bits16(u, ty):
    if ty == "f16":
        return struct.unpack("<e", struct.pack("<H", u))[0]
    return struct.unpack("<f", struct.pack("<I", u << 16))[0]


def inputs(ty, samples, exhaustive16, seed):
    p, bias, nbytes = TYPES[ty]
    if nbytes == 2:
        step = 1 if exhaustive16 else 16
        return [from_bits16(u, ty) for u in range(0, 1 << 16, step)]
    rng = random.Random(seed)
    ebits = 8 if ty == "f32" else 11
    mbits = p - 1
    fmt, ifmt = ("<f", "<I") if ty == "f32" else ("<d", "<Q")
    xs = []
    big = 2 ** mbits
    tiny = struct.unpack(fmt, struct.pack(ifmt, 1))[0]
    maxf = struct.unpack(fmt, struct.pack(ifmt, ((1 << ebits) - 2) << mbits | (big - 1)))[0]
    minn = struct.unpack(fmt, struct.pack(ifmt, 1 << mbits))[0]
    for v in [0.0, -0.0, INF, -INF, NAN, tiny, -tiny, maxf, -maxf, minn, -minn, 1.0, -1.0,
              math.pi / 2, math.pi, 3 * math.pi / 2, 2 * math.pi, 1e-8, 0.5, 2.0, 88.5, -103.5, 710.0, -745.0]:
        xs.append(struct.unpack(fmt, struct.pack(fmt, v))[0])
    while len(xs) < samples:
        e = rng.randrange(0, (1 << ebits) - 1)  # finite exponents, subnormals included
        m = rng.randrange(0, big)
        s = rng.randrange(2)
        u = s << (ebits + mbits) | e << mbits | m
        xs.append(struct.unpack(fmt, struct.pack(ifmt, u))[0])
    return xs


def work(args):
    name, ty, xs = args
    p, bias, _ = TYPES[ty]
    return [f_of(name, x, p, bias) for x in xs]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--samples", type=int, default=1000000, help="f32/f64 inputs per type")
    ap.add_argument("--exhaustive16", action="store_true", help="every f16/bf16 bit pattern")
    ap.add_argument("--types", default="f16,bf16,f32,f64")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=12)
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    for ty in a.types.split(","):
        xs = inputs(ty, a.samples, a.exhaustive16, a.seed)
        chunk = max(1, len(xs) // (4 * a.jobs))
        jobs = [(name, ty, xs[i:i + chunk]) for name in FUNCS for i in range(0, len(xs), chunk)]
        with multiprocessing.Pool(a.jobs) as pool:
            parts = pool.map(work, jobs)
        res = {name: [] for name in FUNCS}
        for (name, _, _), part in zip(jobs, parts):
            res[name].extend(part)
        tmp = os.path.join(a.out, ty + ".bin.tmp")
        with open(tmp, "wb") as f:
            f.write(b"ZULP1\n")
            f.write(struct.pack("<II", len(xs), len(FUNCS)))
            for name in FUNCS:
                f.write(struct.pack("<B", len(name)) + name.encode())
            f.write(b"".join(bits_of(x, ty) for x in xs))
            for name in FUNCS:
                f.write(b"".join(bits_of(v, ty) for v in res[name]))
        os.replace(tmp, os.path.join(a.out, ty + ".bin"))
        print(f"ulp_ref: {ty}: {len(xs)} inputs x {len(FUNCS)} functions -> {a.out}/{ty}.bin", file=sys.stderr)


if __name__ == "__main__":
    main()
