package lit

import (
	"fmt"
	"regexp"
	"strings"
)

// pattern is a compiled FileCheck pattern: a *regexp.Regexp, or a
// backrefPattern when a variable is used on the pattern that defines it.
// Both return indices as regexp's methods of the same names do.
type pattern interface {
	FindStringSubmatchIndex(s string) []int
	FindStringIndex(s string) []int
}

// chunk is the part of a pattern up to a use of a variable defined on the
// same pattern (or the rest after the last such use).
type chunk struct {
	src     string   // regular expression
	relaxed string   // src followed by the used variable's own regex
	defs    []varDef // definitions in src, by src's group numbers
}

// backrefPattern matches chunk0 USE0 chunk1 USE1 ... chunkN, where USEi is
// the text a definition earlier on the pattern captured (LLVM FileCheck:
// `CHECK: %[[X:.*]] = add %[[X]]`). Go's regexp has no back-references:
// a match is searched for by trying, on the lines where a relaxed regexp
// (each use replaced by its definition's regex) matches, every start and
// every chunk end. Such a match does not span lines.
type backrefPattern struct {
	relaxed *regexp.Regexp
	chunks  []*regexp.Regexp // anchored at both ends; the last at its start only
	atLine  bool             // the pattern starts with ^: matches start lines
	defs    [][]varDef       // per chunk, by its own group numbers
	uses    []string         // uses[i] follows chunks[i]
	nDefs   int
}

// newBackrefPattern compiles chunks and the uses between them; the
// definitions it returns are numbered 1..n in pattern order, the groups of
// the index slices backrefPattern returns.
func newBackrefPattern(chunks []chunk, uses []string) (pattern, []varDef, error) {
	bp := &backrefPattern{uses: uses}
	var all []string
	var defs []varDef
	for i, c := range chunks {
		end := `)\z`
		if i == len(chunks)-1 {
			// Run on the rest of the input, so that $ and \b see it.
			end = `)`
		}
		re, err := regexp.Compile(`(?m)\A(?:` + c.src + end)
		if err != nil {
			return nil, nil, err
		}
		bp.chunks = append(bp.chunks, re)
		bp.defs = append(bp.defs, c.defs)
		all = append(all, c.relaxed)
		for _, d := range c.defs {
			defs = append(defs, varDef{d.name, len(defs) + 1})
		}
	}
	bp.nDefs = len(defs)
	bp.atLine = strings.HasPrefix(chunks[0].src, "^") || strings.HasPrefix(chunks[0].src, "(?:^)")
	relaxed, err := regexp.Compile("(?m)" + strings.Join(all, ""))
	if err != nil {
		return nil, nil, fmt.Errorf("invalid pattern: %v", err)
	}
	bp.relaxed = relaxed
	return bp, defs, nil
}

// FindStringIndex returns the leftmost match's [start, end), or nil.
func (bp *backrefPattern) FindStringIndex(s string) []int {
	m := bp.FindStringSubmatchIndex(s)
	if m == nil {
		return nil
	}
	return m[:2]
}

// FindStringSubmatchIndex returns the leftmost match: [start, end) and
// each definition's span (-1, -1 when its group took no part), or nil.
func (bp *backrefPattern) FindStringSubmatchIndex(s string) []int {
	from := 0
	for from <= len(s) {
		r := bp.relaxed.FindStringIndex(s[from:])
		if r == nil {
			return nil
		}
		start := from + r[0]
		lineEnd := strings.IndexByte(s[start:], '\n')
		if lineEnd < 0 {
			lineEnd = len(s)
		} else {
			lineEnd += start
		}
		for st := start; st <= lineEnd; st++ {
			if bp.atLine && st > 0 && s[st-1] != '\n' {
				continue
			}
			out := make([]int, 2+2*bp.nDefs)
			for i := range out {
				out[i] = -1
			}
			if end, ok := bp.matchAt(s, lineEnd, 0, st, 0, map[string]string{}, out); ok {
				out[0], out[1] = st, end
				return out
			}
		}
		from = lineEnd + 1
	}
	return nil
}

// matchAt matches chunks[c:] from p, no further than lineEnd; vals holds
// the values defined so far and out their spans (defs counts the
// definitions before chunk c). It returns the end of the match.
func (bp *backrefPattern) matchAt(s string, lineEnd, c, p, defs int, vals map[string]string, out []int) (int, bool) {
	last := c == len(bp.chunks)-1
	for e := lineEnd; e >= p; e-- {
		var m []int
		if last {
			// The last chunk takes the regexp's own match: e is its end.
			m = bp.chunks[c].FindStringSubmatchIndex(s[p:])
			if m == nil || p+m[1] > lineEnd {
				return 0, false
			}
			e = p + m[1]
		} else if m = bp.chunks[c].FindStringSubmatchIndex(s[p:e]); m == nil {
			continue
		}
		next := map[string]string{}
		for k, v := range vals {
			next[k] = v
		}
		for i, d := range bp.defs[c] {
			g := 2 * d.group
			if m[g] < 0 {
				out[2*(defs+i+1)], out[2*(defs+i+1)+1] = -1, -1
				continue
			}
			out[2*(defs+i+1)], out[2*(defs+i+1)+1] = p+m[g], p+m[g+1]
			next[d.name] = s[p+m[g] : p+m[g+1]]
		}
		if last {
			return e, true
		}
		v := next[bp.uses[c]]
		if !strings.HasPrefix(s[e:lineEnd], v) {
			continue
		}
		if end, ok := bp.matchAt(s, lineEnd, c+1, e+len(v), defs+len(bp.defs[c]), next, out); ok {
			return end, true
		}
	}
	return 0, false
}
