module example.com/why

go 1.26
