module example.com/noalloc

go 1.26
