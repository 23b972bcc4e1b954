package lit

import (
	"fmt"
	"regexp"
	"sort"
	"strings"
)

// CheckKind is the kind of a FileCheck directive (LLVM FileCheck,
// llvm.org/docs/CommandGuide/FileCheck.html).
type CheckKind int

// The directives, spelled PREFIX, PREFIX-NEXT, ... with PREFIX "CHECK" by
// default.
const (
	CheckPlain CheckKind = iota // CHECK: somewhere after the previous match
	CheckNext                   // CHECK-NEXT: on the line after the previous match
	CheckSame                   // CHECK-SAME: on the line of the previous match
	CheckNot                    // CHECK-NOT: nowhere between the surrounding matches
	CheckLabel                  // CHECK-LABEL: splits the input into independent blocks
	CheckDAG                    // CHECK-DAG: in any order between the surrounding matches
	CheckEmpty                  // CHECK-EMPTY: the next line is empty
)

var kindSuffix = map[string]CheckKind{
	"":       CheckPlain,
	"-NEXT":  CheckNext,
	"-SAME":  CheckSame,
	"-NOT":   CheckNot,
	"-LABEL": CheckLabel,
	"-DAG":   CheckDAG,
	"-EMPTY": CheckEmpty,
}

func (k CheckKind) suffix() string {
	for s, kk := range kindSuffix {
		if kk == k {
			return s
		}
	}
	return "?"
}

// Check is one directive read from a check file.
type Check struct {
	Kind    CheckKind
	Prefix  string
	Pattern string // the text after the colon, trimmed
	File    string // check file name, for messages
	Line    int    // 1-based line of the directive
	Col     int    // 1-based column where Pattern starts
	LineSrc string // the directive's whole source line
}

func (c *Check) name() string { return c.Prefix + c.Kind.suffix() }

// ParseChecks reads the directives for the given prefixes (default "CHECK")
// from a check file. A directive is PREFIX[-KIND]: anywhere on a line (after
// `//`, `#`, `;` comments alike). It returns an error for an empty pattern
// (except CHECK-EMPTY), an unknown suffix such as CHECK-NEX:, or a file
// without any directive.
func ParseChecks(file string, src string, prefixes []string) ([]*Check, error) {
	if len(prefixes) == 0 {
		prefixes = []string{"CHECK"}
	}
	alts := make([]string, len(prefixes))
	for i, p := range prefixes {
		alts[i] = regexp.QuoteMeta(p)
	}
	re := regexp.MustCompile(`(^|[^A-Za-z0-9_-])(` + strings.Join(alts, "|") + `)(-[A-Z]+)?:`)
	var checks []*Check
	for i, line := range strings.Split(src, "\n") {
		m := re.FindStringSubmatchIndex(line)
		if m == nil {
			continue
		}
		prefix := line[m[4]:m[5]]
		suf := ""
		if m[6] >= 0 {
			suf = line[m[6]:m[7]]
		}
		kind, ok := kindSuffix[suf]
		if !ok {
			return nil, fmt.Errorf("%s:%d:%d: error: unknown check directive %s%s", file, i+1, m[4]+1, prefix, suf)
		}
		rest := line[m[1]:]
		trimmed := strings.TrimLeft(rest, " \t")
		col := m[1] + len(rest) - len(trimmed) + 1
		pat := strings.TrimRight(trimmed, " \t\r")
		if pat == "" && kind != CheckEmpty {
			return nil, fmt.Errorf("%s:%d:%d: error: found empty check string with prefix '%s%s:'", file, i+1, col, prefix, suf)
		}
		checks = append(checks, &Check{Kind: kind, Prefix: prefix, Pattern: pat, File: file, Line: i + 1, Col: col, LineSrc: line})
	}
	if len(checks) == 0 {
		return nil, fmt.Errorf("%s: error: no check strings found with prefix%s %s", file, plural(len(prefixes)), strings.Join(quoteAll(prefixes), ", "))
	}
	if checks[0].Kind == CheckNext || checks[0].Kind == CheckSame || checks[0].Kind == CheckEmpty {
		c := checks[0]
		return nil, fmt.Errorf("%s:%d:%d: error: found '%s' without previous '%s: line", file, c.Line, c.Col, c.name(), c.Prefix)
	}
	return checks, nil
}

func plural(n int) string {
	if n > 1 {
		return "es"
	}
	return ""
}

func quoteAll(s []string) []string {
	r := make([]string, len(s))
	for i, x := range s {
		r[i] = "'" + x + ":'"
	}
	return r
}

var varUseRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// compilePattern turns a FileCheck pattern into a matcher: literal text
// (runs of spaces and tabs match any run of horizontal whitespace), {{regex}}
// and [[VAR:regex]] definitions as capture groups, [[VAR]] uses as the
// variable's value. A use of a variable defined earlier on the same
// pattern matches the text that definition captured, as LLVM FileCheck's
// back-references do (samelinevar.go). It returns the matcher and the
// names defined by it, in group order.
func compilePattern(p string, vars map[string]string) (pattern, []varDef, error) {
	var b strings.Builder
	var chunks []chunk // the parts between same-pattern uses
	var uses []string  // uses[i] follows chunks[i]
	var cur chunk
	groups := 0
	lit := func(s string) {
		fields := regexp.MustCompile(`[ \t]+`).Split(s, -1)
		for i, f := range fields {
			if i > 0 {
				b.WriteString(`[ \t]+`)
			}
			b.WriteString(regexp.QuoteMeta(f))
		}
	}
	defined := map[string]string{} // name -> its regex, for definitions on this pattern
	for len(p) > 0 {
		i := strings.Index(p, "{{")
		j := strings.Index(p, "[[")
		if i < 0 && j < 0 {
			lit(p)
			break
		}
		if i >= 0 && (j < 0 || i < j) {
			lit(p[:i])
			end := strings.Index(p[i+2:], "}}")
			if end < 0 {
				return nil, nil, fmt.Errorf("found start of regex string with no end '}}'")
			}
			re := p[i+2 : i+2+end]
			sub, err := regexp.Compile(re)
			if err != nil {
				return nil, nil, fmt.Errorf("invalid regex {{%s}}: %v", re, err)
			}
			groups += sub.NumSubexp()
			b.WriteString("(?:" + re + ")")
			p = p[i+2+end+2:]
			continue
		}
		lit(p[:j])
		end := varEnd(p[j+2:])
		if end < 0 {
			return nil, nil, fmt.Errorf("invalid variable use: missing ']]'")
		}
		body := p[j+2 : j+2+end]
		p = p[j+2+end+2:]
		if k := strings.Index(body, ":"); k >= 0 {
			name, re := body[:k], body[k+1:]
			if !varUseRe.MatchString(name) {
				return nil, nil, fmt.Errorf("invalid variable name %q", name)
			}
			sub, err := regexp.Compile(re)
			if err != nil {
				return nil, nil, fmt.Errorf("invalid regex in [[%s]]: %v", body, err)
			}
			groups++
			cur.defs = append(cur.defs, varDef{name, groups})
			groups += sub.NumSubexp()
			b.WriteString("(" + re + ")")
			defined[name] = re
			continue
		}
		if !varUseRe.MatchString(body) {
			return nil, nil, fmt.Errorf("invalid variable use [[%s]]", body)
		}
		if re, ok := defined[body]; ok {
			// Defined on this pattern: close the chunk; the use is
			// matched against the captured text.
			cur.src = b.String()
			cur.relaxed = cur.src + "(?:" + re + ")"
			chunks = append(chunks, cur)
			uses = append(uses, body)
			b.Reset()
			cur, groups = chunk{}, 0
			continue
		}
		v, ok := vars[body]
		if !ok {
			return nil, nil, fmt.Errorf("undefined variable: %s", body)
		}
		b.WriteString(regexp.QuoteMeta(v))
	}
	cur.src = b.String()
	cur.relaxed = cur.src
	if len(chunks) > 0 {
		return newBackrefPattern(append(chunks, cur), uses)
	}
	re, err := regexp.Compile("(?m)" + cur.src)
	if err != nil {
		return nil, nil, err
	}
	return re, cur.defs, nil
}

// varEnd returns the offset of the `]]` closing a [[...]] block in s,
// skipping brackets nested inside it (`[[N:[0-9]+]]`), as FileCheck's
// FindRegexVarEnd does; -1 if there is none.
func varEnd(s string) int {
	depth := 0
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\':
			i++
		case s[i] == '[':
			depth++
		case s[i] == ']' && depth > 0:
			depth--
		case s[i] == ']' && i+1 < len(s) && s[i+1] == ']':
			return i
		}
	}
	return -1
}

// CheckError is a FileCheck failure: the directive, why it failed, and where
// in the input the scan stopped, printed as LLVM FileCheck prints it.
type CheckError struct {
	Check   *Check
	Message string
	Input   string // the whole input
	InName  string
	At      int // byte offset in Input where scanning started or the bad match is
	Note    string
}

