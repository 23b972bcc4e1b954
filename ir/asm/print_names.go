package asm

import (
	"strconv"

	"github.com/zmlc/zmlc/ir"
)

// namer gives every value and block of a function the name MLIR's printer
// gives it (mlir/lib/IR/AsmPrinter.cpp, SSANameState):
//   - entry block arguments are %arg0, %arg1, ...; other block arguments take
//     the next value number;
//   - each op with results takes the next value number: `%3` for one result,
//     `%3:2` for several, used as `%3#0`, `%3#1`;
//   - a region is numbered completely before the regions nested in its ops,
//     which continue from the counters at the end of their parent region
//     (sibling regions therefore reuse the same numbers);
//   - in the pretty form, the block arguments of `stablehlo.while` are named
//     `%iterArg`, `%iterArg_0`, ... (StableHLO's getAsmBlockArgumentNames),
//     made unique against the names visible from enclosing regions with
//     MLIR's conflict counter.
type namer struct {
	pretty bool
	values map[*ir.Value]string // "%0", "%0#1", "%arg0", "%iterArg"
	groups map[*ir.Op]string    // "%0" for an op with results
	blocks map[*ir.Block]string // "^bb1"
}

// nameScope is the set of asm names (`iterArg`) visible in a region.
type nameScope struct {
	used   map[string]bool
	parent *nameScope
}

func (s *nameScope) has(n string) bool {
	for ; s != nil; s = s.parent {
		if s.used[n] {
			return true
		}
	}
	return false
}

// counters are MLIR's nextValueID, nextArgumentID and nextConflictID.
type counters struct{ value, arg, conflict int }

func newNamer(pretty bool) *namer {
	return &namer{
		pretty: pretty,
		values: map[*ir.Value]string{},
		groups: map[*ir.Op]string{},
		blocks: map[*ir.Block]string{},
	}
}

// numberTopLevel names the results of module-level ops (globals) and the
// values inside their regions.
func (n *namer) numberTopLevel(ops []*ir.Op) {
	c := counters{}
	scope := &nameScope{used: map[string]bool{}}
	for _, op := range ops {
		if op != nil {
			n.numberResults(op, &c)
		}
	}
	for _, op := range ops {
		if op != nil {
			n.numberNested(op, c, scope)
		}
	}
}

// numberFunc names the values of one function body from scratch.
func (n *namer) numberFunc(f *ir.Func) {
	if f == nil || f.Body == nil {
		return
	}
	n.numberRegion(f.Body, nil, counters{}, nil)
}

// numberRegion numbers region r of op parent (nil for a function body)
// starting from counters c, then the regions nested in its ops.
func (n *namer) numberRegion(r *ir.Region, parent *ir.Op, c counters, outer *nameScope) {
	scope := &nameScope{used: map[string]bool{}, parent: outer}
	if n.pretty && parent != nil && parent.Name == "stablehlo.while" && whilePretty(parent) {
		if b := r.Entry(); b != nil {
			for _, a := range b.Args {
				if a != nil {
					n.values[a] = "%" + uniqueName("iterArg", scope, &c)
				}
			}
		}
	}
	for i, b := range r.Blocks {
		if b == nil {
			continue
		}
		n.blocks[b] = "^bb" + strconv.Itoa(i)
		for _, a := range b.Args {
			if a == nil {
				continue
			}
			if _, done := n.values[a]; done {
				continue
			}
			if i == 0 {
				n.values[a] = "%arg" + strconv.Itoa(c.arg)
				c.arg++
			} else {
				n.values[a] = "%" + strconv.Itoa(c.value)
				c.value++
			}
		}
		for _, op := range b.Ops {
			if op != nil {
				n.numberResults(op, &c)
			}
		}
	}
	for _, b := range r.Blocks {
		if b == nil {
			continue
		}
		for _, op := range b.Ops {
			if op != nil {
				n.numberNested(op, c, scope)
			}
		}
	}
}

// numberResults gives op's results the next value number.
func (n *namer) numberResults(op *ir.Op, c *counters) {
	if len(op.Results) == 0 {
		return
	}
	g := "%" + strconv.Itoa(c.value)
	c.value++
	n.groups[op] = g
	for i, v := range op.Results {
		if v == nil {
			continue
		}
		if len(op.Results) == 1 {
			n.values[v] = g
		} else {
			n.values[v] = g + "#" + strconv.Itoa(i)
		}
	}
}

// numberNested numbers the regions of op, each from the same counters.
func (n *namer) numberNested(op *ir.Op, c counters, scope *nameScope) {
	for _, r := range op.Regions {
		if r != nil {
			n.numberRegion(r, op, c, scope)
		}
	}
}

// uniqueName returns name, or name_K with the next conflict number K that
// makes it unique in scope, and records it there (MLIR's uniqueValueName).
func uniqueName(name string, scope *nameScope, c *counters) string {
	if !scope.has(name) {
		scope.used[name] = true
		return name
	}
	for {
		cand := name + "_" + strconv.Itoa(c.conflict)
		c.conflict++
		if !scope.has(cand) {
			scope.used[cand] = true
			return cand
		}
	}
}

// value returns the name of v, or MLIR's placeholder for a value that is not
// defined in the function being printed.
func (n *namer) value(v *ir.Value) string {
	if v == nil {
		return "<<NULL VALUE>>"
	}
	if s, ok := n.values[v]; ok {
		return s
	}
	return "<<UNKNOWN SSA VALUE>>"
}
