# Writes a StableHLO module of N functions, @f0 .. @f{N-1}, each but the
# first calling the previous one twice, and a public @main calling the last:
# inlining everything makes 2^(N-1) copies of @f0's body.
import sys

n = int(sys.argv[1])
t = "tensor<4xf32>"
print(f"func.func private @f0(%x: {t}) -> {t} {{\n  %0 = stablehlo.add %x, %x : {t}\n  return %0 : {t}\n}}")
for i in range(1, n):
    print(f"func.func private @f{i}(%x: {t}) -> {t} {{")
    print(f"  %0 = func.call @f{i-1}(%x) : ({t}) -> {t}")
    print(f"  %1 = func.call @f{i-1}(%0) : ({t}) -> {t}")
    print(f"  return %1 : {t}\n}}")
print(f"func.func @main(%x: {t}) -> {t} {{\n  %0 = func.call @f{n-1}(%x) : ({t}) -> {t}\n  return %0 : {t}\n}}")