func (e *CheckError) Error() string {
	var b strings.Builder
	c := e.Check
	fmt.Fprintf(&b, "%s:%d:%d: error: %s: %s\n", c.File, c.Line, c.Col, c.name(), e.Message)
	b.WriteString(c.LineSrc + "\n")
	b.WriteString(strings.Repeat(" ", max(c.Col-1, 0)) + "^\n")
	line, col, text := position(e.Input, e.At)
	note := e.Note
	if note == "" {
		note = "scanning from here"
	}
	fmt.Fprintf(&b, "%s:%d:%d: note: %s\n", e.InName, line, col, note)
	b.WriteString(text + "\n")
	b.WriteString(strings.Repeat(" ", max(col-1, 0)) + "^\n")
	b.WriteString(inputDump(e.Input, line))
	return b.String()
}

// position returns the 1-based line and column of byte offset at and that
// line's text.
func position(s string, at int) (int, int, string) {
	if at > len(s) {
		at = len(s)
	}
	line := strings.Count(s[:at], "\n") + 1
	start := strings.LastIndex(s[:at], "\n") + 1
	end := strings.IndexByte(s[at:], '\n')
	if end < 0 {
		end = len(s)
	} else {
		end += at
	}
	return line, at - start + 1, s[start:end]
}

// inputDump prints the input around line, numbered, as FileCheck's
// -dump-input=fail does.
func inputDump(s string, line int) string {
	lines := strings.Split(s, "\n")
	var b strings.Builder
	b.WriteString("Input was:\n<<<<<<\n")
	lo, hi := max(line-5, 1), min(line+5, len(lines))
	for i := lo; i <= hi; i++ {
		mark := "  "
		if i == line {
			mark = ">>"
		}
		fmt.Fprintf(&b, "%s %5d: %s\n", mark, i, lines[i-1])
	}
	b.WriteString(">>>>>>\n")
	return b.String()
}

// Match runs checks over input (named inName in messages), with FileCheck's
// semantics: CHECK-LABEL lines first cut the input into blocks, then each
// block's directives match in order. Variables defined by [[VAR:re]] persist
// across the whole run. It returns the first failure as a *CheckError.
func Match(checks []*Check, input, inName string) error {
	vars := map[string]string{}
	// Find labels first (they must match in order and are unique).
	type block struct {
		start, end int
		labelEnd   int // end of the label's line, -1 for the first block
		checks     []*Check
	}
	var blocks []block
	cur := block{start: 0, labelEnd: -1}
	pos := 0
	for _, c := range checks {
		if c.Kind != CheckLabel {
			cur.checks = append(cur.checks, c)
			continue
		}
		re, defs, err := compilePattern(c.Pattern, vars)
		if err != nil {
			return &CheckError{Check: c, Message: err.Error(), Input: input, InName: inName, At: pos}
		}
		m := re.FindStringSubmatchIndex(input[pos:])
		if m == nil {
			return &CheckError{Check: c, Message: "expected string not found in input", Input: input, InName: inName, At: pos}
		}
		define(vars, defs, input[pos:], m)
		cur.end = pos + m[0]
		blocks = append(blocks, cur)
		le := strings.IndexByte(input[pos+m[1]:], '\n')
		if le < 0 {
			le = len(input)
		} else {
			le += pos + m[1]
		}
		cur = block{start: pos + m[1], labelEnd: le}
		pos += m[1]
	}
	cur.end = len(input)
	blocks = append(blocks, cur)
	for _, bl := range blocks {
		if err := matchBlock(bl.checks, input, inName, bl.start, bl.end, bl.labelEnd, vars); err != nil {
			return err
		}
	}
	return nil
}

// varDef is a [[NAME:regex]] definition and its capture group number.
type varDef struct {
	name  string
	group int
}

func define(vars map[string]string, defs []varDef, s string, m []int) {
	for _, d := range defs {
		g := 2 * d.group
		if g+1 < len(m) && m[g] >= 0 {
			vars[d.name] = s[m[g]:m[g+1]]
		}
	}
}

