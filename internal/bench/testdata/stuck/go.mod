module example.com/stuck

go 1.26
