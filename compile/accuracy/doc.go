// Package accuracy holds zmlc's cross-target numerical accuracy tests
// (issue 12): regressions for each accuracy defect, run on the interpreter
// and on the wasm, cpu and vulkan targets with their data as entry
// arguments (so -O2's constant folder cannot compute them), and TestULP,
// the measurement of every transcendental function against correctly
// rounded reference tables (internal/ulp, scripts/ulp_ref.py,
// scripts/ulp.sh). It has no non-test code; it is a package of its own so
// that its tests run beside, not inside, package compile's.
package accuracy
