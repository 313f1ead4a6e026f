// A module that does not require squash, in a workspace that has squash.
module example.com/work

go 1.26
