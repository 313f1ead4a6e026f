// A module that requires squash but has not vendored binenc.
module example.com/vendored

go 1.26

require github.com/squashgo/squash v0.0.0

replace github.com/squashgo/squash => ../squash
