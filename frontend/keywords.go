package frontend

import "strings"

// keywords are the reserved words of the .zml grammar (docs/LANGUAGE.md).
// The lexer gives them their own token type (Keyword), so they never stand
// for a name — a model, block, function, parameter, argument, variable or
// member — nor for a value: `let return = x` is a syntax error at
// `return`, and so is `let y = x *` followed by `return y`.
var keywords = []string{"block", "fn", "for", "in", "let", "model", "param", "return", "scan", "submodule", "while", "yield"}

// keywordPattern is the lexer rule of the Keyword token: a keyword not
// followed by a letter, digit or underscore (`returned` is a name).
func keywordPattern() string {
	return `(?:` + strings.Join(keywords, "|") + `)\b`
}

// reservedNameError is the message of a syntax error at a keyword where
// a name was expected.
func reservedNameError(tok string) string {
	return "syntax error: " + tok + " is a reserved keyword and cannot be used as a name"
}
