// Package passes is zmlc's optimisation pipeline: a pass manager in the
// manner of MLIR's (mlir/lib/Pass: textual pipelines, verification after
// every pass, `--mlir-print-ir-*` dumps and `--mlir-timing` reports in
// mlir-opt's formats) and the passes that run between the front end and the
// code generators, each in its own file with its own lit test
// (testdata/passes/<argument>.mlir).
//
// Every pass is a module pass: it receives the whole ir.Module. Passes are
// registered by their argument (the name used in pipelines, `cse`) and carry
// the class name MLIR prints in IR dumps (`CSE`), so that
// `// -----// IR Dump After CSE (cse) //----- //` reads as mlir-opt's.
//
// The passes:
//
//	inline         Inliner: inline func.call of private functions (all
//	               functions with inline{public=true}), then erase private
//	               functions nothing refers to.
//	canonicalize   Canonicalizer: algebraic identities and shape-op
//	               simplifications as rewrite rules (Rule) driven to a
//	               fixpoint by a worklist (ApplyRules); dead pure ops go too.
//	constant-fold  ConstantFold: ops whose operands are all constants are
//	               evaluated by the reference interpreter (ir/interp), so
//	               folding cannot disagree with running.
//	cse            CSE: common subexpression elimination with scoped tables.
//	dce            DCE: erase pure ops whose results are unused.
//
// Ops with side effects (ir.Op.IsPure false: check.*, custom_call,
// collectives), ops whose regions contain such ops, and func.call of a
// callee that has effects are never merged, removed or folded.
package passes
