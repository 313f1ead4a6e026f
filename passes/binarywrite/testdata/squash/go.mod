module github.com/squashgo/squash

go 1.26
