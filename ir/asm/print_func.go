package asm

import (
	"github.com/zmlc/zmlc/ir"
)

// fn prints a `func.func`: pretty,
//
//	func.func public @main(%arg0: tensor<f32> {mhlo.sharding = "{replicated}"}) -> (tensor<f32> {jax.result_info = ""}) attributes {...} {
//
// or generic, `"func.func"() <{function_type = ..., sym_name = "main"}> ({...}) : () -> ()`.
// A function without a body (or with an empty one) is a declaration.
func (p *printer) fn(f *ir.Func) {
	if f == nil {
		p.ws("<<NULL FUNC>>")
		return
	}
	if p.names == nil {
		p.names = newNamer(!p.opts.Generic)
	}
	p.names.numberFunc(f)
	in, out := funcSignature(f)
	hasBody := f.Body != nil && len(f.Body.Blocks) > 0
	if p.opts.Generic {
		p.genericFunc(f, in, out, hasBody)
		p.loc(f.Loc)
		return
	}
	p.ws("func.func ")
	if f.Visibility != "" {
		p.ws(f.Visibility)
		p.ws(" ")
	}
	p.ws(symbol(f.Name))
	p.ws("(")
	var args []*ir.Value
	if hasBody && f.Body.Blocks[0] != nil {
		args = f.Body.Blocks[0].Args
	}
	for i, t := range in {
		if i > 0 {
			p.ws(", ")
		}
		if hasBody {
			var v *ir.Value
			if i < len(args) {
				v = args[i]
			}
			p.ws(p.names.value(v))
			p.ws(": ")
		}
		p.typ(t)
		if i < len(f.ArgAttrs) && len(f.ArgAttrs[i]) > 0 {
			p.ws(" ")
			p.attrDict(f.ArgAttrs[i])
		}
	}
	p.ws(")")
	if len(out) > 0 {
		p.ws(" -> ")
		hasResAttrs := false
		for i := range out {
			if i < len(f.ResultAttrs) && len(f.ResultAttrs[i]) > 0 {
				hasResAttrs = true
			}
		}
		_, isFn := out[0].(*ir.FunctionType)
		paren := len(out) != 1 || hasResAttrs || isFn || out[0] == nil
		if paren {
			p.ws("(")
		}
		for i, t := range out {
			if i > 0 {
				p.ws(", ")
			}
			p.typ(t)
			if i < len(f.ResultAttrs) && len(f.ResultAttrs[i]) > 0 {
				p.ws(" ")
				p.attrDict(f.ResultAttrs[i])
			}
		}
		if paren {
			p.ws(")")
		}
	}
	if len(f.Attrs) > 0 {
		p.ws(" attributes ")
		p.attrDict(f.Attrs)
	}
	if hasBody {
		p.ws(" ")
		p.region(f.Body, "func", false)
	}
	p.loc(f.Loc)
}

// funcSignature returns the function's input and result types: its Type, or,
// when that is missing, the entry block's argument types and no results.
// When the body's entry block has more arguments than Type has inputs, the
// argument types win (so that every argument gets printed).
func funcSignature(f *ir.Func) (in, out []ir.Type) {
	if f.Type != nil {
		in, out = f.Type.Inputs, f.Type.Results
	}
	if f.Body != nil && len(f.Body.Blocks) > 0 && f.Body.Blocks[0] != nil {
		args := f.Body.Blocks[0].Args
		if len(args) != len(in) {
			in = make([]ir.Type, len(args))
			for i, a := range args {
				if a != nil {
					in[i] = a.Type
				}
			}
		}
	}
	return in, out
}

// genericFunc prints `"func.func"() <{...}> ({ ^bb0(...): ... }) {...} : () -> ()`.
func (p *printer) genericFunc(f *ir.Func, in, out []ir.Type, hasBody bool) {
	props := ir.Attrs{
		{Name: "sym_name", Value: ir.StringAttr(f.Name)},
		{Name: "function_type", Value: &ir.OpaqueAttr{Text: funcTypeString(in, out)}},
	}
	if f.Visibility != "" {
		props = append(props, ir.NamedAttr{Name: "sym_visibility", Value: ir.StringAttr(f.Visibility)})
	}
	if a := attrsArray(f.ArgAttrs, len(in)); a != nil {
		props = append(props, ir.NamedAttr{Name: "arg_attrs", Value: a})
	}
	if a := attrsArray(f.ResultAttrs, len(out)); a != nil {
		props = append(props, ir.NamedAttr{Name: "res_attrs", Value: a})
	}
	p.ws(`"func.func"() <`)
	p.attrDict(props)
	p.ws("> (")
	if hasBody {
		p.region(f.Body, "func", true)
	} else {
		p.ws("{")
		p.newline()
		p.ws("}")
	}
	p.ws(")")
	if len(f.Attrs) > 0 {
		p.ws(" ")
		p.attrDict(f.Attrs)
	}
	p.ws(" : () -> ()")
}

// attrsArray returns `[{...}, {}, ...]` with n entries, or nil when every
// entry is empty (MLIR then omits arg_attrs / res_attrs).
func attrsArray(list []ir.Attrs, n int) ir.Attribute {
	any := false
	for i := 0; i < n && i < len(list); i++ {
		if len(list[i]) > 0 {
			any = true
		}
	}
	if !any {
		return nil
	}
	arr := make(ir.ArrayAttr, n)
	for i := range arr {
		var a ir.Attrs
		if i < len(list) {
			a = list[i]
		}
		arr[i] = &ir.DictAttr{Attrs: a}
	}
	return arr
}
