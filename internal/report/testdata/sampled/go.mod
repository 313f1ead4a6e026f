module example.com/sampled

go 1.26
