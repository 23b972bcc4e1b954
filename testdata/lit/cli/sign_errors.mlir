// zmlc keygen, sign and verify report bad keys, bad bundles and usage
// errors in one line each, and never replace a key.
// RUN: zmlc %s -o %t.zpkg
// RUN: zmlc keygen -o %t.key
// RUN: not zmlc keygen -o %t.key 2>&1 | FileCheck %s --check-prefix=EXISTS
// RUN: not zmlc sign --key %t.key.pub %t.zpkg 2>&1 | FileCheck %s --check-prefix=PUBASPRIV
// RUN: not zmlc sign --key %s %t.zpkg 2>&1 | FileCheck %s --check-prefix=NOTPEM
// RUN: not zmlc sign --key %t.nope %t.zpkg 2>&1 | FileCheck %s --check-prefix=NOKEY
// RUN: not zmlc sign --key %t.key %s -o %t.out.zpkg 2>&1 | FileCheck %s --check-prefix=NOTBUNDLE
// RUN: not zmlc sign %t.zpkg 2>&1 | FileCheck %s --check-prefix=SIGNUSAGE
// RUN: not zmlc verify --trusted-key %t.key %t.zpkg 2>&1 | FileCheck %s --check-prefix=PRIVASPUB
// RUN: not zmlc run --trusted-key %t.key %t.zpkg 2>&1 | FileCheck %s --check-prefix=RUNPRIVASPUB
// RUN: not zmlc verify %t.zpkg 2>&1 | FileCheck %s --check-prefix=VERIFYUSAGE
// RUN: not zmlc verify --trusted-key %t.key.pub %t.nope.zpkg 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: zmlc sign --help | FileCheck %s --check-prefix=HELP
// RUN: zmlc run --help | FileCheck %s --check-prefix=RUNHELP
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
// EXISTS: zmlc: error: {{.*}}.key exists: keygen does not replace keys; remove it or choose another -o
// PUBASPRIV: zmlc: error: --key {{.*}}.key.pub: PEM block is "PUBLIC KEY", want "PRIVATE KEY": pass a private key
// NOTPEM: zmlc: error: --key {{.*}}sign_errors.mlir: not a PEM file: want a private key in a "PRIVATE KEY" PEM block
// NOKEY: zmlc: error: --key: cannot read "{{.*}}.nope": no such file or directory
// NOTBUNDLE: zmlc: error: {{.*}}sign_errors.mlir: bad bundle: bad magic
// SIGNUSAGE: zmlc: error: no key: pass --key KEY (a private key from zmlc keygen)
// SIGNUSAGE-NEXT: Run 'zmlc sign --help' for usage.
// PRIVASPUB: zmlc: error: --trusted-key {{.*}}.key: PEM block is "PRIVATE KEY", want "PUBLIC KEY": pass a public key (the .pub file)
// RUNPRIVASPUB: zmlc: error: --trusted-key {{.*}}.key: PEM block is "PRIVATE KEY", want "PUBLIC KEY"
// VERIFYUSAGE: zmlc: error: no trusted key: pass --trusted-key KEY.pub or set ZMLC_TRUSTED_KEYS
// MISSING: zmlc: error: cannot read "{{.*}}.nope.zpkg": no such file or directory
// HELP: zmlc sign --key KEY BUNDLE [-o OUT]
// HELP: --key KEY
// RUNHELP: --trusted-key FILE.pub
// RUNHELP: --require-signed
