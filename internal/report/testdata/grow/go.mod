module example.com/grow

go 1.26
