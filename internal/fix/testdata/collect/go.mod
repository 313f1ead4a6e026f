module example.com/collect

go 1.26
