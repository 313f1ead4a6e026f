module example.com/stores

go 1.26
