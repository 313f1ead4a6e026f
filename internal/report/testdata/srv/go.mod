module srv

go 1.26
