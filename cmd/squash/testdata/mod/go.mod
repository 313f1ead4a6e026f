module example.com/sq

go 1.26
