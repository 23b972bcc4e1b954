package frontend

import (
	"sort"

	edlib "github.com/hbollon/go-edlib"
)

// "Did you mean" suggestions for misspelled names: the candidate closest
// to the name by optimal-string-alignment Damerau-Levenshtein distance
// (insertions, deletions, substitutions and transpositions of adjacent
// characters, each costing 1: `axsi` is one edit from `axis`), when that
// distance is small for the name's length, as Rust's compiler suggests.

// closest returns the candidate nearest to name within maxEdits(name), the
// alphabetically first of equally near ones, or "".
func closest(name string, candidates []string) string {
	limit := maxEdits(name)
	best, bestD := "", limit+1
	sorted := append([]string{}, candidates...)
	sort.Strings(sorted)
	for _, cand := range sorted {
		if cand == name || cand == "" {
			continue
		}
		if d := edlib.OSADamerauLevenshteinDistance(name, cand); d < bestD {
			best, bestD = cand, d
		}
	}
	return best
}

// maxEdits is the largest edit distance still taken for a typo of name:
// none for names of one or two characters (`y` for `x` is no typo), one
// up to five characters, two up to eight, three beyond.
func maxEdits(name string) int {
	switch n := len(name); {
	case n <= 2:
		return 0
	case n <= 5:
		return 1
	case n <= 8:
		return 2
	default:
		return 3
	}
}

// suggest returns " (did you mean X?)" for the candidate closest to name,
// or "" when none is close: the tail of an error message.
func (c *compiler) suggest(name string, candidates []string) string {
	if s := closest(name, candidates); s != "" {
		return " (did you mean " + s + "?)"
	}
	return ""
}
