package main

import "github.com/zmlc/zmlc/version"

// Version is zmlc's version, printed by `zmlc --version`: the constant of
// package version that every bundle manifest also records.
const Version = version.Version
