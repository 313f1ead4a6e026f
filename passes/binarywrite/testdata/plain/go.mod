// A module that does not require squash cannot import binenc.
module example.com/plain

go 1.26
