// A module that requires squash (here from ../squash) can import binenc.
module example.com/requires

go 1.26

require github.com/squashgo/squash v0.0.0

replace github.com/squashgo/squash => ../squash
