module example.com/overlap

go 1.26
