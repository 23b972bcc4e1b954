module github.com/zmlc/zmlc

go 1.26.8
