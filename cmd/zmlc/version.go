package main

// Version is zmlc's version, printed by `zmlc --version`.
const Version = "0.1.0-dev"
