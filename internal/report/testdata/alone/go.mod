module example.com/alone

go 1.26
