// Signed bundles (docs/BUNDLE.md, "Trust model"): under --require-signed a
// cpu bundle runs only when a trusted key signed it; unsigned, signed by
// another key or changed after signing, it is refused in one line before its
// kernels are loaded. A wasm bundle is sandboxed and runs unsigned.
// REQUIRES: opt-19, llc-19, ld.lld-19
// RUN: zmlc interpret %s --entry make --output-dir %t
// RUN: zmlc --target cpu %s -o %t.zpkg
// RUN: zmlc keygen -o %t.key | FileCheck %s --check-prefix=KEYGEN
// RUN: zmlc keygen -o %t.other | FileCheck %s --check-prefix=KEYGEN
// RUN: not zmlc run --require-signed --trusted-key %t.key.pub %t.zpkg --entry main --input %t/make_0.npy 2>&1 | FileCheck %s --check-prefix=UNSIGNED
// RUN: not zmlc verify --trusted-key %t.key.pub %t.zpkg 2>&1 | FileCheck %s --check-prefix=VUNSIGNED
// RUN: zmlc sign --key %t.key %t.zpkg -o %t.s.zpkg | FileCheck %s --check-prefix=SIGN
// RUN: zmlc verify --trusted-key %t.other.pub --trusted-key %t.key.pub %t.s.zpkg | FileCheck %s --check-prefix=VERIFY
// RUN: zmlc run --require-signed --trusted-key %t.key.pub %t.s.zpkg --entry main --input %t/make_0.npy | FileCheck %s
// RUN: not zmlc run --require-signed --trusted-key %t.other.pub %t.s.zpkg --entry main --input %t/make_0.npy 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not zmlc verify --trusted-key %t.other.pub %t.s.zpkg 2>&1 | FileCheck %s --check-prefix=VUNKNOWN
// Signing in place replaces the file atomically; signing again replaces the signature.
// RUN: zmlc sign --key %t.other %t.s.zpkg
// RUN: zmlc verify --trusted-key %t.other.pub %t.s.zpkg | FileCheck %s --check-prefix=VERIFY
// One changed byte of the signature: refused even without --require-signed.
// RUN: printf Z | dd of=%t.s.zpkg bs=1 seek=120 conv=notrunc
// RUN: not zmlc verify --trusted-key %t.other.pub %t.s.zpkg 2>&1 | FileCheck %s --check-prefix=BADSIG
// RUN: not zmlc run --trusted-key %t.other.pub %t.s.zpkg --entry main --input %t/make_0.npy 2>&1 | FileCheck %s --check-prefix=RBADSIG
// The wasm bundle of the same program runs unsigned under the policy.
// RUN: zmlc %s -o %t.wasm.zpkg
// RUN: zmlc run --require-signed --trusted-key %t.key.pub %t.wasm.zpkg --entry main --input %t/make_0.npy | FileCheck %s
func.func @make() -> tensor<2x3xf32> {
  %0 = stablehlo.constant dense<[[1.0, -2.0, 3.0], [-4.0, 5.0, -6.5]]> : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
func.func @main(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.abs %x : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}
// KEYGEN: wrote {{.*}} and {{.*}}.pub, key id {{[0-9a-f]+$}}
// UNSIGNED: zmlc: error: runtime: untrusted bundle: {{.*}}.zpkg: a cpu bundle runs native code and is not signed; signatures are required (--require-signed or ZMLC_REQUIRE_SIGNED=1): sign it with `zmlc sign`
// UNSIGNED-EMPTY:
// VUNSIGNED: zmlc: error: {{.*}}.zpkg: the bundle is not signed
// VUNSIGNED-EMPTY:
// SIGN: signed {{.*}}.s.zpkg with key {{[0-9a-f]+$}}
// VERIFY: {{.*}}.s.zpkg: good signature by trusted key {{[0-9a-f]+$}}
// CHECK: // @main
// CHECK-NEXT: dense<{{\[\[}}1.000000e+00, 2.000000e+00, 3.000000e+00], [4.000000e+00, 5.000000e+00, 6.500000e+00]]> : tensor<2x3xf32>
// UNKNOWN: zmlc: error: runtime: untrusted bundle: {{.*}}.s.zpkg: a cpu bundle runs native code and is signed by key {{[0-9a-f]+}}, which is not a trusted key
// UNKNOWN-EMPTY:
// VUNKNOWN: zmlc: error: {{.*}}.s.zpkg: the bundle is signed by key {{[0-9a-f]+}}, which is not a trusted key
// BADSIG: zmlc: error: {{.*}}.s.zpkg: the bundle's ed25519 signature does not verify with the trusted key it names
// RBADSIG: zmlc: error: runtime: untrusted bundle: {{.*}}.s.zpkg: the bundle's ed25519 signature does not verify
