package passes

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/zmlc/zmlc/ir"
)

// Pass is one transformation of a module, as MLIR's OperationPass on
// builtin.module.
type Pass interface {
	// Name is the pass's class name as MLIR prints it in IR dumps and
	// timing reports (`CSE`, `Canonicalizer`).
	Name() string
	// Argument is the name that selects the pass in a pipeline (`cse`).
	Argument() string
	// Summary is a one-line description for help texts.
	Summary() string
	// Run transforms m in place. An error stops the pipeline.
	Run(m *ir.Module) error
}

// PassInfo describes a registered pass: its argument, class name, summary,
// the options it accepts (`name{key=value}` in a pipeline) and a
// constructor.
type PassInfo struct {
	Argument string
	Name     string
	Summary  string
	// Options maps each accepted option key to its description.
	Options map[string]string
	// New builds the pass from its options (keys already checked against
	// Options); it returns an error for a malformed value.
	New func(opts map[string]string) (Pass, error)
}

var registry = map[string]*PassInfo{}

// Register adds a pass to the registry, replacing one with the same
// argument. Each pass file registers its pass in an init function.
func Register(info *PassInfo) { registry[info.Argument] = info }

// Lookup returns the registered pass with the given argument, or nil.
func Lookup(argument string) *PassInfo { return registry[argument] }

// Registered returns every registered pass, sorted by argument.
func Registered() []*PassInfo {
	r := make([]*PassInfo, 0, len(registry))
	for _, p := range registry {
		r = append(r, p)
	}
	sort.Slice(r, func(i, j int) bool { return r[i].Argument < r[j].Argument })
	return r
}

// knownPasses returns the registered arguments joined with ", ".
func knownPasses() string {
	var names []string
	for _, p := range Registered() {
		names = append(names, p.Argument)
	}
	return strings.Join(names, ", ")
}

// CheckPassNames returns an error naming the first of names that is not a
// registered pass argument (for --mlir-print-ir-after=NAME and similar
// flags), listing the known ones.
func CheckPassNames(names []string) error {
	for _, n := range names {
		if Lookup(n) == nil {
			return fmt.Errorf("'%s' does not refer to a registered pass; known passes: %s", n, knownPasses())
		}
	}
	return nil
}

// New returns a registered pass with its default options.
func New(argument string) (Pass, error) {
	info := Lookup(argument)
	if info == nil {
		return nil, fmt.Errorf("'%s' does not refer to a registered pass; known passes: %s", argument, knownPasses())
	}
	return info.New(map[string]string{})
}

// Pipeline is an ordered list of passes.
type Pipeline []Pass

// String returns the pipeline in the textual form ParsePipeline reads
// (pass arguments joined by commas; options are not printed).
func (p Pipeline) String() string {
	s := make([]string, len(p))
	for i, x := range p {
		s[i] = x.Argument()
	}
	return strings.Join(s, ",")
}

// ParsePipeline reads a textual pipeline: pass arguments separated by
// commas, each optionally followed by options in braces, as mlir-opt's
// --pass-pipeline writes them: `inline{public=true},canonicalize,cse,dce`.
// The whole list may be wrapped in `builtin.module(...)`. Spaces around
// names are ignored; an empty text is the empty pipeline. Errors name the
// unknown pass (listing the known ones), an unknown option (listing the
// pass's options) or a malformed value.
func ParsePipeline(text string) (Pipeline, error) {
	s := strings.TrimSpace(text)
	if strings.HasPrefix(s, "builtin.module(") {
		if !strings.HasSuffix(s, ")") {
			return nil, fmt.Errorf("pipeline %q: missing ')' closing builtin.module(", text)
		}
		s = strings.TrimSpace(s[len("builtin.module(") : len(s)-1])
	}
	if s == "" {
		return nil, nil
	}
	items, err := splitPipeline(s)
	if err != nil {
		return nil, fmt.Errorf("pipeline %q: %v", text, err)
	}
	var p Pipeline
	for _, it := range items {
		pass, err := parsePassItem(it)
		if err != nil {
			return nil, fmt.Errorf("pipeline %q: %v", text, err)
		}
		p = append(p, pass)
	}
	return p, nil
}

// splitPipeline splits s on commas outside braces.
func splitPipeline(s string) ([]string, error) {
	var items []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth < 0 {
				return nil, fmt.Errorf("unbalanced '}' at offset %d", i)
			}
		case ',':
			if depth == 0 {
				items = append(items, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if depth != 0 {
		return nil, fmt.Errorf("missing '}'")
	}
	items = append(items, strings.TrimSpace(s[start:]))
	for _, it := range items {
		if it == "" {
			return nil, fmt.Errorf("empty pass name")
		}
	}
	return items, nil
}

// parsePassItem builds the pass of one pipeline entry `name{k=v k2=v2}`.
func parsePassItem(it string) (Pass, error) {
	name, optText := it, ""
	if i := strings.IndexByte(it, '{'); i >= 0 {
		if !strings.HasSuffix(it, "}") {
			return nil, fmt.Errorf("text after the options of '%s'", it[:i])
		}
		name, optText = strings.TrimSpace(it[:i]), it[i+1:len(it)-1]
	}
	info := Lookup(name)
	if info == nil {
		return nil, fmt.Errorf("'%s' does not refer to a registered pass; known passes: %s", name, knownPasses())
	}
	opts := map[string]string{}
	for _, kv := range strings.Fields(optText) {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			v = "true"
		}
		if _, known := info.Options[k]; !known {
			return nil, fmt.Errorf("pass '%s' has no option '%s'; its options: %s", name, k, optionList(info))
		}
		opts[k] = v
	}
	p, err := info.New(opts)
	if err != nil {
		return nil, fmt.Errorf("pass '%s': %v", name, err)
	}
	return p, nil
}

func optionList(info *PassInfo) string {
	if len(info.Options) == 0 {
		return "(none)"
	}
	var ks []string
	for k := range info.Options {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return strings.Join(ks, ", ")
}

// boolOption reads option key of opts (default def).
func boolOption(opts map[string]string, key string, def bool) (bool, error) {
	v, ok := opts[key]
	if !ok {
		return def, nil
	}
	b, err := strconv.ParseBool(v)
	if err != nil {
		return false, fmt.Errorf("option %s=%q is not a boolean", key, v)
	}
	return b, nil
}

// intOption reads option key of opts (default def); it must be >= min.
func intOption(opts map[string]string, key string, def, min int64) (int64, error) {
	v, ok := opts[key]
	if !ok {
		return def, nil
	}
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil || n < min {
		return 0, fmt.Errorf("option %s=%q is not an integer >= %d", key, v, min)
	}
	return n, nil
}
