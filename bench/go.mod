module github.com/squashgo/squash/bench

go 1.26.0

require (
	github.com/libp2p/go-buffer-pool v0.1.0
	github.com/squashgo/squash v0.0.0
	github.com/valyala/bytebufferpool v1.0.0
)

replace github.com/squashgo/squash => ../