// matchBlock matches the non-label checks of one block of input[start:end].
// labelEnd is the end of the line of the CHECK-LABEL that opened the block
// (-1 for none): CHECK-NEXT and CHECK-SAME right after a label refer to it.
func matchBlock(checks []*Check, input, inName string, start, end, labelEnd int, vars map[string]string) error {
	pos := start            // where the next positive match may start
	lastLineEnd := labelEnd // end offset of the line of the last positive match
	lastMatchEnd := start
	haveMatch := labelEnd >= 0
	var nots []*Check
	var dags []*Check
	fail := func(c *Check, msg string, at int) error {
		return &CheckError{Check: c, Message: msg, Input: input, InName: inName, At: at}
	}
	lineEndAt := func(at int) int {
		e := strings.IndexByte(input[at:end], '\n')
		if e < 0 {
			return end
		}
		return at + e
	}
	checkNots := func(from, to int) error {
		for _, n := range nots {
			re, _, err := compilePattern(n.Pattern, vars)
			if err != nil {
				return fail(n, err.Error(), from)
			}
			if m := re.FindStringIndex(input[from:to]); m != nil {
				return &CheckError{Check: n, Message: "excluded string found in input", Input: input, InName: inName, At: from + m[0], Note: "found here"}
			}
		}
		nots = nil
		return nil
	}
	flushDags := func() error {
		if len(dags) == 0 {
			return nil
		}
		// Each DAG pattern matches at its earliest position not overlapping
		// an earlier DAG match; the block then continues after the furthest.
		type span struct{ a, b int }
		var used []span
		furthest := pos
		dagStart := pos
		for _, d := range dags {
			re, defs, err := compilePattern(d.Pattern, vars)
			if err != nil {
				return fail(d, err.Error(), dagStart)
			}
			from := dagStart
			found := false
			for from <= end {
				m := re.FindStringSubmatchIndex(input[from:end])
				if m == nil {
					break
				}
				a, b := from+m[0], from+m[1]
				overlap := false
				for _, u := range used {
					if a < u.b && u.a < b {
						overlap = true
						from = u.b
						break
					}
				}
				if overlap {
					continue
				}
				define(vars, defs, input[from:end], m)
				used = append(used, span{a, b})
				sort.Slice(used, func(i, j int) bool { return used[i].a < used[j].a })
				if b > furthest {
					furthest = b
				}
				found = true
				break
			}
			if !found {
				return fail(d, "expected string not found in input", dagStart)
			}
		}
		if err := checkNots(dagStart, used[0].a); err != nil {
			return err
		}
		dags = nil
		pos = furthest
		lastMatchEnd = furthest
		lastLineEnd = lineEndAt(furthest)
		haveMatch = true
		return nil
	}
	for _, c := range checks {
		switch c.Kind {
		case CheckNot:
			if len(dags) > 0 {
				if err := flushDags(); err != nil {
					return err
				}
			}
			nots = append(nots, c)
			continue
		case CheckDAG:
			dags = append(dags, c)
			continue
		}
		if err := flushDags(); err != nil {
			return err
		}
		switch c.Kind {
		case CheckEmpty:
			if !haveMatch {
				return fail(c, "found 'CHECK-EMPTY' without a previous match", pos)
			}
			next := lastLineEnd + 1
			if next > end {
				return fail(c, "expected empty line not found", lastMatchEnd)
			}
			if e := lineEndAt(next); e != next {
				return fail(c, "expected empty line not found", next)
			}
			if err := checkNots(pos, next); err != nil {
				return err
			}
			pos, lastMatchEnd, lastLineEnd = next, next, next
			continue
		}
		re, defs, err := compilePattern(c.Pattern, vars)
		if err != nil {
			return fail(c, err.Error(), pos)
		}
		from, to := pos, end
		switch c.Kind {
		case CheckSame:
			to = lastLineEnd
			if to < from {
				to = from
			}
		case CheckNext:
			if lastLineEnd < 0 || lastLineEnd >= end {
				return fail(c, "expected string not found in input", pos)
			}
			from = lastLineEnd + 1
			to = lineEndAt(from)
		}
		m := re.FindStringSubmatchIndex(input[from:to])
		if m == nil {
			if c.Kind == CheckNext {
				// Say whether it exists later: FileCheck's "is not on the line after the previous match".
				if m2 := re.FindStringIndex(input[from:end]); m2 != nil {
					return &CheckError{Check: c, Message: "is not on the line after the previous match", Input: input, InName: inName, At: from + m2[0], Note: "'next' match was here"}
				}
			}
			return fail(c, "expected string not found in input", from)
		}
		a, b := from+m[0], from+m[1]
		if err := checkNots(pos, a); err != nil {
			return err
		}
		define(vars, defs, input[from:to], m)
		pos, lastMatchEnd, lastLineEnd, haveMatch = b, b, lineEndAt(b), true
		if b > 0 && b <= len(input) && b > a && input[b-1] == '\n' {
			lastLineEnd = b - 1
		}
	}
	if err := flushDags(); err != nil {
		return err
	}
	return checkNots(pos, end)
}
